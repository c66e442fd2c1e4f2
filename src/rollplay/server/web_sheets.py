"""Character sheets on the web table: the game's characters, a sheet read as a sheet (ratings
and the dice they give, specialties, wounds, luck and XP), raising a skill with XP where the
rules allow, and the Storyteller's approval. Everything shown is the service's answer for the
viewer; whether they may raise or approve is the service's to decide (the page only leaves
out buttons that would be refused)."""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import APIRouter, Form, Request
from fastapi.responses import HTMLResponse, Response

from rollplay.errors import RollplayError
from rollplay.render.sheets import learnable, sheet_sections
from rollplay.server.htmx import Viewer, game_page, problem, run
from rollplay.table import commands as c
from rollplay.table.info import GameInfo
from rollplay.table.service import Service

router = APIRouter(include_in_schema=False)


@router.get("/games/{game}/characters", response_class=HTMLResponse, response_model=None)
def characters(game: str, request: Request) -> Response:
    def fill(service: Service, info: GameInfo) -> dict[str, Any]:
        listed = [service.character(info.name, n) for n in info.characters]
        # The Storyteller's AresMUSH import offers the game's players (issue 38).
        players = [m.user for m in service.members(info.name) if m.role == "player"] \
            if info.role == "storyteller" else []  # fmt: skip
        return {"characters": listed, "players": players}

    return game_page(request, game, "characters.html", "characters", fill)


@router.get("/games/{game}/characters/{name}", response_class=HTMLResponse,
            response_model=None)  # fmt: skip
def sheet_page(game: str, name: str, request: Request) -> Response:
    def fill(service: Service, info: GameInfo) -> dict[str, Any]:
        game_id, _, _ = service.watch(info.name)  # the feed starts after the newest event
        return {**_sheet(service, info, name), "last": service.latest_event(game_id)}

    return game_page(request, game, "sheet.html", f"sheet:{name}", fill)


@router.get("/games/{game}/characters/{name}/sheet", response_class=HTMLResponse)
def sheet_fragment(game: str, name: str, request: Request, service: Viewer) -> HTMLResponse:
    """The sheet alone, redrawn after a raise or an approval."""
    info = service.game(game)
    return templates_response(request, "_sheet.html", {"game": info, **_sheet(service, info, name)})


@router.post("/games/{game}/characters/{name}/raise", response_class=HTMLResponse)
def raise_skill(game: str, name: str, service: Viewer, *,
                skill: Annotated[str, Form(max_length=100)] = "",
                kind: Annotated[str, Form(max_length=20)] = "action",
                learn: Annotated[str, Form(max_length=130)] = "",
                attribute: Annotated[str, Form(max_length=100)] = "") -> HTMLResponse:  # fmt: skip
    """Spend XP to raise a skill one level (FS3, 002 Experience); ``learn`` is the sheet's
    "learn a new one" choice, KIND:SKILL; ``attribute`` a new background skill's ruling
    attribute (002 Ruling Attribute)."""
    if learn:
        kind, _, skill = learn.partition(":")
    if not skill.strip():
        return problem(RollplayError("name the skill to raise"))
    try:
        chosen = c.skill_kind(kind)
    except RollplayError as exc:
        return problem(exc)
    return run(service, c.RaiseSkill(game, name, skill, chosen, attribute.strip() or None))


@router.post("/games/{game}/characters/{name}/approve", response_class=HTMLResponse)
def approve(game: str, name: str, service: Viewer) -> HTMLResponse:
    """The Storyteller approves a sheet with no character-creation problems."""
    return run(service, c.Approve(game, name))


def _sheet(service: Service, info: GameInfo, name: str) -> dict[str, Any]:
    character = service.character(info.name, name)
    # An archived game's sheet is to read: no control, as the service refuses every change
    # (rulings W81).
    mine = not info.archived and (character.name in info.yours or info.role == "storyteller")
    fs3 = info.system == "fs3"
    return {"c": character, "sections": sheet_sections(character),
            "may_raise": mine and fs3, "learnable": learnable(character) if fs3 and mine else [],
            "storyteller": info.role == "storyteller" and not info.archived,
            "may_fix": mine}  # fmt: skip


def sheet_yaml(sheet: dict[str, Any]) -> str:
    """A sheet as the fix form's text box shows it: the sheet file format, less its name
    (a field)."""
    import yaml

    shown = {k: v for k, v in sheet.items() if k != "name"}
    return str(yaml.safe_dump(shown, sort_keys=False, allow_unicode=True, width=100))


def templates_response(request: Request, name: str, context: dict[str, Any]) -> HTMLResponse:
    from rollplay.server.pages import templates

    return templates.TemplateResponse(request, name, context)
