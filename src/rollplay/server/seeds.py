"""Verifiable dice over HTTP (docs/verify.md, docs/api.md): a game's seeds as the caller may
see them, their own client seed, and the Storyteller's rotation; and the web table's Verify
page, which re-derives the log's dice in the browser (static/verify_page.js, on verify.js)
from the same export a player can save, so its verdict does not rest on this server's word.

Every route is one service call for the caller (table/seeds.py decides who may)."""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import APIRouter, Form, Request
from fastapi.responses import HTMLResponse, Response
from markupsafe import Markup
from pydantic import BaseModel, Field

from rollplay.errors import RollplayError
from rollplay.server.games import Acting
from rollplay.server.htmx import Viewer, game_page, problem
from rollplay.table.info import ClientSeed, GameInfo, Seeds
from rollplay.table.info import Rotation as RotationInfo
from rollplay.table.service import Service

router = APIRouter(prefix="/api/v1", tags=["seeds"])
pages = APIRouter(include_in_schema=False)


class Rotation(BaseModel):
    chain: str = Field(default="public", max_length=20)


class ClientSeedBody(BaseModel):
    client_seed: str = Field(max_length=200)


@router.get("/games/{game}/seeds")
def seeds(game: str, service: Acting) -> Seeds:
    """Each chain's current commitment (with its rolls so far, where the caller may know),
    every revealed seed, and the caller's client seed."""
    return service.seeds(game)


@router.post("/games/{game}/seeds/rotate")
def rotate(game: str, service: Acting, body: Rotation | None = None) -> RotationInfo:
    """The Storyteller reveals a chain's seed (``public``, or ``hidden``: private and secret
    rolls) and commits a new one, in one transaction."""
    return service.rotate_seed(game, (body or Rotation()).chain)


@router.put("/games/{game}/seeds/client")
def client_seed(game: str, body: ClientSeedBody, service: Acting) -> ClientSeed:
    """The caller's client seed in the game, from their next roll on."""
    return service.set_client_seed(game, body.client_seed)


@pages.get("/games/{game}/verify", response_class=HTMLResponse, response_model=None)
def verify_page(game: str, request: Request) -> Response:
    """The Verify page: the log checked in the browser, the client seed, the rotation."""
    return game_page(request, game, "verify.html", "verify", _seeds)


def _seeds(service: Service, info: GameInfo) -> dict[str, Any]:
    return {"seeds": service.seeds(info.name)}


@pages.post("/games/{game}/seeds/client", response_class=HTMLResponse)
def client_form(game: str, service: Viewer,
                value: Annotated[str, Form(max_length=200)]) -> HTMLResponse:  # fmt: skip
    try:
        data = service.set_client_seed(game, value)
    except RollplayError as exc:
        return problem(exc)
    return _answer(f"Your client seed is now {data.client_seed}: it applies from your "
                   f"next roll.")  # fmt: skip


@pages.post("/games/{game}/seeds/rotate", response_class=HTMLResponse)
def rotate_form(game: str, service: Viewer,
                chain: Annotated[str, Form(max_length=20)] = "public") -> HTMLResponse:  # fmt: skip
    try:
        data = service.rotate_seed(game, chain)
    except RollplayError as exc:
        return problem(exc)
    old = data.revealed
    said = f"There was no {chain} seed to reveal"
    if old is not None:
        rolls = f"{old.nonces} roll{'s' * (old.nonces != 1)}"
        said = f"The {chain} seed is revealed ({rolls} to verify)"
    return _answer(f"{said}; the next is committed: {data.commitment}")


def _answer(text: str) -> HTMLResponse:
    # "done" tells the page to check the log again (verify_page.js).
    return HTMLResponse(Markup('<p class="answer" role="status">{}</p>').format(text),
                        headers={"HX-Trigger": "done"})  # fmt: skip
