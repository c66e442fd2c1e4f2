"""The GURPS success-roll ruleset: every threshold and table of 001, as data.

The built-in one is in ``presets.py``; a game's house-rules file overrides any field (see
docs/gurps.md). Code reads these fields and never hard-codes a number from the text.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Literal

from rollplay.errors import RollplayError, RulesetError, suggest, whole
from rollplay.systems.gurps.names import ATTRIBUTES, BASIC_ATTRIBUTES, MAX_NAME, shown

Outcome = Literal["critical success", "success", "failure", "critical failure"]
OUTCOMES: tuple[Outcome, ...] = ("critical success", "success", "failure", "critical failure")
# 001 When the GM Rolls: on a success "true information"; on a failure "no information at
# all or lies". Every grade of information falls in one of these (rulings G6).
InfoCategory = Literal["truthful", "partial", "nothing", "false"]
INFO_CATEGORIES: tuple[InfoCategory, ...] = ("truthful", "partial", "nothing", "false")
_SUCCESS_CATEGORIES = ("truthful", "partial")
_FAILURE_CATEGORIES = ("nothing", "false")


@dataclass(frozen=True)
class Difficulty:
    """A row of 001's Task Difficulty table. The bare name gives ``modifier``; a group that
    prefers the other end of a two-value row asks for it (``hard=-5``)."""

    name: str
    modifier: int
    lowest: int
    highest: int
    description: str = ""


@dataclass(frozen=True)
class InfoGrade:
    """How good the information from a secret roll is, for rolls up to ``up_to``: its grade
    (the detail), what the grade means, and which of the four categories it falls in."""

    up_to: int
    grade: str
    meaning: str
    category: InfoCategory


@dataclass(frozen=True)
class GURPSRuleset:
    """GURPS 4th edition success rolls (001), or a game's house-ruled variant."""

    __pydantic_config__ = {"extra": "forbid"}  # noqa: RUF012

    name: str
    edition: str
    # 001 Success Rolls: "a roll of 3 or 4 is always a success ... 17 or 18 always a failure".
    always_succeed_up_to: int = 4
    always_fail_from: int = 17
    # 001 Critical Success: 3-4 always; (roll, lowest effective skill) for the rest.
    critical_success_up_to: int = 4
    critical_success_at: tuple[tuple[int, int], ...] = ((5, 15), (6, 16))
    # 001 Critical Failure: 18 always; (roll, highest effective skill); 10 over the skill.
    critical_failure_from: int = 18
    critical_failure_at: tuple[tuple[int, int], ...] = ((17, 15),)
    critical_failure_margin: int = 10
    # 001 Base Skill vs. Effective Skill: no roll below 3, "unless ... a defense roll".
    minimum_effective: int = 3
    # A base level (skill, default or attribute) below this is no level to roll from,
    # whatever the modifiers, except in a defense roll (rulings G11).
    minimum_base: int = 1
    # 001 The Rule of 20: attributes count at most this much for defaults (0 turns it off),
    # "a basic attribute": ST, DX, IQ, HT; Will and Per are left uncapped (rulings G13).
    default_attribute_cap: int = 20
    capped_attributes: tuple[str, ...] = BASIC_ATTRIBUTES
    difficulties: tuple[Difficulty, ...] = ()
    # 001 When the GM Rolls: graded by the roll, lower is better (docs/rulings.md G6).
    info_critical_success: InfoGrade = InfoGrade(4, "complete", "the whole truth", "truthful")
    info_success: tuple[InfoGrade, ...] = ()
    info_failure: tuple[InfoGrade, ...] = ()
    info_critical_failure: InfoGrade = InfoGrade(18, "dangerous lie", "a harmful lie", "false")
    # 001 When the GM Rolls, case 2: a sense roll in secret notices, or does not; a failure
    # tells the character nothing, never a lie (rulings G12).
    info_sense_success: InfoGrade = InfoGrade(18, "notices", "notices what is there", "truthful")
    info_sense_failure: InfoGrade = InfoGrade(18, "unaware", "notices nothing", "nothing")
    # A defense roll is made openly (rulings G12); a GM who "may always choose to roll the
    # dice in secret" (001 Success Rolls) may allow it.
    secret_defense_rolls: bool = False
    # Derived lookups, built once so judging does no searching.
    critical_success_lookup: dict[int, int] = field(
        default_factory=dict, init=False, repr=False, compare=False
    )
    critical_failure_lookup: dict[int, int] = field(
        default_factory=dict, init=False, repr=False, compare=False
    )

    def __post_init__(self) -> None:
        self._validate()
        object.__setattr__(self, "critical_success_lookup", dict(self.critical_success_at))
        object.__setattr__(self, "critical_failure_lookup", dict(self.critical_failure_at))

    def _validate(self) -> None:
        def bad(what: str) -> RulesetError:
            return RulesetError(f"ruleset {self.name!r}: {what}")

        for key in ("always_succeed_up_to", "always_fail_from", "critical_success_up_to"):
            if not 2 <= getattr(self, key) <= 19:
                raise bad(f"{key} must be a 3d6 total (3 to 18), or just outside it to turn it off")
        if self.always_succeed_up_to >= self.always_fail_from:
            raise bad("always_succeed_up_to must be below always_fail_from")
        if self.critical_failure_margin < 1:
            raise bad("critical_failure_margin must be 1 or more")
        names = [d.name.casefold() for d in self.difficulties]
        if len(set(names)) != len(names):
            raise bad("difficulties: each name once")
        for d in self.difficulties:
            if not d.lowest <= d.modifier <= d.highest:
                raise bad(f"difficulty {d.name}: modifier {d.modifier} is outside its range")
        for table in ("info_success", "info_failure"):
            rows = getattr(self, table)
            steps = [g.up_to for g in rows]
            if steps != sorted(set(steps)) or (rows and rows[-1].up_to < 18):
                raise bad(f"{table} must rise strictly and end at up_to 18 or more: {steps}")
        self._validate_information()
        unknown = [a for a in self.capped_attributes if a not in ATTRIBUTES]
        if unknown:
            raise bad(f"capped_attributes: {', '.join(unknown)}; known: {', '.join(ATTRIBUTES)}")

    def _validate_information(self) -> None:
        """001 When the GM Rolls: a success gives true information, a failure none or a lie;
        a grade that says otherwise would mislead the GM."""
        sides = (
            ("info_critical_success", (self.info_critical_success,), _SUCCESS_CATEGORIES),
            ("info_success", self.info_success, _SUCCESS_CATEGORIES),
            ("info_failure", self.info_failure, _FAILURE_CATEGORIES),
            ("info_critical_failure", (self.info_critical_failure,), _FAILURE_CATEGORIES),
            ("info_sense_success", (self.info_sense_success,), _SUCCESS_CATEGORIES),
            ("info_sense_failure", (self.info_sense_failure,), _FAILURE_CATEGORIES),
        )
        for table, rows, allowed in sides:
            for row in rows:
                if row.category not in allowed:
                    raise RulesetError(
                        f"ruleset {self.name!r}: {table} grade {row.grade!r} is "
                        f"{row.category!r}; 001 allows {' or '.join(allowed)} there"
                    )

    # -- the rules ---------------------------------------------------------------------

    def judge(self, total: int, effective: int) -> Outcome:
        """001 Success Rolls, Critical Success, Critical Failure."""
        if total <= self.always_succeed_up_to or (
            total < self.always_fail_from and total <= effective
        ):
            if total <= self.critical_success_up_to:
                return "critical success"
            lowest = self.critical_success_lookup.get(total)
            return "critical success" if lowest is not None and effective >= lowest else "success"
        if total >= self.critical_failure_from or total - effective >= self.critical_failure_margin:
            return "critical failure"
        highest = self.critical_failure_lookup.get(total)
        return "critical failure" if highest is not None and effective <= highest else "failure"

    def info_grade(self, total: int, outcome: Outcome, sense: bool = False) -> InfoGrade:
        """001 When the GM Rolls: the lower the roll the better the truth; the higher a
        failed roll, the worse the lie. A sense roll notices or does not."""
        if sense:
            success = outcome in ("success", "critical success")
            return self.info_sense_success if success else self.info_sense_failure
        if outcome == "critical success":
            return self.info_critical_success
        if outcome == "critical failure":
            return self.info_critical_failure
        rows = self.info_success if outcome == "success" else self.info_failure
        for row in rows:
            if total <= row.up_to:
                return row
        return rows[-1]

    def difficulty(self, spec: str | int) -> tuple[int, str]:
        """A task difficulty by name ('hard'), name and value ('hard=-5') or value (-5):
        its modifier and its name. Text is refused past a name's length before it is read."""
        if isinstance(spec, bool) or not isinstance(spec, str | int):
            raise RollplayError(f"difficulty {shown(spec)}: give a name from the table or a number")
        if not self.difficulties:
            raise RulesetError(f"ruleset {self.name!r} has no task difficulty table")
        if isinstance(spec, int) or spec.strip().lstrip("+-\u2212").isdigit():
            value = spec if isinstance(spec, int) else whole(spec, "difficulty")
            for d in self.difficulties:
                if d.lowest <= value <= d.highest:
                    return value, d.name
            lowest, highest = self._lowest(), self._highest()
            raise RulesetError(
                f"difficulty {shown(value)}: the table runs from {lowest} to {highest}"
            )
        text, sep, value_text = spec.partition("=")
        if len(text) > MAX_NAME:
            raise RulesetError(
                f"difficulty is {len(text)} characters long; give a name from the table "
                f"(at most {MAX_NAME} characters), like hard or hard=-5"
            )
        wanted = " ".join(text.replace("-", " ").replace("_", " ").split()).casefold()
        for d in self.difficulties:
            if d.name.casefold() == wanted:
                break
        else:
            names = [d.name for d in self.difficulties]
            raise RulesetError(
                f"unknown difficulty {text.strip()!r}{suggest(wanted, names)}; "
                f"known: {', '.join(names)} (or a number)"
            )
        if not sep:
            return d.modifier, d.name
        value = whole(value_text, f"difficulty {d.name}")
        if not d.lowest <= value <= d.highest:
            span = str(d.lowest) if d.lowest == d.highest else f"{d.lowest} to {d.highest}"
            raise RulesetError(f"difficulty {shown(spec)}: {d.name} is {span}")
        return value, d.name

    def _lowest(self) -> int:
        return min(d.lowest for d in self.difficulties)

    def _highest(self) -> int:
        return max(d.highest for d in self.difficulties)
