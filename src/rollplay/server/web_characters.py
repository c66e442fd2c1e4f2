"""Making characters on the web table (issue 31): a sheet typed on a form and checked against
the system's character-creation rules as it is typed, a GCS file uploaded (GURPS), a player's
fix to a sheet sent back, and the Storyteller's "send back" with a comment. A player's new
character is theirs and waits for approval; the Storyteller's is an NPC until given a player.
Who may do each is the service's to decide; the pages leave out what would be refused."""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import PurePath
from typing import Annotated, Any
from urllib.parse import quote

from fastapi import APIRouter, File, Form, Request, UploadFile
from fastapi.responses import HTMLResponse, Response
from markupsafe import Markup

from rollplay.errors import RollplayError
from rollplay.rulesfile import parse_text
from rollplay.server.access import MAX_UPLOAD
from rollplay.server.htmx import Viewer, game_page, problem, run
from rollplay.table import commands as c
from rollplay.table.info import GameInfo
from rollplay.table.service import Service

router = APIRouter(include_in_schema=False)
NEW = "/games/{game}/new-character"
MAX_SHEET = 20_000  # characters of a typed sheet

# What the form starts from: the sheet file format of `rollplay char new` (docs/table.md).
STARTERS = {
    "fs3": "system: fs3\n# concept: who they are, in a line\n"
           "attributes: {Brawn: 2, Reflexes: 2, Grit: 2, Wits: 2, Presence: 2}\n"
           "action: {}\nbackground: {}\nlanguages: {English: 3}\nquirks: []\n",
    "gurps": "system: gurps\nattributes: {ST: 10, DX: 10, IQ: 10, HT: 10}\nskills: {}\n",
    "d6": "system: d6\nattributes: {Dexterity: 3D, Knowledge: 3D, Mechanical: 3D, "
          "Perception: 3D, Strength: 3D, Technical: 3D}\nskills: {}\n",
}  # fmt: skip


@router.get(NEW, response_class=HTMLResponse, response_model=None)
def new_page(game: str, request: Request) -> Response:
    def fill(service: Service, info: GameInfo) -> dict[str, Any]:
        service.draft_problems(info.name, {})  # refused here, not on the first key pressed
        return {"starter": STARTERS.get(info.system, "")}

    return game_page(request, game, "new_character.html", "new-character", fill)


@router.post(NEW + "/check", response_class=HTMLResponse)
def check(game: str, service: Viewer, name: Annotated[str, Form(max_length=100)] = "",
          sheet: Annotated[str, Form(max_length=MAX_SHEET)] = "") -> HTMLResponse:  # fmt: skip
    """The problems of the sheet being typed, at once (a read: nothing is kept)."""
    try:
        problems = service.draft_problems(game, _typed(name, sheet))
    except RollplayError as exc:  # the sheet's text does not read yet, or a refusal
        return HTMLResponse(_problems([str(exc)]), 403 if _refused(exc) else 200)
    return HTMLResponse(_problems(problems))


@router.post(NEW, response_class=HTMLResponse)
def create(game: str, service: Viewer, name: Annotated[str, Form(max_length=100)] = "",
           sheet: Annotated[str, Form(max_length=MAX_SHEET)] = "") -> HTMLResponse:  # fmt: skip
    """Make the character: a player's is submitted for approval; the page goes to its sheet."""
    try:
        made = service.new_character(game, _typed(name, sheet))
    except RollplayError as exc:
        return problem(exc)
    return _to_sheet(game, made.name)


@router.post(NEW + "/upload", response_class=HTMLResponse)
async def upload(game: str, service: Viewer,
                 file: Annotated[UploadFile, File()]) -> HTMLResponse:  # fmt: skip
    """A sheet file uploaded: a GCS file (GURPS), read by the importer `char import` uses, or
    a sheet file (YAML, TOML, JSON) as `char new` reads one."""
    label = " ".join((file.filename or "the file").split())[:100] or "the file"
    data = await file.read(MAX_UPLOAD + 1)
    try:
        made = service.new_character(game, _uploaded(service.game(game).system, label, data))
    except RollplayError as exc:
        return problem(exc)
    return _to_sheet(game, made.name)


def _uploaded(system: str, label: str, data: bytes) -> dict[str, Any]:
    """An uploaded file's sheet, or one line saying why it is not one."""
    from rollplay.rulesfile import SUFFIXES
    from rollplay.systems.gurps.gcs import read_gcs

    suffix = PurePath(label).suffix.lower()
    if suffix not in (*SUFFIXES, ".gcs"):
        raise RollplayError(f"{label}: upload a .gcs (GURPS), .yaml, .toml or .json sheet file")
    if suffix == ".gcs" and system != "gurps":
        raise RollplayError(f"{label}: a GCS file is a GURPS character; this game plays "
                            f"{system.upper()}")  # fmt: skip
    if len(data) > MAX_UPLOAD:
        raise RollplayError(f"{label}: too large for a character file")
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError:
        raise RollplayError(f"{label}: not UTF-8 text, so not a character file") from None
    if suffix == ".gcs":
        return read_gcs(text, label)
    return parse_text(text, suffix, label, RollplayError)


@router.post("/games/{game}/characters/{name}/fix", response_class=HTMLResponse)
def fix(game: str, name: str, service: Viewer,
        sheet: Annotated[str, Form(max_length=MAX_SHEET)] = "") -> HTMLResponse:  # fmt: skip
    """The whole sheet typed again (a fix after it was sent back): it replaces the stored
    one and waits for approval again."""
    try:
        old = service.character(game, name).sheet
        changes = replacing(old, _typed(name, sheet))
    except RollplayError as exc:
        return problem(exc)
    return run(service, c.SetSheet(game, name, changes))


@router.post("/games/{game}/characters/{name}/send-back", response_class=HTMLResponse)
def send_back(game: str, name: str, service: Viewer,
              comment: Annotated[str, Form(max_length=2000)] = "") -> HTMLResponse:  # fmt: skip
    """The Storyteller sends the sheet back to its player, saying why."""
    return run(service, c.SendBack(game, name, comment))


def replacing(old: Mapping[str, Any], new: Mapping[str, Any]) -> dict[str, Any]:
    """The changes (as a sheet change merges them: None removes a key) that make ``old``
    into ``new``."""
    out: dict[str, Any] = {k: None for k in old if k not in new}
    for key, value in new.items():
        before = old.get(key)
        nested = isinstance(value, Mapping) and isinstance(before, Mapping)
        out[key] = replacing(before, value) if nested else value  # type: ignore[arg-type]
    return out


def _typed(name: str, text: str) -> dict[str, Any]:
    """The form's sheet (YAML, the format of a sheet file) with the name field's name."""
    data = parse_text(text, ".yaml", "the sheet", RollplayError) if text.strip() else {}
    return {**data, "name": " ".join(name.split()) or data.get("name", "")}


def _refused(exc: RollplayError) -> bool:
    from rollplay.table.access.authz import Forbidden

    return isinstance(exc, Forbidden)


def _problems(problems: list[str]) -> Markup:
    if not problems:
        return Markup('<p class="ok">No problems: the sheet can be approved.</p>')
    items = Markup("").join(Markup("<li>{}</li>").format(p) for p in problems)
    count = f"{len(problems)} problem{'s' if len(problems) > 1 else ''}"
    return Markup('<p class="alarm">{}</p><ul>{}</ul>').format(count, items)


def _to_sheet(game: str, name: str) -> HTMLResponse:
    where = f"/games/{quote(game, safe='')}/characters/{quote(name, safe='')}"
    said = Markup('<p role="status">Made: <a href="{}">{}</a></p>').format(where, name)
    return HTMLResponse(said, headers={"HX-Redirect": where})
