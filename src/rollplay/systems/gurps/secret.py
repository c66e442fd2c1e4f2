"""Rolls the GM makes in secret (001 When the GM Rolls).

The player is told that a roll was made, never how it went. The GM sees the roll and the
information it yields: a category 001 names (true information, partial, none, or a lie)
and, within it, a grade from the ruleset (rulings G6, G12).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, NamedTuple

from rollplay.dice import Dice
from rollplay.errors import RuleError
from rollplay.systems.gurps.rolls import Check, GURPSRoll, roll_check
from rollplay.systems.gurps.ruleset import GURPSRuleset, InfoCategory, InfoGrade

# Whether the information is true, by category. "nothing" gives no information, which is
# neither true nor a lie: None, never False (rulings G12).
TRUTH: dict[InfoCategory, bool | None] = {
    "truthful": True,
    "partial": True,
    "nothing": None,
    "false": False,
}

# How a renderer words each category for the GM: learning nothing is never shown as a lie.
CATEGORY_WORDS: dict[InfoCategory, str] = {
    "truthful": "true",
    "partial": "true, in part",
    "nothing": "learns nothing",
    "false": "a lie",
}


class Information(NamedTuple):
    """What a secret roll tells the character: ``category`` (truthful, partial, nothing or
    false), the ruleset's ``grade`` within it, and what the grade means (``meaning``)."""

    category: InfoCategory
    grade: str
    meaning: str

    @property
    def truthful(self) -> bool | None:
        """True for true information (whole or partial), False for a lie, None for none."""
        return TRUTH[self.category]

    def to_dict(self) -> dict[str, Any]:
        return {
            "category": self.category,
            "grade": self.grade,
            "meaning": self.meaning,
            "truthful": self.truthful,
        }


@dataclass(frozen=True)
class SecretRoll:
    """A roll the GM makes for a player in secret (001 When the GM Rolls). The player is
    told that it was made, never how it went; the GM sees the roll and what it is worth."""

    roll: GURPSRoll
    quality: InfoGrade

    @property
    def information(self) -> Information:
        return Information(self.quality.category, self.quality.grade, self.quality.meaning)

    @property
    def truthful(self) -> bool | None:
        """Whether the information is true; None when the character learns nothing."""
        return self.information.truthful

    def player_view(self) -> dict[str, Any]:
        """All a player may see: who, what, and that the GM rolled. No dice, no verdict, and
        the same for every result."""
        what = f" {self.roll.skill}" if self.roll.skill else ""
        who = f" for {self.roll.name}" if self.roll.name else ""
        return {
            "system": "gurps",
            "secret": True,
            "name": self.roll.name,
            "skill": self.roll.skill,
            "message": f"The GM rolled{what}{who} in secret.",
        }

    def gm_view(self) -> dict[str, Any]:
        """The whole roll, plus ``information``: category, grade, meaning and truthful."""
        return {**self.roll.to_dict(), "secret": True, "information": self.information.to_dict()}

    def to_dict(self) -> dict[str, Any]:
        """Both views, for a program that routes each to its reader."""
        return {"player": self.player_view(), "gm": self.gm_view()}


def roll_secret(
    check: Check, rules: GURPSRuleset, dice: Dice | None = None, *, sense: bool = False
) -> SecretRoll:
    """A secret roll for information (001 When the GM Rolls, 1), or with ``sense`` for a
    Sense roll (2), whose failure notices nothing rather than being lied to. A defense roll
    answers an attack the defender sees, so it is made openly unless the ruleset allows it
    (``secret_defense_rolls``); refused before any die is drawn."""
    if check.defense and not rules.secret_defense_rolls:
        raise RuleError(
            "a defense roll is made openly (001 When the GM Rolls: the GM rolls in secret for "
            "information and senses): roll it without secrecy"
        )
    result = roll_check(check, rules, dice)
    return SecretRoll(result, rules.info_grade(result.total, result.outcome, sense))
