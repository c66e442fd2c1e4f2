"""How a worker's hub (hub.py) learns of new events, reading only the games written to
(rulings N20): on PostgreSQL each notification names its game (``listen``); on SQLite a look
at the rows past the newest id it knew (``poll_newest``); and on both a safety round
(``safety``) that reads every watched game's count in one statement, for a missed
notification, and closes quiet feeds whose credentials were revoked elsewhere."""

from __future__ import annotations

import asyncio
import contextlib
import logging
from datetime import UTC, datetime
from typing import TYPE_CHECKING

from starlette.concurrency import run_in_threadpool

from rollplay.table.store.ordering import CHANNEL

if TYPE_CHECKING:
    from rollplay.server.hub import Hub

log = logging.getLogger("rollplay.live")

SQLITE_POLL = 0.02  # seconds between looks at the rows past the newest id (one indexed read)
SAFETY_POLL = 2.0  # seconds between safety rounds, LISTEN or not


async def poll_newest(hub: Hub) -> None:
    """SQLite: a look at the rows past the newest id every SQLITE_POLL, and at once when a
    write answered here pokes the hub (wake.py); only the games written to are read."""
    newest = await run_in_threadpool(hub.service.latest_event)
    while True:
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(hub.look.wait(), SQLITE_POLL)
        hub.look.clear()
        if not hub.viewers:
            continue
        try:
            newest, counts = await run_in_threadpool(hub.service.written_since, newest)
        except Exception:  # a bad moment in the database: the next look retries
            log.exception("looking for new events")
            await asyncio.sleep(0.5)
            continue
        hub.written(counts)


async def safety(hub: Hub) -> None:
    """Every SAFETY_POLL: each watched game's count in one read (not a read of each
    game), so a missed notification costs at most this long, and quiet feeds end within
    it of a revocation made elsewhere (their credentials read only when the revocation
    count moved or a session expired since the last round: rulings N23)."""
    swept: int | None = None  # the revocation count as of the last round's check
    while True:
        await asyncio.sleep(SAFETY_POLL)
        try:
            if not hub.viewers:
                continue
            counts, mark = await run_in_threadpool(_round, hub, list(hub.viewers))
            hub.written(counts)
            viewers = hub.all()
            held = {v.credential for v in viewers}
            hub.expiry = {d: at for d, at in hub.expiry.items() if d in held}
            moment = datetime.now(UTC)
            if mark != swept or any(at <= moment for at in hub.expiry.values()):
                await hub.vet(viewers)  # read after the count: nothing slips between
                swept = mark
        except Exception:  # a bad moment in the database: the next round retries
            log.exception("checking the live feeds' games and credentials")


def _round(hub: Hub, game_ids: list[int]) -> tuple[dict[int, int], int]:
    """A safety round's reads: each watched game's count, and the revocation count."""
    return hub.service.event_counts(game_ids), hub.service.revocation_mark()


async def listen(hub: Hub) -> None:
    """LISTEN on a connection of its own (not the pool's), reconnecting when it drops;
    after a reconnect every watched game is read, for what came in between."""
    import psycopg

    url = hub.service.engine.url.set(drivername="postgresql")
    conninfo = url.render_as_string(hide_password=False)
    while True:
        try:
            async with await psycopg.AsyncConnection.connect(conninfo, autocommit=True) as conn:
                await conn.execute(f"LISTEN {CHANNEL}")
                for game_id in list(hub.viewers):
                    hub.notify(game_id)
                async for note in conn.notifies():
                    game, _, _ = note.payload.partition(":")
                    if game.isdecimal():
                        hub.notify(int(game))
        except (OSError, psycopg.Error):
            log.warning("the LISTEN connection dropped; reconnecting", exc_info=True)
            await asyncio.sleep(1.0)
