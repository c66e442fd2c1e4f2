"""The Storyteller's NPC roster page (``/games/{game}/npcs``, issue 31): each NPC with its
rating, a quick roll (secret unless said otherwise, through the table's NPC roll) and in FS3
"add to combat" for each combat under way (through the combat's join), with the weapon and
armor it carries, and a link to each of those combats. Adding and removing
NPCs are the roster's own routes; the service refuses anyone but the Storyteller."""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import APIRouter, Form, Request
from fastapi.responses import HTMLResponse, Response
from markupsafe import Markup

from rollplay.errors import RollplayError
from rollplay.server.combat_forms import gear_of
from rollplay.server.htmx import Viewer, game_page, problem
from rollplay.table.combat.tracker import Tracker
from rollplay.table.info import GameInfo
from rollplay.table.service import Service

router = APIRouter(include_in_schema=False)
NPCS = "/games/{game}/npcs"


@router.get(NPCS, response_class=HTMLResponse, response_model=None)
def roster(game: str, request: Request) -> Response:
    def fill(service: Service, info: GameInfo) -> dict[str, Any]:
        if info.system != "fs3":
            return {"npcs": service.npcs(info.name), "running": []}
        running = [k.combat for k in Tracker(service).combats(info.name) if k.active]
        return {"npcs": service.npcs(info.name), "running": running, "gear": gear_of(info)}

    return game_page(request, game, "npcs.html", "npcs", fill)


@router.post(NPCS, response_class=HTMLResponse)
def add(game: str, service: Viewer, name: Annotated[str, Form(max_length=400)] = "",
        rating: Annotated[str, Form(max_length=400)] = "",
        note: Annotated[str, Form(max_length=2000)] = "") -> HTMLResponse:  # fmt: skip
    """An NPC on the roster; the page is drawn again with it."""
    try:
        added = service.add_npc(game, name, rating, note)
    except RollplayError as exc:
        return problem(exc)
    said = Markup('<p role="status">{} is on the roster</p>').format(added.name)
    return HTMLResponse(said, headers={"HX-Refresh": "true"})


@router.post(NPCS + "/{name}/remove", response_class=HTMLResponse)
def remove(game: str, name: str, service: Viewer) -> HTMLResponse:
    """An NPC off the roster."""
    try:
        service.remove_npc(game, name)
    except RollplayError as exc:
        return problem(exc)
    said = Markup('<p role="status">{} is off the roster</p>').format(name)
    return HTMLResponse(said, headers={"HX-Refresh": "true"})
