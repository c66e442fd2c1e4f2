"""A scene's record on the server (issue 30, "The record"): its export (the API's and the
web's download, as ``rollplay scene export``), the read-only page of a finished scene for
the game's members, and search over the game's scenes (the API's ``?q=`` and a small page).

Each is one service call for the caller (``export_scene``, ``scene``, ``search_scenes``):
this module never reads the tables, so a private scene or a secret never reaches a reader
the service would not hand it to."""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import APIRouter, Query, Request
from fastapi.responses import HTMLResponse, PlainTextResponse, Response
from markupsafe import Markup

from rollplay.errors import RollplayError
from rollplay.render.html import card_html
from rollplay.render.record import record_cards
from rollplay.server.games import Acting
from rollplay.server.htmx import Viewer, game_page, status_of
from rollplay.server.parts import Exports
from rollplay.server.streams import Slots, exported
from rollplay.table.info import GameInfo
from rollplay.table.play.records import filename
from rollplay.table.play.search import MAX_QUERY, SceneHit
from rollplay.table.service import Service

api = APIRouter(prefix="/api/v1", tags=["scenes"])
pages = APIRouter(include_in_schema=False)
KINDS = {"markdown": "text/markdown; charset=utf-8", "html": "text/html; charset=utf-8",
         "jsonl": "application/x-ndjson"}  # fmt: skip


@api.get("/games/{game}/scenes/{number}/export")
def export_api(game: str, number: int, service: Acting, exports: Exports,
               format: str = "markdown") -> Response:  # fmt: skip
    """A scene's record as the caller may see it: ``format`` markdown, html or jsonl (the
    JSON Lines passes ``rollplay verify``)."""
    return _download(service, exports, game, number, format)


@api.get("/games/{game}/scenes", response_model=None)
def scenes_api(game: str, service: Acting,
               q: Annotated[str, Query(max_length=MAX_QUERY)] = "") -> list[Any]:  # fmt: skip
    """With ``q``: the events of the game's scenes holding every word of it, as the caller
    may see them (newest scene first); without: the scenes they may see."""
    return service.search_scenes(game, q) if q else service.scenes(game)


@pages.get("/games/{game}/scenes/{number}/export", response_model=None)
def export_page(game: str, number: int, service: Viewer, exports: Exports,
                format: str = "markdown") -> Response:  # fmt: skip
    """The web's download of a scene's record (the links of ``_scene_export.html``)."""
    try:
        return _download(service, exports, game, number, format)
    except RollplayError as exc:  # a browser gets a line of text, not JSON
        return PlainTextResponse(str(exc), status_of(exc))


@pages.get("/games/{game}/scenes/search", response_class=HTMLResponse, response_model=None)
def search_page(game: str, request: Request, q: str = "") -> Response:
    """A search box over the game's scenes and what it found (a bad search: one line, 400)."""
    wrong: list[str] = []

    def fill(service: Service, info: GameInfo) -> dict[str, Any]:
        hits: list[SceneHit] = []
        if q:
            try:
                hits = service.search_scenes(info.name, q)
            except RollplayError as exc:
                wrong.append(str(exc))
        return {"q": q, "hits": hits, "error": wrong[0] if wrong else "", "most": MAX_QUERY}

    answer = game_page(request, game, "scenes_search.html", "scenes", fill)
    if wrong and answer.status_code == 200:
        answer.status_code = 400
    return answer


@pages.get("/games/{game}/scenes/{number}/record", response_class=HTMLResponse,
           response_model=None)  # fmt: skip
def record_page(game: str, number: int, request: Request) -> Response:
    """A finished scene, read-only, for the game's members who may read it: its head and
    its ledger as cards, and the export links; no pose box (rulings S33)."""

    def fill(service: Service, info: GameInfo) -> dict[str, Any]:
        shown, ledger = service.scene(info.name, number)
        if shown.state != "finished":
            raise RollplayError(f"scene {number} ({shown.title}) is {shown.state}: its record "
                                f"is shared once it is finished")  # fmt: skip
        cards = [Markup('<li id="e{}">{}</li>').format(e.id, card_html(c, visibility=e.visibility))
                 for e, c in record_cards(ledger)]  # fmt: skip
        return {"scene": shown, "cards": cards}

    return game_page(request, game, "scene_record.html", "scenes", fill)


def _download(service: Service, exports: Slots, game: str, number: int, fmt: str) -> Response:
    """The export, streamed as it is read and drawn (rulings H12: a long scene is never
    whole in memory, and a user has only so many exports under way at once)."""
    saved = f'attachment; filename="{filename(game, number, fmt)}"'
    return exported(exports, service.actor.name,
                    lambda: service.export_scene_parts(game, number, fmt),
                    KINDS.get(fmt, "text/plain"), {"Content-Disposition": saved})  # fmt: skip
