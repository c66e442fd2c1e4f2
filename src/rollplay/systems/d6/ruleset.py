"""The D6 System ruleset: every number and switch of 003, as data.

The built-in ruleset is ``D6_SYSTEM`` in ``presets.py``; a game's house-rules file overrides
any field (docs/d6.md). Code reads these fields and never hard-codes a number from the text.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from rollplay.errors import RulesetError, suggest, whole

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
        for key in ("related_divisor", "bonus_divisor", "damage_divisor"):
            if getattr(self, key) < 1:
                raise bad(f"{key} must be 1 or more")
        if self.preparing_max < 0:
            raise bad("preparing_max cannot be negative")
        names = [d.name.casefold() for d in self.difficulties]
        if len(set(names)) != len(names):
            raise bad("difficulties: each name once")
        for d in self.difficulties:
            top = d.highest if d.highest is not None else d.number
            if not d.lowest <= d.number <= top:
                raise bad(f"difficulty {d.name}: number {d.number} is outside its range")

    def difficulty(self, spec: str | int) -> tuple[int, str | None]:
        """A difficulty by name ('moderate', 'very-difficult') or number: its number and the
        name of the band it falls in."""
        if isinstance(spec, int) or spec.strip().lstrip("+-\u2212").isdigit():
            number = spec if isinstance(spec, int) else whole(spec, "difficulty")
            if number < 0:
                raise RulesetError(f"difficulty {number}: a difficulty is 0 or more")
            return number, self.band(number)
        wanted = " ".join(spec.replace("-", " ").replace("_", " ").split()).casefold()
        for d in self.difficulties:
            if d.name.casefold() == wanted:
                return d.number, d.name
        names = [d.name for d in self.difficulties]
        raise RulesetError(
            f"unknown difficulty {spec.strip()!r}{suggest(wanted, names)}; "
            f"known: {', '.join(names)} (or a number)"
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
