"""The API (docs/api.md): FastAPI routes over the table service. Each route is thin: who is
calling (auth.py), one service call, and the answer as JSON. Errors are a 4xx with
``{"error": "one line"}``."""

from __future__ import annotations

import os
from typing import Annotated, Any

from fastapi import Depends, FastAPI, HTTPException, Request, Response
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse
from pydantic import BaseModel, Field
from starlette.concurrency import run_in_threadpool

from rollplay.errors import RollplayError
from rollplay.server.auth import COOKIE, Throttle, acting, client_address
from rollplay.server.hub import Hub
from rollplay.server.live import event_stream
from rollplay.table.accounts import SESSION_DAYS, SignInError
from rollplay.table.authz import Forbidden
from rollplay.table.db import StorageError
from rollplay.table.service import Service

MAX_BODY = 64 * 1024  # bytes in a request body
Acting = Annotated[Service, Depends(acting)]  # the service, acting for the caller


class Login(BaseModel):
    name: str = Field(max_length=100)
    password: str = Field(max_length=1024)


class CommandLine(BaseModel):
    text: str = Field(max_length=1000)
    visibility: str | None = None


class TokenRequest(BaseModel):
    label: str = Field(default="token", max_length=100)


def create_app(db: str | None = None) -> FastAPI:
    app = FastAPI(title="rollplay", version="1", openapi_url="/api/v1/openapi.json",
                  docs_url="/api/v1/docs", redoc_url=None)  # fmt: skip
    app.state.service = Service(db)
    app.state.hub = Hub(app.state.service)
    throttle = Throttle()
    _errors(app)

    @app.middleware("http")
    async def limit_body(request: Request, call_next: Any) -> Any:
        size = request.headers.get("content-length")
        if size is not None and (not size.isdecimal() or int(size) > MAX_BODY):
            return JSONResponse({"error": f"a request body is at most {MAX_BODY:,} bytes"}, 413)
        return await call_next(request)

    @app.get("/healthz")
    def healthz() -> dict[str, Any]:
        return {"ok": True}

    @app.post("/api/v1/login")
    def login(body: Login, request: Request, response: Response) -> dict[str, Any]:
        keys = (f"name:{body.name.casefold()}", f"addr:{client_address(request)}")
        throttle.check(*keys)
        try:
            signed = app.state.service.sign_in(body.name, body.password)
        except SignInError:
            throttle.failed(*keys)
            raise
        response.set_cookie(COOKIE, signed["session"], max_age=SESSION_DAYS * 86400,
                            httponly=True, samesite="lax",
                            secure=request.url.scheme == "https")  # fmt: skip
        return {"user": signed["user"], "csrf_token": signed["csrf_token"]}

    @app.post("/api/v1/logout")
    def logout(request: Request, response: Response, service: Acting,
               everywhere: bool = False) -> dict[str, Any]:  # fmt: skip
        cookie = request.cookies.get(COOKIE)
        if cookie:
            service.sign_out(cookie, everywhere=everywhere)
        response.delete_cookie(COOKIE)
        return {"signed_out": True, "everywhere": everywhere}

    @app.post("/api/v1/tokens")
    def new_token(body: TokenRequest, service: Acting) -> dict[str, Any]:
        return service.new_token(body.label)

    @app.delete("/api/v1/tokens/{token_id}")
    def revoke_token(token_id: int, service: Acting) -> dict[str, Any]:
        service.revoke_token(token_id)
        return {"revoked": token_id}

    @app.get("/api/v1/games")
    def games(service: Acting) -> list[dict[str, Any]]:
        return service.games()

    @app.get("/api/v1/games/{game}")
    def game(game: str, service: Acting) -> dict[str, Any]:
        return service.game(game)

    @app.get("/api/v1/games/{game}/characters/{name}")
    def character(game: str, name: str, service: Acting) -> dict[str, Any]:
        return service.character(game, name)

    @app.post("/api/v1/games/{game}/commands")
    def command(game: str, body: CommandLine,
                service: Acting) -> dict[str, Any]:  # fmt: skip
        return run_line(service, game, body.text, body.visibility)

    @app.get("/api/v1/games/{game}/log")
    def log(game: str, service: Acting, character: str | None = None, limit: int = 50,
            format: str = "json") -> Any:  # fmt: skip
        if format in ("jsonl", "csv"):
            text = service.export_log(format, game_name=game, character=character)
            kind = "application/x-ndjson" if format == "jsonl" else "text/csv"
            return Response(text, media_type=kind)
        if format != "json":
            raise RollplayError(f"unknown format {format!r}; accepted: json, jsonl, csv")
        return service.log(game_name=game, character=character, limit=limit or None)

    @app.get("/api/v1/games/{game}/events")
    async def events(game: str, request: Request, service: Acting, *, after: int | None = None,
                     format: str = "sse", limit: int = 100) -> Any:  # fmt: skip
        start = after if after is not None else _last_event_id(request)
        if format == "json":
            return await run_in_threadpool(service.events_for, game, start, limit)
        if format != "sse":
            raise RollplayError(f"unknown format {format!r}; accepted: sse, json")
        return await event_stream(app.state.hub, service, game, start)

    return app


def run_line(service: Service, game: str, text: str, visibility: str | None) -> dict[str, Any]:
    """One line of the command language for the caller (a `visibility` overrides a roll's)."""
    import dataclasses

    from rollplay.grammar import parse

    words = service.vocabulary(game)
    command = parse(text, system=words["system"], game=words["game"],
                    abilities=words["abilities"], characters=words["characters"])  # fmt: skip
    if visibility is not None:
        if visibility not in ("public", "private", "secret"):
            raise RollplayError(
                f"unknown visibility {visibility!r}; accepted: public, private, secret"
            )
        if not hasattr(command, "visibility"):
            raise RollplayError(f"{type(command).__name__} has no visibility to set")
        command = dataclasses.replace(command, visibility=visibility)  # type: ignore[arg-type]
    return service.execute(command)


def _last_event_id(request: Request) -> int:
    raw = request.headers.get("last-event-id", "0").strip() or "0"
    if not raw.isdecimal():
        raise RollplayError(f"Last-Event-ID is an event's number, not {raw[:40]!r}")
    return int(raw)


def _errors(app: FastAPI) -> None:
    """Every error as a status and one line: {"error": "..."}."""

    def answer(status: int, message: str) -> JSONResponse:
        return JSONResponse({"error": " ".join(message.split())}, status)

    @app.exception_handler(RollplayError)
    async def rollplay_error(_: Request, exc: RollplayError) -> JSONResponse:
        if isinstance(exc, SignInError):
            return answer(401, str(exc))
        if isinstance(exc, Forbidden):
            return answer(403, str(exc))
        if isinstance(exc, StorageError) and str(exc).startswith("no "):
            return answer(404, str(exc))
        return answer(400, str(exc))

    @app.exception_handler(HTTPException)
    async def http_error(_: Request, exc: HTTPException) -> JSONResponse:
        return answer(exc.status_code, str(exc.detail))

    @app.exception_handler(RequestValidationError)
    async def bad_request(_: Request, exc: RequestValidationError) -> JSONResponse:
        first = exc.errors()[0] if exc.errors() else {}
        where = ".".join(str(p) for p in first.get("loc", ()) if p != "body")
        return answer(422, f"{where or 'the request'}: {first.get('msg', 'not understood')}")


def app_from_env() -> FastAPI:
    """The app for ``uvicorn --factory`` (``rollplay serve``): the database in the env."""
    return create_app(os.environ.get("ROLLPLAY_DATABASE_URL"))
