"""Points spent after seeing a roll (003 Character Points: "before or after he makes a roll -
or both - but always before the gamemaster determines the result"): Character Point dice
added to a D6 roll already in the log. The log is append-only, so the improved roll is a new
entry pointing at the first; the points are spent in the same transaction."""

from __future__ import annotations

from sqlalchemy import func, select

from rollplay.dice import Dice, settle
from rollplay.errors import RollplayError, RuleError
from rollplay.table import commands as c
from rollplay.table.access.authz import Act
from rollplay.table.answers import D6Rolled
from rollplay.table.base import ServiceBase
from rollplay.table.dice.dicing import chain_for, dice_fields, source_name, table_dice
from rollplay.table.events import payloads as ev
from rollplay.table.events.audiences import project
from rollplay.table.events.outcomes import D6Roll as D6
from rollplay.table.handlers import handles
from rollplay.table.play.rolling import dice_of
from rollplay.table.store.models import Character, Event, Game
from rollplay.table.systems import Points, system


@handles(c.PointsAfter, act=Act.SPEND, writes=(ev.Roll, ev.SeedCommitted))
def run_after(t: ServiceBase, cmd: c.PointsAfter, dice: Dice | None) -> D6Rolled:
    """D6: Character Points spent on a roll already made (003), by its log number."""
    return add_character_points(t, cmd.entry, cmd.count, dice=dice)


def add_character_points(
    table: ServiceBase, entry_id: int, count: int, *, dice: Dice | None = None
) -> D6Rolled:
    """Roll ``count`` Character Point dice onto log entry ``entry_id``: a D6 roll that is its
    character's latest (a later roll means the GM has moved on: rulings D22)."""
    from rollplay.systems.d6.outcome import D6Roll
    from rollplay.systems.d6.spends import spend_after
    from rollplay.table.store.ordering import order_events
    from rollplay.table.store.writers import CoreWriter

    with table.transaction() as s:
        entry = s.get(Event, entry_id)
        game = None if entry is None else s.get(Game, entry.game_id)
        if game is not None:
            order_events(s.connection(), game.id)  # before the row locks below (writers.py)
        seen = None
        if entry is not None and game is not None and entry.kind == "roll":
            seen = project(entry, game.name, table.standing(s, game))
        if entry is None or game is None or seen is None or not isinstance(seen.data, ev.Roll):
            raise RollplayError(f"there is no log entry #{entry_id} you can see")
        first_roll = seen.data
        after = "points_after" in system(first_roll.system).capabilities
        if not after or entry.character_id is None or not isinstance(first_roll.outcome, D6):
            raise RuleError(
                f"#{entry_id} is not a D6 character's roll: Character Points after the roll "
                f"are the D6 System's (003 Character Points)"
            )
        if first_roll.outcome.opposed is not None:
            raise RuleError(
                f"#{entry_id} is one side of a contest, judged with the other: spend points "
                f"before a contest (--cp, --vs-cp)"
            )
        # Whose points these are is settled first: the refusal below must not tell anyone
        # else that a newer roll of this character exists (it may be hidden from them).
        row = s.scalar(select(Character).where(Character.id == entry.character_id)
                       .with_for_update())  # fmt: skip
        assert row is not None
        table.require(s, game, Act.SPEND, row)
        latest = s.scalar(
            select(func.max(Event.id)).where(
                Event.character_id == entry.character_id, Event.kind == "roll"
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
        outcome = {"system": "d6", **better.to_dict(), "adds_to": entry.id,
                   "total_before": first.total}  # fmt: skip
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
            "dice_source": source_name(source),
        })  # fmt: skip
