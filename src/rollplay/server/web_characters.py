"""Making characters on the web table (issue 31): a sheet typed on a form and checked against
the system's character-creation rules as it is typed, a GCS file uploaded (GURPS), a player's
fix to a sheet sent back, and the Storyteller's "send back" with a comment. A player's new
character is theirs and waits for approval; the Storyteller's is an NPC until given a player.
Who may do each is the service's to decide; the pages leave out what would be refused."""

from __future__ import annotations

import json
from collections.abc import Mapping
from functools import lru_cache
from pathlib import PurePath
from typing import Annotated, Any
from urllib.parse import quote

from fastapi import APIRouter, File, Form, Request, UploadFile
from fastapi.responses import HTMLResponse, Response
from markupsafe import Markup
from starlette.concurrency import run_in_threadpool

from rollplay.errors import RollplayError
from rollplay.rulesfile import parse_text
from rollplay.server.access import MAX_UPLOAD
from rollplay.server.htmx import Viewer, game_page, problem, run
from rollplay.server.pages import templates
from rollplay.server.web_chargen import MAX_FIELD, MAX_ROWS, form_of, read_form
from rollplay.server.web_chargen_fields import Fields, fields_of, filled
from rollplay.table import commands as c
from rollplay.table.access.authz import Forbidden
from rollplay.table.answers import Character as CharacterAnswer
from rollplay.table.info import GameInfo
from rollplay.table.play.characters import DraftCheck
from rollplay.table.service import Service
from rollplay.table.systems import system

router = APIRouter(include_in_schema=False)
NEW = "/games/{game}/new-character"
MAX_SHEET = 20_000  # characters of a typed sheet

# What the text box starts from: the sheet file format of `rollplay char new` (docs/table.md);
# FS3's is the form's starting sheet, in the game's own attributes and languages (_starter).
STARTERS = {
    "gurps": "system: gurps\nattributes: {ST: 10, DX: 10, IQ: 10, HT: 10}\nskills: {}\n",
    "d6": "system: d6\nattributes: {Dexterity: 3D, Knowledge: 3D, Mechanical: 3D, "
          "Perception: 3D, Strength: 3D, Technical: 3D}\nskills: {}\n",
}  # fmt: skip


@router.get(NEW, response_class=HTMLResponse, response_model=None)
def new_page(game: str, request: Request) -> Response:
    def fill(service: Service, info: GameInfo) -> dict[str, Any]:
        service.draft_problems(info.name, {})  # refused here, not on the first key pressed
        fields = fields_of(info.system, _ruleset(info))
        return {"starter": _starter(info.system, fields), "max_rows": MAX_ROWS,
                "fields": fields}  # fmt: skip

    return game_page(request, game, "new_character.html", "new-character", fill)


@router.post(NEW + "/check", response_class=HTMLResponse)
async def check(game: str, request: Request, service: Viewer) -> HTMLResponse:
    """The form's (or the text box's) sheet checked as it is typed: the points it spends and
    its problems (a read: nothing is kept)."""
    fields = await _fields(request)
    try:  # parsing YAML and the database both off the event loop (rulings H13)
        draft = await run_in_threadpool(
            lambda: service.draft_check(game, _posted_sheet(service, game, fields))
        )
    except RollplayError as exc:  # a field no sheet could hold, or a refusal
        return _checked(request, DraftCheck((str(exc),)), 403 if _refused(exc) else 200)
    return _checked(request, draft)


@router.post(NEW, response_class=HTMLResponse)
async def create(game: str, request: Request, service: Viewer) -> HTMLResponse:
    """Make the character: a player's is submitted for approval; the page goes to its sheet."""
    fields = await _fields(request)
    try:
        made = await run_in_threadpool(
            lambda: service.new_character(game, _posted_sheet(service, game, fields))
        )
    except RollplayError as exc:
        return problem(exc)
    return _to_sheet(game, made.name)


async def _fields(request: Request) -> list[tuple[str, str]]:
    """The posted fields, in order; a file among them is no field of this form."""
    form = await request.form()
    return [(k, v) for k, v in form.multi_items() if isinstance(v, str)]


def _posted_sheet(service: Service, game: str, fields: list[tuple[str, str]]) -> dict[str, Any]:
    """The sheet the page sent: the text box's when its button or box sent it (``source``
    text; a post with a sheet and no source, as before the form, is the text too), else the
    form's, read into its system's form model."""
    given = dict(fields)  # name, sheet and source come once each
    if given.get("source", "text" if "sheet" in given else "form") == "text":
        if len(given.get("sheet", "")) > MAX_SHEET:
            raise RollplayError(f"the sheet is past {MAX_SHEET:,} characters")
        return _typed(given.get("name", "")[:MAX_FIELD], given.get("sheet", ""))
    info = service.game(game)
    return read_form(info.system, _ruleset(info), fields).sheet()


def _starter(system_name: str, fields: Fields) -> str:
    """The text box's first sheet: FS3's the form's, so that a 3.2 game's names its own
    attributes (a sheet of 3.3's would not read there)."""
    if system_name != "fs3":
        return STARTERS.get(system_name, "")
    attributes = ", ".join(f"{json.dumps(a.name)}: {a.value}" for a in fields.attributes)
    first, rated = json.dumps(fields.first_language), fields.language
    languages = "{}" if not fields.first_language else (
        f"{{{first}: {rated.hi}}}" if rated else f"[{first}]")  # fmt: skip
    return (f"system: fs3\n# concept: who they are, in a line\nattributes: {{{attributes}}}\n"
            f"action: {{}}\nbackground: {{}}\nlanguages: {languages}\nquirks: []\n")  # fmt: skip


def _ruleset(info: GameInfo) -> Any:
    return _rules(info.system, info.edition, json.dumps(info.rules, sort_keys=True))


@lru_cache(maxsize=64)
def _rules(system_name: str, edition: str, rules: str) -> Any:
    """A game's ruleset, once per version of its rules (every key pressed reads it)."""
    return system(system_name).ruleset(edition, json.loads(rules))


def _checked(request: Request, draft: DraftCheck, status: int = 200) -> HTMLResponse:
    return templates.TemplateResponse(request, "_chargen_check.html", {"draft": draft},
                                      status_code=status)  # fmt: skip


@router.post(NEW + "/upload", response_class=HTMLResponse)
async def upload(game: str, service: Viewer,
                 file: Annotated[UploadFile, File()]) -> HTMLResponse:  # fmt: skip
    """A sheet file uploaded: a GCS file (GURPS), read by the importer `char import` uses, or
    a sheet file (YAML, TOML, JSON) as `char new` reads one."""
    label = " ".join((file.filename or "the file").split())[:100] or "the file"
    data = await file.read(MAX_UPLOAD + 1)
    try:  # a 2 MiB YAML file takes seconds to read: never on the event loop (rulings H13)
        made = await run_in_threadpool(
            lambda: service.new_character(game, _uploaded(service.game(game).system, label, data))
        )
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


FIX = "/games/{game}/characters/{name}/fix"


@router.get(FIX, response_class=HTMLResponse, response_model=None)
def fix_page(game: str, name: str, request: Request) -> Response:
    """A sheet not yet approved (one sent back, above all) in the character form, filled in
    from the sheet, with the Storyteller's comment beside it (issue 37): for whoever the
    service lets change it (its player, the Storyteller), while there is something to fix."""

    def fill(service: Service, info: GameInfo) -> dict[str, Any]:
        fixing = service.fixable(info.name, name)
        if fixing.nothing is not None:
            raise RollplayError(fixing.nothing)
        from rollplay.server.web_sheets import sheet_yaml

        character = fixing.character
        return {"fixing": character, "max_rows": MAX_ROWS,
                "fields": filled(info.system, _ruleset(info), character.typed_sheet),
                "starter": sheet_yaml(character.sheet)}  # fmt: skip

    return game_page(request, game, "new_character.html", f"sheet:{name}", fill)


@router.post(FIX, response_class=HTMLResponse)
async def fix(game: str, name: str, request: Request, service: Viewer) -> HTMLResponse:
    """The sheet as fixed, from the form or its text box: what it changes is merged into
    the stored sheet (a part the form has no field for is kept), and it waits for approval
    again; its player's fix of a sheet sent back goes back to the Storyteller (W91)."""
    fields = [(k, v) for k, v in await _fields(request) if k != "name"]
    try:  # who may is asked before the sheet is read, all off the event loop (rulings H13)
        old, done = await run_in_threadpool(lambda: _fixed(service, game, name, fields))
    except RollplayError as exc:
        return problem(exc)
    where = f"/games/{quote(game, safe='')}/characters/{quote(old.name, safe='')}"
    answered = bool(old.review_note) and done.review_note is None  # the comment (W91)
    said = (f"Resubmitted: {old.name} goes back to the Storyteller for approval."
            if answered else f"Saved: {old.name} waits for approval.")  # fmt: skip
    gone = Markup('<section id="review-note" hx-swap-oob="true" hidden></section>')
    return HTMLResponse(Markup(
        '<div class="answer" role="status"><p>{} <a href="{}">See the sheet</a></p></div>{}'
    ).format(said, where, gone if answered else ""), headers={"HX-Trigger": "done"})  # fmt: skip


def _fixed(service: Service, game: str, name: str,
           fields: list[tuple[str, str]]) -> tuple[CharacterAnswer, CharacterAnswer]:  # fmt: skip
    """The sheet before and after the fix the page sent: refused before the sheet sent is
    read unless the viewer may change this one (the service's fixable)."""
    old = service.fixable(game, name).character
    new = _posted_sheet(service, game, [*fields, ("name", old.name)])
    # A fix from the form takes away only what the form shows of the old sheet (what its
    # form model makes of it); the rest (an FS3 sheet's wounds, a GCS file's defaults) stays.
    keep = None if _from_text(fields) else \
        tuple(form_of(old.typed_sheet, _ruleset(service.game(game))).sheet())  # fmt: skip
    done = service.execute(c.SetSheet(game, old.name, replacing(old.sheet, new, keep)))
    assert isinstance(done, CharacterAnswer)
    return old, done


def _from_text(fields: list[tuple[str, str]]) -> bool:
    given = dict(fields)
    return given.get("source", "text" if "sheet" in given else "form") == "text"


@router.post("/games/{game}/characters/{name}/send-back", response_class=HTMLResponse)
def send_back(game: str, name: str, service: Viewer,
              comment: Annotated[str, Form(max_length=2000)] = "") -> HTMLResponse:  # fmt: skip
    """The Storyteller sends the sheet back to its player, saying why."""
    return run(service, c.SendBack(game, name, comment))


def replacing(old: Mapping[str, Any], new: Mapping[str, Any],
              keep: tuple[str, ...] | None = None) -> dict[str, Any]:  # fmt: skip
    """The changes (as a sheet change merges them: None removes a key) that make ``old``
    into ``new``, and no more: a value ``new`` leaves as it was is no change (so the log
    and the Storyteller's card name only what changed). ``keep``: the only keys of ``old``
    that ``new`` may take away (None: any)."""
    out: dict[str, Any] = {k: None for k in old
                           if k not in new and (keep is None or k in keep)}  # fmt: skip
    for key, value in new.items():
        before = old.get(key)
        if isinstance(value, Mapping) and isinstance(before, Mapping):
            inner = replacing(before, value)
            if inner:
                out[key] = inner
        elif value != before:
            out[key] = value
    return out


def _typed(name: str, text: str) -> dict[str, Any]:
    """The form's sheet (YAML, the format of a sheet file) with the name field's name."""
    data = parse_text(text, ".yaml", "the sheet", RollplayError) if text.strip() else {}
    return {**data, "name": " ".join(name.split()) or data.get("name", "")}


def _refused(exc: RollplayError) -> bool:
    return isinstance(exc, Forbidden)


def _to_sheet(game: str, name: str) -> HTMLResponse:
    where = f"/games/{quote(game, safe='')}/characters/{quote(name, safe='')}"
    said = Markup('<p role="status">Made: <a href="{}">{}</a></p>').format(where, name)
    return HTMLResponse(said, headers={"HX-Redirect": where})
