"""The web table (``/games/{game}``): the page a game lives on, its live feed of cards, the
roll box and the odds of what is being typed. HTML fragments come from render/ (the CLI and
chat say the same things). Every event is projected for the viewer on the server before it is
drawn, so a page never holds what its viewer may not see.

The page's writes are htmx requests made as any cookie-authenticated write is: with the
session's CSRF token (drawn into the page, sent as ``X-CSRF-Token``) and this site's Origin."""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Annotated, Any
from urllib.parse import quote

from fastapi import APIRouter, Depends, Form, Query, Request
from fastapi.responses import HTMLResponse, Response
from markupsafe import Markup, escape

from rollplay.errors import RollplayError
from rollplay.render.events import event_card
from rollplay.render.html import event_html, odds_html
from rollplay.render.spans import text_of
from rollplay.server.auth import client_address, credential
from rollplay.server.games import CommandLine, last_event_id, parsed
from rollplay.server.htmx import Viewer, game_page, problem, run
from rollplay.server.live import event_stream
from rollplay.server.onward import onward
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
from rollplay.server.web_poses import pose_tools, reveal_button
from rollplay.table.access.authz import Forbidden
from rollplay.table.answers import Character
from rollplay.table.events.combat import Step_
from rollplay.table.events.payloads import HiddenRoll, Roll
from rollplay.table.events.requests import (
    PoseDeleted,
    PoseEdited,
    RequestCancelled,
    RequestOdds,
    RollRequested,
    RollRevealed,
)
from rollplay.table.events.scenes import Posed
from rollplay.table.events.sheets import D6Skill, FS3Sheet
from rollplay.table.events.views import EventView
from rollplay.table.info import GameInfo
from rollplay.table.play.scene_reads import ORDER_KINDS
from rollplay.table.service import Service

router = APIRouter(include_in_schema=False)
RECENT = 100  # events drawn with the page; older ones are in the log
LINES = 500  # completions offered in the roll box
POINTS = frozenset(
    {
        "luck_award",
        "luck_spend",
        "xp_award",
        "raise",
        "sheet",
        "approved",
        "sent_back",
        "combat_turn",
    }
)  # a turn spends luck and deals wounds
# What changes a scene page's controls (join, pause, resume, stop, the order's mode): its
# page asks for them again after these alone, which are rare (each ask is a request from every
# open page); after a pose the hub sends the panel's new pose order itself, and after a
# change of place or type the new header (hub.py), which change no control.
CONTROLS = ORDER_KINDS - {"pose", "scene_set"}


def card(event: EventView, playing: bool = True, oob: bool = False) -> Markup:
    """An event's card for a page; ``playing`` False (an archived game): without the roll
    request's Roll button, a pose's Edit and Delete and a secret roll's Reveal, which the
    service would refuse (rulings W81); ``oob``: to take the place of the card drawn before
    (a pose edited, a roll revealed: web._later)."""
    controls = Markup("")
    if playing:
        controls = roll_button(event) + pose_tools(event) + reveal_button(event)
    swap = Markup(' hx-swap-oob="outerHTML"') if oob else Markup("")
    return Markup('<li id="e{}"{}>{}{}{}</li>').format(event.id, swap, event_html(event),
                                                      card_tools(event), controls)  # fmt: skip


def card_tools(event: EventView) -> Markup:
    """A card's permalink (web_permalink.py) and its "Copy as text" button, which copies the
    card's lines as the CLI draws them (static/cards.js), for a forum post, and where the
    card's news leads (onward.py). They are out of the Tab order (a hundred cards would
    stand between a keyboard and the roll box): the feed is one stop, and its arrow keys
    move between the cards' tools (static/cards.js)."""
    text = "\n".join(text_of(line) for line in event_card(event))
    kept = str(escape(text)).replace("\n", "&#10;")  # one SSE data line (one_line)
    where = f"/games/{quote(event.game, safe='')}/log/{event.id}#e{event.id}"
    return Markup(
        '<div class="card-tools"><a class="permalink" href="{0}" title="A link to this card" '
        'tabindex="-1">Link</a> <button type="button" class="link" data-copy="{1}" '
        'tabindex="-1">Copy as text</button>{2}'
        '<span class="copied" role="status"></span></div>'
    ).format(where, Markup(kept), onward(event.data, event.game, event.character))


def roll_button(event: EventView) -> Markup:
    """An open roll request's Roll button (issue 30): it posts ``answer N`` through the roll
    box's route, so the roll is the command language's like any other. The page hides it
    from those who do not play the character asked (static/table.js); the service refuses
    them anyway. Its place (``answer-N``) says "answered" once the answer arrives."""
    data = event.data
    if not isinstance(data, RollRequested) or data.state != "open":
        return Markup("")
    return Markup(
        '<form id="answer-{0}" class="answer-request" data-for="{1}" '
        'hx-post="/games/{2}/roll" hx-target="#answer-{0}-said">'
        '<input type="hidden" name="text" value="answer {0}"><div class="row">{4}'
        '<button type="submit">Roll {3} for {1}</button></div></form>'
        '<div id="answer-{0}-said" aria-live="polite"></div>'
    ).format(event.id, data.character, quote(event.game, safe=""), data.expression,
             answer_spends(data))  # fmt: skip


LUCK_SAID = {"bonus": "a bonus", "reroll": "a re-roll", "hail-mary": "a Hail Mary"}


def answer_spends(data: RollRequested) -> Markup:
    """What the roller may spend on the roll a request asks for, as on a roll of their own
    (rulings R31): FS3 luck as the edition has it, D6 Character and Fate Points; the roll
    route puts them on ``answer N`` (spending.py). A Hail Mary the request needs is chosen."""
    luck = [k for k in data.spends if k in LUCK_SAID]
    out = Markup("")
    if data.needs is not None:
        out += Markup('<input type="hidden" name="luck" value="{}"><p class="muted">A Hail '
                      "Mary: it spends a luck point</p>").format(data.needs)  # fmt: skip
    elif luck:
        options = Markup("").join(Markup('<option value="{}">{}</option>').format(k, LUCK_SAID[k])
                                  for k in luck)  # fmt: skip
        out += Markup('<label>Spend luck on it <select name="luck"><option value="">no</option>'
                      "{}</select></label>").format(options)  # fmt: skip
    if "cp" in data.spends:
        out += Markup('<label>Character Points <input name="cp" type="number" min="0" '
                      'max="99" value="0" inputmode="numeric"></label>')  # fmt: skip
    if "fate" in data.spends:
        out += Markup('<label><input name="fate" type="checkbox" value="true"> Fate Point</label>')
    return out


def _later(event: EventView) -> Markup:
    """What a later event changes on a page already drawn, swapped in out of band: a roll
    answering a request (or a request's cancellation) takes the request's Roll button's
    place; a pose's edit or deletion redraws the pose (as the ledger now shows it)."""
    data = event.data
    if isinstance(data, PoseEdited | PoseDeleted):
        # The pose as it stands (the edit's text is the text in force: rulings S70), where
        # and when it was posed, with its tools (rulings S74).
        gone = isinstance(data, PoseDeleted) or data.deleted
        pose = Posed(scene=data.scene, style="pose" if isinstance(data, PoseDeleted)
                     else data.style, who=data.who,
                     text="" if isinstance(data, PoseDeleted) else data.text,
                     edited=not gone, deleted=gone)  # fmt: skip
        shown = event.model_copy(update={"id": data.pose, "kind": "pose", "data": pose,
                                         "time": data.posed or event.time})  # fmt: skip
        return card(shown, oob=True)
    if isinstance(data, RollRevealed):
        # The secret roll's (or the combat turn's) own card opens, where it was, for everyone
        # who sees the reveal (rulings S73); the Storyteller's loses its Reveal button.
        whole = data.shown.model_copy(update={"revealed": event.id})
        turn = isinstance(whole, Step_)
        shown = event.model_copy(update={"id": data.roll, "data": whole, "hidden": False,
                                         "kind": "combat_turn" if turn else "roll",
                                         "visibility": "public" if turn else "secret",
                                         "character": data.character,
                                         "time": data.rolled or event.time})  # fmt: skip
        return card(shown, oob=True)
    if isinstance(data, RequestOdds):  # the request's card, its odds as the sheet now stands
        asked = event.model_copy(update={"id": data.request, "kind": "roll_request",
                                         "time": data.asked_at or event.time,
                                         "data": data.asked})  # fmt: skip
        return card(asked, oob=True)
    if isinstance(data, Roll | HiddenRoll) and data.request is not None:
        number, said = data.request, f"Answered: #{event.id}"
    elif isinstance(data, RequestCancelled):
        number, said = data.request, "Cancelled"
    else:
        return Markup("")
    return Markup('<p id="answer-{}" class="muted" hx-swap-oob="outerHTML">{}</p>').format(
        number, said
    )


def sse_card(event: EventView) -> str:
    """An event as the feed's SSE message: its id, and its card as HTML (one data line). A
        combat's event also tells an open tracker to redraw (``combat``, naming the combat), and a
    change to points the viewer's own panel (``points``), and one to a scene's state its
    page's controls (``controls``)."""
    html = one_line(str(card(event) + _later(event)))
    out = f"id: {event.id}\nevent: card\ndata: {html}\n\n"
    if isinstance(event.data, Step_):
        out += f"event: combat\ndata: {one_line(event.data.combat)}\n\n"
    if event.kind in POINTS:
        out += "event: points\ndata: \n\n"
    if event.kind in CONTROLS:
        out += "event: controls\ndata: \n\n"
    return out


def one_line(text: str) -> str:
    """Text for one SSE data line: any line break (CR too, which SSE also ends lines on)
    becomes a space, so no text in an event can forge an id or an event of its own."""
    return re.sub(r"\r\n|[\r\n\u2028\u2029\x85]", " ", text)


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
