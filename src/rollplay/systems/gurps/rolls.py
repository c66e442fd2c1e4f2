"""GURPS success rolls (001) as pure functions over a ruleset and dice.

Draw order: a roll draws three six-sided dice, in order. Nothing is drawn for a roll the
rules refuse (an effective skill below 3, or a base level below 1, that is not a defense
roll). Secret rolls are in ``secret.py``, modifiers in ``modifiers.py``.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, NamedTuple

from rollplay.dice import Dice, default_dice
from rollplay.errors import RollplayError, RuleError
from rollplay.systems.gurps.modifiers import Modifier, ModifierLike, modifier
from rollplay.systems.gurps.names import name_in, shown
from rollplay.systems.gurps.ruleset import GURPSRuleset, Outcome

if TYPE_CHECKING:
    from rollplay.systems.gurps.character import Character

__all__ = [
    "SKILL_RANGE",
    "Check",
    "GURPSRoll",
    "Modifier",
    "ModifierLike",
    "build_check",
    "effective_skill",
    "modifier",
    "roll_check",
]

SKILL_RANGE = (-99, 999)


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
    # A Sense roll (001 When the GM Rolls, 2): in secret, a failure notices nothing.
    sense: bool = False


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
    """A Check for a number, or for an ability named on a character's sheet. ``name`` (who
    rolls) is a name like any other: at most 100 characters, on one line."""
    if name is not None:
        name = name_in(name, "the roller's name", RollplayError)
    modifiers = tuple(modifier(m) for m in mods)
    if difficulty is not None:
        value, title = rules.difficulty(difficulty)
        modifiers += (Modifier(value, f"{title} (task difficulty)"),)
    if isinstance(skill, str):
        if character is None:
            raise RollplayError(
                f"{shown(skill)} is an ability's name: give a character sheet to roll it, "
                f"or roll a number (the skill level)"
            )
        found = character.level(skill, rules)
        who = name or character.name
        return Check(found.value, modifiers, defense, found.ability, found.via, who)
    if isinstance(skill, bool) or not isinstance(skill, int):
        raise RollplayError(f"skill must be a whole number, not {shown(skill)}")
    if not SKILL_RANGE[0] <= skill <= SKILL_RANGE[1]:
        raise RollplayError(f"skill {shown(skill)}: accepted {SKILL_RANGE[0]} to {SKILL_RANGE[1]}")
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
    minimum (3) unless it is a defense roll. A base level below 1 is no level to roll from,
    whatever the modifiers (rulings G11), again unless it is a defense roll."""
    if check.base < rules.minimum_base and not check.defense:
        raise RuleError(_no_level(check, rules))
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


def _no_level(check: Check, rules: GURPSRuleset) -> str:
    lowest = rules.minimum_base
    if check.default:
        what = f"{check.skill} at its best default, {check.default}, is {check.base}"
    elif check.skill:
        what = f"{check.skill} is {check.base}"
    else:
        what = f"skill {check.base}"
    return (
        f"{what}: a level below {lowest} cannot be rolled, whatever the modifiers "
        f"(rulings G11), except in a defense roll"
    )


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
