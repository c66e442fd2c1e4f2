"""One open live feed (``Viewer``): who watches which game, as what, the text waiting for
them, and how an event becomes that text (``Write``: the API's JSON, ``sse``, or the web
page's cards, server/cards.py). The hub (hub.py) hands each viewer its share of each batch;
a viewer that falls behind reads the rest from the table itself (live.py)."""

from __future__ import annotations

import asyncio
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Generic, TypeVar

from rollplay.table.access.authz import Standing
from rollplay.table.answers import SceneShown
from rollplay.table.events.views import EventView
from rollplay.table.service import Service

QUEUE = 500  # batches a viewer may have waiting before it is sent to read the table itself
# Bytes of text a viewer may have waiting, likewise: a stalled reader of a busy game (a pose is
# up to 8,000 characters) held up to QUEUE batches of them, each kept until it read again.
QUEUE_BYTES = 1024 * 1024

# An event as the text a feed sends, with the earlier event it changes as that now stands
# for the viewer (events/ledger.py Changes.earlier: a pose an edit changed, a roll a reveal
# showed), which a page draws again where it is; None when it changes none.
Write = Callable[[EventView, EventView | None], str]


T = TypeVar("T")


class Waiting(Generic[T]):
    """What waits for one feed: asyncio.Queue's ``get``, ``get_nowait``, ``put_nowait``,
    ``empty`` and ``qsize``, for a queue that is nearly always empty, at a tenth of its
    memory (issue 39: what an idle feed costs). asyncio's keeps three deques and an Event
    (four more) for each; this keeps a list only while something waits, and ``get`` hands
    back a future, so ``asyncio.wait_for`` waits on it without a task of its own."""

    __slots__ = ("items", "waiter")

    def __init__(self) -> None:
        self.items: deque[T] | None = None
        self.waiter: asyncio.Future[T] | None = None

    def qsize(self) -> int:
        return 0 if self.items is None else len(self.items)

    def empty(self) -> bool:
        return not self.items

    def put_nowait(self, item: T) -> None:
        waiter, self.waiter = self.waiter, None
        if waiter is not None and not waiter.done():  # a get is waiting: it takes it
            waiter.set_result(item)
            return
        if self.items is None:
            self.items = deque()
        self.items.append(item)

    def get_nowait(self) -> T:
        if not self.items:
            raise asyncio.QueueEmpty
        item = self.items.popleft()
        if not self.items:
            self.items = None
        return item

    def get(self) -> asyncio.Future[T]:
        """The next item, when it comes (one getter at a time: the feed's)."""
        future: asyncio.Future[T] = asyncio.get_running_loop().create_future()
        if self.items:
            future.set_result(self.get_nowait())
        else:
            self.waiter = future  # a cancelled one (wait_for's timeout) is passed over
        return future


@dataclass(eq=False, slots=True)
class Viewer:
    """One open feed: who watches, with what (``credential``: the hash of the session's or
    token's secret; None for none), the messages waiting for them, whether they fell behind
    (their queue overflowed: they catch up from the table) and whether they were cut off
    (their credential was revoked: nothing more is sent)."""

    service: Service
    game_id: int
    game: str
    standing: Standing
    write: Write  # an event (and what it changes), as the text this feed sends
    credential: str | None = None
    scene: tuple[int, int] | None = None  # a scene page's feed: the scene's (id, number)
    # A scene page's feed: the scene's pose order as the text this feed sends, after any
    # event that changes it (the page redraws its panel from it, asking nothing more).
    panel: Callable[[SceneShown], str] | None = None
    queue: Waiting[list[tuple[int, str]] | None] = field(default_factory=Waiting)
    behind: bool = False
    cut: bool = False
    waiting: int = 0  # bytes of text in ``queue``

    def offer(self, item: list[tuple[int, str]] | None, size: int | None = None) -> None:
        """Queue ``item`` (None: the feed ends; ``size``: its text's length, if known: a
        batch shared by many viewers is measured once). Past QUEUE batches or QUEUE_BYTES,
        what waits is dropped and the feed reads it from the table when its reader is back,
        a page at a time (live.py): a stalled reader costs a bounded amount (rulings H12)."""
        if size is None:
            size = 0 if item is None else sum(len(text) for _, text in item)
        if item is not None and (self.queue.qsize() >= QUEUE
                                 or self.waiting + size > QUEUE_BYTES):  # fmt: skip
            self.behind = True
            while not self.queue.empty():
                dropped = self.queue.get_nowait()
                if dropped is None:  # an end stays an end
                    self.queue.put_nowait(None)
                    return
            self.waiting = 0
            item, size = [], 0  # wakes the feed, which sees it is behind
        self.queue.put_nowait(item)
        self.waiting += size

    def took(self, item: list[tuple[int, str]] | None) -> None:
        """The feed took ``item`` from the queue."""
        if item is not None:
            self.waiting = max(0, self.waiting - sum(len(text) for _, text in item))


def sse(event: EventView, earlier: EventView | None = None) -> str:
    """An event as the API's SSE message: its id, its kind and its JSON (one data line); a
    reader of the API folds what it changes itself (``earlier`` is the web page's)."""
    data = event.model_dump_json(by_alias=True)
    return f"id: {event.id}\nevent: {event.kind}\ndata: {data}\n\n"
