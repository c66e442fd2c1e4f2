"""What waits for a stalled live feed is bounded in bytes (issue 37; rulings H12): the hub
hands each feed its new events through a queue; a feed whose reader has stopped reading
finds, when it is back, at most QUEUE_BYTES of them waiting and is told it fell behind, so
it reads the rest from the table a page at a time (live.py) and drops what it sees twice by
id. Before, up to QUEUE batches waited whatever their size: a stalled reader of a busy game
held hundreds of 8,000-character poses. The hub's side only (no database, run once); the
feed's catch-up is tests/server/test_hostile_memory.py's and test_live.py's."""

from __future__ import annotations

from rollplay.server.viewers import QUEUE_BYTES, Viewer, sse
from rollplay.table.access.authz import Standing

POSE = "x" * 8000  # the longest pose


def _viewer() -> Viewer:
    return Viewer(service=None, game_id=1, game="Pegasus", write=sse,  # type: ignore[arg-type]
                  standing=Standing("Pegasus", "Olly", "observer"))  # fmt: skip


def _taken(viewer: Viewer) -> list[list[tuple[int, str]] | None]:
    """What the feed takes when its reader is back: everything waiting, as live.py does."""
    items = []
    while not viewer.queue.empty():
        item = viewer.queue.get_nowait()
        viewer.took(item)
        items.append(item)
    return items


def _size(items: list[list[tuple[int, str]] | None]) -> int:
    return sum(len(text) for item in items if item for _, text in item)


def test_a_stalled_feed_finds_at_most_queue_bytes_waiting_and_is_told_it_is_behind() -> None:
    viewer = _viewer()
    offered = 3 * QUEUE_BYTES // len(POSE)  # three times what may wait
    for number in range(1, offered + 1):
        viewer.offer([(number, POSE)])
    assert viewer.behind  # so it reads what was dropped from the table
    waiting = _taken(viewer)
    assert _size(waiting) <= QUEUE_BYTES
    ids = [i for item in waiting if item for i, _ in item]
    assert ids == sorted(ids)  # what waits is in order; what was dropped, the table has
    assert len(ids) < offered
    # Its reader back and caught up, it takes new events again, counted afresh.
    viewer.behind = False
    viewer.offer([(offered + 1, POSE)])
    assert _taken(viewer) == [[(offered + 1, POSE)]]
    assert not viewer.behind


def test_a_feeds_end_is_never_dropped() -> None:
    """A feed told to end (its reader may no longer read the game: None) ends, however much
    waits behind it."""
    viewer = _viewer()
    viewer.offer([(1, POSE)])
    viewer.offer(None)
    for number in range(2, 3 * QUEUE_BYTES // len(POSE)):
        viewer.offer([(number, POSE)])
    assert None in _taken(viewer)
