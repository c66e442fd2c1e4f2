"""A feed of a worker that is closing (rulings N4; live.py, Hub.closing): what the hub handed
it goes out before its come-back; a feed still catching up from the table stops at the end
of a page and sends nothing of what waits in its queue, which is newer than the pages it has
not read (the host it comes back to reads on from that page). The feed itself, in process,
on a table with more than one page of events."""

from __future__ import annotations

import asyncio
import os
import re
from collections.abc import AsyncIterator, Awaitable, Callable
from unittest import mock

from rollplay.server.closing import COME_BACK, SPREAD
from rollplay.server.hub import Hub
from rollplay.server.live import REPLAY, _events
from rollplay.server.viewers import Viewer
from rollplay.table import commands as c
from rollplay.table.service import Service, Table

LATER = 1_000_000  # an event number past everything in the table: what the hub handed out
# What a test does with the feed once it has begun: what it was sent meanwhile.
Steps = Callable[[Hub, Viewer, AsyncIterator[str]], Awaitable[list[str]]]


def _seed(db: str, poses: int) -> None:
    with mock.patch.dict(os.environ, {"ROLLPLAY_POSE_RATE": "off"}):  # read as it starts
        table = Table(db)
    try:
        stella, pia = table.acting_as("Stella"), table.acting_as("Pia")
        stella.execute(c.SceneStart("Pegasus", "Rooftops"))
        pia.execute(c.SceneJoin("Pegasus", 1))
        for n in range(poses):
            pia.execute(c.Pose("Pegasus", f"Line {n}."))
    finally:
        table.close()


async def _rest(events: AsyncIterator[str]) -> list[str]:
    """What the feed sends until it ends (each part a bounded wait: a feed that does not end
    is a failure, not a hang)."""
    sent = []
    for _ in range(100):
        try:
            sent.append(await asyncio.wait_for(anext(events), 5))
        except StopAsyncIteration:
            return sent
        except TimeoutError:
            sent.append("(still open)")
            return sent
    return sent


def _ids(text: str) -> list[int]:
    return [int(n) for n in re.findall(r"^id: (\d+)$", text, re.M)]


def _is_come_back(text: str) -> bool:
    found = re.fullmatch(r"retry: (\d+)\n\n", text)
    return found is not None and COME_BACK <= int(found[1]) <= COME_BACK + SPREAD


def _feed(db: str, after: int, steps: Steps) -> list[str]:
    async def main() -> list[str]:
        service = Service(db)
        hub = Hub(service)
        try:
            viewer = await hub.join(service.acting_as("Olly"), "Pegasus")
            events = _events(hub, viewer, after, lambda: None)
            assert await anext(events) == "retry: 1000\n\n"
            sent = await steps(hub, viewer, events)
            return [*sent, *await _rest(events)]
        finally:
            await hub.close()
            service.close()

    return asyncio.run(main())


def test_a_feed_catching_up_stops_at_a_page_when_its_worker_closes(server_db: str) -> None:
    _seed(server_db, 2 * REPLAY)

    async def steps(hub: Hub, viewer: Viewer, events: AsyncIterator[str]) -> list[str]:
        page = await asyncio.wait_for(anext(events), 10)  # the catch-up's first page
        viewer.offer([(LATER, f"id: {LATER}\ndata: later\n\n")])
        hub.closing()
        return [page]

    page, *rest = _feed(server_db, 0, steps)
    assert len(_ids(page)) == REPLAY
    # Then only the come-back: not the next page, not what the hub handed out past it.
    assert len(rest) == 1, rest
    assert _is_come_back(rest[0])


def test_a_caught_up_feed_sends_what_it_was_handed_then_its_come_back(server_db: str) -> None:
    _seed(server_db, 3)

    async def steps(hub: Hub, viewer: Viewer, events: AsyncIterator[str]) -> list[str]:
        caught_up = await asyncio.wait_for(anext(events), 10)
        viewer.offer([(LATER, f"id: {LATER}\ndata: later\n\n")])
        hub.closing()
        return [caught_up]

    caught_up, *rest = _feed(server_db, 0, steps)
    assert 0 < len(_ids(caught_up)) < REPLAY
    assert [_ids(text) for text in rest[:1]] == [[LATER]], rest
    assert len(rest) == 2, rest
    assert _is_come_back(rest[1])
