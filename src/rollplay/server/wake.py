"""A write answered by this worker wakes its live feeds at once (issue 30's bar: a pose
reaches every open screen with p95 under 100 ms; docs/performance.md "Scenes"): without it
the hub learned of a pose made here only at its next look at the newest event (SQLite: up
to 20 ms later). A wake is one look at the rows past the newest id the hub knew (on
PostgreSQL nothing: the notification is already on its way), and only the games written to
are read, so a write costs nothing per watched game (issue 39); the database stays the one
source: writes made elsewhere still arrive as before."""

from __future__ import annotations

from starlette.types import ASGIApp, Message, Receive, Scope, Send

from rollplay.server.hub import Hub

SAFE = frozenset({"GET", "HEAD", "OPTIONS"})


class WakeHub:
    """Pure ASGI (no re-streaming of the live feeds it passes): after a write's answer
    has started with a success (its transaction committed), the hub looks for new events."""

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
                self.hub.poke()

        await self.app(scope, receive, sent)
