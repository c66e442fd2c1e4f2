"""The online table's server (docs/api.md): FastAPI routes over the table service, in
routers named for what they serve (accounts.py, games.py, pages.py). Each route is thin: who
is calling (auth.py), one service call, the answer as JSON. Errors are a 4xx with
``{"error": "one line"}``; access.py logs each request as one JSON line."""

from __future__ import annotations

import os
import sys
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import FileResponse, HTMLResponse, JSONResponse, Response
from fastapi.staticfiles import StaticFiles
from markupsafe import Markup
from starlette.exceptions import HTTPException  # FastAPI's and the router's own (404, 405)

from rollplay.errors import RollplayError
from rollplay.public_url import setting
from rollplay.server import (
    accounts,
    games,
    pages,
    scenes_api,
    seeds,
    web,
    web_admin,
    web_aresmush,
    web_characters,
    web_combat,
    web_imports,
    web_log,
    web_npcs,
    web_permalink,
    web_poses,
    web_record,
    web_scene_combat,
    web_scene_controls,
    web_scene_import,
    web_scenes,
    web_sheets,
)
from rollplay.server.access import (
    DOWN,
    DOWN_SAID,
    RETRY_AFTER,
    SERVER_FAILED,
    AccessLog,
    BodyLimit,
    ServerErrors,
    database_trouble,
    masked,
    retry_after,
)
from rollplay.server.closing import Closing, drain_from_env
from rollplay.server.headers import SecurityHeaders
from rollplay.server.hub import Hub
from rollplay.server.idempotency import Idempotency
from rollplay.server.parts import install
from rollplay.server.streams import Caps, caps_from_env
from rollplay.server.wake import WakeHub
from rollplay.table.access.accounts import SignInError
from rollplay.table.access.authz import Forbidden
from rollplay.table.access.invites import InviteError
from rollplay.table.access.throttle import TryLater
from rollplay.table.service import Service
from rollplay.table.store.db import StorageError

ROUTERS = (
    # First: /games/{game}/scenes/search must be matched before a scene's number is read.
    web_record.api,
    web_record.pages,
    web_scene_import.pages,  # /scenes/import before a scene's number is read (issue 38)
    web_scene_import.api,
    accounts.router,
    games.router,
    pages.router,
    web.router,
    web_sheets.router,
    web_admin.router,
    web_aresmush.router,
    web_aresmush.api,
    web_characters.router,
    web_imports.router,
    web_imports.api,
    web_npcs.router,
    web_combat.router,
    web_log.router,
    web_permalink.router,
    web_scene_controls.router,  # before web_scenes's POST .../scenes/{number}/{control}
    web_scenes.router,
    web_scene_combat.router,
    web_poses.router,
    scenes_api.router,
    seeds.router,
    seeds.pages,
)
STATIC = Path(__file__).with_name("static")  # the pages' files; vendor/: htmx (manifest.json)


def create_app(
    db: str | None = None,
    *,
    access_log: bool = False,
    streams: Caps | None = None,
    public_url: str | None = None,
    drain: float = 0.0,
) -> FastAPI:
    """The table's app; ``public_url`` starts every link it makes (None: the address each
    request came to); ``drain``: seconds a closing worker keeps serving before its feeds are
    told to come back and it stops listening (closing.py)."""
    service = Service(db)
    hub = Hub(service, streams)
    closing = Closing(hub.closing, drain)

    @asynccontextmanager
    async def lifespan(_: FastAPI) -> AsyncIterator[None]:
        closing.hook()  # SIGTERM/SIGINT: the feeds told to come back, /healthz 503
        try:
            yield
        finally:
            closing.unhook()
            await hub.close()
            await hub.slots.close()  # this worker's feeds stop counting on every worker
            service.close()

    app = FastAPI(title="rollplay", version="1", openapi_url="/api/v1/openapi.json",
                  docs_url=None, redoc_url=None, lifespan=lifespan)  # fmt: skip
    install(app, service, hub)
    app.state.public_url = public_url
    app.add_middleware(WakeHub, hub=hub)  # innermost: a write's answer wakes the feeds
    app.add_middleware(Idempotency)  # inside the body limit: it reads bodies
    app.add_middleware(BodyLimit)
    app.add_middleware(ServerErrors)  # inside SecurityHeaders: a 500 is headed too
    app.add_middleware(SecurityHeaders)  # outside BodyLimit: its 413 is headed too
    if access_log:
        app.add_middleware(AccessLog)  # added last: outermost, so it sees every answer
    _errors(app)

    @app.get("/healthz", tags=["server"], responses={503: {"description": "closing, or "
             "(with ?db=1) the database does not answer"}})  # fmt: skip
    def healthz(db: bool = False) -> JSONResponse:
        """For a proxy or a monitor: 200 while this worker takes requests, 503 once it is
        closing (SIGTERM or SIGINT: a restart; closing.py), so a proxy's active check stops
        sending to it. Without ``db`` it does not touch the database; ``?db=1`` also reads
        one row (the newest event's id), for a check that the host can reach PostgreSQL."""
        if closing.now:
            return JSONResponse({"ok": False, "closing": True}, 503)
        if db:
            try:
                service.latest_event()
            except DOWN:
                return JSONResponse({"ok": False, "database": False}, 503)
        return JSONResponse({"ok": True})

    @app.get("/favicon.ico", include_in_schema=False)
    def favicon() -> FileResponse:
        """The pages name their icon (base.html); this answers what browsers ask for anyway."""
        return FileResponse(STATIC / "favicon.svg", media_type="image/svg+xml")

    for router in ROUTERS:
        app.include_router(router)
    app.mount("/static", StaticFiles(directory=STATIC), name="static")
    return app


def _errors(app: FastAPI) -> None:
    """Every error as a status and one line: {"error": "..."}."""

    def answer(status: int, message: str, request: Request | None = None,
               headers: dict[str, str] | None = None) -> Response:  # fmt: skip
        said = " ".join(message.split())
        if request is not None and request.headers.get("hx-request"):  # a page swaps it in
            fragment = Markup('<p class="error" role="alert">{}</p>').format(said)
            # Signed out while the page was open: htmx takes the browser to sign in.
            if status == 401:
                headers = {**(headers or {}), "HX-Redirect": "/"}
            return HTMLResponse(fragment, status, headers=headers)
        return JSONResponse({"error": said}, status, headers=headers)

    @app.exception_handler(RollplayError)
    async def rollplay_error(request: Request, exc: RollplayError) -> Response:
        if isinstance(exc, SignInError):
            return answer(401, str(exc), request)
        if isinstance(exc, TryLater):  # throttled (429) or the password gate full (503)
            return answer(exc.status, str(exc), request, retry_after(exc))
        if isinstance(exc, Forbidden):
            return answer(403, str(exc), request)
        if isinstance(exc, InviteError):
            return answer(410, str(exc), request)
        if isinstance(exc, StorageError) and str(exc).startswith("no "):
            return answer(404, str(exc), request)
        if isinstance(exc, StorageError) and str(exc).startswith("there is already"):
            return answer(409, str(exc), request)
        return answer(400, str(exc), request)

    async def database_down(request: Request, exc: Exception) -> Response:
        database_trouble(exc)
        said = answer(503, DOWN_SAID, request)
        said.headers["Retry-After"] = str(RETRY_AFTER)
        return said

    for kind in DOWN:
        app.add_exception_handler(kind, database_down)

    @app.exception_handler(Exception)
    async def server_error(request: Request, exc: Exception) -> Response:
        # A bug in a middleware outside ServerErrors (access.py, which answers the rest):
        # the traceback goes to the server's log, the caller gets one line.
        return answer(500, SERVER_FAILED)

    @app.exception_handler(HTTPException)
    async def http_error(request: Request, exc: HTTPException) -> Response:
        where = f"{request.method} {masked(request.url.path)[:200]}"
        if exc.detail == "Not Found":  # the router's own: no route matched
            return answer(404, f"no such endpoint: {where} (the API: /api/v1/openapi.json)")
        if exc.detail == "Method Not Allowed":
            return answer(405, f"{where} is not allowed (the API: /api/v1/openapi.json)")
        return answer(exc.status_code, str(exc.detail), request)

    @app.exception_handler(RequestValidationError)
    async def bad_request(request: Request, exc: RequestValidationError) -> Response:
        first = exc.errors()[0] if exc.errors() else {}
        where = ".".join(str(p) for p in first.get("loc", ()) if p != "body")
        said = f"{where or 'the request'}: {first.get('msg', 'not understood')}"
        return answer(422, said, request)


def app_from_env() -> FastAPI:
    """The app for ``uvicorn --factory`` (``rollplay serve``): its settings in the env."""
    # A request's thread waits for the GIL after each database round trip while the event
    # loop writes to the live feeds; on PostgreSQL it waits holding its game's event lock.
    # Handing the GIL over sooner (default 5 ms) shortens that wait for every roll.
    sys.setswitchinterval(float(os.environ.get("ROLLPLAY_SWITCH_INTERVAL", "0.0005")))
    return create_app(os.environ.get("ROLLPLAY_DATABASE_URL"),
                      access_log=os.environ.get("ROLLPLAY_ACCESS_LOG", "1") == "1",
                      streams=caps_from_env(), public_url=setting(),
                      drain=drain_from_env())  # fmt: skip
