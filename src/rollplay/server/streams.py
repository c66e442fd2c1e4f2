"""How many live feeds each user and each client address may hold open at once, across every
worker and host on the database (docs/deploy.md, Limits): without a cap one player's 2,000
streams slowed every viewer's. One more than the cap is a 429; a feed that closes frees its
slot on every worker. The feeds are counted in the database (``FeedSlots``, over
table/access/feeds.py: one short transaction to open a feed, one to close it, and a lease
renewed by each worker every third of ``Caps.lease``; nothing per event). Exports are counted
per worker (``Slots``): a few per user at once, each streamed as it is made (``exported``)."""

from __future__ import annotations

import asyncio
import contextlib
import logging
import os
import threading
import weakref
from collections import Counter
from collections.abc import Callable, Generator, Iterator
from dataclasses import dataclass, replace

from fastapi import HTTPException
from fastapi.responses import StreamingResponse
from starlette.concurrency import run_in_threadpool
from starlette.types import Receive, Scope, Send

from rollplay.errors import RollplayError
from rollplay.table.access.feeds import LEASE, Feeds, Full
from rollplay.table.core import Core

log = logging.getLogger("rollplay.live")


@dataclass(frozen=True)
class Caps:
    """What one worker lets a user, and a client address, hold at once, and what one past
    either cap is told they hold and should do. The defaults are the live feeds' (a tab
    each; a script's few; several people behind one home router or proxy)."""

    per_user: int = 20
    per_address: int | None = 60  # None: no cap by address
    held: str = "live streams open"
    then: str = "close one (another tab?) first"
    lease: float = LEASE  # seconds a killed worker's feeds still count (FeedSlots)


def _refused(caps: Caps, who: str, cap: int) -> HTTPException:
    whose = "you have" if who == "user" else "your address has"
    return HTTPException(429, f"{whose} {cap} {caps.held}, the most allowed at once: {caps.then}")


class Slots:
    """What each user and each address hold in this worker, under ``caps``: the live feeds
    (the hub's), or the exports under way (the server's ``Parts``). An export is taken by a
    route's thread and freed by its stream's (or a finalizer's), so the count is kept under
    a lock."""

    def __init__(self, caps: Caps) -> None:
        self.caps = caps
        self.held: Counter[tuple[str, str]] = Counter()
        self.lock = threading.Lock()

    def take(self, user: str, address: str | None = None) -> Callable[[], None]:
        """A slot for ``user`` at ``address`` (a 429 when either is at its cap), and the
        call that frees it (once, however often it is called)."""
        caps = [(("user", user), self.caps.per_user)]
        if address is not None and self.caps.per_address is not None:
            caps.append((("address", address), self.caps.per_address))
        keys = [key for key, _ in caps]
        with self.lock:
            for key, cap in caps:
                if self.held[key] >= cap:
                    raise _refused(self.caps, key[0], cap)
            self.held.update(keys)
        freed = False

        def free() -> None:
            nonlocal freed
            with self.lock:
                if freed:
                    return
                freed = True
                self.held.subtract(keys)
                for key in keys:
                    if self.held[key] <= 0:
                        del self.held[key]

        return free


class FeedSlots:
    """The live feeds' slots, counted in the database with every other worker's (``Feeds``):
    ``take`` is one short transaction in a thread, the call it returns frees the slot (one
    more, handed to a thread when called on the event loop), and while this worker holds
    feeds a task renews its lease every third of ``caps.lease``."""

    def __init__(self, table: Core, caps: Caps) -> None:
        self.caps = caps
        self.feeds = Feeds(table, caps.lease)
        self.task: asyncio.Task[None] | None = None
        self.loop: asyncio.AbstractEventLoop | None = None

    async def take(self, user: str, address: str | None = None) -> Callable[[], None]:
        """A slot for ``user`` at ``address`` (a 429 when either holds its cap on any worker),
        and the call that frees it (once, however often it is called, from any thread)."""
        self._renewing()
        try:
            number = await run_in_threadpool(self.feeds.take, user, address,
                                             self.caps.per_user, self.caps.per_address)  # fmt: skip
        except Full as full:
            raise _refused(self.caps, full.who, full.cap) from None
        loop = asyncio.get_running_loop()

        def free() -> None:
            if number not in self.feeds.open:
                return
            try:
                running = asyncio.get_running_loop()
            except RuntimeError:
                running = None
            if running is loop:  # never a database round trip on the event loop
                loop.run_in_executor(None, self._free, number)
            else:
                self._free(number)

        return free

    def _free(self, number: int) -> None:
        try:
            self.feeds.free(number)
        except Exception:  # the database out of reach: the row goes with this worker's lease
            log.exception("freeing a live feed's slot")

    def _renewing(self) -> None:
        if self.task is None or self.task.done():
            self.task = asyncio.create_task(self._renew(), name="rollplay-feed-lease")

    async def _renew(self) -> None:
        while True:
            await asyncio.sleep(self.caps.lease / 3)
            try:
                await run_in_threadpool(self.feeds.renew)
            except Exception:  # a bad moment in the database: the next round retries
                log.exception("renewing this worker's lease on its live feeds")

    async def close(self) -> None:
        """The worker is stopping: its feeds stop counting on every worker now."""
        if self.task is not None:
            self.task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self.task
        if self.feeds.started:
            try:
                await run_in_threadpool(self.feeds.stop)
            except Exception:  # the lease frees them in its time
                log.exception("freeing this worker's live feeds")


def caps_from_env() -> Caps:
    """ROLLPLAY_STREAMS_PER_USER, ROLLPLAY_STREAMS_PER_ADDRESS and ROLLPLAY_STREAMS_LEASE
    (seconds), or the defaults."""
    found: dict[str, int] = {}
    for field, name in (("per_user", "ROLLPLAY_STREAMS_PER_USER"),
                        ("per_address", "ROLLPLAY_STREAMS_PER_ADDRESS"),
                        ("lease", "ROLLPLAY_STREAMS_LEASE")):  # fmt: skip
        value = os.environ.get(name, "").strip()
        if value:
            if not value.isdecimal() or int(value) < 1:
                raise RollplayError(f"{name}={value[:20]!r}: give a whole number, 1 or more")
            found[field] = int(value)
    default = Caps()
    return replace(default, per_user=found.get("per_user", default.per_user),
                   per_address=found.get("per_address", default.per_address),
                   lease=float(found.get("lease", default.lease)))  # fmt: skip


# Exports each user may have being made or sent at once, in one worker (rulings H12): twelve
# exports of one large scene at once peaked a worker at 1.88 GB. Their Slots are the server's
# (parts.py), per worker: a cap on one worker's memory, which another worker does not share
# (rulings N12).
EXPORTS_PER_USER = 2
EXPORTS = Caps(per_user=EXPORTS_PER_USER, per_address=None, held="exports under way",
               then="let one finish first")  # fmt: skip
CHUNK = 64 * 1024  # characters of a made export sent at a time


def exported(slots: Slots, user: str, made: Callable[[], Iterator[str]], media_type: str,
             headers: dict[str, str]) -> StreamingResponse:  # fmt: skip
    """An export as a download: ``made`` is called holding one of the user's export
    ``slots`` (a 429 past the cap, before anything is read; made's own refusals, before
    anything is sent), and what it hands over is sent as it comes, in pieces of at most
    CHUNK characters, the slot held until the last is sent or the client is gone."""
    free = slots.take(user)
    try:
        parts = made()
    except BaseException:
        free()
        raise

    def pieces() -> Generator[bytes]:
        for part in parts:
            for at in range(0, len(part), CHUNK):
                yield part[at : at + CHUNK].encode()

    body = pieces()
    weakref.finalize(body, free)  # a response never sent: freed when it is dropped
    return _Export(body, free, media_type=media_type, headers=headers)


class _Export(StreamingResponse):
    """A download that frees its export's place when it ends, whether sent whole or cut off
    (its reader gone): at once, not whenever the collector finds the stalled generator."""

    def __init__(self, pieces: Generator[bytes], free: Callable[[], None], *, media_type: str,
                 headers: dict[str, str]) -> None:  # fmt: skip
        super().__init__(pieces, media_type=media_type, headers=headers)
        self.pieces, self.free = pieces, free

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        try:
            await super().__call__(scope, receive, send)
        finally:
            self.free()
            with contextlib.suppress(ValueError):  # still running in a thread: it ends there
                self.pieces.close()  # what it was reading and drawing, let go of now
