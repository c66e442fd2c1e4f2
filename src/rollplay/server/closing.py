"""A worker that is shutting down (SIGTERM or SIGINT: a rolling restart, a host taken out of
the proxy) tells its live feeds when to come back, and its /healthz answers 503, so a proxy
stops sending to it while the feeds reconnect (with Last-Event-ID) to a host that stays.

uvicorn installs its own handlers for these signals before the app's lifespan starts; the
lifespan (app.py) chains ours in front of them: ours marks the worker closing at once, and
after ``ROLLPLAY_DRAIN_SECONDS`` (0 by default: a proxy whose active health check should see
the 503 first wants a few seconds) hands every feed its "come back" (Hub.closing) and passes
the signal on to uvicorn, which stops listening and lets the feeds end. Each worker of
``--workers N`` gets the signal from uvicorn's supervisor, and does the same for its own.

Each feed is told a delay of its own (an SSE ``retry:`` line, COME_BACK plus up to SPREAD
milliseconds, at random) before it ends cleanly, so the thousands of feeds of a busy host do
not all return to the others in the same instant (docs/deploy.md, rulings N3)."""

from __future__ import annotations

import asyncio
import os
import random
import signal
import threading
from collections.abc import Callable
from types import FrameType
from typing import Any

from rollplay.errors import RollplayError

DRAIN_ENV = "ROLLPLAY_DRAIN_SECONDS"
DRAIN_MOST = 600.0  # a drain longer than this is a typing slip, not a plan
COME_BACK = 250  # milliseconds: the least a feed is told to wait before it returns
SPREAD = 2750  # milliseconds: plus up to this, at random, so returns are spread out
SIGNALS = (signal.SIGTERM, signal.SIGINT)


def drain_from_env() -> float:
    """ROLLPLAY_DRAIN_SECONDS, or 0: seconds a closing worker keeps serving (its /healthz
    already 503) before its feeds are told to come back and it stops listening."""
    value = os.environ.get(DRAIN_ENV, "").strip()
    if not value:
        return 0.0
    try:
        seconds = float(value)
    except ValueError:
        seconds = -1.0
    if not 0 <= seconds <= DRAIN_MOST:
        raise RollplayError(f"{DRAIN_ENV}={value[:20]!r}: give seconds, 0 to {DRAIN_MOST:g}")
    return seconds


def come_back() -> str:
    """The SSE lines that end a feed of a closing worker: how long its client should wait
    before it reconnects (EventSource takes ``retry:`` as its reconnection time)."""
    return f"retry: {COME_BACK + random.randrange(SPREAD + 1)}\n\n"


Handler = Callable[[int, FrameType | None], Any] | int | signal.Handlers | None


class Closing:
    """Whether this worker is closing (``now``), and the signal hook that makes it so."""

    def __init__(self, leave: Callable[[], None], drain: float = 0.0) -> None:
        self.leave = leave  # tells every feed to come back (Hub.closing), on the event loop
        self.drain = drain
        self.now = False
        self._previous: dict[int, Handler] = {}

    def hook(self) -> None:
        """In the worker's lifespan, after uvicorn has put its own handlers in: ours first,
        then theirs. Not in the main thread (a test's in-process client): nothing to hook."""
        if threading.current_thread() is not threading.main_thread():
            return
        loop = asyncio.get_running_loop()

        def on_signal(number: int, frame: FrameType | None) -> None:
            if self.now:
                # A second Ctrl-C: no more waiting (as uvicorn's own). A second SIGTERM is
                # the same request again: systemd's sends one to every process of the unit,
                # and uvicorn's supervisor another to each worker.
                if number == signal.SIGINT:
                    loop.call_soon_threadsafe(self.leave)
                    self._pass_on(number, frame)
                return
            self.now = True
            loop.call_soon_threadsafe(self._close, loop, number)

        for number in SIGNALS:
            self._previous[number] = signal.signal(number, on_signal)

    def _close(self, loop: asyncio.AbstractEventLoop, number: int) -> None:
        def then() -> None:
            self.leave()
            self._pass_on(number, None)

        loop.call_later(self.drain, then)

    def _pass_on(self, number: int, frame: FrameType | None) -> None:
        previous = self._previous.get(number)
        if callable(previous):
            previous(number, frame)
        elif previous == signal.SIG_DFL:  # nobody else was listening: the default is to stop
            signal.signal(number, signal.SIG_DFL)
            signal.raise_signal(number)

    def unhook(self) -> None:
        """Put back what was there (uvicorn restores its own originals after this)."""
        for number, previous in self._previous.items():
            if previous is not None:
                signal.signal(number, previous)
        self._previous.clear()
