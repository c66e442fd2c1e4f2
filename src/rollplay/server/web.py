"""The web table (``/games/{game}``): the page a game lives on, its live feed of cards, the
roll box and the odds of what is being typed. HTML fragments come from render/ (the CLI and
chat say the same things). Every event is projected for the viewer on the server before it is
drawn, so a page never holds what its viewer may not see.

The page's writes are htmx requests made as any cookie-authenticated write is: with the
session's CSRF token (drawn into the page, sent as ``X-CSRF-Token``) and this site's Origin."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Annotated, Any

from fastapi import APIRouter, Depends, Form, Query, Request
from fastapi.responses import HTMLResponse, Response
from markupsafe import Markup

from rollplay.errors import RollplayError
from rollplay.render.html import odds_html
from rollplay.server.auth import client_address, credential
from rollplay.server.cards import card, sse_card
from rollplay.server.games import CommandLine, last_event_id, parsed
from rollplay.server.htmx import Viewer, game_page, problem, run
from rollplay.server.live import event_stream
from rollplay.server.pages import templates
from rollplay.server.parts import parts
from rollplay.server.spending import (
    Award,
    Spend,
    award_command,
    npc_command,
    spend_form,
    spend_query,
)
from rollplay.table.access.authz import Forbidden
from rollplay.table.answers import Character
from rollplay.table.events.sheets import D6Skill, FS3Sheet
from rollplay.table.events.views import EventView
from rollplay.table.info import GameInfo
from rollplay.table.service import Service

router = APIRouter(include_in_schema=False)
RECENT = 100  # events drawn with the page; older ones are in the log
LINES = 500  # completions offered in the roll box


@router.get("/games/{game}", response_class=HTMLResponse, response_model=None)
def table_page(game: str, request: Request) -> Response:
    return game_page(request, game, "table.html", "table", _table)


def _table(service: Service, info: GameInfo) -> dict[str, Any]:
    game_id, _, _ = service.watch(info.name)
    newest = service.latest_event(game_id)
    events: list[EventView] = []
    after = max(0, newest - RECENT)
    while True:  # the recent events this viewer may see, oldest first
        page = service.events_for(info.name, after, 1000)
        events += page
        if len(page) < 1000:
            break
        after = page[-1].id
    mine = [service.character(info.name, name) for name in info.yours]
    rollers = mine
    if not mine and info.role == "storyteller":
        words = service.vocabulary(info.name)
        rollers = [service.character(info.name, name) for name in words.characters]
    lines = _lines(rollers)
    return {"cards": [card(e, not info.archived) for e in events], "mine": mine, "lines": lines,
            "example": _example(mine, lines),
            "last": events[-1].id if events else max(0, newest - RECENT)}  # fmt: skip


def _example(mine: list[Character], lines: list[str]) -> str:
    """What the roll box suggests: the viewer's first skill, or any ability, or an NPC's."""
    quick = quick_rolls(mine[0]) if mine else []
    if quick:
        return quick[0][1].split("/", 1)[1]
    return lines[0].removeprefix("roll ") if lines else "5"


def _lines(rollers: Sequence[Character]) -> list[str]:
    """The roll box's completions: only what may be rolled, each ability on the sheet of a
    character the viewer rolls for (an ability a sheet lacks rolls at Everyman, which the
    server may refuse), named by itself when the viewer rolls one character, else after its
    name (at most LINES)."""
    if len(rollers) == 1:
        own = f"roll {rollers[0].name}/"
        return [line.replace(own, "roll ", 1) for _, line in quick_rolls(rollers[0])][:LINES]
    return [line for c in rollers for _, line in quick_rolls(c)][:LINES]


def quick_rolls(c: Character) -> list[tuple[str, str]]:
    """A character's quick-roll buttons: (label, line), skills before attributes."""
    sheet = c.typed_sheet
    if isinstance(sheet, FS3Sheet):
        dice = c.dice or {}
        rolled = [*sheet.action, *sheet.attributes]
        return [(f"{n} ({dice[n]})", f"roll {c.name}/{n}") for n in rolled if n in dice]
    out = []
    groups = (sheet.skills, sheet.attributes)
    for group in groups:
        for n, value in group.items():
            shown = value.code if isinstance(value, D6Skill) else value
            out.append((f"{n} ({shown})", f"roll {c.name}/{n}"))
    return out


templates.env.globals["quick_rolls"] = quick_rolls


@router.get("/games/{game}/feed")
async def feed(game: str, request: Request, service: Viewer,
               after: Annotated[int | None, Query(ge=0, le=2**62)] = None) -> Response:  # fmt: skip
    """The page's live feed: cards as SSE; a reconnecting EventSource sends Last-Event-ID."""
    start = last_event_id(request) or (after or 0)
    return await event_stream(
        parts(request).hub,
        service,
        game,
        start,
        write=sse_card,
        user=service.actor.name,
        address=client_address(request),
        credential=credential(request),
    )


@router.post("/games/{game}/roll", response_class=HTMLResponse)
def roll(game: str, service: Viewer, text: Annotated[str, Form(max_length=1000)],
         spend: Annotated[Spend, Depends(spend_form)], visibility: Annotated[str, Form()] = "",
         ) -> HTMLResponse:  # fmt: skip
    """A line from the roll box (or a quick-roll button), run as the viewer, with the luck
    or points chosen beside it; its card arrives on the feed."""
    try:
        command = spend.on(
            parsed(service, game, CommandLine(text=text, visibility=visibility or None))
        )
    except RollplayError as exc:  # the page swaps 4xx fragments in (its htmx-config)
        return problem(exc)
    return run(service, command)


@router.get("/games/{game}/odds", response_class=HTMLResponse)
def odds(game: str, service: Viewer, spend: Annotated[Spend, Depends(spend_query)],
         text: Annotated[str, Query(max_length=1000)] = "") -> HTMLResponse:  # fmt: skip
    """The exact odds of the line in the roll box, as it is typed, with the luck chosen."""
    if not text.strip():
        return HTMLResponse("")
    try:
        o = service.odds(spend.on(parsed(service, game, CommandLine(text=text))))
    except Forbidden as exc:
        return HTMLResponse(Markup('<p class="muted">{}</p>').format(str(exc)), 403)
    except RollplayError as exc:  # most often a line still being typed
        return HTMLResponse(Markup('<p class="muted">{}</p>').format(str(exc)))
    return HTMLResponse(odds_html(o))


@router.get("/games/{game}/mine", response_class=HTMLResponse)
def mine(game: str, request: Request, service: Viewer) -> HTMLResponse:
    """The viewer's characters' points, redrawn after a change to them."""
    info = service.game(game)
    return templates.TemplateResponse(
        request,
        "_mine.html",
        {"game": info, "mine": [service.character(info.name, n) for n in info.yours]},
    )


@router.post("/games/{game}/npc", response_class=HTMLResponse)
def npc_roll(game: str, service: Viewer, name: Annotated[str, Form(max_length=100)],
             what: Annotated[str, Form(max_length=100)],
             visibility: Annotated[str, Form()] = "secret") -> HTMLResponse:  # fmt: skip
    """The Storyteller's NPC roll: a name and a rating (FS3), a level (GURPS) or a die code
    (D6), secret unless said otherwise. Built as the command itself, not pasted into a line,
    so nothing in the fields reads as more of a line."""
    try:
        command = npc_command(service.vocabulary(game), name, what, visibility)
    except RollplayError as exc:
        return problem(exc)
    return run(service, command)


@router.post("/games/{game}/award", response_class=HTMLResponse)
def award(game: str, service: Viewer, form: Annotated[Award, Form()]) -> HTMLResponse:
    """The Storyteller awards luck or XP (FS3)."""
    try:
        command = award_command(game, form)
    except RollplayError as exc:
        return problem(exc)
    return run(service, command)
