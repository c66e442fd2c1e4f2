"""How many live feeds each user and each client address may hold open at once, in one
worker (docs/deploy.md, Limits): without a cap one player's 2,000 streams slowed every
viewer's. One more than the cap is a 429; a feed that closes frees its slot. Exports
likewise, counted by the same ``Slots``: a few per user at once, each streamed as it is made
(``exported``)."""

from __future__ import annotations

import contextlib
import os
import threading
import weakref
from collections import Counter
from collections.abc import Callable, Generator, Iterator
from dataclasses import dataclass, replace

from fastapi import HTTPException
from fastapi.responses import StreamingResponse
from starlette.types import Receive, Scope, Send

from rollplay.errors import RollplayError


@dataclass(frozen=True)
class Caps:
    """What one worker lets a user, and a client address, hold at once, and what one past
    either cap is told they hold and should do. The defaults are the live feeds' (a tab
    each; a script's few; several people behind one home router or proxy)."""

    per_user: int = 20
    per_address: int | None = 60  # None: no cap by address
    held: str = "live streams open"
    then: str = "close one (another tab?) first"


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
                    whose = "you have" if key[0] == "user" else "your address has"
                    raise HTTPException(429, f"{whose} {cap} {self.caps.held}, the most "
                                             f"allowed at once: {self.caps.then}")  # fmt: skip
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


def caps_from_env() -> Caps:
    """ROLLPLAY_STREAMS_PER_USER and ROLLPLAY_STREAMS_PER_ADDRESS, or the defaults."""
    found: dict[str, int] = {}
    for field, name in (("per_user", "ROLLPLAY_STREAMS_PER_USER"),
                        ("per_address", "ROLLPLAY_STREAMS_PER_ADDRESS")):  # fmt: skip
        value = os.environ.get(name, "").strip()
        if value:
            if not value.isdecimal() or int(value) < 1:
                raise RollplayError(f"{name}={value[:20]!r}: give a whole number, 1 or more")
            found[field] = int(value)
    default = Caps()
    return replace(default, per_user=found.get("per_user", default.per_user),
                   per_address=found.get("per_address", default.per_address))  # fmt: skip


# Exports each user may have being made or sent at once, in one worker (rulings H12): twelve
# exports of one large scene at once peaked a worker at 1.88 GB. Their Slots are the server's
# (parts.py), beside the hub's for the live feeds.
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
