"""A card's permalink (issue 31): ``/games/{game}/log/{N}#eN`` opens a page with card N of
the game's feed among its neighbours, as the viewer may see them (the service projects every
event), and the browser scrolls to it. A card the viewer does not learn of is not there:
404, as for a number never written."""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import APIRouter, Path, Request
from fastapi.responses import HTMLResponse, Response

from rollplay.server.cards import card
from rollplay.server.htmx import game_page
from rollplay.table.info import GameInfo
from rollplay.table.service import Service
from rollplay.table.store.db import StorageError

router = APIRouter(include_in_schema=False)
AROUND = 5  # cards drawn before and after the one linked to


@router.get("/games/{game}/log/{number}", response_class=HTMLResponse, response_model=None)
def permalink(game: str, number: Annotated[int, Path(ge=1, le=2**62)],
              request: Request) -> Response:  # fmt: skip
    def fill(service: Service, info: GameInfo) -> dict[str, Any]:
        events = service.events_for(info.name, max(0, number - AROUND - 1), 2 * AROUND + 1)
        if not any(e.id == number for e in events):
            raise StorageError(f"{info.name} has no card {number}")
        return {"number": number, "cards": [card(e, not info.archived) for e in events]}

    return game_page(request, game, "card.html", "log", fill)
