"""``Idempotency-Key`` on writes (docs/api.md): a signed-in client that sends a write again
with the same key, after an answer it never got, gets that answer again and changes nothing
twice. The key is the user's (two users' keys never meet), kept a day
(table/store/idempotency.py); the same key with another request is a 422, and while the
first is still being answered, a 409. Nothing is kept of a write carrying a password, of a
read, or of an answer over LARGEST (docs/rulings.md, H7 and H8), nor of an answer holding a
secret shown once, on any route (H14). A command stores its answer with its write, in its
own transaction (Service.execute under ``keys.KEYED``), so a claim cut off after its write
is answered from that, never run again (H11). An answer is kept before it is sent.

An ASGI middleware, inside the body limit: it reads the caller as the routes do (auth.py),
and a request it cannot place (nobody signed in, a bad token or CSRF header) goes on as if
it had no key, for the route to refuse as usual."""

from __future__ import annotations

import hashlib
import re
import time
from typing import assert_never

from fastapi import HTTPException, Request
from sqlalchemy import Engine
from starlette.concurrency import run_in_threadpool
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from rollplay.server.access import DOWN, database_down, database_trouble, send_error
from rollplay.server.auth import caller
from rollplay.server.parts import parts
from rollplay.table.access.shown_once import SHOWN_ONCE
from rollplay.table.store import idempotency as keys

WRITES = {"POST", "PUT", "PATCH", "DELETE"}
HEADER = b"idempotency-key"
_KEY = re.compile(r"[\x21-\x7e]{1,200}")  # visible ASCII: a UUID, a counter, a hash
# An answer's headers that belong to its moment, not to the answer itself.
_NOT_KEPT = {"content-length", "date", "server", "set-cookie"}
# Writes whose body holds a password (signing in, taking an invite, changing a password) take
# no key at all: a fingerprint of the body is a fast, unsalted hash of the password, and
# would sit in the database for a day (docs/rulings.md, H7).
_PASSWORDS = re.compile(r"/api/v1/(login|password|invites/accept)|/login|/account/password"
                        r"|/invite/[^/]+")  # fmt: skip
WITHHELD = "rollplay-withheld"  # in a kept answer's headers: why its body is not kept
_SECRET = "a secret"
_TOO_LARGE = "too large"
LARGEST = 64 * 1024  # the largest answer body kept; a retry of a larger one is told it was done
# Set by a route on a command that wrote no event (a log, a sheet shown, a combat's status):
# a read is not kept, as its retry may simply run again. Never sent to the client.
READ_ONLY = b"rollplay-read-only"
_SWEEP_EVERY = 300.0  # seconds between sweeps of expired keys, per worker


class Idempotency:
    def __init__(self, app: ASGIApp) -> None:
        self.app = app
        self.swept = 0.0

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        key = dict(scope.get("headers", ())).get(HEADER)
        if scope["type"] != "http" or scope["method"] not in WRITES:
            return await self.app(scope, receive, send)
        if key is None or _PASSWORDS.fullmatch(scope["path"]):
            return await self.app(scope, receive, _unmarked(send))
        text = key.decode("latin-1")
        if not _KEY.fullmatch(text):
            return await send_error(send, 400, "an Idempotency-Key is 1 to 200 visible "
                                               "ASCII characters (a UUID will do)",
                                    scope=scope)  # fmt: skip
        request = Request(scope)
        engine = parts(request).service.engine
        try:
            user = await run_in_threadpool(_user_of, request)
            if user is None:
                return await self.app(scope, receive, _unmarked(send))
            body, replay = await _read(receive)
            fingerprint = _fingerprint(scope, body)
            await self._sweep(engine)
            claim = await run_in_threadpool(keys.claim, engine, user, text, fingerprint)
        except DOWN as exc:
            return await database_down(send, exc)
        match claim:
            case keys.Answered(_, headers, _) if (WITHHELD, _SECRET) in headers:
                said = "the write with this Idempotency-Key was done; its answer held a secret"
                await send_error(send, 409, said + " that is shown once, and is not kept",
                                 scope=scope)  # fmt: skip
            case keys.Answered(_, headers, _) if (WITHHELD, _TOO_LARGE) in headers:
                said = "the write with this Idempotency-Key was done; its answer was too large"
                await send_error(send, 409, said + " to keep", scope=scope)
            case keys.Answered(status, headers, stored):
                kept = [(k.encode("latin-1"), v.encode("latin-1")) for k, v in headers]
                kept += [(b"idempotent-replayed", b"true"),
                         (b"content-length", str(len(stored)).encode())]  # fmt: skip
                await send({"type": "http.response.start", "status": status, "headers": kept})
                await send({"type": "http.response.body", "body": stored})
            case keys.Mismatch():
                await send_error(send, 422, "this Idempotency-Key was sent before with another "
                                            "request: use a new key for a new write",
                                 scope=scope)  # fmt: skip
            case keys.Busy():
                said = "the request with this Idempotency-Key is still being answered: try again"
                await send_error(send, 409, said + " in a moment", [(b"retry-after", b"1")],
                                 scope=scope)  # fmt: skip
            case keys.Claimed(row, done):  # ``done``: its write was made before (H11)
                keyed = keys.Keyed(row, done, written=done is not None)
                await self._answer(scope, replay, send, engine, keyed)
            case _:
                assert_never(claim)

    async def _answer(self, scope: Scope, receive: Receive, send: Send, engine: Engine,
                      keyed: keys.Keyed) -> None:  # fmt: skip
        """Run the request under its claim (``keyed``: a command stores its answer with its
        write, Service.execute), then keep its answer, or free the claim for its retry."""
        row = keyed.row
        kept = _Answer(_unmarked(send))
        # Whatever route it is, an answer holding a secret shown once (an API token, an
        # invite link, a link code) is not kept: the service says when it makes one.
        secrets: list[str] = []
        mark, marked = SHOWN_ONCE.set(secrets), keys.KEYED.set(keyed)
        try:
            await self.app(scope, receive, kept)
        except BaseException:
            await run_in_threadpool(keys.release if keyed.written else keys.drop, engine, row)
            raise
        finally:
            SHOWN_ONCE.reset(mark)
            keys.KEYED.reset(marked)
        # A write done is never run again: its claim is released to its retry, which is
        # answered from what the command stored; only a claim that wrote nothing is dropped.
        free = keys.release if keyed.written else keys.drop
        status, body = kept.status, bytes(kept.body)
        try:
            # A server error or a throttle did not happen, and a read may run again: the key
            # stays free for the retry.
            if status >= 500 or status in (408, 429) or status == 0 or kept.read:
                await run_in_threadpool(free, engine, row)
            else:
                shown = [(k, v) for k, v in kept.headers if k not in _NOT_KEPT]
                if secrets:
                    shown, body = [(WITHHELD, _SECRET)], b""
                elif len(body) > LARGEST:
                    shown, body = [(WITHHELD, _TOO_LARGE)], b""
                await run_in_threadpool(keys.keep, engine, row, status, shown, body)
        except DOWN as exc:  # the claim stays and is taken over later
            database_trouble(exc)
        await kept.flush()

    async def _sweep(self, engine: Engine) -> None:
        moment = time.monotonic()
        if moment - self.swept > _SWEEP_EVERY:
            self.swept = moment
            await run_in_threadpool(keys.expire, engine)


class _Answer:
    """A route's answer as it is made: its status, headers and body, held until it is kept
    and then sent (``flush``), so a client that has an answer can retry and be answered
    again at once (no 409 "still being answered" in between). One too large to keep goes
    out as it comes."""

    def __init__(self, out: Send) -> None:
        self.out = out
        self.status = 0
        self.headers: list[tuple[str, str]] = []
        self.body = bytearray()
        self.read = False  # the route marked it a read (READ_ONLY)
        self.held: list[Message] = []
        self.passing = False

    async def __call__(self, message: Message) -> None:
        if self.passing:
            await self.out(message)
            return
        if message["type"] == "http.response.start":
            self.status = message["status"]
            self.headers.extend((k.decode("latin-1").lower(), v.decode("latin-1"))
                                for k, v in message.get("headers", ()))  # fmt: skip
            self.read = any(k == READ_ONLY.decode() for k, _ in self.headers)
        elif message["type"] == "http.response.body":
            self.body.extend(message.get("body", b""))
        self.held.append(message)
        if len(self.body) > LARGEST:
            self.passing = True
            await self.flush()

    async def flush(self) -> None:
        for message in self.held:
            await self.out(message)
        self.held.clear()


def _unmarked(send: Send) -> Send:
    """``send`` without the routes' READ_ONLY mark: it is for this middleware alone."""

    async def sending(message: Message) -> None:
        if message["type"] == "http.response.start":
            headers = [(k, v) for k, v in message.get("headers", ()) if k.lower() != READ_ONLY]
            message = {**message, "headers": headers}
        await send(message)

    return sending


def _user_of(request: Request) -> int | None:
    try:
        service = caller(request)
    except HTTPException:
        return None
    return None if service is None else service.actor.user_id


async def _read(receive: Receive) -> tuple[bytes, Receive]:
    """The whole body (the body limit bounds it), and a receive that hands it on."""
    held: list[Message] = []
    body = bytearray()
    while True:
        message = await receive()
        held.append(message)
        if message["type"] != "http.request":
            break
        body.extend(message.get("body", b""))
        if not message.get("more_body", False):
            break

    async def replay() -> Message:
        return held.pop(0) if held else await receive()

    return bytes(body), replay


def _fingerprint(scope: Scope, body: bytes) -> str:
    said = hashlib.sha256()
    for part in (scope["method"].encode(), scope["path"].encode(), scope["query_string"], body):
        said.update(len(part).to_bytes(8, "big") + part)
    return said.hexdigest()
