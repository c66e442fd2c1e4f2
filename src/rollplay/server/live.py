"""Live events as Server-Sent Events: each with ``id:`` = the event's number, projected for
this viewer before it leaves the server; a client that reconnects sends ``Last-Event-ID`` and
gets every event it missed, in order, once. Heartbeats keep proxies from closing the stream.

This worker polls the events table (an indexed read after the last id); across workers and
machines the database is the one source, so nothing a worker has not seen can be lost."""

from __future__ import annotations

import asyncio
import json
from collections.abc import AsyncIterator

from fastapi.responses import StreamingResponse
from starlette.concurrency import run_in_threadpool

from rollplay.table.service import Service

POLL = 0.2  # seconds between reads when nothing new came
HEARTBEAT = 15.0  # seconds of quiet before a comment line keeps the connection open


def event_stream(service: Service, game: str, after: int) -> StreamingResponse:
    return StreamingResponse(_events(service, game, after), media_type="text/event-stream",
                             headers={"Cache-Control": "no-cache",
                                      "X-Accel-Buffering": "no"})  # fmt: skip


async def _events(service: Service, game: str, after: int) -> AsyncIterator[str]:
    last, quiet = after, 0.0
    yield "retry: 1000\n\n"
    while True:
        found = await run_in_threadpool(service.events_for, game, last, 100)
        for event in found:
            last = int(event["id"])
            data = json.dumps(event, ensure_ascii=False)
            yield f"id: {last}\nevent: {event['kind']}\ndata: {data}\n\n"
        if found:
            quiet = 0.0
            continue
        await asyncio.sleep(POLL)
        quiet += POLL
        if quiet >= HEARTBEAT:
            quiet = 0.0
            yield ": heartbeat\n\n"
