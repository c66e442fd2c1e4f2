"""A write answered by this worker wakes its live feeds at once (issue 30's bar: a pose
reaches every open screen with p95 under 100 ms; docs/performance.md "Scenes"): without it
the hub learned of a pose made here only at its next look at the newest event (SQLite: up
to 20 ms later) or from PostgreSQL's notification's round trip. The hub reads each watched
game from where it stopped, so a wake with nothing new costs one indexed read, and the
database stays the one source: writes made elsewhere still arrive as before."""

from __future__ import annotations

from starlette.types import ASGIApp, Message, Receive, Scope, Send

from rollplay.server.hub import Hub

SAFE = frozenset({"GET", "HEAD", "OPTIONS"})


class WakeHub:
    """Pure ASGI (no re-streaming of the live feeds it passes): after a write's answer
    has started with a success (its transaction committed), the hub reads its games."""

    def __init__(self, app: ASGIApp, hub: Hub) -> None:
        self.app = app
        self.hub = hub

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http" or scope["method"] in SAFE:
            await self.app(scope, receive, send)
            return

        async def sent(message: Message) -> None:
            await send(message)
            if message["type"] == "http.response.start" and message["status"] < 400:
                self.hub.wake_all()

        await self.app(scope, receive, sent)
