"""The headers every answer carries, pages, JSON, files and errors alike (docs/deploy.md):
no page may be framed (a framed table can be clicked into spending luck), no script or
style runs unless it is one of the server's own files, and no answer is sniffed as another
type or names the page it came from to another site."""

from __future__ import annotations

from starlette.types import ASGIApp, Message, Receive, Scope, Send

POLICY = "; ".join([
    "default-src 'self'",
    "script-src 'self'",  # no inline script, no eval: htmx runs with allowEval false
    "style-src 'self'",  # htmx's indicator styles are in rollplay.css, not injected
    "img-src 'self' data:",
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    "frame-ancestors 'none'",
])  # fmt: skip
HEADERS: list[tuple[bytes, bytes]] = [
    (b"content-security-policy", POLICY.encode()),
    (b"x-frame-options", b"DENY"),
    (b"x-content-type-options", b"nosniff"),
    (b"referrer-policy", b"same-origin"),
]
_NAMES = {name for name, _ in HEADERS}


class SecurityHeaders:
    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            return await self.app(scope, receive, send)

        async def headed(message: Message) -> None:
            if message["type"] == "http.response.start":
                kept = [(k, v) for k, v in message.get("headers", ()) if k.lower() not in _NAMES]
                message = {**message, "headers": kept + HEADERS}
            await send(message)

        await self.app(scope, receive, headed)
