"""FS3 opposed rolls and teamwork (000/002), built on single rolls (rolls.py), as pure
functions over a ruleset and dice.

Draw order (what a scripted source must supply): an opposed roll draws the first side, then
the second; teamwork draws each assister in turn, then the leader.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Any, Literal

from rollplay.dice import Dice, default_dice
from rollplay.errors import RuleError
from rollplay.systems.fs3.rolls import Check, FS3Roll, Modifier, roll_check
from rollplay.systems.fs3.ruleset import FS3Ruleset


@dataclass(frozen=True, slots=True)
class OpposedRoll:
    """Two rolls against each other (000/002 Opposed Rolls)."""

    first: FS3Roll
    second: FS3Roll
    winner: Literal["first", "second"] | None
    net: int
    margin: str

    @property
    def both_failed(self) -> bool:
        return not self.first.succeeded and not self.second.succeeded

    def to_dict(self) -> dict[str, Any]:
        return {
            "first": self.first.to_dict(),
            "second": self.second.to_dict(),
            "winner": self.winner,
            "winner_name": None if self.winner is None else getattr(self, self.winner).name,
            "net": self.net,
            "margin": self.margin,
            "both_failed": self.both_failed,
        }


@dataclass(frozen=True, slots=True)
class TeamRoll:
    """A group roll: the assist rolls, the modifier they earned, and the leader's roll."""

    assists: tuple[FS3Roll, ...]
    modifier: int
    leader: FS3Roll
    uncapped: int = 0

    def to_dict(self) -> dict[str, Any]:
        return {
            **self.leader.to_dict(),
            "assists": [a.to_dict() for a in self.assists],
            "assist_modifier": self.modifier,
            "assist_uncapped": self.uncapped,
        }


def _as_check(side: Check | int | str) -> Check:
    return side if isinstance(side, Check) else Check(side)


def opposed(
    first: Check | int | str,
    second: Check | int | str,
    ruleset: FS3Ruleset,
    dice: Dice | None = None,
) -> OpposedRoll:
    """Both sides roll; more hits wins (``contest_hits``); the net picks the margin title."""
    a, b = _as_check(first), _as_check(second)
    check_opposed_luck(a, b)
    source = default_dice() if dice is None else dice
    ra = roll_check(a, ruleset, source)
    rb = roll_check(b, ruleset, source)
    return judge_opposed(ra, rb, ruleset)


def judge_opposed(first: FS3Roll, second: FS3Roll, ruleset: FS3Ruleset) -> OpposedRoll:
    net = contest_hits(first, ruleset) - contest_hits(second, ruleset)
    winner: Literal["first", "second"] | None = (
        "first" if net > 0 else "second" if net < 0 else None
    )
    return OpposedRoll(first, second, winner, abs(net), ruleset.margin(net))


def contest_hits(roll: FS3Roll, ruleset: FS3Ruleset) -> int:
    """What a side counts in an opposed roll: its hits, none on an Embarrassing Failure
    ("You don't just fail", 000 Success Level; rulings R2), unless the game counts its
    successes (``opposed_counts_embarrassing``)."""
    return roll.successes if ruleset.opposed_counts_embarrassing else roll.hits


def check_opposed_luck(a: Check, b: Check) -> None:
    """002 Luck: one point per roll, and one side cannot both help itself and hinder the
    other (the roll and its odds both ask)."""
    for own, other in ((a, b), (b, a)):
        if own.luck in ("bonus", "reroll") and other.luck == "hinder" and not other.luck_cancelled:
            who = own.name or "a side"
            raise RuleError(
                f"{who} cannot spend luck on its own roll and against the other in the same "
                f"opposed roll (002 Luck: one luck point per roll)"
            )


def teamwork(
    leader: Check | int | str,
    assisters: Sequence[Check | int | str],
    ruleset: FS3Ruleset,
    dice: Dice | None = None,
) -> TeamRoll:
    """000 Teamwork: assisters roll first; their results modify the leader's group roll."""
    check_assisters(len(assisters), ruleset)
    source = default_dice() if dice is None else dice
    assists = tuple(roll_check(_as_check(a), ruleset, source) for a in assisters)
    uncapped = sum(ruleset.assist_modifier(a.level) for a in assists)
    lead, modifier = assisted(_as_check(leader), uncapped, ruleset)
    if not assists:  # alone, the leader rolls as asked
        lead = _as_check(leader)
    return TeamRoll(assists, modifier, roll_check(lead, ruleset, source), uncapped)


def assisted(lead: Check, uncapped: int, ruleset: FS3Ruleset) -> tuple[Check, int]:
    """The leader's check with the assisters' modifier, capped (000 Teamwork), and that
    modifier."""
    modifier = min(uncapped, ruleset.assist_cap)
    return replace(lead, modifiers=(*lead.modifiers, Modifier("teamwork", modifier))), modifier


def check_assisters(count: int, ruleset: FS3Ruleset) -> None:
    """000 Teamwork's limit on assisters, as the ruleset sets it."""
    if count > ruleset.max_assisters:
        raise RuleError(
            f"{count} assisters, but {ruleset.name} allows at most "
            f"{ruleset.max_assisters} (max_assisters) beside the leader"
        )
