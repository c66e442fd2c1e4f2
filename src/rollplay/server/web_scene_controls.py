"""The scene page's controls for what was typed before (issue 37): its header's location and
type edited in place (``scene/set``), the Storyteller's "Ask for a roll" (``request``) with
its exact odds before it is sent, and "Start a combat" (``combat/start``) in this scene.

Each builds the command the typed line would and runs it as the viewer: the service decides
who may (the header: the scene's starter or the Storyteller; a request and a combat: the
Storyteller), and what lands in a scene must land in this one (rulings S23, S60)."""

from __future__ import annotations

from typing import Annotated

from fastapi import APIRouter, Form, Query, Request
from fastapi.responses import HTMLResponse, Response

from rollplay.errors import RollplayError
from rollplay.server.htmx import Viewer, problem, run
from rollplay.server.pages import templates
from rollplay.server.scene_ask import asked_line, asking
from rollplay.server.web_scenes import Kind, Number, box_command, here_only
from rollplay.table import commands as c
from rollplay.table.access.authz import Act
from rollplay.table.limits import MAX_TITLE

router = APIRouter(include_in_schema=False)
SCENE = "/games/{game}/scenes/{number}"
Modifier = Annotated[int, Query(ge=-20, le=20)]
Name = Annotated[str, Query(max_length=100)]


# -- the header, edited in place -------------------------------------------------------------


@router.post(SCENE + "/set", response_class=HTMLResponse)
def set_header(game: str, number: Number, service: Viewer,
               location: Annotated[str, Form(max_length=MAX_TITLE + 100)],
               kind: Annotated[Kind, Form()]) -> HTMLResponse:  # fmt: skip
    """Where the scene happens and what kind it is: ``scene/set N type=KIND location=PLACE``,
    one command and one event (the service says when nothing changed). Every open page of the
    scene redraws its header from the feed."""
    return run(service, c.SceneSet(game, location=location, kind=kind, number=number), "Saved.")


# -- "Ask for a roll" --------------------------------------------------------------------------
# Who may ask, and whom, is the service's (askable: Act.REQUEST); so is who may start a combat.


@router.get(SCENE + "/ask", response_class=HTMLResponse)
def ask_choices(game: str, number: Number, request: Request, service: Viewer, *,
                character: Name = "", ability: Name = "", modifier: Modifier = 0,
                secret: Annotated[bool, Query()] = False) -> Response:  # fmt: skip
    """The ask form's ability list for the character chosen, and the odds of the roll."""
    try:
        asked = asking(service, game, character=character, ability=ability, modifier=modifier,
                       secret=secret)  # fmt: skip
        service.scene_id(game, number)  # a scene they may see
    except RollplayError as exc:
        return problem(exc)
    return templates.TemplateResponse(request, "_scene_ask_choice.html",
                                      {"ask": asked, "fresh": True})  # fmt: skip


@router.post(SCENE + "/ask", response_class=HTMLResponse)
def ask(game: str, number: Number, service: Viewer, *,
        character: Annotated[str, Form(max_length=100)],
        ability: Annotated[str, Form(max_length=100)],
        modifier: Annotated[int, Form(ge=-20, le=20)] = 0,
        secret: Annotated[bool, Form()] = False) -> HTMLResponse:  # fmt: skip
    """Ask the character for the roll: the ``request`` command, landing in this scene. The
    character and the ability are ones the lists offer, so the line holds nothing else."""
    try:
        line = asked_line(service, game, character=character, ability=ability,
                          modifier=modifier, secret=secret)  # fmt: skip
        command = box_command(service, game, number, line)
    except RollplayError as exc:
        return problem(exc)
    return run(service, command)


# -- "Start a combat" ------------------------------------------------------------------------


@router.post(SCENE + "/combat", response_class=HTMLResponse)
def start_combat(game: str, number: Number, service: Viewer,
                 name: Annotated[str, Form(max_length=100)]) -> HTMLResponse:  # fmt: skip
    """``combat/start NAME``, in this scene: its panel appears on every open page of it
    (the feed's ``combat`` message, web_scene_combat.py). Who may is asked before where it
    lands, so one who may not is told that, not to join the scene."""
    try:
        service.permit(game, Act.RUN_COMBAT)
        here_only(service, game, number)
    except RollplayError as exc:
        return problem(exc)
    return run(service, c.CombatStart(game, name))  # its answer in words (rulings W85)
