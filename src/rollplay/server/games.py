"""Routes for a game: its characters and sheets, one line of the command language, the odds
of a roll before it is made, the combat tracker, the log, and live events (docs/api.md)."""

from __future__ import annotations

import dataclasses
from collections.abc import Iterator
from typing import Annotated, Any

from fastapi import APIRouter, Depends, Query, Request, Response
from pydantic import BaseModel, Field
from starlette.concurrency import run_in_threadpool

from rollplay.errors import RollplayError
from rollplay.server.auth import acting, client_address, credential
from rollplay.server.idempotency import READ_ONLY
from rollplay.server.live import event_stream
from rollplay.server.parts import Exports, parts
from rollplay.server.streams import exported
from rollplay.table import commands as c
from rollplay.table.answers import AnyAnswer, Character, CombatStatus, OddsOf
from rollplay.table.events.views import EventView, LogEntry
from rollplay.table.info import CombatSummary, GameInfo
from rollplay.table.limits import MAX_POSE
from rollplay.table.service import Service

router = APIRouter(prefix="/api/v1", tags=["games"])
Acting = Annotated[Service, Depends(acting)]
EventId = Annotated[int | None, Query(ge=0, le=2**62)]
VISIBILITIES = ("public", "private", "secret")


class CommandLine(BaseModel):
    # A pose may be up to MAX_POSE long; every other line is held to 1,000 by the grammar.
    text: str = Field(max_length=MAX_POSE + 100)
    visibility: str | None = None


class SheetChanges(BaseModel):
    changes: dict[str, Any]


class NewCharacter(BaseModel):
    sheet: dict[str, Any]


@router.get("/games")
def games(service: Acting) -> list[GameInfo]:
    """The games the caller is in, with their role."""
    return service.games()


@router.get("/games/{game}")
def game(game: str, service: Acting) -> GameInfo:
    """A game, with the caller's role and characters."""
    return service.game(game)


@router.post("/games/{game}/characters")
def new_character(game: str, body: NewCharacter, service: Acting) -> Character:
    """A new character from a sheet (the system's sheet format, as JSON); a player who makes
    one plays it."""
    return service.new_character(game, body.sheet)


@router.get("/games/{game}/characters/{name}")
def character(game: str, name: str, service: Acting) -> Character:
    """A sheet, as its player or the Storyteller may see it."""
    return service.character(game, name)


@router.patch("/games/{game}/characters/{name}")
def edit_character(game: str, name: str, body: SheetChanges, service: Acting) -> Character:
    """Merge changes into a sheet (a value of null removes a key); it needs approving again."""
    return service.set_character(game, name, body.changes)


@router.post("/games/{game}/characters/{name}/approve")
def approve(game: str, name: str, service: Acting) -> Character:
    """The Storyteller approves a sheet with no character-creation problems."""
    return service.approve(game, name)


@router.post("/games/{game}/commands")
def command(game: str, body: CommandLine, service: Acting, response: Response) -> AnyAnswer:
    """One line of the command language, run as the caller (the CLI's ``--json`` answer)."""
    answer = service.execute(parsed(service, game, body))
    if not answer.event_ids:  # a read: its Idempotency-Key keeps nothing (idempotency.py)
        response.headers[READ_ONLY.decode()] = "1"
    return answer


@router.get("/games/{game}/odds")
def odds(game: str, service: Acting, text: Annotated[str, Query(max_length=1000)],
         visibility: str | None = None) -> OddsOf:  # fmt: skip
    """The exact odds of the roll a line asks for, before it is made: refused as the roll
    would be, spending and writing nothing (``?text=roll Firearms``)."""
    return service.odds(parsed(service, game, CommandLine(text=text, visibility=visibility)))


@router.get("/games/{game}/combats")
def combats(game: str, service: Acting) -> list[CombatSummary]:
    """The game's combats, those under way first."""
    from rollplay.table.combat.tracker import Tracker

    return Tracker(service).combats(game)


@router.get("/games/{game}/combats/{name}")
def combat(game: str, name: str, service: Acting) -> CombatStatus:
    """The tracker: turn, combatants and how they stand, actions set (as the caller may see
    them: FS3 keeps NPCs' details from the players)."""
    from rollplay.table.combat.tracker import Tracker

    return Tracker(service).status(game, name)


@router.get("/games/{game}/log", response_model=list[LogEntry])
def log(game: str, service: Acting, exports: Exports, *, character: str | None = None,
        limit: int = 50, format: str = "json") -> Any:  # fmt: skip
    """The log as the caller may see it (``format``: json, jsonl or csv to export)."""
    if format in ("jsonl", "csv"):  # one of the user's few exports at once (rulings H12)
        kind = "application/x-ndjson" if format == "jsonl" else "text/csv"

        def made() -> Iterator[str]:
            return iter([service.export_log(format, game_name=game, character=character)])

        return exported(exports, service.actor.name, made, kind, {})
    if format != "json":
        raise RollplayError(f"unknown format {format!r}; accepted: json, jsonl, csv")
    return service.log(game_name=game, character=character, limit=limit or None)


@router.get("/games/{game}/events", response_model=list[EventView])
async def events(game: str, request: Request, service: Acting, *, after: EventId = None,
                 format: str = "sse", limit: int = 100) -> Any:  # fmt: skip
    """Live events (Server-Sent Events, ``id:`` = event id), each projected for the caller;
    ``Last-Event-ID`` or ``?after=ID`` replays what was missed. ``format=json``: one page."""
    start = after if after is not None else last_event_id(request)
    if format == "json":
        return await run_in_threadpool(service.events_for, game, start, limit)
    if format != "sse":
        raise RollplayError(f"unknown format {format!r}; accepted: sse, json")
    return await event_stream(
        parts(request).hub,
        service,
        game,
        start,
        user=service.actor.name,
        address=client_address(request),
        credential=credential(request),
    )


def parsed(service: Service, game: str, body: CommandLine) -> c.Command:
    """A line of the command language for the caller (a ``visibility`` overrides a roll's)."""
    from rollplay.grammar import parse

    words = service.vocabulary(game)
    command = parse(body.text, system=words.system, game=words.game,
                    abilities=words.abilities, characters=words.characters)  # fmt: skip
    if body.visibility is None:
        return command
    seen = c.visibility(body.visibility)
    if not isinstance(command, c.Roll | c.NpcRoll | c.Opposed | c.Teamwork):
        raise RollplayError(f"{type(command).__name__} has no visibility to set")
    return dataclasses.replace(command, visibility=seen)


def last_event_id(request: Request) -> int:
    raw = request.headers.get("last-event-id", "0").strip() or "0"
    if not (raw.isascii() and raw.isdigit() and len(raw) <= 18):
        raise RollplayError(f"Last-Event-ID is an event's number, not {raw[:40]!r}")
    return int(raw)
