"""Scene logs brought in on the web (issue 38, "Scene logs"; docs/moving.md, section 3):
the scenes page's upload (one file or more, each an AresMUSH scene download), answered with
the report ``rollplay import aresmush-scene`` prints, each scene linked; and the API's
``POST /api/v1/games/{game}/scenes/import``, answered as ``--json`` is. Every file is read
and checked before any is imported, and all are imported in one transaction, so a bad one
makes nothing (each an ``ImportScene``, the Storyteller's, rulings A57, A58). Surfaces thin:
reading is aresmush/scenes.py's, the scene the service's."""

from __future__ import annotations

from typing import Annotated, Any
from urllib.parse import quote

from fastapi import APIRouter, File, UploadFile
from fastapi.responses import HTMLResponse
from markupsafe import Markup
from starlette.concurrency import run_in_threadpool

from rollplay.aresmush.scenes import LogError, SceneLog, decode, read
from rollplay.errors import RollplayError
from rollplay.render.answers import answer_lines
from rollplay.render.html import line_html
from rollplay.server.access import MAX_UPLOAD
from rollplay.server.games import Acting
from rollplay.server.htmx import Viewer, problem
from rollplay.table.answers import LogImported
from rollplay.table.service import Service

pages = APIRouter(include_in_schema=False)
api = APIRouter(prefix="/api/v1", tags=["scenes"])
MAX_FILES = 20  # logs one upload may hold
Files = Annotated[list[UploadFile], File(description="AresMUSH scene logs (.txt)")]


async def _logs(files: list[UploadFile]) -> list[tuple[str, SceneLog]]:
    """Every uploaded log read, or one line naming the first that is not one."""
    if not files or not any(f.filename for f in files):
        raise LogError("choose a scene log to import: the text file AresMUSH's portal "
                       "saves with a scene's Download")  # fmt: skip
    if len(files) > MAX_FILES:
        raise LogError(f"{len(files)} files: import at most {MAX_FILES} logs at once")
    out = []
    for upload in files:
        name = " ".join((upload.filename or "the log").split())[:100] or "the log"
        data = await upload.read(MAX_UPLOAD + 1)
        if len(data) > MAX_UPLOAD:
            raise LogError(f"{name} is over {MAX_UPLOAD:,} bytes: import a log this large "
                           "with rollplay import aresmush-scene")  # fmt: skip
        # A long log takes a moment to read: never on the event loop (rulings H13).
        out.append((name, await run_in_threadpool(_read, data, name)))
    return out


def _read(data: bytes, name: str) -> SceneLog:
    return read(decode(data, name), name)


def _import(service: Service, game: str, logs: list[tuple[str, SceneLog]]) -> list[LogImported]:
    return service.import_scenes(game, logs)


@pages.post("/games/{game}/scenes/import", response_class=HTMLResponse)
async def import_page(game: str, service: Viewer, files: Files) -> HTMLResponse:
    """The scenes page's upload: the report of each log, its scene linked (its record)."""
    try:
        logs = await _logs(files)
        answers = await run_in_threadpool(_import, service, game, logs)
    except RollplayError as exc:
        return problem(exc)
    items = Markup("").join(_reported(game, a) for a in answers)
    return HTMLResponse(Markup('<div class="answer" role="status"><ul class="imported">{}'
                               "</ul></div>").format(items))  # fmt: skip


def _reported(game: str, a: LogImported) -> Markup:
    head, *rest = answer_lines(a)
    where = f"/games/{quote(game, safe='')}/scenes/{a.scene}/record"
    return Markup('<li><a href="{}">{}</a>{}</li>').format(
        where, line_html(head), Markup("").join(Markup("<br>{}").format(line_html(x))
                                                for x in rest))  # fmt: skip


@api.post("/games/{game}/scenes/import")
async def import_api(game: str, service: Acting, files: Files) -> dict[str, Any]:
    """AresMUSH scene logs (multipart ``files``) made finished scenes, as ``rollplay import
    aresmush-scene --json`` reports them; bad input: 4xx ``{"error"}``, nothing made."""
    logs = await _logs(files)
    answers = await run_in_threadpool(_import, service, game, logs)
    return {"game": game, "scenes": [a.model_dump(mode="json") for a in answers]}
