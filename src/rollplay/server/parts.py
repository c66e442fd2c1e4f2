"""What every request shares: the owner's service, the live hub, the sign-in throttle and
the memory of recent sign-ins, typed, so no handler reads ``app.state`` by guesswork."""

from __future__ import annotations

import time
from collections import defaultdict, deque
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from fastapi import FastAPI, HTTPException, Request

from rollplay.server.hub import Hub
from rollplay.table.service import Service


@dataclass(frozen=True)
class Parts:
    service: Service  # the owner's: acting(...) narrows it to a caller
    hub: Hub
    throttle: Throttle
    recent: Recent


def install(app: FastAPI, service: Service, hub: Hub) -> None:
    app.state.parts = Parts(service, hub, Throttle(), Recent())


def parts(request: Request) -> Parts:
    found: Parts = request.app.state.parts
    return found


class Recent:
    """Whom a token or a session signed in, remembered for REMEMBER seconds, so a busy
    script's or page's every request is not a database read. Revoking a token or signing
    out forgets everything in the worker that did it; other workers forget within
    REMEMBER seconds. Only found secrets are kept (unknown ones are asked again)."""

    REMEMBER = 2.0

    def __init__(self) -> None:
        self.seen: dict[str, tuple[float, Any]] = {}

    def get(self, key: str, load: Callable[[], Any]) -> Any:
        now = time.monotonic()
        hit = self.seen.get(key)
        if hit is not None and hit[0] > now:
            return hit[1]
        value = load()
        if value is not None:
            if len(self.seen) > 10_000:
                self.seen.clear()
            self.seen[key] = (now + self.REMEMBER, value)
        return value

    def forget(self) -> None:
        self.seen.clear()


class Throttle:
    """At most ``limit`` failed sign-ins per name and per address in ``window`` seconds."""

    def __init__(self, limit: int = 10, window: float = 300.0) -> None:
        self.limit, self.window = limit, window
        self.failures: dict[str, deque[float]] = defaultdict(deque)

    def check(self, *keys: str) -> None:
        cutoff = time.monotonic() - self.window
        for key in keys:
            seen = self.failures[key]
            while seen and seen[0] < cutoff:
                seen.popleft()
            if len(seen) >= self.limit:
                raise HTTPException(429, "too many failed sign-ins: wait a few minutes")

    def failed(self, *keys: str) -> None:
        now = time.monotonic()
        for key in keys:
            self.failures[key].append(now)
