"""GURPS success rolls (001) as pure functions over a ruleset and dice.

Draw order: a roll draws three six-sided dice, in order. Nothing is drawn for a roll the
rules refuse (an effective skill below 3 that is not a defense roll).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, NamedTuple

from rollplay.dice import Dice, default_dice
from rollplay.errors import RollplayError, RuleError
from rollplay.systems.gurps.ruleset import GURPSRuleset, InfoGrade, Outcome

if TYPE_CHECKING:
    from rollplay.systems.gurps.character import Character

SKILL_RANGE = (-99, 999)


class Modifier(NamedTuple):
    """A change to the target number, and why: (-5, 'working by touch')."""

    value: int
    reason: str = ""

    def __str__(self) -> str:
        sign = "+" if self.value >= 0 else "-"
        return f"{sign}{abs(self.value)}{' ' + self.reason if self.reason else ''}"


_MODIFIER = re.compile(r"\s*([+\-\u2212]?)\s*(\d+)\s*[:,]?\s*(.*?)\s*", re.DOTALL)
_LIMIT = 9999

ModifierLike = int | str | Modifier | tuple[int, str]


def modifier(spec: ModifierLike) -> Modifier:
    """-5, '+10', '-5 working by touch', '+10: primitive lock', (-5, 'dark') or a Modifier."""
    if isinstance(spec, Modifier):
        return spec
    if isinstance(spec, bool):
        raise RollplayError(f"bad modifier {spec!r}: give a number, like -5 or +10")
    if isinstance(spec, int):
        if abs(spec) > _LIMIT:
            raise RollplayError(f"bad modifier {spec}: accepted -{_LIMIT} to +{_LIMIT}")
        return Modifier(spec)
    if isinstance(spec, tuple):
        value, reason = spec
        return Modifier(modifier(value).value, str(reason))
    match = _MODIFIER.fullmatch(spec)
    if match is None:
        raise RollplayError(
            f"bad modifier {spec!r}: write a number with an optional reason, "
            f"like -5 or '-5 working by touch'"
        )
    sign, digits, reason = match.groups()
    if len(digits) > len(str(_LIMIT)):
        raise RollplayError(f"bad modifier {spec!r}: accepted -{_LIMIT} to +{_LIMIT}")
    value = -int(digits) if sign in ("-", "\u2212") else int(digits)
    return Modifier(modifier(value).value, reason)


class Check(NamedTuple):
    """What to roll against: a base skill (or attribute, or defense) and what modifies it
    (task difficulty included, last). ``skill`` names what is rolled; ``default`` says
    which default gave the base level, when the character is untrained."""

    base: int
    modifiers: tuple[Modifier, ...] = ()
    defense: bool = False
    skill: str | None = None
    default: str | None = None
    name: str | None = None


def build_check(
    skill: int | str,
    mods: Sequence[ModifierLike],
    rules: GURPSRuleset,
    *,
    difficulty: str | int | None = None,
    defense: bool = False,
    character: Character | None = None,
    name: str | None = None,
) -> Check:
    """A Check for a number, or for an ability named on a character's sheet."""
    modifiers = tuple(modifier(m) for m in mods)
    if difficulty is not None:
        value, title = rules.difficulty(difficulty)
        modifiers += (Modifier(value, f"{title} (task difficulty)"),)
    if isinstance(skill, str):
        if character is None:
            raise RollplayError(
                f"{skill!r} is an ability's name: give a character sheet to roll it, "
                f"or roll a number (the skill level)"
            )
        found = character.level(skill, rules)
        who = name or character.name
        return Check(found.value, modifiers, defense, found.ability, found.via, who)
    if isinstance(skill, bool) or not isinstance(skill, int):
        raise RollplayError(f"skill must be a whole number, not {skill!r}")
    if not SKILL_RANGE[0] <= skill <= SKILL_RANGE[1]:
        raise RollplayError(f"skill {skill}: accepted {SKILL_RANGE[0]} to {SKILL_RANGE[1]}")
    return Check(skill, modifiers, defense, None, None, name)


class GURPSRoll(NamedTuple):
    """A judged success roll: the dice, the numbers that decided it and the verdict."""

    dice: tuple[int, ...]
    total: int
    base: int
    effective: int
    outcome: Outcome
    modifiers: tuple[Modifier, ...] = ()
    defense: bool = False
    skill: str | None = None
    default: str | None = None
    name: str | None = None

    @property
    def success(self) -> bool:
        return self.outcome in ("success", "critical success")

    @property
    def critical(self) -> bool:
        return self.outcome.startswith("critical")

    @property
    def margin(self) -> int:
        """Effective skill minus the roll: the margin of success when positive, of failure
        when negative (an automatic success or failure can disagree in sign: rulings G1)."""
        return self.effective - self.total

    def to_dict(self) -> dict[str, Any]:
        return {
            "system": "gurps",
            "name": self.name,
            "skill": self.skill,
            "default": self.default,
            "dice": list(self.dice),
            "roll": self.total,
            "base": self.base,
            "modifiers": [{"value": m.value, "reason": m.reason} for m in self.modifiers],
            "effective": self.effective,
            "defense": self.defense,
            "success": self.success,
            "critical": self.critical,
            "critical_success": self.outcome == "critical success",
            "critical_failure": self.outcome == "critical failure",
            "outcome": self.outcome,
            "margin": self.margin,
        }


def effective_skill(check: Check, rules: GURPSRuleset) -> int:
    """001 Base Skill vs. Effective Skill: the base plus every modifier; refused below the
    minimum (3) unless it is a defense roll."""
    effective = check.base
    for m in check.modifiers:
        effective += m.value
    if effective < rules.minimum_effective and not check.defense:
        what = f"{check.skill} " if check.skill else ""
        raise RuleError(
            f"effective {what}skill {effective} is below {rules.minimum_effective}: no success "
            f"roll may be attempted (001 Base Skill vs. Effective Skill), except a defense roll"
        )
    return effective


def roll_check(check: Check, rules: GURPSRuleset, dice: Dice | None = None) -> GURPSRoll:
    effective = effective_skill(check, rules)
    faces = (dice or default_dice()).roll(6, 3)
    total = faces[0] + faces[1] + faces[2]
    return GURPSRoll(
        faces,
        total,
        check.base,
        effective,
        rules.judge(total, effective),
        check.modifiers,
        check.defense,
        check.skill,
        check.default,
        check.name,
    )


@dataclass(frozen=True)
class SecretRoll:
    """A roll the GM makes for a player in secret (001 When the GM Rolls). The player is
    told that it was made, never how it went; the GM sees the roll and what it is worth."""

    roll: GURPSRoll
    quality: InfoGrade
    truthful: bool

    def player_view(self) -> dict[str, Any]:
        """All a player may see: who, what, and that the GM rolled. No dice, no verdict."""
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
        return {
            **self.roll.to_dict(),
            "secret": True,
            "information": {
                "grade": self.quality.grade,
                "truthful": self.truthful,
                "meaning": self.quality.meaning,
            },
        }


def roll_secret(check: Check, rules: GURPSRuleset, dice: Dice | None = None) -> SecretRoll:
    result = roll_check(check, rules, dice)
    return SecretRoll(result, rules.info_grade(result.total, result.outcome), result.success)
