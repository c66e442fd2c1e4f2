"""For tests/server/test_hostile_crash.py alone: the app ``rollplay serve`` runs
(``app_from_env``), with one more middleware innermost, inside the Idempotency-Key's: once a
request carrying a key has been answered by its route (its write committed) the worker
kills itself, before the answer is kept, as a crash at that moment would (rulings H11).
Served by ``tests.server.process.serving(app=APP)``; nothing in the server itself can kill
its own process."""

from __future__ import annotations

import os
import signal

from fastapi import FastAPI
from starlette.middleware import Middleware
from starlette.types import ASGIApp, Receive, Scope, Send

from rollplay.server.app import app_from_env

APP = "tests.server.crashing:crashing_app"


class CrashBeforeKeeping:
    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        await self.app(scope, receive, send)
        if scope["type"] == "http" and dict(scope.get("headers", ())).get(b"idempotency-key"):
            os.kill(os.getpid(), signal.SIGKILL)


def crashing_app() -> FastAPI:
    """``rollplay serve``'s app, its innermost middleware the crash (added last to the list
    the app builds its stack from: the innermost, so the Idempotency-Key's is outside it)."""
    app = app_from_env()
    app.user_middleware.append(Middleware(CrashBeforeKeeping))
    return app
