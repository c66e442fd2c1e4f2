"""The D6 System ruleset: every number and switch of 003, as data.

The built-in ruleset is ``D6_SYSTEM`` in ``presets.py``; a game's house-rules file overrides
any field (docs/d6.md). Code reads these fields and never hard-codes a number from the text.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from rollplay.errors import RulesetError, suggest, whole
from rollplay.systems.d6.limits import MAX_DIFFICULTY, MAX_NAME, clip, short

WildOne = Literal["complication", "cancel"]
WILD_ONE_OPTIONS: tuple[str, ...] = ("complication", "cancel")


@dataclass(frozen=True)
class Difficulty:
    """A standard difficulty (003): its range, and the number the bare name gives."""

    name: str
    number: int
    lowest: int
    highest: int | None = None  # None: open-ended (Legendary, 31 or more)
    description: str = ""


@dataclass(frozen=True)
class SkillGroup:
    """The skills that fall under one attribute (003 Untrained Skill Use: "the attribute
    under which that skill falls")."""

    attribute: str
    skills: tuple[str, ...] = ()


@dataclass(frozen=True)
class D6Ruleset:
    """The D6 System skill check (003), or a game's house-ruled variant of it."""

    __pydantic_config__ = {"extra": "forbid"}  # noqa: RUF012

    name: str
    edition: str
    # 003 Rolling Dice: pips, and how many make a die when a code is raised.
    pips_per_die: int = 3
    # 003 Wild Die: a 6 adds and is rolled again; a 1 on the first toss is a Critical
    # Failure, resolved by one of two options (rulings D1).
    explode_on: int = 6
    wild_one: WildOne = "complication"
    # 003 Untrained Skill Use: "Typically, this modifier is +5".
    unskilled_modifier: int = 5
    # 003 Determining Success: "Ties generally go to the initiator".
    ties_succeed: bool = True
    # 003 Improving a Roll: no Character and Fate Points on one roll unless the GM allows.
    cp_with_fate: bool = False
    # 003 Fate Points: "double the number of dice"; the pips too (rulings D2, D12).
    fate_doubles_pips: bool = True
    # 003 Related Skills names "the multi-action penalty" without defining it: dice taken
    # from each action per action after the first (rulings D15).
    multi_action_penalty: int = 1
    # 003 Preparing: +1D per doubling of time, at most +3D.
    preparing_max: int = 3
    # 003 Rushing: (percent less time, difficulty increase); none below 25% of the time.
    rushing: tuple[tuple[int, int], ...] = ((25, 5), (50, 10), (75, 20))
    # 003 Related Skills: result points / 2, rounded up, at least 1.
    related_divisor: int = 2
    related_minimum: int = 1
    # 003 Result Points: a half (rounded up) as a bonus; a fifth of an attack's to damage.
    bonus_divisor: int = 2
    damage_divisor: int = 5
    difficulties: tuple[Difficulty, ...] = ()
    # 003 Untrained Skill Use: which attribute each skill falls under, for a skill the sheet
    # lacks; an example list a game replaces (rulings D14).
    skills: tuple[SkillGroup, ...] = ()
    # Not in the text: a bound on dice so hostile input cannot hang a bot (rulings D8).
    max_dice: int = 100

    def __post_init__(self) -> None:
        def bad(what: str) -> RulesetError:
            return RulesetError(f"ruleset {self.name!r}: {what}")

        if not 1 <= self.pips_per_die <= 10:
            raise bad(f"pips_per_die must be from 1 to 10, not {self.pips_per_die}")
        if not 2 <= self.explode_on <= 6:
            raise bad(f"explode_on must be a face from 2 to 6, not {self.explode_on}")
        if self.wild_one not in WILD_ONE_OPTIONS:
            raise bad(f"wild_one must be one of {', '.join(WILD_ONE_OPTIONS)}")
        if not 1 <= self.max_dice <= 1000:
            raise bad(f"max_dice must be from 1 to 1000, not {self.max_dice}")
        spans = {
            "related_divisor": (1, 100),
            "bonus_divisor": (1, 100),
            "damage_divisor": (1, 100),
            "related_minimum": (0, 100),
            "preparing_max": (0, 10),
            "unskilled_modifier": (0, MAX_DIFFICULTY),
            "multi_action_penalty": (0, 10),
        }
        for key, (low, high) in spans.items():
            if not low <= getattr(self, key) <= high:
                raise bad(f"{key} must be from {low} to {high}, not {getattr(self, key)}")
        for less, increase in self.rushing:
            if not 1 <= less <= 99 or not 0 <= increase <= MAX_DIFFICULTY:
                raise bad(
                    f"rushing [{less}, {increase}]: percent less time 1 to 99, increase 0 to "
                    f"{MAX_DIFFICULTY}"
                )
        names = [d.name.casefold() for d in self.difficulties]
        if len(set(names)) != len(names):
            raise bad("difficulties: each name once")
        for d in self.difficulties:
            top = d.highest if d.highest is not None else d.number
            if not d.lowest <= d.number <= top:
                raise bad(f"difficulty {d.name}: number {d.number} is outside its range")
            if not 0 <= d.lowest <= d.number <= MAX_DIFFICULTY or top > MAX_DIFFICULTY:
                raise bad(f"difficulty {d.name}: numbers run from 0 to {MAX_DIFFICULTY}")
            if len(d.description) > 2 * MAX_NAME:
                raise bad(f"difficulty {clip(d.name)}: a description of at most {2 * MAX_NAME}")
            if not d.name.strip() or len(d.name) > MAX_NAME or "=" in d.name:
                raise bad(f"difficulty {clip(d.name)}: a name of 1 to {MAX_NAME} characters, no =")
        seen: dict[str, str] = {}
        for group in self.skills:
            if not group.attribute.strip() or len(group.attribute) > MAX_NAME:
                raise bad(f"skills: attribute {clip(group.attribute)} is not a name")
            for skill in group.skills:
                if not skill.strip() or len(skill) > MAX_NAME:
                    raise bad(f"skills: {clip(skill)} is not a name of 1 to {MAX_NAME} characters")
                other = seen.setdefault(skill.casefold(), group.attribute)
                if other != group.attribute:
                    raise bad(f"skills: {skill} falls under {other} and {group.attribute}")

    def skill_attribute(self, skill: str) -> tuple[str, str] | None:
        """003 Untrained Skill Use: the attribute ``skill`` falls under, and the skill's name as
        the ruleset spells it; None when the ruleset does not list it."""
        key = " ".join(skill.split()).casefold()
        for group in self.skills:
            for name in group.skills:
                if name.casefold() == key:
                    return group.attribute, name
        return None

    def difficulty(self, spec: str | int) -> tuple[int, str | None]:
        """A difficulty by name ('moderate', 'very-difficult'), by name and a number in its
        range ('moderate=13', 003 Standard Difficulties: "the range of difficulty numbers for
        that level") or by number: its number and the name of the band it falls in."""
        if isinstance(spec, int) and not isinstance(spec, bool):
            return _difficulty_number(spec, str(spec)), self.band(spec)
        text = short(spec, "difficulty").strip()
        if text.lstrip("+-\u2212").isdigit():
            number = _difficulty_number(whole(text, "difficulty"), text)
            return number, self.band(number)
        name, equals, given = text.partition("=")
        row = self._row(name, text)
        if not equals:
            return row.number, row.name
        number = _difficulty_number(whole(given, f"difficulty {row.name}"), text)
        top = row.highest if row.highest is not None else MAX_DIFFICULTY
        if not row.lowest <= number <= top:
            span = (
                f"{row.lowest} to {row.highest}"
                if row.highest is not None
                else f"{row.lowest} or more"
            )
            raise RulesetError(
                f"difficulty {text}: {row.name} runs from {span} (003 Standard Difficulties)"
            )
        return number, row.name

    def _row(self, name: str, text: str) -> Difficulty:
        wanted = " ".join(name.replace("-", " ").replace("_", " ").split()).casefold()
        for d in self.difficulties:
            if d.name.casefold() == wanted:
                return d
        names = [d.name for d in self.difficulties]
        raise RulesetError(
            f"unknown difficulty {clip(text)}{suggest(wanted, names)}; "
            f"known: {', '.join(names)}, NAME=N for a number in its range, or a number"
        )

    def band(self, number: int) -> str | None:
        for d in self.difficulties:
            if d.lowest <= number and (d.highest is None or number <= d.highest):
                return d.name
        return None

    def rush(self, percent_less: int) -> int:
        """003 Rushing: the difficulty increase for doing a task in ``percent_less`` less time."""
        for less, increase in self.rushing:
            if less == percent_less:
                return increase
        allowed = ", ".join(f"{less}" for less, _ in self.rushing)
        raise RulesetError(
            f"rushing {percent_less}% less time: accepted {allowed} (percent less time; "
            f"no task takes under {100 - max(less for less, _ in self.rushing)}% of its time)"
        )


def _difficulty_number(number: int, text: str) -> int:
    if not 0 <= number <= MAX_DIFFICULTY:
        raise RulesetError(
            f"difficulty {clip(text)}: a difficulty is 0 or more, up to {MAX_DIFFICULTY}"
        )
    return number


def parse_rush(text: str) -> int:
    """'50' or '50%' (percent less time, 003 Rushing) -> 50."""
    clean = short(text, "rushing").strip().removesuffix("%")
    return whole(clean, "rushing (percent less time)", 100)
