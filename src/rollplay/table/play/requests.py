"""Roll requests and reveals in a scene (issue 30). The Storyteller asks a character for a
roll (``request Nikos Piloting+1``, ``request/secret``), with its exact odds; the character's
player answers it (``answer N``, a request card's Roll button) with that very roll, which
names the request and lands beside it; the Storyteller may cancel an open request, and
reveal a secret roll to the scene it was made in (rulings S10, S12)."""

from __future__ import annotations

import dataclasses
import sqlite3
from typing import Any, NamedTuple

from pydantic import JsonValue
from sqlalchemy import select
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session

from rollplay.dice import Dice
from rollplay.errors import RollplayError, RuleError
from rollplay.table import commands as c
from rollplay.table.access.authz import Act, Forbidden, Standing
from rollplay.table.answers import LedgerWritten, OddsOf, RollAnswer
from rollplay.table.base import ServiceBase
from rollplay.table.events import payloads as ev
from rollplay.table.events import requests as rq
from rollplay.table.events.audiences import project
from rollplay.table.events.combat import Turn
from rollplay.table.events.ledger import later_events
from rollplay.table.events.views import decode
from rollplay.table.handlers import handles
from rollplay.table.play.rolling import ROLL_WRITES, roll
from rollplay.table.play.sides import Answering
from rollplay.table.store.models import Event, Game, Scene
from rollplay.table.systems import Request, System, system

SPENDS = ("luck", "luck_from", "luck_cancel", "cp", "fate")  # options that spend points
ONCE_ERRORS = (IntegrityError, sqlite3.IntegrityError)  # ix_events_once: closed meanwhile


class Named(NamedTuple):
    """Who an event is about (core.record's ``character``): a row's id and name."""

    id: int | None
    name: str


def numbered(s: Session, game: Game, number: int, standing: Standing) -> Event:
    """Event ``number`` of the game, if the actor may learn of it at all (one they may not is
    "no event", so its kind never leaks)."""
    row = s.scalar(select(Event).where(Event.game_id == game.id, Event.number == number))
    if row is None or project(row, game.name, standing) is None:
        raise RollplayError(f"there is no event #{number} in {game.name} for {standing.actor}")
    return row


def where(row: Event) -> tuple[int, bool] | None:
    """The scene an event is in (its id, and whether it is private), for what follows it."""
    return None if row.scene_id is None else (row.scene_id, row.scene_private)


def scene_number(s: Session, scene_id: int | None) -> int | None:
    return None if scene_id is None else s.scalar(select(Scene.number)
                                                  .where(Scene.id == scene_id))  # fmt: skip


def _options(request: Request) -> dict[str, JsonValue]:
    return {k: list(v) if isinstance(v, tuple) else v
            for k in request.given() for v in (getattr(request, k),)}  # fmt: skip


def asked_request(asked: rq.RollRequested) -> Request:
    """The roll a request asks for, as the table rolls it."""
    options: dict[str, Any] = {k: tuple(v) if isinstance(v, list) else v
                               for k, v in asked.options.items()}  # fmt: skip
    return Request(asked.expression, **options)


def open_request(s: Session, game: Game, number: int, standing: Standing) -> Event:
    """Request ``number``, if it is one and still open; else one line saying why not."""
    row = numbered(s, game, number, standing)
    if row.kind != "roll_request":
        kind = row.kind.replace("_", " ")
        raise RollplayError(f"#{number} is not a roll request (it is a {kind})")
    for later in later_events(s, game.id, number):
        if later.kind == "request_cancel":
            raise RollplayError(f"request #{number} was cancelled (#{later.number})")
        if later.kind == "roll":
            raise RollplayError(f"request #{number} is already answered (#{later.number})")
    return row


def _asked_odds(t: ServiceBase, asked: c.Roll, sys_: System) -> tuple[OddsOf, str | None]:
    """A requested roll's odds, and the luck it needs: a roll the rules allow only as the
    system's allowance (FS3's Hail Mary, 000: "A storyteller may allow you to spend one or
    more Luck Points to get a 'Hail Mary' roll"; an Everyman jet pilot), asked for by the
    Storyteller, is that allowance, and its answer spends the point (rulings R31). Anything
    else refused is refused."""
    try:
        return t.odds(asked), None
    except RuleError as refused:
        allowed = sys_.allowance(asked.side.request)
        if allowed is None:
            raise
        try:
            odds = t.odds(dataclasses.replace(asked, side=c.Side(asked.side.character,
                                                                 allowed.request)))  # fmt: skip
        except RollplayError as why:  # the allowance would allow it, but cannot be had
            raise RuleError(f"{refused} ({why})") from None
        if not odds.spends:  # the allowance changed nothing: the refusal was another's
            raise
        return odds, allowed.needs


@handles(c.RequestRoll, act=Act.REQUEST, writes=(rq.RollRequested,))
def run_request(t: ServiceBase, cmd: c.RequestRoll, dice: Dice | None) -> LedgerWritten:
    """The Storyteller asks a character for a roll, with its exact odds, in the scene they
    are in (or the game's log)."""
    if cmd.side.character is None:
        raise RollplayError("say whom the roll is asked of: request NAME ROLL")
    spends = [k for k in SPENDS if k in cmd.side.request.given()]
    if spends:  # a character's points are their player's to spend (rulings S10)
        raise RollplayError(f"a request asks for a roll, not for points: leave out "
                            f"{', '.join(spends)}")  # fmt: skip
    game_name = t.game_for(cmd.game)
    with t.reading() as s:
        game = t.game_row(s, game_name)
        t.require(s, game, Act.REQUEST)
        _, who = t.character_row(s, game_name, cmd.side.character)
        name, sys_ = who.name, system(game.system)
    visibility: c.Visibility = "secret" if cmd.secret else "public"
    # The roll as it would be made, refused alike (an unknown skill, an option its system
    # does not take): asked with its odds; one only a Hail Mary allows, with a Hail Mary's.
    asking = c.Roll(game_name, c.Side(name, cmd.side.request), visibility)
    odds, needs = _asked_odds(t, asking, sys_)
    with t.transaction() as s:
        game = t.game_row(s, game_name)
        t.require(s, game, Act.REQUEST)
        _, who = t.character_row(s, game.name, name)
        rules, _ = t.ruleset_of(game)
        asked = rq.RollRequested(
            character=who.name, expression=cmd.side.request.expression,
            options=_options(cmd.side.request), secret=cmd.secret,
            odds=odds.model_dump(mode="json", exclude={"command", "event_ids"}),
            spends=system(game.system).answer_spends(rules), needs=needs,
        )  # fmt: skip
        number = t.record(s, game, asked, character=who)
        row = s.scalar(select(Event).where(Event.game_id == game.id, Event.number == number))
        scene = scene_number(s, None if row is None else row.scene_id)
        return LedgerWritten(game=game.name, log_id=number, scene=scene, event=asked)


def answered(asked: rq.RollRequested, cmd: c.AnswerRequest, sys_: System) -> Request:
    """The roll a request asks for, with the points its roller spends on it, as on a roll of
    their own (rulings R31): luck (002 Luck; a Hail Mary, 000), D6 Character Points before
    the roll and a Fate Point (003: "only spend Fate Points before making a roll"). The
    system refuses what it has not (check_options), the roll what the sheet lacks."""
    request = asked_request(asked)
    if asked.needs is not None and cmd.luck is None:  # the roll is the allowance or none
        allowed = sys_.allowance(request)
        what = f"asked with luck={asked.needs}" if allowed is None else allowed.said
        raise RuleError(f"request #{cmd.number} is {what}: answer it with "
                        f"luck={asked.needs} (answer {cmd.number}/luck={asked.needs})")  # fmt: skip
    if cmd.luck is not None:
        sys_.answer_luck(cmd.luck)
    return dataclasses.replace(
        request,
        luck=cmd.luck or request.luck,
        cp=cmd.cp or request.cp,
        fate=cmd.fate or request.fate,
    )


@handles(c.AnswerRequest, act=Act.ROLL, writes=ROLL_WRITES)
def run_answer(t: ServiceBase, cmd: c.AnswerRequest, dice: Dice | None) -> RollAnswer:
    """The roll a request asks for, made for the character it names by their player (or the
    Storyteller), secret if it is: it names the request and lands beside it."""
    game_name = t.game_for(cmd.game)
    with t.reading() as s:
        game = t.game_row(s, game_name)
        standing = t.require(s, game, Act.READ)
        row = open_request(s, game, cmd.number, standing)
        asked = rq.RollRequested.model_validate(row.payload)
        if not standing.plays(row.character_id):
            who = asked.character
            raise Forbidden(f"request #{cmd.number} asks {who} for a roll: only {who}'s "
                            f"player or the Storyteller answers it")  # fmt: skip
        answering = Answering(row.number, where(row))
        sys_ = system(game.system)
    try:
        return roll(t, game_name, asked.character, answered(asked, cmd, sys_),
                    visibility="secret" if asked.secret else "public", dice=dice,
                    answers=answering)  # fmt: skip
    except ONCE_ERRORS:
        raise RollplayError(f"request #{cmd.number} was answered or cancelled meanwhile") from None


@handles(c.CancelRequest, act=Act.REQUEST, writes=(rq.RequestCancelled,))
def run_cancel(t: ServiceBase, cmd: c.CancelRequest, dice: Dice | None) -> LedgerWritten:
    """The Storyteller withdraws an open request."""
    with t.transaction() as s:
        game = t.game_row(s, t.game_for(cmd.game))
        standing = t.require(s, game, Act.REQUEST)
        row = open_request(s, game, cmd.number, standing)
        done = rq.RequestCancelled(request=row.number, character=row.character or "")
        try:
            number = t.record(s, game, done, refers=row.number, scene=where(row),
                              character=Named(row.character_id, row.character or ""))  # fmt: skip
            s.flush()
        except ONCE_ERRORS:
            raise RollplayError(f"request #{cmd.number} was answered meanwhile") from None
        return LedgerWritten(game=game.name, log_id=number,
                             scene=scene_number(s, row.scene_id), event=done)  # fmt: skip


@handles(c.Reveal, act=Act.REQUEST, writes=(rq.RollRevealed,))
def run_reveal(t: ServiceBase, cmd: c.Reveal, dice: Dice | None) -> LedgerWritten:
    """The Storyteller shows a secret roll (or a combat turn that hid its NPCs' dice), whole,
    to the scene it was made in (or theirs, or the game's log); its event stays as it was
    (rulings S12), and those who learn of the reveal are handed it whole (S73)."""
    with t.transaction() as s:
        game = t.game_row(s, t.game_for(cmd.game))
        standing = t.require(s, game, Act.REQUEST)
        row = numbered(s, game, cmd.number, standing)
        shown: ev.Roll | Turn
        match decode(row.kind, row.payload):  # the event whole, as its type
            case Turn() as turn if row.audience != "everyone":
                shown = turn
            case ev.Roll() as rolled if row.visibility == "secret":
                shown = rolled
            case other:
                what = f"a {row.visibility} roll" if isinstance(other, ev.Roll) else \
                    "a combat turn that hides nothing" if isinstance(other, Turn) else \
                    f"a {row.kind.replace('_', ' ')}"  # fmt: skip
                raise RollplayError(f"#{cmd.number} is {what}: only a secret roll is revealed, "
                                    f"or a combat turn that hides NPCs' dice")  # fmt: skip
        known = s.scalar(
            select(Event.number).where(
                Event.game_id == game.id, Event.refers == row.number, Event.kind == "roll_reveal"
            )
        )
        if known is not None:
            raise RollplayError(f"#{cmd.number} is already revealed (#{known})")
        revealed = rq.RollRevealed(roll=row.number, character=row.character, shown=shown)
        try:
            number = t.record(s, game, revealed, refers=row.number, scene=where(row),
                              character=None if row.character is None
                              else Named(row.character_id, row.character))  # fmt: skip
            s.flush()
        except ONCE_ERRORS:
            raise RollplayError(f"#{cmd.number} was revealed meanwhile") from None
        found = s.scalar(select(Event.scene_id).where(Event.game_id == game.id,
                                                      Event.number == number))  # fmt: skip
        return LedgerWritten(game=game.name, log_id=number, scene=scene_number(s, found),
                             event=revealed)  # fmt: skip
