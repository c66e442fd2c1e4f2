"""Points spent after seeing a roll (003 Character Points: "before or after he makes a roll -
or both - but always before the gamemaster determines the result"): Character Point dice
added to a D6 roll already in the log. The log is append-only, so the improved roll is a new
entry pointing at the first; the points are spent in the same transaction."""

from __future__ import annotations

from typing import Any

from sqlalchemy import func, select

from rollplay.dice import Dice, default_dice, settle
from rollplay.errors import RollplayError, RuleError
from rollplay.table.models import Character, Game, RollEntry, now
from rollplay.table.store import Table
from rollplay.table.systems import Points
from rollplay.table.writers import CoreWriter


def add_character_points(
    table: Table, entry_id: int, count: int, *, dice: Dice | None = None
) -> dict[str, Any]:
    """Roll ``count`` Character Point dice onto log entry ``entry_id``: a D6 roll that is its
    character's latest (a later roll means the GM has moved on: rulings D22)."""
    from rollplay.systems.d6.outcome import D6Roll
    from rollplay.systems.d6.spends import spend_after

    source = dice or default_dice()
    with table.transaction() as s:
        entry = s.get(RollEntry, entry_id)
        if entry is None:
            raise RollplayError(f"there is no log entry #{entry_id}")
        if entry.system != "d6" or entry.character_id is None:
            raise RuleError(
                f"#{entry_id} is not a D6 character's roll: Character Points after the roll "
                f"are the D6 System's (003 Character Points)"
            )
        if "opposed" in entry.outcome:
            raise RuleError(
                f"#{entry_id} is one side of a contest, judged with the other: spend points "
                f"before a contest (--cp, --vs-cp)"
            )
        latest = s.scalar(
            select(func.max(RollEntry.id)).where(RollEntry.character_id == entry.character_id)
        )
        if latest != entry.id:
            raise RuleError(
                f"#{entry_id} is not {entry.character}'s latest roll (#{latest} is): points "
                f"after a roll come before the next (003: before the result is determined)"
            )
        game = s.get(Game, entry.game_id)
        row = s.scalar(select(Character).where(Character.id == entry.character_id)
                       .with_for_update())  # fmt: skip
        assert game is not None
        assert row is not None
        rules, version = table.ruleset_of(game)
        first = D6Roll.from_dict(entry.outcome)
        better, used = spend_after(first, count, rules, remaining=row.character_points, dice=source)
        w = CoreWriter(s.connection())
        table.spend(w, row, Points(character_points=used.character_points))
        outcome = {"system": "d6", **better.to_dict(), "adds_to": entry.id,
                   "total_before": first.total}  # fmt: skip
        new_id = w.log({
            "game_id": game.id, "character_id": row.id, "character": row.name,
            "system": "d6", "expression": f"{entry.expression} +{count} CP after the roll"[:200],
            "modifiers": [], "spends": {"character_points": used.character_points},
            "dice": {"dice": outcome["dice"], "wild": outcome["wild"],
                     "cp_dice": outcome["cp_dice"]},
            "outcome": outcome, "visibility": entry.visibility, "ruleset_version": version,
            "created_at": now(),
        })  # fmt: skip
        settle(source)
        s.expire(row)
        return {**outcome, "character": row.name, "game": game.name, "log_id": new_id,
                "visibility": entry.visibility,
                "spent": {"character_points": used.character_points}}  # fmt: skip
