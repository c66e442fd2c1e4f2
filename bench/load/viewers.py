"""SSE viewers on raw asyncio streams: hundreds of them share this process (and, on a 2-core
machine, the CPU with the server), so each is a socket, a small parser and three lists,
not an HTTP client library's stack."""

from __future__ import annotations

import asyncio
import time
from dataclasses import dataclass, field

from load.server import HOST
from load.table import GAME, Person

RETRY = 1.0  # the server's "retry: 1000", as a browser would honour it
ATTEMPTS = 4
FEED = f"/api/v1/games/{GAME}/events"


@dataclass(eq=False)
class Viewer:
    """One viewer's stream: each event's id, arrival time (perf_counter) and bytes."""

    person: Person
    token: str
    last_id: int  # the Last-Event-ID to (re)connect with
    ids: list[int] = field(default_factory=list)
    times: list[float] = field(default_factory=list)
    frames: list[bytes] = field(default_factory=list)
    # a scene page's pose order panels: each one's arrival and the newest event id before it
    panels: list[tuple[float, int]] = field(default_factory=list)
    ready: asyncio.Event = field(default_factory=asyncio.Event)
    heartbeats: int = 0
    reconnects: int = 0
    error: str | None = None


class SseParser:
    """Incremental: HTTP/1.1 chunked transfer coding, then SSE frames split on blank lines
    (the server ends lines with ``\\n``)."""

    def __init__(self, chunked: bool) -> None:
        self.chunked = chunked
        self.raw = bytearray()
        self.body = bytearray()

    def feed(self, data: bytes) -> list[bytes]:
        if self.chunked:
            raw = self.raw
            raw += data
            pos = 0
            while (eol := raw.find(b"\r\n", pos)) >= 0:
                end = eol + 2 + int(raw[pos:eol].split(b";", 1)[0], 16)
                if len(raw) < end + 2:
                    break
                self.body += raw[eol + 2 : end]
                pos = end + 2
            del raw[:pos]
        else:
            self.body += data
        body, frames, start = self.body, [], 0
        while (sep := body.find(b"\n\n", start)) >= 0:
            frames.append(bytes(body[start:sep]))
            start = sep + 2
        del body[:start]
        return frames


async def watch(viewer: Viewer, port: int, shared: dict[bytes, bytes], stop: asyncio.Event,
                path: str = FEED) -> None:  # fmt: skip
    """``viewer``'s stream (``path``: the game's feed, or a scene's) until ``stop``. A dropped
    stream reconnects with Last-Event-ID, as a browser would; reconnects are counted, since a
    healthy run has none."""
    for attempt in range(ATTEMPTS):
        writer: asyncio.StreamWriter | None = None
        try:
            reader, writer = await asyncio.open_connection(HOST, port)
            writer.write(
                f"GET {path} HTTP/1.1\r\nHost: {HOST}:{port}\r\n"
                f"Authorization: Bearer {viewer.token}\r\nAccept: text/event-stream\r\n"
                f"Last-Event-ID: {viewer.last_id}\r\n\r\n".encode()
            )
            head = (await reader.readuntil(b"\r\n\r\n")).decode("latin-1").lower()
            if not head.startswith("http/1.1 200"):
                viewer.error = head.split("\r\n", 1)[0]
                return
            parser = SseParser("transfer-encoding: chunked" in head)
            while not stop.is_set():
                data = await reader.read(65536)
                now = time.perf_counter()
                if not data:
                    raise ConnectionError("the server closed the stream")
                for frame in parser.feed(data):
                    if frame.startswith(b"id: "):
                        event = int(frame[4 : frame.index(b"\n")])
                        viewer.ids.append(event)
                        viewer.times.append(now)
                        # Viewers of the same standing get identical bytes: keep one copy.
                        viewer.frames.append(shared.setdefault(frame, frame))
                        viewer.last_id = max(viewer.last_id, event)
                    elif frame.startswith(b"event: order\n"):
                        viewer.panels.append((now, viewer.last_id))
                    elif frame.startswith(b":"):
                        viewer.heartbeats += 1
                    elif frame.startswith(b"retry:"):
                        viewer.ready.set()  # the server has joined us to its hub
            return
        except (OSError, asyncio.IncompleteReadError, ValueError) as exc:
            viewer.error = f"{type(exc).__name__}: {exc}"
            if stop.is_set() or attempt == ATTEMPTS - 1:
                return
            viewer.reconnects += 1
            await asyncio.sleep(RETRY)
        finally:
            if writer is not None:
                writer.close()


async def connect_all(
    viewers: list[Viewer], port: int, shared: dict[bytes, bytes], stop: asyncio.Event,
    path: str = FEED,
) -> list[asyncio.Task[None]]:  # fmt: skip
    """Start every viewer, 32 handshakes at a time (not one burst of V), each waited for
    until the server has sent its first line, refused it, or 30 s have passed."""
    gate = asyncio.Semaphore(32)
    tasks: list[asyncio.Task[None]] = []

    async def one(viewer: Viewer) -> None:
        async with gate:
            task = asyncio.create_task(watch(viewer, port, shared, stop, path))
            tasks.append(task)
            ready = asyncio.create_task(viewer.ready.wait())
            # A stream refused (a 429, a 503) ends its task: stop waiting for it then, or a
            # thousand refusals wait 30 s each.
            await asyncio.wait((ready, task), timeout=30, return_when=asyncio.FIRST_COMPLETED)
            ready.cancel()

    await asyncio.gather(*(one(v) for v in viewers))
    return tasks


def viewer_people(
    people: list[Person], viewers: int, storyteller_share: float, observer_share: float
) -> list[Person]:
    """Who each of the viewers is: some the Storyteller, some observers, most players."""
    gm = [p for p in people if p.role == "storyteller"]
    players = [p for p in people if p.role == "player"]
    observers = [p for p in people if p.role == "observer"]
    n_gm = max(1, round(viewers * storyteller_share))
    n_obs = round(viewers * observer_share) if observers else 0
    n_players = max(0, viewers - n_gm - n_obs)
    out = [gm[0]] * n_gm
    out += [observers[i % len(observers)] for i in range(n_obs)]
    out += [players[i % len(players)] for i in range(n_players)]
    return out[:viewers]
