"""What every request shares: the owner's service, the live hub, the memory of recent
sign-ins and the exports under way, typed, so no handler reads ``app.state`` by guesswork;
and the throttle around sign-ins and invites (kept in the database, so every worker shares
it)."""

from __future__ import annotations

import threading
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Annotated, Any, TypeVar

from fastapi import Depends, FastAPI, Request

from rollplay.server.hub import Hub
from rollplay.server.streams import EXPORTS, Slots
from rollplay.table.access import throttle
from rollplay.table.access.throttle import Policy
from rollplay.table.service import Service

T = TypeVar("T")


@dataclass(frozen=True)
class Parts:
    service: Service  # the owner's: acting(...) narrows it to a caller
    hub: Hub  # with the live feeds' Slots
    recent: Recent
    exports: Slots  # the exports each user has under way (streams.exported)


def install(app: FastAPI, service: Service, hub: Hub) -> None:
    app.state.parts = Parts(service, hub, Recent(), Slots(EXPORTS))


def parts(request: Request) -> Parts:
    found: Parts = request.app.state.parts
    return found


def _exports(request: Request) -> Slots:
    return parts(request).exports


Exports = Annotated[Slots, Depends(_exports)]  # a route's export slots (streams.exported)


def revoked(request: Request) -> None:
    """After a sign-in was ended (signed out, a session ended, a token revoked, a password
    changed): this worker forgets whom secrets sign in, and closes at once every live feed
    opened with one that no longer does."""
    found = parts(request)
    found.recent.forget()
    found.hub.drop_revoked()


def guarded(request: Request, keys: list[tuple[str, Policy]], attempt: Callable[[], T]) -> T:
    """``attempt`` (a sign-in, an invite taken), counted by the database's throttle
    (table/access/throttle.py) before it runs: it raises TryLater (429) when these keys must
    wait. A failed attempt stays counted; one that succeeds clears its first key."""
    service = parts(request).service
    throttle.claim(service, keys)
    result = attempt()
    throttle.passed(service, keys)
    return result


class Recent:
    """Whom a token or a session signed in, remembered for REMEMBER seconds, so a busy
    script's or page's every request is not a database read. Any revocation in this worker
    (signing out, a token revoked, a password changed) forgets everything here, and a look-up
    that was under way meanwhile is not kept; other workers forget within REMEMBER seconds.
    Only found secrets are kept (unknown ones are asked again)."""

    REMEMBER = 2.0

    def __init__(self) -> None:
        self.seen: dict[str, tuple[float, Any]] = {}
        self.generation = 0
        self.lock = threading.Lock()

    def get(self, key: str, load: Callable[[], Any]) -> Any:
        now = time.monotonic()
        hit = self.seen.get(key)
        if hit is not None and hit[0] > now:
            return hit[1]
        began = self.generation
        value = load()
        with self.lock:
            # A revocation during the load: what it read may be revoked already.
            if value is not None and began == self.generation:
                if len(self.seen) > 10_000:
                    self.seen.clear()
                self.seen[key] = (now + self.REMEMBER, value)
        return value

    def forget(self) -> None:
        with self.lock:
            self.generation += 1
            self.seen.clear()
