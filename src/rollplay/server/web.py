"""The web table (``/games/{game}``): the page a game lives on, its live feed of cards, the
roll box and the odds of what is being typed. HTML fragments come from render/ (the CLI and
chat say the same things). Every event is projected for the viewer on the server before it is
drawn, so a page never holds what its viewer may not see.

The page's writes are htmx requests made as any cookie-authenticated write is: with the
session's CSRF token (drawn into the page, sent as ``X-CSRF-Token``) and this site's Origin."""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import APIRouter, Depends, Form, HTTPException, Query, Request
from fastapi.responses import HTMLResponse, RedirectResponse, Response
from markupsafe import Markup, escape

from rollplay.errors import RollplayError
from rollplay.render.events import event_card
from rollplay.render.html import card_html
from rollplay.server.auth import COOKIE, caller
from rollplay.server.games import CommandLine, last_event_id, parsed
from rollplay.server.live import event_stream
from rollplay.server.pages import templates
from rollplay.table.accounts import csrf_for
from rollplay.table.authz import Forbidden
from rollplay.table.service import Service

router = APIRouter(include_in_schema=False)
RECENT = 100  # events drawn with the page; older ones are in the log


def viewer(request: Request) -> Service:
    service = caller(request)
    if service is None:
        raise HTTPException(401, "sign in first")
    return service


Viewer = Annotated[Service, Depends(viewer)]  # on a write, caller() checks CSRF and Origin


def card(event: dict[str, Any]) -> Markup:
    return Markup('<li id="e{}">{}</li>').format(
        event["id"], card_html(event_card(event), visibility=event["visibility"])
    )


def sse_card(event: dict[str, Any]) -> str:
    """An event as the feed's SSE message: its id, and its card as HTML (one data line)."""
    html = str(card(event)).replace("\n", " ")
    return f"id: {event['id']}\nevent: card\ndata: {html}\n\n"


@router.get("/games/{game}", response_class=HTMLResponse, response_model=None)
def table_page(game: str, request: Request) -> Response:
    service = caller(request)
    if service is None:
        return RedirectResponse("/", status_code=303)
    info = service.game(game)
    game_id, _, _ = service.watch(info["name"])
    newest = service.latest_event(game_id)
    events: list[dict[str, Any]] = []
    after = max(0, newest - RECENT)
    while True:  # the recent events this viewer may see, oldest first
        page = service.events_for(info["name"], after, 1000)
        events += page
        if len(page) < 1000:
            break
        after = int(page[-1]["id"])
    mine = [service.character(info["name"], name) for name in info["yours"]]
    return templates.TemplateResponse(request, "table.html", {
        "game": info, "user": service.actor.name, "cards": [card(e) for e in events],
        "last": events[-1]["id"] if events else after, "mine": mine,
        "csrf": csrf_for(request.cookies.get(COOKIE, "")),
    })  # fmt: skip


@router.get("/games/{game}/feed")
async def feed(game: str, request: Request, service: Viewer,
               after: Annotated[int | None, Query(ge=0, le=2**62)] = None) -> Response:  # fmt: skip
    """The page's live feed: cards as SSE; a reconnecting EventSource sends Last-Event-ID."""
    start = last_event_id(request) or (after or 0)
    return await event_stream(request.app.state.hub, service, game, start, write=sse_card)


@router.post("/games/{game}/roll", response_class=HTMLResponse)
def roll(game: str, service: Viewer, text: Annotated[str, Form(max_length=1000)],
         visibility: Annotated[str, Form()] = "") -> HTMLResponse:  # fmt: skip
    """A line from the roll box, run as the viewer; its card arrives on the feed."""
    line = CommandLine(text=text, visibility=visibility or None)
    try:
        done = service.execute(parsed(service, game, line))
    except RollplayError as exc:  # the page swaps 4xx fragments in (its htmx-config)
        return HTMLResponse(_problem(str(exc)), status_code=_status(exc))
    return HTMLResponse(Markup('<p class="muted">Done: {}</p>').format(done.get("command")))


@router.get("/games/{game}/odds", response_class=HTMLResponse)
def odds(game: str, service: Viewer,
         text: Annotated[str, Query(max_length=1000)] = "") -> HTMLResponse:  # fmt: skip
    """The exact odds of the line in the roll box, as it is typed."""
    if not text.strip():
        return HTMLResponse("")
    try:
        o = service.odds(parsed(service, game, CommandLine(text=text)))
    except Forbidden as exc:
        return HTMLResponse(Markup('<p class="muted">{}</p>').format(str(exc)), 403)
    except RollplayError as exc:  # most often a line still being typed
        return HTMLResponse(Markup('<p class="muted">{}</p>').format(str(exc)))
    return HTMLResponse(_odds_html(o))


def _odds_html(o: dict[str, Any]) -> Markup:
    if "first_wins" in o:
        parts = [("first wins", o["first_wins"]), ("draw", o["draw"]),
                 ("second wins", o["second_wins"])]  # fmt: skip
    else:
        parts = [("success", o["success"])]
        parts += [(str(k), v) for k, v in (o.get("levels") or {}).items()]
    cells = Markup("").join(
        Markup("<li><span>{}</span> <strong>{}</strong></li>").format(k, f"{v:.1%}")
        for k, v in parts
    )
    return Markup('<p class="check">{}</p><ul class="odds">{}</ul>').format(
        o.get("check", ""), cells
    )


def _status(exc: RollplayError) -> int:
    return 403 if isinstance(exc, Forbidden) else 400


def _problem(message: str) -> str:
    return str(Markup('<p class="error" role="alert">{}</p>').format(escape(message)))
