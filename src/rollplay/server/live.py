"""Live events as Server-Sent Events: each with ``id:`` = the event's number, projected for
this viewer before it leaves the server; a client that reconnects sends ``Last-Event-ID``
and gets every event it missed, in order, once. Heartbeats keep proxies from closing it.

A feed first reads what the client missed from the table, then takes what the worker's hub
(hub.py) hands it; ids only go up (a game's events commit in id order), so anything seen
twice on that seam is dropped by its id.

Each user and each client address may hold only so many feeds open at once (streams.py):
one more is a 429, and closing a feed frees its slot.

A feed ends when the session or token that opened it is revoked (hub.py): it sends nothing
once its viewer is cut, and what it reads from the table itself is checked the same way."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncGenerator, AsyncIterator, Callable

from starlette.concurrency import run_in_threadpool
from starlette.responses import Response
from starlette.types import Receive, Scope, Send

from rollplay.server.closing import come_back
from rollplay.server.hub import Hub
from rollplay.server.viewers import Viewer, Write, sse
from rollplay.table.answers import SceneShown
from rollplay.table.service import Service

# Events a catch-up reads, draws and sends at a time (a pose is at most 8,000 characters,
# so a page is at most about 200 KiB of text): what a stalled reader holds. Pages of 100
# cost twenty stalled feeds 136 MiB, of 25, 82 MiB (docs/performance.md, Stalled readers).
REPLAY = 25


async def event_stream(hub: Hub, service: Service, game: str, after: int, *, user: str,
                       address: str, credential: str | None,
                       write: Write = sse, scene: int | None = None,
                       panel: Callable[[SceneShown], str] | None = None,
                       ) -> Response:  # fmt: skip
    """``credential``: the hash of the secret the request signed in with (auth.credential);
    ``scene``: only that scene's ledger (the web scene page), with ``panel``, its pose order
    as sent after each change."""
    free = await hub.slots.take(user, address)
    try:
        # refused here, before the stream starts
        viewer = await hub.join(
            service, game, write, credential=credential, scene=scene, panel=panel
        )
    except BaseException:
        free()
        raise
    return EventStream(_events(hub, viewer, after, free), _Close(hub, viewer, free))


def _close(hub: Hub, viewer: Viewer, free: Callable[[], None]) -> None:
    hub.leave(viewer)
    free()


class _Close:
    """``_close`` for one feed, as one small object (a closure and a finalizer cost more)."""

    __slots__ = ("free", "hub", "viewer")

    def __init__(self, hub: Hub, viewer: Viewer, free: Callable[[], None]) -> None:
        self.hub, self.viewer, self.free = hub, viewer, free

    def __call__(self) -> None:
        _close(self.hub, self.viewer, self.free)


# The head every feed answers with, as Starlette's StreamingResponse wrote it.
HEAD = [(b"cache-control", b"no-cache"), (b"x-accel-buffering", b"no"),
        (b"content-type", b"text/event-stream; charset=utf-8")]  # fmt: skip


class EventStream(Response):
    """A feed's answer: its head, then each text ``events`` yields as it comes, until the
    feed ends or its reader is gone. Starlette's StreamingResponse ran two tasks in a task
    group for each (one sending, one listening for the reader to leave); this sends from the
    request's own task and listens in one more, which cancels the sending when the reader is
    gone, at once, as the task group did (an idle feed costs a quarter less: issue 39,
    docs/performance.md). ``close`` ends the feed however it ends, or if it never starts
    (the client gone before the answer began), when the answer is dropped."""

    __slots__ = ("background", "close", "events", "started", "status_code")

    def __init__(self, events: AsyncIterator[str], close: Callable[[], None]) -> None:
        # Response.__init__ renders a body and headers this answer does not have.
        self.status_code = 200
        self.background = None
        self.events, self.close, self.started = events, close, False

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        self.started = True
        sending = asyncio.current_task()
        assert sending is not None
        listening = asyncio.get_running_loop().create_task(_gone(receive, sending))
        try:
            await send({"type": "http.response.start", "status": 200, "headers": HEAD})
            async for text in self.events:
                await send({"type": "http.response.body", "body": text.encode(),
                            "more_body": True})  # fmt: skip
            await send({"type": "http.response.body", "body": b"", "more_body": False})
        except asyncio.CancelledError:
            # The reader left (the listener cancelled this task): the feed simply ends.
            if not (listening.done() and not listening.cancelled() and sending.uncancel() == 0):
                raise
        finally:
            listening.cancel()
            if isinstance(self.events, AsyncGenerator):
                await self.events.aclose()
            self.close()
        if self.background is not None:
            await self.background()

    def __del__(self) -> None:
        if not self.started:
            self.close()


async def _gone(receive: Receive, sending: asyncio.Task[object]) -> None:
    """Wait for the reader to leave, then stop ``sending`` its feed."""
    while (await receive())["type"] != "http.disconnect":
        pass
    sending.cancel()


async def _events(
    hub: Hub, viewer: Viewer, after: int, free: Callable[[], None]
) -> AsyncIterator[str]:
    last = after
    try:
        yield "retry: 1000\n\n"
        viewer.behind = True  # first read what the client missed
        while not viewer.cut:
            if hub.leaving:  # the worker is closing (hub.closing): what it had is sent
                yield come_back()  # when to come back, to another host (closing.py)
                return
            while viewer.behind and not hub.leaving:  # again whenever the queue overflowed
                viewer.behind = False
                async for upto, text in _missed(hub, viewer, last):
                    last = upto
                    yield text
                if viewer.cut:
                    return
            if viewer.behind:  # a catch-up cut short by closing: what is queued is past a gap
                continue
            items = [await viewer.queue.get()]  # a batch, a wake, or the hub's heartbeat
            while not viewer.queue.empty():
                items.append(viewer.queue.get_nowait())
            for item in items:
                viewer.took(item)
            if viewer.cut:  # revoked: what waits is not sent
                return
            chunk: list[str] = []
            for item in items:
                if item is None:  # they may no longer read this game
                    yield "".join(chunk)
                    return
                for event_id, text in item:
                    if event_id > last:
                        last = event_id
                        chunk.append(text)
            if chunk:
                yield "".join(chunk)
            elif not any(items):  # only wakes (the hub's heartbeat): keeps proxies from closing it
                yield ": heartbeat\n\n"
    finally:
        _close(hub, viewer, free)


async def _missed(hub: Hub, viewer: Viewer, last: int) -> AsyncIterator[tuple[int, str]]:
    """Every event after ``last`` the viewer may see, a page at a time, from the table (the
    service projects them, as it does for any reader), each page only while the viewer's
    credential still signs in (checked after the page is read); a scene page's, with its
    pose order as of the page's last event if the page changed it (read in the same moment
    as the page: rulings S52). A page is REPLAY events, read and written in a thread, and
    the next is read only once this one is sent: a reader that stalls holds one page, not
    the game (rulings H12)."""
    while True:
        sent, more = await run_in_threadpool(_page, viewer, last)
        await hub.vet([viewer])
        if viewer.cut:
            return
        if sent is not None:
            yield sent
        if more is None:
            return
        if hub.leaving:  # the worker is closing: the rest is read elsewhere, after this page
            viewer.behind = True
            return
        last = more


def _page(viewer: Viewer, last: int) -> tuple[tuple[int, str] | None, int | None]:
    """One page of a feed's catch-up as the text it sends, with its last event's number
    (None: nothing to send), and where the next page starts (None: this was the last). Off
    the event loop: reading and drawing a page of cards is work. Only the text is kept."""
    order = None
    if viewer.scene is None:
        page, earlier = viewer.service.feed_page(viewer.game, last, REPLAY)
        more = page[-1].id if len(page) == REPLAY else None
    else:
        page, order, more, earlier = viewer.service.scene_catch_up(
            viewer.game, viewer.scene[1], last, REPLAY
        )
    if not page:
        return None, more
    text = "".join(viewer.write(e, earlier.get(e.id)) for e in page)
    if viewer.panel is not None and order is not None:
        text += viewer.panel(order)
    return (page[-1].id, text), more
