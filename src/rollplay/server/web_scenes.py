"""The web scene pages (issue 30; docs/scenes.md "The web scene page"): a game's scenes, and
a scene's page with its live ledger (every event drawn by the same card the table's feed
draws, so a new kind of event shows here as it does there), its pose box, its people and
pose order, and its controls.

What a page shows is the service's answer for its viewer: a scene they may not see is "no
scene" (404) on every route, the feed included, so a private scene's title never leaks."""

from __future__ import annotations

import dataclasses
from typing import Annotated, Any, Literal
from urllib.parse import quote

from fastapi import APIRouter, Depends, Form, Path, Query, Request
from fastapi.responses import HTMLResponse, Response
from markupsafe import Markup

from rollplay.errors import RollplayError
from rollplay.server.auth import client_address, credential
from rollplay.server.cards import card, one_line, sse_card
from rollplay.server.games import CommandLine, last_event_id, parsed
from rollplay.server.htmx import Viewer, game_page, problem, run
from rollplay.server.live import event_stream
from rollplay.server.pages import templates
from rollplay.server.parts import parts
from rollplay.server.scene_ask import asking
from rollplay.server.spending import Spend, spend_form
from rollplay.table import commands as c
from rollplay.table.answers import SceneShown
from rollplay.table.events.scenes import SCENE_KINDS, SceneKind
from rollplay.table.info import GameInfo
from rollplay.table.limits import MAX_POSE, MAX_SUMMARY, MAX_TITLE
from rollplay.table.service import Service

router = APIRouter(include_in_schema=False)
FINISHED = 20  # finished scenes the list shows, newest first
# Entries a scene's page draws when it opens, and each "earlier" asks for: drawing all of a
# 5,000-entry scene took most of a second (docs/performance.md, "Scenes").
PAGE = 200
# Scene commands typed in a scene's pose box: without a number, they mean this scene.
_THIS_SCENE = (c.SceneJoin, c.ScenePause, c.SceneResume, c.SceneStop, c.SceneInvite,
               c.SceneOrder)  # fmt: skip
# What lands in no scene, so it may be typed in any scene's box (a read, a new scene).
_ANYWHERE = (*_THIS_SCENE, c.SceneStart, c.ShowSheet, c.ShowLog, c.CombatStatus)
Number = Annotated[int, Path(ge=1, le=1_000_000_000)]  # a scene's number in its game
Control = Literal["join", "pause", "resume", "stop", "free", "round-robin"]
Kind = SceneKind  # the one list (events/scenes.py), which the forms offer:
templates.env.globals["scene_kinds"] = SCENE_KINDS


@router.get("/games/{game}/scenes", response_class=HTMLResponse, response_model=None)
def scenes_page(game: str, request: Request) -> Response:
    """The game's scenes: running and paused first, then the recent finished ones."""
    return game_page(request, game, "scenes.html", "scenes", _scenes)


def _scenes(service: Service, info: GameInfo) -> dict[str, Any]:
    shown = service.scenes(info.name)
    return {"live": [s for s in shown if s.state != "finished"],
            "done": [s for s in shown if s.state == "finished"][:FINISHED]}  # fmt: skip


@router.post("/games/{game}/scenes", response_class=HTMLResponse)
def start(game: str, service: Viewer, *, title: Annotated[str, Form(max_length=MAX_TITLE)],
          summary: Annotated[str, Form(max_length=MAX_SUMMARY)] = "",
          private: Annotated[str, Form(max_length=10)] = "",
          location: Annotated[str, Form(max_length=MAX_TITLE + 100)] = "",
          kind: Annotated[Kind, Form()] = "social") -> HTMLResponse:  # fmt: skip
    """Start a scene (its place and type too, issue 37) and go to its page."""
    try:
        shown = service.execute(c.SceneStart(game, title, summary, private=bool(private),
                                             location=location, kind=kind))  # fmt: skip
    except RollplayError as exc:
        return problem(exc)
    assert isinstance(shown, SceneShown)
    said = Markup('<p class="answer" role="status">Scene {} started.</p>').format(shown.number)
    return HTMLResponse(said, headers={"HX-Redirect": f"/games/{quote(shown.game)}/scenes/"
                                                      f"{shown.number}"})  # fmt: skip


@router.get("/games/{game}/scenes/{number}", response_class=HTMLResponse, response_model=None)
def scene_page(game: str, number: Number, request: Request) -> Response:
    return game_page(request, game, "scene.html", "scenes",
                     lambda service, info: _scene(service, info, number))  # fmt: skip


def _scene(service: Service, info: GameInfo, number: int) -> dict[str, Any]:
    ledger, earlier = service.scene_ledger(info.name, number, limit=PAGE)
    last = ledger[-1].id if ledger else 0
    order = _order(service, info, number)
    # The Storyteller's controls while the scene goes on (issue 37): asking for a roll, and
    # a combat (FS3's tracker) started here.
    tells = order["may_pose"] and info.role == "storyteller"
    return {"cards": [card(e, not info.archived) for e in ledger], "last": last,
            "earlier": earlier, **order, "ask": asking(service, info.name) if tells else None,
            "may_fight": tells and info.system == "fs3"}  # fmt: skip


def _order(service: Service, info: GameInfo, number: Number) -> dict[str, Any]:
    """What the people-and-order panel shows the viewer, and which controls they get (none
    in an archived game: rulings W81)."""
    shown, role, current = service.scene_panel(info.name, number)
    me = service.actor.name
    playing = not info.archived
    runs = playing and (role == "storyteller" or shown.starter == me)
    return {"scene": shown, "me": me, "runs": runs, "here": current == number,
            "may_pose": playing and role != "observer" and shown.state != "finished",
            "your_turn": shown.order is not None and me in shown.order.waiting}  # fmt: skip


@router.get("/games/{game}/scenes/{number}/order", response_class=HTMLResponse)
def order(game: str, number: Number, request: Request, service: Viewer) -> Response:
    """The scene's people, pose order and controls, redrawn as its ledger grows."""
    try:
        info = service.game(game)
        context = _order(service, info, number)
    except RollplayError as exc:
        return problem(exc)
    context["game"] = info
    return templates.TemplateResponse(request, "_scene_order.html", context)


@router.get("/games/{game}/scenes/{number}/earlier", response_class=HTMLResponse)
def earlier(game: str, number: Number, request: Request, service: Viewer,
            before: Annotated[int, Query(ge=1, le=2**62)]) -> Response:  # fmt: skip
    """The page of the ledger before event ``before``, oldest first, after the button that
    asks for the page before it (if any): it takes the place of the button that asked."""
    try:
        info = service.game(game)
        ledger, sooner = service.scene_ledger(info.name, number, before, PAGE)
    except RollplayError as exc:
        return problem(exc)
    return templates.TemplateResponse(request, "_scene_earlier.html", {
        "game": info.name, "number": number, "earlier": sooner,
        "cards": [card(e, not info.archived) for e in ledger],
    })  # fmt: skip


@router.get("/games/{game}/scenes/{number}/feed")
async def feed(game: str, number: Number, request: Request, service: Viewer,
               after: Annotated[int | None, Query(ge=0, le=2**62)] = None) -> Response:  # fmt: skip
    """The scene's ledger, live: the table feed's cards, only this scene's."""
    start_at = last_event_id(request) or (after or 0)
    return await event_stream(
        parts(request).hub, service, game, start_at, write=sse_card, user=service.actor.name,
        address=client_address(request), credential=credential(request), scene=number,
        panel=sse_order,
    )  # fmt: skip


def sse_order(shown: SceneShown) -> str:
    """The scene page's shared parts as its SSE messages, drawn once per change for every
    viewer of the scene (hub.py): its pose order (``order``), each page marking "Your turn"
    itself, and its header (``head``: its place and type, and whether it is over)."""
    people = templates.get_template("_scene_people.html").render(scene=shown, your_turn=False)
    head = templates.get_template("_scene_head.html").render(scene=shown)
    return f"event: order\ndata: {one_line(people)}\n\nevent: head\ndata: {one_line(head)}\n\n"


@router.post("/games/{game}/scenes/{number}/pose", response_class=HTMLResponse)
def pose(game: str, number: Number, service: Viewer, *,
         text: Annotated[str, Form(max_length=MAX_POSE + 100)],
         spend: Annotated[Spend, Depends(spend_form)],
         visibility: Annotated[str, Form(max_length=20)] = "") -> HTMLResponse:  # fmt: skip
    """A line from the pose box: a command when its first word is a command's whole word
    (rulings S23), else a pose; what lands in a scene must land in this one. Luck and who
    sees it, chosen beside the box, are for a roll typed there, as in the table's roll box
    (rulings S62)."""
    try:
        command = spend.on(box_command(service, game, number, text, visibility or None))
    except RollplayError as exc:
        return problem(exc)
    return run(service, command)


def here_only(service: Service, game: str, number: Number) -> None:
    """Refused unless the viewer's poses and rolls land in scene ``number`` (rulings S2):
    what the page writes must land in this scene."""
    if service.current_scene(game) != number:
        raise RollplayError(f"your poses and rolls go to another scene: join scene {number} "
                            f"first (the Join button)")  # fmt: skip


def box_command(service: Service, game: str, number: Number, text: str,
                visibility: str | None = None) -> c.Command:  # fmt: skip
    """The command a pose box's line asks for (rulings S23); ``visibility``: who sees the
    roll it asks for (a pose has none to set)."""
    from rollplay.grammar.scenes import PREFIXES
    from rollplay.grammar.words import COMMANDS
    from rollplay.table.play.scenes import pose_text

    service.scene_id(game, number)  # a scene the viewer may not see is "no scene"
    line = text.lstrip()
    word = line.split(maxsplit=1)[0].removeprefix("+").split("/")[0].casefold() if line else ""
    if word in COMMANDS or line.startswith(tuple(p for p, _ in PREFIXES)):
        command = parsed(service, game, CommandLine(text=text, visibility=visibility))
    elif visibility is not None:
        raise RollplayError("who sees it is for a roll (roll Firearms), not for a pose: "
                            "everyone in the scene reads a pose")  # fmt: skip
    else:
        command = c.Pose(game, pose_text(text))
    if isinstance(command, _THIS_SCENE) and command.number is None:
        return dataclasses.replace(command, number=number)
    if not isinstance(command, _ANYWHERE):
        here_only(service, game, number)
    return command


@router.post("/games/{game}/scenes/{number}/{control}", response_class=HTMLResponse)
def control(game: str, number: Number, control: Control, service: Viewer) -> HTMLResponse:
    """The page's buttons: join, pause, resume, stop, and the pose order."""
    command: c.Command
    match control:
        case "join":
            command = c.SceneJoin(game, number)
        case "pause":
            command = c.ScenePause(game, number)
        case "resume":
            command = c.SceneResume(game, number)
        case "stop":
            command = c.SceneStop(game, number)
        case "free" | "round-robin":
            command = c.SceneOrder(game, control, number)
    return run(service, command)
