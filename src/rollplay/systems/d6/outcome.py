"""A judged D6 skill check: every die kept apart by kind, the modifiers by name, the verdict;
as plain data (``to_dict``, the JSON of docs/cli.md) and back (``from_dict``, for a roll a
table stored and later adds Character Points to)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, NamedTuple

from rollplay.errors import RollplayError
from rollplay.systems.d6.code import Bonus
from rollplay.systems.d6.limits import clip


class D6Roll(NamedTuple):
    """A judged skill check. ``difficulty`` includes its modifiers."""

    code: str
    rolled: str
    dice: tuple[int, ...]
    wild: tuple[int, ...]
    cp_dice: tuple[tuple[int, ...], ...]
    cancelled: tuple[int, ...]
    pips: int
    bonus: int
    total: int
    difficulty: int | None
    critical_failure: bool
    complication: bool
    wild_one: str
    bonuses: tuple[Bonus, ...] = ()
    difficulty_mods: tuple[tuple[str, int], ...] = ()
    fate: bool = False
    related: int = 0
    ties_succeed: bool = True
    bonus_points: int | None = None
    damage_bonus: int | None = None
    skill: str | None = None
    name: str | None = None
    critical_success: bool = False
    attack: bool = False
    attribute: str | None = None
    gm_allows_both: bool = False

    @property
    def success(self) -> bool | None:
        """Total meets (ties go to the initiator) or beats the difficulty; None without one."""
        if self.difficulty is None:
            return None
        return self.total > self.difficulty or (self.ties_succeed and self.total == self.difficulty)

    @property
    def result_points(self) -> int | None:
        """003 Result Points: the total minus the difficulty."""
        return None if self.difficulty is None else self.total - self.difficulty

    @property
    def character_points(self) -> int:
        return len(self.cp_dice)

    @property
    def dice_rolled(self) -> int:
        """Dice in the roll: regular, the Wild Die and one per Character Point."""
        return len(self.dice) + 1 + len(self.cp_dice)

    def to_dict(self) -> dict[str, Any]:
        return {
            "system": "d6",
            "name": self.name,
            "skill": self.skill,
            "attribute": self.attribute,
            "code": self.code,
            "rolled": self.rolled,
            "dice": list(self.dice),
            "wild": list(self.wild),
            "cp_dice": [list(d) for d in self.cp_dice],
            "cancelled": list(self.cancelled),
            "pips": self.pips,
            "bonus": self.bonus,
            "bonuses": [
                {"dice": b.dice, "number": b.number, "reason": b.reason} for b in self.bonuses
            ],
            "related": self.related,
            "total": self.total,
            "difficulty": self.difficulty,
            "difficulty_modifiers": [{"reason": r, "value": v} for r, v in self.difficulty_mods],
            "success": self.success,
            "ties_succeed": self.ties_succeed,
            "critical_success": self.critical_success,
            "critical_failure": self.critical_failure,
            "complication": self.complication,
            "wild_one": self.wild_one,
            "result_points": self.result_points,
            "bonus_points": self.bonus_points,
            "damage_bonus": self.damage_bonus,
            "attack": self.attack,
            "fate": self.fate,
            "character_points": self.character_points,
            "gm_allows_both": self.gm_allows_both,
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> D6Roll:
        """A roll from ``to_dict``'s data (fields added later take their defaults)."""
        try:
            return cls(
                str(data["code"]),
                str(data["rolled"]),
                _ints(data["dice"]),
                _ints(data["wild"]),
                tuple(_ints(d) for d in data["cp_dice"]),
                _ints(data["cancelled"]),
                int(data["pips"]),
                int(data["bonus"]),
                int(data["total"]),
                None if data["difficulty"] is None else int(data["difficulty"]),
                bool(data["critical_failure"]),
                bool(data["complication"]),
                str(data["wild_one"]),
                tuple(
                    Bonus(int(b["dice"]), int(b["number"]), str(b["reason"]))
                    for b in data.get("bonuses", ())
                ),
                tuple(
                    (str(m["reason"]), int(m["value"]))
                    for m in data.get("difficulty_modifiers", ())
                ),
                bool(data.get("fate", False)),
                int(data.get("related", 0)),
                bool(data.get("ties_succeed", True)),
                _optional_int(data.get("bonus_points")),
                _optional_int(data.get("damage_bonus")),
                data.get("skill"),
                data.get("name"),
                bool(data.get("critical_success", False)),
                bool(data.get("attack", False)),
                data.get("attribute"),
                bool(data.get("gm_allows_both", False)),
            )
        except (KeyError, TypeError, ValueError) as exc:
            raise RollplayError(
                f"not a stored D6 roll: {type(exc).__name__} {clip(str(exc))}"
            ) from None


def _ints(values: Any) -> tuple[int, ...]:
    if isinstance(values, str | bytes):
        raise TypeError("expected a list of numbers")
    return tuple(int(v) for v in values)


def _optional_int(value: Any) -> int | None:
    return None if value is None else int(value)
