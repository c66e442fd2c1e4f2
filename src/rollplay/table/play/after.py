"""Points spent after seeing a roll (003 Character Points: "before or after he makes a roll -
or both - but always before the gamemaster determines the result"): Character Point dice
added to a D6 roll already in the log. The log is append-only, so the improved roll is a new
entry pointing at the first; the points are spent in the same transaction."""

from __future__ import annotations

from typing import TYPE_CHECKING

from pydantic import JsonValue
from sqlalchemy import func, select
from sqlalchemy.orm import Session

from rollplay.dice import Dice, settle
from rollplay.errors import RollplayError, RuleError
from rollplay.table import commands as c
from rollplay.table.access.authz import Act
from rollplay.table.answers import D6Rolled
from rollplay.table.base import ServiceBase
from rollplay.table.dice.dicing import chain_for, dice_fields, table_dice
from rollplay.table.events import payloads as ev
from rollplay.table.events.audiences import project
from rollplay.table.events.outcomes import Contest
from rollplay.table.events.outcomes import D6Roll as D6
from rollplay.table.handlers import handles
from rollplay.table.play.rolling import dice_of
from rollplay.table.store.models import Character, Event
from rollplay.table.systems import Points, system

if TYPE_CHECKING:
    from rollplay.systems.d6.outcome import D6Roll as SystemD6Roll


@handles(c.PointsAfter, act=Act.SPEND, writes=(ev.Roll, ev.SeedCommitted))
def run_after(t: ServiceBase, cmd: c.PointsAfter, dice: Dice | None) -> D6Rolled:
    """D6: Character Points spent on a roll already made (003), by its log number."""
    return add_character_points(t, cmd.game, cmd.entry, cmd.count, dice=dice)


def add_character_points(
    table: ServiceBase, game_name: str | None, entry_id: int, count: int, *,
    dice: Dice | None = None,
) -> D6Rolled:  # fmt: skip
    """Roll ``count`` Character Point dice onto the game's log entry ``entry_id``: a D6 roll
    that is its character's latest that the actor knows of (a later roll means the GM has
    moved on: rulings D22; one the actor never learns of does not count, or the refusal
    would tell them it was made: rulings D24)."""
    from rollplay.systems.d6.outcome import D6Roll
    from rollplay.systems.d6.spends import spend_after
    from rollplay.table.events.log import visible_to
    from rollplay.table.store.writers import CoreWriter

    game_name = table.game_for(game_name)
    with table.transaction() as s:
        game = table.game_row(s, game_name)  # takes the event-order lock (writers.py)
        standing = table.standing(s, game)
        entry = s.scalar(select(Event).where(Event.game_id == game.id,
                                             Event.number == entry_id))  # fmt: skip
        seen = None
        if entry is not None and entry.kind == "roll":
            seen = project(entry, game.name, standing)
        if entry is None or seen is None or not isinstance(seen.data, ev.Roll):
            raise RollplayError(f"there is no log entry #{entry_id} you can see")
        first_roll = seen.data
        after = "points_after" in system(first_roll.system).capabilities
        if not after or entry.character_id is None or not isinstance(first_roll.outcome, D6):
            raise RuleError(
                f"#{entry_id} is not a D6 character's roll: Character Points after the roll "
                f"are the D6 System's (003 Character Points)"
            )
        contest = first_roll.outcome.opposed
        if contest is not None and contest.side is None:
            raise RuleError(
                f"#{entry_id} is one side of a contest logged before its sides were linked "
                f"(rollplay 0.1): spend points before such a contest (--cp, --vs-cp)"
            )
        # Whose points these are is settled first: the refusal below must not tell anyone
        # else that a newer roll of this character exists (it may be hidden from them).
        row = s.scalar(select(Character).where(Character.id == entry.character_id)
                       .with_for_update())  # fmt: skip
        assert row is not None
        table.require(s, game, Act.SPEND, row)
        latest = s.scalar(
            select(func.max(Event.id)).where(
                Event.character_id == entry.character_id,
                Event.kind == "roll",
                visible_to(standing),
            )
        )
        if latest != entry.id:
            raise RuleError(
                f"#{entry_id} is not {entry.character}'s latest roll: points after a roll "
                f"come before the next (003: before the result is determined)"
            )
        rules, version = table.ruleset_of(game)
        first = D6Roll.from_dict(first_roll.outcome.model_dump(mode="json"))
        w = CoreWriter(s.connection())
        source = table_dice(table, w, game, chain_for(entry.visibility), dice)
        better, used = spend_after(first, count, rules, remaining=row.character_points, dice=source)
        table.spend(w, row, Points(character_points=used.character_points))
        outcome = {"system": "d6", **better.to_dict(), "adds_to": entry.number,
                   "total_before": first.total}  # fmt: skip
        if contest is not None:  # judged again against the other side as it stands now
            outcome["opposed"] = rejudged(s, game.id, entry.number, contest, better)
        payload = {
            "system": "d6",
            "expression": f"{first_roll.expression} +{count} CP after the roll"[:200],
            "modifiers": [], "spends": {"character_points": used.character_points},
            "dice": dice_of(outcome), "outcome": outcome, "ruleset_version": version,
            **dice_fields(source),
        }  # fmt: skip
        shared = None if entry.shared is None else ev.HiddenRoll.written(entry.shared)
        new_id = table.record(s, game, ev.Roll.written(payload), visibility=entry.visibility,
                              character=row, shared=shared)  # fmt: skip
        settle(source)
        s.expire(row)
        return D6Rolled.model_validate({
            **outcome, "character": row.name, "game": game.name, "log_id": new_id,
            "visibility": entry.visibility,
            "spent": {"character_points": used.character_points},
            **dice_fields(source),
        })  # fmt: skip


def rejudged(
    s: Session, game_id: int, entry_id: int, contest: Contest, better: SystemD6Roll
) -> dict[str, JsonValue]:
    """One side of a D6 contest improved by points after the roll (003 Character Points:
    "before or after he makes a roll ... always before the gamemaster determines the
    result"): the contest judged again against the other side's latest roll in it (its own
    points after the roll included), as a new contest summary for the new entry."""
    from rollplay.systems.d6.outcome import D6Roll
    from rollplay.systems.d6.rolls import D6Opposed

    first = contest.contest or entry_id  # the contest's first entry's number
    other_side = "resister" if contest.side == "initiator" else "initiator"
    other = None
    rows = s.scalars(select(Event).where(Event.game_id == game_id, Event.kind == "roll",
                                         Event.number >= first).order_by(Event.number))  # fmt: skip
    for row in rows:
        data = row.payload.get("outcome") or {}
        said = data.get("opposed") or {}
        mine = row.number == first or said.get("contest") == first
        if mine and said.get("side") == other_side:
            other = data
    if other is None:
        raise RuleError(f"#{entry_id}: the other side of its contest is not in the log")
    theirs = D6Roll.from_dict(other)
    pair = (better, theirs) if contest.side == "initiator" else (theirs, better)
    judged = D6Opposed(*pair).to_dict()
    return {"winner": judged["winner"], "margin": judged["margin"], "side": contest.side,
            "contest": first}  # fmt: skip
