"""Who is calling: a session cookie (with a CSRF token and a matching Origin for writes) or an
API token (``Authorization: Bearer``). Only the service decides what they may do."""

from __future__ import annotations

import hmac
from typing import Any

from fastapi import HTTPException, Request

from rollplay.server.parts import parts
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
    service, recent = parts(request).service, parts(request).recent
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


def own_secret(request: Request) -> str | None:
    """The secret the request signs in with (a Bearer token, else the session cookie)."""
    header = request.headers.get("authorization", "")
    if header.lower().startswith("bearer "):
        return header[7:].strip()
    return request.cookies.get(COOKIE)


def credential(request: Request) -> str | None:
    """The hash of the secret the request signs in with: a live stream keeps it, and ends
    when that session or token is revoked (hub.py)."""
    secret = own_secret(request)
    return None if secret is None else digest(secret)


def client_address(request: Request) -> str:
    client: Any = request.client
    return str(client.host) if client is not None else "unknown"
