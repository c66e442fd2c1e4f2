"""The combat panel of a scene's page (issue 30, "the combat panel when combat is on"): the
FS3 combat the scene plays (``Service.scene_combat``), drawn by the combat page's own
partials, so a player sets their action and the Storyteller resolves the turn without
leaving the scene.

The panel's place (``_scene_combat.html``) asks for it when the page loads and on each of
the feed's ``combat`` messages, saying which combat it shows: the answer is 204 (the page
leaves it alone) while that is still the scene's combat, else the panel redrawn (another
combat, or none). Inside it the tracker and the forms redraw as on the combat page, and
post to the combat page's routes (web_combat.py): the service decides every write."""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import APIRouter, Query, Request
from fastapi.responses import HTMLResponse, Response

from rollplay.errors import RollplayError
from rollplay.server.combat_forms import form_choices
from rollplay.server.htmx import Viewer, problem
from rollplay.server.pages import templates
from rollplay.server.web_scenes import Number
from rollplay.table.combat.tracker import Tracker

router = APIRouter(include_in_schema=False)


@router.get("/games/{game}/scenes/{number}/combat", response_class=HTMLResponse,
            response_model=None)  # fmt: skip
def scene_combat(game: str, number: Number, request: Request, service: Viewer,
                 shown: Annotated[str, Query(max_length=200)] = "") -> Response:  # fmt: skip
    """The scene's combat panel, or 204 while ``shown`` (the combat the page shows, or
    nothing) is still the one to show."""
    try:
        info = service.game(game)
        scene = service.scene_shown(info.name, number)
        name = service.scene_combat(info.name, number)
        if (name or "") == shown:
            return Response(status_code=204)
        context: dict[str, Any] = {"game": info, "scene": scene, "s": None}
        if name is not None:
            status = Tracker(service).status(info.name, name)
            context |= {"s": status, **form_choices(info, status).context()}
    except RollplayError as exc:
        return problem(exc)
    return templates.TemplateResponse(request, "_scene_combat.html", context)
