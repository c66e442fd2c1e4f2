"""Exact odds of FS3 teamwork (000 Teamwork), from the same ruleset the roller uses.

Each assister's level earns the leader a modifier; their sum, capped, joins the leader's
pool. The assisters' levels are independent, so the sum's distribution is a convolution of
theirs, and the leader's odds are the mixture of ``check_odds`` over it.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from rollplay.systems.fs3.contests import assisted, check_assisters
from rollplay.systems.fs3.odds import FS3Odds, check_odds
from rollplay.systems.fs3.rolls import Check
from rollplay.systems.fs3.ruleset import FS3Ruleset


@dataclass(frozen=True)
class TeamOdds:
    """Exact chances of a teamwork roll (000): the assisters' rolls, the modifier they give
    the leader, and the leader's levels over every modifier they may give."""

    assists: tuple[FS3Odds, ...]
    modifiers: dict[int, Fraction]
    levels: dict[str, Fraction]
    success: Fraction

    def to_dict(self) -> dict[str, Any]:
        return {
            "levels": {t: float(p) for t, p in self.levels.items()},
            "success": float(self.success),
            "assist_modifiers": {str(m): float(p) for m, p in self.modifiers.items()},
            "assists": [a.to_dict() for a in self.assists],
            "exact": {
                "levels": {t: str(p) for t, p in self.levels.items()},
                "success": str(self.success),
                "assist_modifiers": {str(m): str(p) for m, p in self.modifiers.items()},
            },
        }


def teamwork_odds(leader: Check, assisters: list[Check], ruleset: FS3Ruleset) -> TeamOdds:
    """Exact odds of a teamwork roll; refused as the roll is (too many assisters)."""
    check_assisters(len(assisters), ruleset)
    assists = tuple(check_odds(a, ruleset) for a in assisters)
    uncapped: dict[int, Fraction] = {0: Fraction(1)}
    for a in assists:
        step: dict[int, Fraction] = {}
        for total, p in uncapped.items():
            for title, q in a.levels.items():
                m = total + ruleset.assist_modifier(title)
                step[m] = step.get(m, Fraction(0)) + p * q
        uncapped = step
    modifiers: dict[int, Fraction] = {}
    levels = dict.fromkeys(ruleset.level_titles(), Fraction(0))
    success = Fraction(0)
    for total, p in sorted(uncapped.items()):
        if not p:
            continue
        lead, modifier = assisted(leader, total, ruleset)
        modifiers[modifier] = modifiers.get(modifier, Fraction(0)) + p
        o = check_odds(lead if assisters else leader, ruleset)
        for title, q in o.levels.items():
            levels[title] += p * q
        success += p * o.success
    return TeamOdds(assists, modifiers, levels, success)


__all__ = ["TeamOdds", "teamwork_odds"]
