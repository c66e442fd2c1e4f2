"""Exact odds of a GURPS success roll, from the same ``judge`` the roller uses.

3d6 has 216 equally likely rolls over 16 totals; the odds for one effective skill are the
judge applied to each total, weighted by how many rolls make it. Counts stay integers over
216 and become Fractions only when asked for.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from functools import cache, cached_property
from typing import Any

from rollplay.systems.gurps.ruleset import OUTCOMES, GURPSRuleset, Outcome

ROLLS = 216


@cache
def total_counts() -> tuple[tuple[int, int], ...]:
    """(total, ways) for 3d6, by convolving one die at a time."""
    ways = {0: 1}
    for _ in range(3):
        step: dict[int, int] = {}
        for total, n in ways.items():
            for face in range(1, 7):
                step[total + face] = step.get(total + face, 0) + n
        ways = step
    return tuple(sorted(ways.items()))


@dataclass(frozen=True)
class GURPSOdds:
    """Exact chances for one effective skill. ``counts`` and ``margin_counts`` are numbers of
    the 216 rolls; the Fraction properties divide them."""

    effective: int
    counts: dict[Outcome, int]
    margin_counts: dict[int, int]
    defense: bool = False

    @cached_property
    def outcomes(self) -> dict[Outcome, Fraction]:
        return {k: Fraction(n, ROLLS) for k, n in self.counts.items()}

    @property
    def success(self) -> Fraction:
        return Fraction(self.counts["success"] + self.counts["critical success"], ROLLS)

    @property
    def critical_success(self) -> Fraction:
        return Fraction(self.counts["critical success"], ROLLS)

    @property
    def critical_failure(self) -> Fraction:
        return Fraction(self.counts["critical failure"], ROLLS)

    @property
    def failure(self) -> Fraction:
        return 1 - self.success

    @cached_property
    def margins(self) -> dict[int, Fraction]:
        """Margin (effective minus roll) -> chance, highest margin first."""
        return {m: Fraction(n, ROLLS) for m, n in self.margin_counts.items()}

    def to_dict(self) -> dict[str, Any]:
        return {
            "system": "gurps",
            "effective": self.effective,
            "defense": self.defense,
            "success": float(self.success),
            "critical_success": float(self.critical_success),
            "failure": float(self.failure),
            "critical_failure": float(self.critical_failure),
            "outcomes": {k: float(p) for k, p in self.outcomes.items()},
            "margins": {str(m): float(p) for m, p in self.margins.items()},
            "exact": {
                "success": str(self.success),
                "critical_success": str(self.critical_success),
                "critical_failure": str(self.critical_failure),
            },
        }


def skill_odds(effective: int, rules: GURPSRuleset, defense: bool = False) -> GURPSOdds:
    """Odds for an effective skill already checked against the minimum (see rolls)."""
    counts = dict.fromkeys(OUTCOMES, 0)
    margins: dict[int, int] = {}
    judge = rules.judge
    for total, ways in total_counts():
        counts[judge(total, effective)] += ways
        margins[effective - total] = ways
    return GURPSOdds(effective, counts, margins, defense)
