"""A roll request's odds kept as its character's sheet changes (rulings R32): a sheet
changed while a request for its character is open (an edit, a raise, a wound, a day's
healing) gives the request its odds again, as an event of its own that points at it
(``request_odds``), in the same transaction as the change, so the request's card (and the
roll its answer makes) and the sheet never disagree.

A change told only in a private scene (a private fight's wounds, a day healed there) tells
its new odds there too (rulings H16): the event lands in that scene, so no one the scene is
hidden from learns that something happened to the character, or when; the ledger folds a
request's new odds only for a reader who may see them (events/ledger.py ``request_now``)."""

from __future__ import annotations

import dataclasses
from typing import Any, NamedTuple

from sqlalchemy import and_, exists, select
from sqlalchemy.orm import Session, aliased

from rollplay.errors import RollplayError
from rollplay.table.answers import OddsOf
from rollplay.table.base import ServiceBase
from rollplay.table.events import requests as rq
from rollplay.table.events.audiences import iso
from rollplay.table.events.ledger import later_events
from rollplay.table.play.checks import check_odds, sheet_check
from rollplay.table.play.requests import Named, asked_request, where
from rollplay.table.store.models import Character, Event, Game
from rollplay.table.systems import Points, system

Place = tuple[int, bool] | None  # a scene (its id, whether private), or the game's log


class Landing(NamedTuple):
    """Where a request's new odds are told, and to whom (an events row's audience)."""

    scene: Place
    audience: str = "everyone"

    def holds(self, row: Event) -> bool:
        """Whether an earlier ``request_odds`` row was told to this landing's readers."""
        return where(row) == self.scene and row.audience == self.audience


def told_in(s: Session, game: Game, number: int) -> Place:
    """The private scene event ``number`` (the change that moved some odds) was told in, if
    it was told in one: else None, a change any member may learn of."""
    found = s.execute(select(Event.scene_id, Event.scene_private)
                      .where(Event.game_id == game.id, Event.number == number)).first()  # fmt: skip
    if found is None or found.scene_id is None or not found.scene_private:
        return None
    return found.scene_id, True


def landing(ask: Event, told: Place) -> Landing:
    """Where a request's new odds land (rulings H16): where the request is, when the change
    was told to everyone; in the private scene it was told in, when that scene is the
    request's or everyone sees the request; and to the Storyteller alone, in that scene, when
    the request is another private scene's (no reader but the Storyteller need see both)."""
    asked = where(ask)
    if told is None or asked == told:
        return Landing(asked)
    if asked is None or not asked[1]:
        return Landing(told)
    return Landing(told, "storyteller")


def refresh_odds(t: ServiceBase, s: Session, game: Game, row: Character,
                 told: Place = None) -> None:  # fmt: skip
    """After ``row``'s sheet changed in this transaction (an edit, a raise, a wound, a day's
    healing; ``told``: the private scene the change was told in, if one): each request still
    open for it gets its odds again, as the sheet now stands, when they changed for those
    its news reaches, so its card shows the roll its answer would make (rulings R32, H16)."""
    closing = aliased(Event)
    still_open = select(Event).where(
        Event.game_id == game.id, Event.kind == "roll_request", Event.character_id == row.id,
        ~exists().where(and_(closing.game_id == game.id, closing.refers == Event.number,
                             closing.kind.in_(("roll", "request_cancel")))),
    ).order_by(Event.number)  # fmt: skip
    for ask in s.scalars(still_open):
        asked = rq.RollRequested.model_validate(ask.payload)
        land = landing(ask, told)
        public = Landing(where(ask))
        known = asked  # the odds this landing's readers were last told
        for later in later_events(s, game.id, ask.number):
            if later.kind == "request_odds" and (public.holds(later) or land.holds(later)):
                known = rq.RequestOdds.model_validate(later.payload).asked
        now = odds_now(t, game, row, asked)
        if _shown(now) != _shown(known):
            news = rq.RequestOdds(request=ask.number, asked=now, asked_at=iso(ask.created_at))
            t.record(s, game, news, refers=ask.number, scene=land.scene,
                     audience=land.audience, character=Named(row.id, row.name))  # fmt: skip


def refresh_each(t: ServiceBase, s: Session, game: Game, rows: list[Character],
                 told: Place = None) -> None:  # fmt: skip
    """refresh_odds for each of ``rows`` (a turn's wounded, a day's healed)."""
    for row in rows:
        refresh_odds(t, s, game, row, told)


def odds_now(t: ServiceBase, game: Game, row: Character, asked: rq.RollRequested
             ) -> rq.RollRequested:  # fmt: skip
    """The request with its odds from the character's sheet as it stands in this
    transaction (the step a roll's odds take: checks.py), or, if the roll can no longer be
    made, why not."""
    rules, _ = t.ruleset_of(game)
    request = asked_request(asked)
    if asked.needs is not None:  # the odds of the allowance it asks for (a Hail Mary: R31)
        request = dataclasses.replace(request, luck=asked.needs)
    try:
        points = Points(row.luck, row.character_points, row.fate_points)
        sheet = system(game.system).parse(row.sheet, rules)  # as changed, not yet stored
        check, spends = sheet_check(game.system, sheet, points, request, rules)
        visibility = system(game.system).visibility(request, "secret" if asked.secret
                                                    else "public")  # fmt: skip
        said = check_odds(game.system, check, rules, character=row.name, spends=spends,
                          game=game.name, visibility=visibility)  # fmt: skip
    except RollplayError as exc:
        return asked.model_copy(update={"odds": None, "problem": str(exc)})
    dumped = said.model_dump(mode="json", exclude={"command", "event_ids"})
    return asked.model_copy(update={"odds": dumped, "problem": None})


def _shown(asked: rq.RollRequested) -> tuple[Any, ...]:
    """What a request's card says of its odds: what is rolled, and each chance exactly."""
    odds = None if asked.odds is None else OddsOf.model_validate(asked.odds)
    return (None, None, asked.problem) if odds is None else (odds.check, odds.exact,
                                                             asked.problem)  # fmt: skip
