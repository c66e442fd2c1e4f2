"""Two ASGI middlewares: the body limit, and the structured access log (one JSON line per
request on the ``rollplay.access`` logger: time, method, path, status, milliseconds to the
answer's start, client, user). Invite links carry their secret in the path, so it is masked
before a path is logged. A live stream is logged when it starts."""

from __future__ import annotations

import json
import logging
import re
import sys
import time
from collections.abc import Sequence
from datetime import UTC, datetime
from typing import Any

from markupsafe import Markup
from sqlalchemy.exc import InterfaceError, OperationalError
from sqlalchemy.exc import TimeoutError as PoolTimeout
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from rollplay.table.access.throttle import TryLater

MAX_BODY = 64 * 1024  # bytes in a request body
# A character file uploaded (web_characters.py): a real GCS file holds its portrait too.
MAX_UPLOAD = 2 * 1024 * 1024
UPLOADS = (
    "/new-character/upload",
    "/characters/import-sheets",
    "/characters/import/aresmush",
    "/scenes/import",
    "/games/import/aresmush",
)  # issue 38: AresMUSH sheets, scene logs and configs
LOG = logging.getLogger("rollplay.access")
_SECRET_IN_PATH = re.compile(r"inv_[A-Za-z0-9_-]+")


def masked(path: str) -> str:
    return _SECRET_IN_PATH.sub("inv_…", path)


class BodyLimit:
    """A body longer than MAX_BODY gets a 413 before anything reads it, whether its length is
    declared or it streams in chunks (a chunked body is read here, up to the limit, and
    handed on whole: the app's parser would call a cut-off body a malformed one, a 400)."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            return await self.app(scope, receive, send)
        size, chunked = _framing(scope)
        limit = MAX_UPLOAD if str(scope.get("path", "")).endswith(UPLOADS) else MAX_BODY
        if size is not None:
            if not size.isdigit() or int(size) > limit:
                return await _too_big(send, limit)
            return await self.app(scope, receive, send)  # the server holds it to that length
        if not chunked:  # neither a length nor chunks: a request without a body (RFC 9112 6.3)
            return await self.app(scope, receive, send)  # a live feed holds nothing of it here
        held: list[Message] = []
        seen = 0
        while True:
            message = await receive()
            held.append(message)
            if message["type"] != "http.request":
                break  # the client left
            seen += len(message.get("body", b""))
            if seen > limit:
                return await _too_big(send, limit)
            if not message.get("more_body", False):
                break

        async def replayed() -> Message:
            return held.pop(0) if held else await receive()

        await self.app(scope, replayed, send)


def _framing(scope: Scope) -> tuple[bytes | None, bool]:
    """A request's declared length, and whether its body comes in chunks."""
    length, chunked = None, False
    for name, value in scope["headers"]:
        if name == b"content-length":
            length = value
        elif name == b"transfer-encoding":
            chunked = True
    return length, chunked


async def _too_big(send: Send, limit: int) -> None:
    await send_error(send, 413, f"a request body is at most {limit:,} bytes")


async def send_error(send: Send, status: int, message: str,
                     headers: Sequence[tuple[bytes, bytes]] = (),
                     scope: Scope | None = None) -> None:  # fmt: skip
    """An answer from a middleware, as the app's own errors are: ``{"error": "..."}``, or
    for a page's htmx request (``scope`` tells), the fragment it swaps in."""
    if scope is not None and dict(scope.get("headers", ())).get(b"hx-request"):
        body = str(Markup('<p class="error" role="alert">{}</p>').format(message)).encode()
        kind = b"text/html; charset=utf-8"
    else:
        body, kind = json.dumps({"error": message}).encode(), b"application/json"
    await send({"type": "http.response.start", "status": status,
                "headers": [(b"content-type", kind),
                            (b"content-length", str(len(body)).encode()), *headers]})  # fmt: skip
    await send({"type": "http.response.body", "body": body})


class ServerErrors:
    """A bug's answer: a 500 with one line, sent inside SecurityHeaders and AccessLog so it is
    headed and logged like every other answer (Starlette's own handler for ``Exception``
    answers outside every middleware). The traceback goes to the server's log."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            return await self.app(scope, receive, send)
        started = False

        async def watched(message: Message) -> None:
            nonlocal started
            started = started or message["type"] == "http.response.start"
            await send(message)

        try:
            await self.app(scope, receive, watched)
        except Exception:
            if started:  # half an answer is out: nothing to do but end the connection
                raise
            logging.getLogger("rollplay.server").exception(
                "the server failed on %s %s", scope["method"], masked(scope["path"])[:200]
            )
            await send_error(send, 500, SERVER_FAILED, scope=scope)


SERVER_FAILED = "the server failed on this request; it is in the server's log"


# The database did not answer: unreachable, refusing connections, locked past its timeout,
# or its pool exhausted. The request did not happen and may be tried again shortly: a 503.
DOWN = (OperationalError, InterfaceError, PoolTimeout)
RETRY_AFTER = 5  # seconds a client is asked to wait
DOWN_SAID = "the database is not answering: try again in a moment"


def retry_after(exc: Exception) -> dict[str, str] | None:
    """The header that says when to ask again, for an answer refused for now (TryLater: a
    throttle's 429, the password gate's 503, a pose flood's 429); None for any other."""
    return {"Retry-After": str(exc.retry_after)} if isinstance(exc, TryLater) else None


def database_trouble(exc: Exception) -> None:
    """One line in the server's log for each request the database failed."""
    logging.getLogger("rollplay.server").warning(
        "the database did not answer: %s", str(exc).splitlines()[0][:300] if str(exc) else exc
    )


async def database_down(send: Send, exc: Exception) -> None:
    database_trouble(exc)
    await send_error(send, 503, DOWN_SAID, [(b"retry-after", str(RETRY_AFTER).encode())])


class AccessLog:
    def __init__(self, app: ASGIApp) -> None:
        self.app = app
        if not LOG.handlers:  # one JSON object per line on stderr, nothing added to it
            handler = logging.StreamHandler(sys.stderr)
            handler.setFormatter(logging.Formatter("%(message)s"))
            LOG.addHandler(handler)
            LOG.setLevel(logging.INFO)
            LOG.propagate = False

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            return await self.app(scope, receive, send)
        started = time.perf_counter()
        answered = False

        async def logged(message: Message) -> None:
            nonlocal answered
            if message["type"] == "http.response.start":
                answered = True
                LOG.info(json.dumps(_line(scope, message["status"], started)))
            await send(message)

        try:
            await self.app(scope, receive, logged)
        except Exception:
            if not answered:  # the server's own error page answers it: a 500, logged here
                LOG.info(json.dumps(_line(scope, 500, started)))
            raise


def _line(scope: Scope, status: int, started: float) -> dict[str, Any]:
    client = scope.get("client")
    state = scope.get("state") or {}
    return {
        "time": datetime.now(UTC).isoformat(timespec="milliseconds"),
        "method": scope["method"],
        "path": masked(scope["path"]),
        "status": status,
        "ms": round((time.perf_counter() - started) * 1000, 1),
        "client": client[0] if client else None,
        "user": state.get("user"),
    }
