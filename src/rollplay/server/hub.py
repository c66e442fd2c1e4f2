"""One worker's live feeds. The hub reads each new event of a watched game once and hands
every viewer of that game its projection (table.events.project, serialised once per kind of
viewer), so 200 viewers cost one read per event, not 200.

It learns of new events from PostgreSQL's LISTEN (the game and number are sent in the
event's own transaction: table/store/writers.py), with a slow poll as a safety net; on
SQLite (one worker) from a fast look at the rows past the newest id it knew, which also
catches rolls made from the command line. Either way it reads only the games written to:
what an event costs a worker is its own game's viewers, however many other games are
watched (issue 39). The database stays the one source: a viewer that falls behind, or a
hub that missed a notification, reads what it lacks from the events table, so nothing is
lost.

Each viewer remembers the session or API token that opened it (its secret's hash). A
revocation in this worker (sign-out, a session ended, a token revoked, a password changed)
closes that viewer's feed before the revoking request answers (``drop_revoked``); one made
elsewhere (another worker, ``rollplay user password``) is caught before the next batch of
events is handed out, and for a quiet feed within a safety round (news.py). So no event committed
after a revocation reaches a feed the revoked credential opened."""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections import defaultdict
from collections.abc import Callable, Collection
from datetime import UTC, datetime
from typing import Any

from anyio import from_thread
from starlette.concurrency import run_in_threadpool

from rollplay.errors import RollplayError
from rollplay.server import news
from rollplay.server.streams import Caps, FeedSlots
from rollplay.server.viewers import Viewer, Write, sse
from rollplay.table.access.authz import Standing
from rollplay.table.answers import SceneShown
from rollplay.table.events.audiences import project, view_key
from rollplay.table.events.ledger import Changes
from rollplay.table.events.watching import STANDING_KINDS
from rollplay.table.play.scene_reads import ORDER_KINDS, LiveBatch
from rollplay.table.service import Service

log = logging.getLogger("rollplay.live")

GATHER = 0.01  # seconds a notification waits for others, so events go out in batches
BATCH = 500  # events read at a time
READERS = 8  # games read at once (each a thread and a database connection while it reads)
HEARTBEAT = 15.0  # seconds between the comment lines that keep quiet feeds' connections open
FAR = datetime.max.replace(tzinfo=UTC)  # a credential that does not expire


class Hub:
    def __init__(self, service: Service, caps: Caps | None = None) -> None:
        self.service = service
        self.slots = FeedSlots(service, caps or Caps())  # feeds per user and address
        self.viewers: dict[int, set[Viewer]] = defaultdict(set)
        self.last: dict[int, int] = {}  # game id -> the newest event id handed out
        self.news: set[int] = set()  # games with events to read
        self.reading: set[int] = set()  # games being read now (one read a game at a time)
        self.again: set[int] = set()  # games to read again once their read ends
        self.wake = asyncio.Event()
        self.look = asyncio.Event()  # SQLite: look for new rows now, not at the next poll
        # The revocation count (access/accounts.revocation_mark) as of each game's last check
        # of its feeds' credentials, and when each session checked expires: a batch checks
        # them again only when either moved (issue 39; rulings N23).
        self.vetted: dict[int, int] = {}
        self.expiry: dict[str, datetime] = {}
        self.task: asyncio.Task[None] | None = None

    # -- viewers -----------------------------------------------------------------------------

    async def join(self, service: Service, game: str, write: Write = sse,
                   *, credential: str | None = None, scene: int | None = None,
                   panel: Callable[[SceneShown], str] | None = None) -> Viewer:  # fmt: skip
        """A feed of ``game`` for ``service``'s actor (refused unless they may read it), each
        event sent as ``write`` makes it (JSON, or the web page's HTML cards); it ends when
        ``credential`` (the hash of the secret that opened it) stops signing in. ``scene``:
        only that scene's ledger (refused unless they may see the scene), and ``panel`` its
        pose order after each event that changes it."""
        game_id, name, standing = await run_in_threadpool(service.watch, game)
        where = None
        if scene is not None:
            where = (await run_in_threadpool(service.scene_id, name, scene), scene)
        self._start()
        if game_id not in self.last:
            self.last[game_id] = await run_in_threadpool(self.service.latest_event, game_id)
        viewer = Viewer(service, game_id, name, standing, write, credential, where, panel)
        self.viewers[game_id].add(viewer)
        if credential is not None:  # checked once it is among the game's feeds (N23)
            await self.vet([viewer])
        return viewer

    def leave(self, viewer: Viewer) -> None:
        watching = self.viewers.get(viewer.game_id)
        if watching is None:
            return
        watching.discard(viewer)
        if not watching:
            del self.viewers[viewer.game_id]
            self.last.pop(viewer.game_id, None)
            self.vetted.pop(viewer.game_id, None)

    # -- revocation ----------------------------------------------------------------------------

    def _cut(self, viewer: Viewer) -> None:
        """End a feed whose credential was revoked: nothing more goes out on it."""
        viewer.cut = True
        viewer.offer(None)
        self.leave(viewer)

    def _cut_all(self, viewers: list[Viewer]) -> None:
        for viewer in viewers:
            self._cut(viewer)

    def all(self) -> list[Viewer]:
        return [viewer for watching in self.viewers.values() for viewer in watching]

    def _dead(self, viewers: Collection[Viewer], live: Collection[str]) -> list[Viewer]:
        return [v for v in viewers if v.credential is not None and v.credential not in live]

    def _checked(self, viewers: Collection[Viewer], live: dict[str, datetime | None]) -> None:
        """Cut each of ``viewers`` whose credential is not ``live``; remember when the others
        expire."""
        for digest, expires in live.items():
            if expires is not None:
                self.expiry[digest] = expires
        for viewer in self._dead(viewers, live):
            self._cut(viewer)

    async def vet(self, viewers: Collection[Viewer]) -> None:
        """Cut each of ``viewers`` whose credential no longer signs in (one read for all)."""
        digests = {v.credential for v in viewers if v.credential is not None}
        if digests:
            self._checked(viewers, await run_in_threadpool(self.service.live_credentials,
                                                           digests))  # fmt: skip

    def drop_revoked(self) -> None:
        """After a revocation, from the request's worker thread: close at once every feed of
        this worker whose credential no longer signs in, before the request answers."""
        try:
            viewers = from_thread.run_sync(self.all)
        except RuntimeError:  # not called from the server's threads (nothing to close here)
            return
        digests = {v.credential for v in viewers if v.credential is not None}
        if digests:
            dead = self._dead(viewers, self.service.live_credentials(digests))
            for viewer in dead:
                viewer.cut = True  # at once: the feed checks it before it sends anything
            from_thread.run_sync(self._cut_all, dead)

    def notify(self, game_id: int) -> None:
        if game_id in self.viewers:
            self.news.add(game_id)
            self.wake.set()

    def written(self, counts: dict[int, int]) -> None:
        """Games' newest event numbers as read: each watched one past what went out is read."""
        for game_id, number in counts.items():
            if number > self.last.get(game_id, number):
                self.notify(game_id)

    def poke(self) -> None:
        """A write committed in this worker (wake.py): on SQLite, look for new rows now
        rather than at the next poll; PostgreSQL's notification is already on its way."""
        self.look.set()

    # -- the loop ----------------------------------------------------------------------------

    def _start(self) -> None:
        if self.task is None or self.task.done():
            self.task = asyncio.create_task(self._run(), name="rollplay-hub")

    async def close(self) -> None:
        if self.task is not None:
            self.task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self.task

    async def _run(self) -> None:
        postgres = self.service.engine.dialect.name == "postgresql"
        watcher = news.listen(self) if postgres else news.poll_newest(self)
        tasks = [asyncio.create_task(watcher), asyncio.create_task(news.safety(self)),
                 asyncio.create_task(self._beat())]  # fmt: skip
        readers = asyncio.Semaphore(READERS)
        try:
            while True:
                await self.wake.wait()
                # A moment for more: each viewer's stream is then woken and written once for
                # several events (at 100 rolls/s, the writes were most of a worker's time).
                await asyncio.sleep(GATHER)
                self.wake.clear()
                games, self.news = self.news, set()
                # Games are read side by side, each in its own order: one after another,
                # a read's round trip to the database was the ceiling, about a hundred games
                # a second, and a quiet game's event waited behind every busy one (N25).
                for game_id in games:
                    if game_id in self.reading:  # read again once this read ends
                        self.again.add(game_id)
                        continue
                    self.reading.add(game_id)
                    read = asyncio.create_task(self._read_one(game_id, readers))
                    tasks.append(read)
                    read.add_done_callback(tasks.remove)
        finally:
            for task in list(tasks):
                task.cancel()

    async def _read_one(self, game_id: int, readers: asyncio.Semaphore) -> None:
        try:
            async with readers:
                await self._read(game_id)
        except Exception:  # a bad moment in the database: read again in a moment
            log.exception("reading the events of game %s", game_id)
            await asyncio.sleep(0.5)
            self.again.add(game_id)
        finally:
            self.reading.discard(game_id)
            if game_id in self.again:  # news came while it was read: read again
                self.again.discard(game_id)
                self.notify(game_id)

    async def _beat(self) -> None:
        """Every HEARTBEAT, each feed with nothing waiting is woken with an empty batch, and
        sends a comment line (live.py): one timer for every feed, not one a feed and a wake
        (an idle feed's memory, issue 39)."""
        while True:
            await asyncio.sleep(HEARTBEAT)
            for viewer in self.all():
                if viewer.queue.empty():
                    viewer.offer([], 0)

    async def _read(self, game_id: int) -> None:
        while game_id in self.viewers:
            after = self.last[game_id]
            # A scene page's pose order is read in the same moment as the events it follows,
            # so it is the order as of the last of them (rulings S52), never a later one.
            watched = {v.scene[0] for v in self.viewers.get(game_id, ()) if v.scene and v.panel}
            viewers = list(self.viewers.get(game_id, ()))
            digests = {v.credential for v in viewers if v.credential is not None}
            moment = datetime.now(UTC)
            due = any(self.expiry.get(digest, FAR) <= moment for digest in digests)
            (rows, orders, later), live, mark = await run_in_threadpool(
                self._batch, game_id, after, watched,
                digests=digests, vetted=self.vetted.get(game_id), due=due,
            )  # fmt: skip
            if not rows or game_id not in self.last:
                return
            # A credential revoked by another worker or the command line: no event read
            # here (perhaps committed after the revocation) reaches its feed.
            if live is not None:
                self._checked(viewers, live)
            if mark is not None:
                self.vetted[game_id] = mark
            if any(row.kind in STANDING_KINDS for row in rows):
                await self._restand(game_id)
            self._hand_out(game_id, rows, self._after(rows, orders), later)
            self.last[game_id] = rows[-1].number
            if len(rows) < BATCH:
                return

    def _batch(self, game_id: int, after: int, watched: set[int], *, digests: set[str],
               vetted: int | None, due: bool,
               ) -> tuple[LiveBatch, dict[str, datetime | None] | None, int | None]:  # fmt: skip
        """The game's next events; then, in the same thread hop and read after them, the
        revocation count, and only if it moved since the game's feeds were last checked
        (``vetted``) or a session among them is ``due`` to expire, which of their
        credentials still sign in (None: none was revoked since; rulings N23)."""
        batch = self.service.live_batch(game_id, after, BATCH, watched)
        if not batch.rows or not digests:
            return batch, None, vetted
        mark = self.service.revocation_mark()
        if mark == vetted and not due:
            return batch, None, mark
        return batch, self.service.live_credentials(digests), mark

    @staticmethod
    def _after(rows: list[Any], orders: dict[int, SceneShown]) -> dict[int, tuple[int, SceneShown]]:
        """Each scene's order and the number of the last of ``rows`` that changed it."""
        last = {row.scene_id: row.number for row in rows
                if row.scene_id in orders and row.kind in ORDER_KINDS}  # fmt: skip
        return {scene: (last[scene], order) for scene, order in orders.items() if scene in last}

    def _hand_out(self, game_id: int, rows: list[Any],
                  orders: dict[int, tuple[int, SceneShown]],
                  later: Changes | None = None) -> None:  # fmt: skip
        """Each viewer's share of ``rows``, in one batch: each event drawn (``_drawn``, as it
        stands: rulings S70) once per view of it and format, a view being all a drawing
        depends on: how the viewer sees the event (view_key) and all its fold asks of them
        (Changes.seen_by: two players alike in a roll but not in its reveal, which may be in a
        private scene, are drawn apart: S77); a scene page's pose order (``orders``) written
        once per scene and format after the last event that changed it, for each viewer of
        the scene who may see that event (the order is the same for all who may see it)."""
        later = later or Changes()
        shown: dict[tuple[Any, ...], str | None] = {}
        panels: dict[tuple[int, Any], str] = {}
        # Viewers alike in all a drawing depends on (who they are in the game, the format,
        # the scene and panel of a scene page) share one batch: a thousand viewers of a big
        # table are a few dozen kinds, each event's keys worked out once a kind (issue 39).
        alike: dict[tuple[Any, ...], list[Viewer]] = defaultdict(list)
        for viewer in self.viewers.get(game_id, ()):
            if not viewer.cut:
                alike[viewer.standing, viewer.write, viewer.scene, viewer.panel].append(viewer)
        for (standing, write, scene, panel), viewers in alike.items():
            batch = []
            for row in rows:
                if scene is not None and row.scene_id != scene[0]:
                    continue
                key = (row.number, view_key(row, standing), later.seen_by(row, standing),
                       write)  # fmt: skip
                if key not in shown:
                    shown[key] = _drawn(row, viewers[0], later)
                text = shown[key]
                if text is None:  # not theirs to see: nor is what it changed
                    continue
                order = orders.get(row.scene_id)
                if panel is not None and order is not None and order[0] == row.number:
                    if (row.scene_id, panel) not in panels:
                        panels[row.scene_id, panel] = panel(order[1])
                    text += panels[row.scene_id, panel]
                batch.append((row.number, text))
            if batch:
                size = sum(len(text) for _, text in batch)
                for viewer in viewers:
                    viewer.offer(batch, size)

    async def _restand(self, game_id: int) -> None:
        """Someone's membership or character changed: ask again what each viewer sees;
        a viewer who may no longer read the game is closed. Asked once a person, however
        many feeds they hold (a big table's thousand viewers are a few dozen people)."""
        asked: dict[str, Standing | None] = {}
        for viewer in list(self.viewers.get(game_id, ())):
            who = viewer.standing.actor
            if who not in asked:
                try:
                    asked[who] = (await run_in_threadpool(viewer.service.watch, viewer.game))[2]
                except RollplayError:
                    asked[who] = None
            standing = asked[who]
            if standing is None:
                viewer.offer(None)
                self.leave(viewer)
            else:
                viewer.standing = standing

    # -- closing (several hosts: issue 39) -----------------------------------------------------

    leaving = False  # this worker is shutting down: every feed is told to come back elsewhere

    def closing(self) -> None:
        """This worker is shutting down (closing.py): each feed sends what it has, then the
        client's "come back" (live.py), and ends; one opened from now on ends at once. The
        item offered only wakes the feed, which then sees ``leaving``."""
        self.leaving = True
        for viewer in self.all():
            viewer.offer([])


def _drawn(row: Any, viewer: Viewer, later: Changes) -> str | None:
    """An event as ``viewer`` is handed it (None: they do not learn of it): projected for
    them and folded as it stands, a request as asked (its answer comes as it comes), with
    the earlier event it changes as that now stands for them, for a page to draw again."""
    event = project(row, viewer.game, viewer.standing)
    if event is None:
        return None
    event = later.now(event, viewer.standing, requests=False)
    return viewer.write(event, later.earlier(event, viewer.standing))
