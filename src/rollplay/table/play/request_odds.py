"""A roll request's odds kept as its character's sheet changes (rulings R32): a sheet
changed while a request for its character is open (an edit, a raise, a wound, a day's
healing) gives the request its odds again, as an event of its own that points at it
(``request_odds``), in the same transaction as the change, so the request's card (and the
roll its answer makes) and the sheet never disagree."""

from __future__ import annotations

import dataclasses
from typing import Any

from sqlalchemy import and_, exists, select
from sqlalchemy.orm import Session, aliased

from rollplay.errors import RollplayError
from rollplay.table.answers import OddsOf
from rollplay.table.base import ServiceBase
from rollplay.table.events import requests as rq
from rollplay.table.events.audiences import iso
from rollplay.table.events.ledger import later_events
from rollplay.table.play.requests import Named, asked_request, where
from rollplay.table.store.models import Character, Event, Game
from rollplay.table.systems import Points, spent, system


def refresh_odds(t: ServiceBase, s: Session, game: Game, row: Character) -> None:
    """After ``row``'s sheet changed in this transaction (an edit, a raise, a wound, a day's
    healing): each request still open for it gets its odds again, as the sheet now stands,
    when they changed, so its card shows the roll its answer would make (rulings R32)."""
    closing = aliased(Event)
    still_open = select(Event).where(
        Event.game_id == game.id, Event.kind == "roll_request", Event.character_id == row.id,
        ~exists().where(and_(closing.game_id == game.id, closing.refers == Event.number,
                             closing.kind.in_(("roll", "request_cancel")))),
    ).order_by(Event.number)  # fmt: skip
    for ask in s.scalars(still_open):
        asked = rq.RollRequested.model_validate(ask.payload)
        for later in later_events(s, game.id, ask.number):
            if later.kind == "request_odds":
                asked = rq.RequestOdds.model_validate(later.payload).asked
        now = odds_now(t, game, row, asked)
        if _shown(now) != _shown(asked):
            news = rq.RequestOdds(request=ask.number, asked=now, asked_at=iso(ask.created_at))
            t.record(s, game, news, refers=ask.number, scene=where(ask),
                     character=Named(row.id, row.name))  # fmt: skip


def refresh_each(t: ServiceBase, s: Session, game: Game, rows: list[Character]) -> None:
    """refresh_odds for each of ``rows`` (a turn's wounded, a day's healed)."""
    for row in rows:
        refresh_odds(t, s, game, row)


def odds_now(t: ServiceBase, game: Game, row: Character, asked: rq.RollRequested
             ) -> rq.RollRequested:  # fmt: skip
    """The request with its odds from the character's sheet as it stands in this
    transaction (sides.py prepares a roll the same way), or, if the roll can no longer be
    made, why not."""
    rules, _ = t.ruleset_of(game)
    sys_ = system(game.system)
    request = asked_request(asked)
    if asked.needs is not None:  # the odds of the Hail Mary it asks for
        request = dataclasses.replace(request, luck=asked.needs)
    try:
        before = Points(row.luck, row.character_points, row.fate_points)
        check, after = sys_.check(sys_.parse(row.sheet, rules), before, request, rules)
        odds = sys_.odds(check, rules)
    except RollplayError as exc:
        return asked.model_copy(update={"odds": None, "problem": str(exc)})
    visibility = sys_.visibility(request, "secret" if asked.secret else "public")
    said = OddsOf.model_validate({**odds, "character": row.name, "spends": spent(before, after),
                                  "game": game.name, "visibility": visibility,
                                  "command": "Odds", "of": "Roll"})  # fmt: skip
    dumped = said.model_dump(mode="json", exclude={"command", "event_ids"})
    return asked.model_copy(update={"odds": dumped, "problem": None})


def _shown(asked: rq.RollRequested) -> tuple[Any, ...]:
    """What a request's card says of its odds."""
    odds = asked.odds or {}
    return odds.get("check"), odds.get("exact"), asked.problem
