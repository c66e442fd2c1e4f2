"""Characters brought in from AresMUSH on the web (issue 38 §2; docs/web.md): the
Storyteller's Characters page takes one or more sheet files (the `sheet` command's text, a
character backup .zip or its profile/sheet.txt) and answers with each character's report;
the API takes the same files and answers the report as JSON. Both are one call into the
service (``import_sheets``), which decides who may and reads the files."""

from __future__ import annotations

from typing import Annotated

from fastapi import APIRouter, File, Form, Request, UploadFile
from fastapi.responses import HTMLResponse
from starlette.concurrency import run_in_threadpool

from rollplay.errors import RollplayError
from rollplay.server.access import MAX_UPLOAD
from rollplay.server.games import Acting
from rollplay.server.htmx import Viewer, problem
from rollplay.server.pages import templates
from rollplay.table.play.sheet_imports import MAX_SHEETS, SheetsImported
from rollplay.table.service import Service

PAGE = "/games/{game}/characters/import-sheets"
router = APIRouter(include_in_schema=False)
api = APIRouter(prefix="/api/v1", tags=["games"])
Files = Annotated[list[UploadFile], File()]
Player = Annotated[str, Form(max_length=100)]  # who plays them; empty: the Storyteller


async def _read(files: list[UploadFile]) -> list[tuple[str, bytes]]:
    """Each file's name and bytes (the body's limit holds them all to MAX_UPLOAD)."""
    if len(files) > MAX_SHEETS:
        raise RollplayError(f"{len(files)} sheets; import at most {MAX_SHEETS} at a time")
    out = []
    for f in files:
        label = " ".join((f.filename or "the file").split())[:100] or "the file"
        out.append((label, await f.read(MAX_UPLOAD + 1)))
    return out


def _imported(service: Service, game: str, read: list[tuple[str, bytes]],
              player: str | None) -> SheetsImported:  # fmt: skip
    return service.import_sheets(game, read, player or None)


@router.post(PAGE, response_class=HTMLResponse)
async def import_page(game: str, request: Request, service: Viewer, files: Files,
                      player: Player = "") -> HTMLResponse:  # fmt: skip
    """The report of each character made, and the page's list of characters again."""
    try:
        read = await _read(files)
        done = await run_in_threadpool(lambda: _imported(service, game, read, player))
        listed = await run_in_threadpool(
            lambda: [service.character(done.game, n) for n in service.game(done.game).characters]
        )
    except RollplayError as exc:
        return problem(exc)
    return templates.TemplateResponse(
        request, "_imported_sheets.html", {"done": done, "characters": listed, "game": game},
        headers={"HX-Trigger": "done"},
    )  # fmt: skip


@api.post("/games/{game}/characters/import/aresmush")
async def import_api(game: str, service: Acting, files: Files,
                     player: Player = "") -> SheetsImported:  # fmt: skip
    """AresMUSH sheet files made characters of an FS3 game, unapproved, with their report
    (errors: ``{"error": ...}``, nothing made)."""
    read = await _read(files)
    return await run_in_threadpool(lambda: _imported(service, game, read, player))
