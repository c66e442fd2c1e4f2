"""An AresMUSH game's house rules in and out from the web (issue 38; docs/moving.md): the
home page's form makes a game from a config's files (several .yml, or a .zip of the folder),
checked first if asked, and draws the report of every setting; the API answers the same
report as ``rollplay import aresmush --json``; a game's house rules come back out as a .zip
of AresMUSH config files. The reading and the making are the table service's, off the
event loop as every parse is (rulings H13)."""

from __future__ import annotations

from pathlib import PurePath
from typing import Annotated, Any
from urllib.parse import quote

from fastapi import APIRouter, Depends, File, Form, Request, UploadFile
from fastapi.concurrency import run_in_threadpool
from fastapi.responses import HTMLResponse, Response

from rollplay.aresmush.config import ConfigError
from rollplay.aresmush.files import config_zip, grouped, report_json
from rollplay.aresmush.report import Report
from rollplay.errors import RollplayError
from rollplay.server.access import MAX_UPLOAD
from rollplay.server.auth import acting
from rollplay.server.htmx import Viewer, problem
from rollplay.server.pages import templates
from rollplay.table.service import Service

router = APIRouter(include_in_schema=False)
api = APIRouter(prefix="/api/v1", tags=["games"])
Acting = Annotated[Service, Depends(acting)]
IMPORT = "/games/import/aresmush"  # the form's and the API's (access.UPLOADS lets it in)
Name = Annotated[str, Form(max_length=100)]
Edition = Annotated[str, Form(max_length=10)]
DryRun = Annotated[bool, Form()]
Files = Annotated[list[UploadFile] | None, File()]
NONE_GIVEN = ("no AresMUSH config given: choose its fs3skills_*.yml and fs3combat_*.yml "
              "files (a game's game/config folder), or a .zip of that folder")  # fmt: skip


async def _read(uploads: list[UploadFile] | None) -> dict[str, bytes]:
    """The uploaded files' bytes by name (a browser's empty file input sends no name)."""
    out: dict[str, bytes] = {}
    for upload in uploads or ():
        if not upload.filename:
            continue
        name = PurePath(upload.filename.replace("\\", "/")).name[:200]
        data = await upload.read(MAX_UPLOAD + 1)
        if len(data) > MAX_UPLOAD:
            raise ConfigError(f"{name}: larger than {MAX_UPLOAD:,} bytes")
        out[name] = data
    if not out:
        raise ConfigError(NONE_GIVEN)
    return out


async def _imported(service: Service, name: str, uploads: list[UploadFile] | None,
                    edition: str, dry_run: bool) -> Report:  # fmt: skip
    files = await _read(uploads)
    return await run_in_threadpool(
        lambda: service.import_aresmush(name, files, edition=edition, dry_run=dry_run)
    )


@router.post(IMPORT, response_class=HTMLResponse)
async def import_form(request: Request, service: Viewer, name: Name, *, files: Files = None,
                      edition: Edition = "3.3",
                      dry_run: DryRun = False) -> HTMLResponse:  # fmt: skip
    """The home page's AresMUSH form: the report as a fragment (nothing made on a check, or
    when the config is refused: then the one line saying why)."""
    try:
        report = await _imported(service, name, files, edition, dry_run)
    except RollplayError as exc:
        return problem(exc)
    page = templates.get_template("_aresmush_report.html")
    body = page.render(request=request, report=report, edition=edition, dry_run=dry_run,
                       files=grouped(report.items), counts=report_json(report, edition,
                       dry_run)["counts"], url="/games/" + quote(report.game, safe=""))  # fmt: skip
    return HTMLResponse(body, headers={"HX-Trigger": "done"})


@api.post(IMPORT)
async def import_api(service: Acting, name: Name, *, files: Files = None,
                     edition: Edition = "3.3",
                     dry_run: DryRun = False) -> dict[str, Any]:  # fmt: skip
    """A game from an AresMUSH config (multipart: ``name``, ``files`` one or more, ``edition``,
    ``dry_run``): the report, as ``rollplay import aresmush --json`` prints it."""
    report = await _imported(service, name, files, edition, dry_run)
    return report_json(report, edition, dry_run)


@router.get("/games/{game}/aresmush.zip")
def download(game: str, service: Viewer) -> Response:
    """The game's house rules as AresMUSH config files in a .zip (``rollplay export
    aresmush``'s files): whoever may read the game may take its rules away."""
    files = service.aresmush_files(game)
    stem = "".join(ch if ch.isalnum() or ch in "-_" else "-" for ch in game)[:80] or "game"
    return Response(config_zip(files), media_type="application/zip", headers={
        "Content-Disposition": f'attachment; filename="{stem}-aresmush-config.zip"'})  # fmt: skip
