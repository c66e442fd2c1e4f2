"""Who is calling: a session cookie (with a CSRF token and a matching Origin for writes) or an
API token (``Authorization: Bearer``). Only the service decides what they may do."""

from __future__ import annotations

import hmac
import time
from collections import defaultdict, deque
from collections.abc import Callable
from typing import Any

from fastapi import HTTPException, Request

from rollplay.table.access.accounts import digest
from rollplay.table.service import Service

COOKIE = "rollplay_session"
SAFE = {"GET", "HEAD", "OPTIONS"}


def acting(request: Request) -> Service:
    """The service, acting for the caller; 401 when nobody is signed in."""
    service = caller(request)
    if service is None:
        raise HTTPException(401, "sign in first (POST /api/v1/login), or send a Bearer token")
    return service


def caller(request: Request) -> Service | None:
    """The service acting for whoever the request signs in, or None for nobody. A Bearer token
    that is unknown is refused rather than ignored (a script should learn its token is bad)."""
    service: Service = request.app.state.service
    recent: Recent = request.app.state.recent
    header = request.headers.get("authorization", "")
    if header.lower().startswith("bearer "):
        token = header[7:].strip()
        actor = recent.get("token " + token, lambda: service.token_actor(token))
        if actor is None:
            raise HTTPException(401, "that API token is unknown or revoked")
        request.state.user = actor.name
        return service.acting(actor)
    cookie = request.cookies.get(COOKIE)
    found = None
    if cookie is not None:
        found = recent.get("session " + cookie, lambda: service.session_actor(cookie))
    if found is None:
        return None
    actor, csrf_hash = found
    if request.method not in SAFE:
        sent = request.headers.get("x-csrf-token", "")
        if not hmac.compare_digest(digest(sent), csrf_hash):
            raise HTTPException(403, "a write with a session needs its X-CSRF-Token header")
        check_origin(request)
    request.state.user = actor.name
    return service.acting(actor)


def check_origin(request: Request) -> None:
    """A browser's write must come from this site's own pages."""
    origin = request.headers.get("origin")
    if origin is not None and origin.split("://", 1)[-1] != request.headers.get("host"):
        raise HTTPException(403, f"a write from another site ({origin[:100]}) is refused")


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


def client_address(request: Request) -> str:
    client: Any = request.client
    return str(client.host) if client is not None else "unknown"
