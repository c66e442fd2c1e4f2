"""Exact odds of a D6 System skill check, from the same ruleset the roller uses.

The total is regular dice + the Wild Die + Character Point dice + pips and bonuses. Every
part is a list of integer counts over a common denominator, combined by convolution
(rollplay.odds). An exploding die has no last value, so its tosses are cut off at the first
length where the chance of reaching it, over all exploding dice, is below 1e-12; the exact
probability left out is reported as ``truncated`` (rulings D7).
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from functools import cache, cached_property
from itertools import accumulate
from typing import Any

from rollplay.odds import convolve, power
from rollplay.systems.d6.rolls import D6Check, dice_counts
from rollplay.systems.d6.ruleset import D6Ruleset

TAIL = Fraction(1, 10**12)
_DIE = [0, 1, 1, 1, 1, 1, 1]  # one d6: index = face


@dataclass(frozen=True)
class D6Odds:
    """The distribution of a check's total, as counts over ``denominator`` starting at
    total ``lowest``; and the chances that decide it."""

    lowest: int
    counts: tuple[int, ...]
    denominator: int
    difficulty: int | None
    wild_one: str
    ties_succeed: bool = True

    @cached_property
    def distribution(self) -> dict[int, Fraction]:
        """Total -> probability (the truncated tail left out)."""
        return {
            self.lowest + i: Fraction(c, self.denominator) for i, c in enumerate(self.counts) if c
        }

    @cached_property
    def _at_least(self) -> list[int]:
        """_at_least[i]: count of totals >= lowest + i."""
        out = [0] * (len(self.counts) + 1)
        running = 0
        for i in range(len(self.counts) - 1, -1, -1):
            running += self.counts[i]
            out[i] = running
        return out

    @property
    def truncated(self) -> Fraction:
        """The probability the cut-off explosions leave out: below 1e-12, all of it on
        totals higher than any listed."""
        return 1 - Fraction(self._at_least[0], self.denominator)

    @property
    def critical_failure(self) -> Fraction:
        """003 Wild Die: a 1 on its first toss."""
        return Fraction(1, 6)

    @property
    def complication(self) -> Fraction:
        return self.critical_failure if self.wild_one == "complication" else Fraction(0)

    def success_against(self, difficulty: int) -> Fraction:
        """P(total meets or beats ``difficulty``), ties as the ruleset says. A lower bound:
        the truncated tail (all of it successes here) would add at most ``truncated``."""
        need = difficulty if self.ties_succeed else difficulty + 1
        i = min(max(need - self.lowest, 0), len(self.counts))
        return Fraction(self._at_least[i], self.denominator)

    @property
    def success(self) -> Fraction | None:
        return None if self.difficulty is None else self.success_against(self.difficulty)

    @property
    def mean(self) -> Fraction:
        return sum(
            (Fraction((self.lowest + i) * c, self.denominator) for i, c in enumerate(self.counts)),
            Fraction(0),
        )

    def to_dict(self) -> dict[str, Any]:
        success = self.success
        return {
            "system": "d6",
            "difficulty": self.difficulty,
            "wild_one": self.wild_one,
            "success": None if success is None else float(success),
            "critical_failure": float(self.critical_failure),
            "complication": float(self.complication),
            "mean": float(self.mean),
            "distribution": {str(t): float(p) for t, p in self.distribution.items()},
            "truncated": float(self.truncated),
            "exact": {
                "success": None if success is None else str(success),
                "critical_failure": str(self.critical_failure),
                "truncated": str(self.truncated),
            },
        }


@cache
def _exploding(explode_on: int, tosses: int) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """Counts over 6**tosses of an exploding die's value, cut after ``tosses`` tosses:
    (all sequences, and those whose first toss is not a 1)."""
    boom = [0] * 7
    for face in range(explode_on, 7):
        boom[face] = 1
    stop = [0] * 7
    for face in range(1, explode_on):
        stop[face] = 1
    total: list[int] = []
    exploded = [1]  # counts of the sum of k exploding tosses, k = 0 first
    for k in range(tosses):
        weight = 6 ** (tosses - k - 1)  # each sequence of k + 1 tosses, over 6**tosses
        total = _add(total, [c * weight for c in convolve(exploded, stop)])
        exploded = convolve(exploded, boom)
    not_one = list(total)
    not_one[1] -= 6 ** (tosses - 1)  # the single toss that shows 1
    return tuple(total), tuple(not_one)


def _add(a: list[int], b: list[int]) -> list[int]:
    if len(a) < len(b):
        a, b = b, a
    out = list(a)
    for i, c in enumerate(b):
        out[i] += c
    return out


@cache
def _tosses_needed(explode_on: int, dice: int) -> int:
    """The fewest tosses K with dice * P(explode)**K below 1e-12."""
    p = Fraction(7 - explode_on, 6)
    k = 1
    while dice * p**k >= TAIL:
        k += 1
    return k


@cache
def _regular(n: int) -> tuple[int, ...]:
    """Counts over 6**n of the sum of n regular dice."""
    return tuple(power(_DIE, n))


@cache
def _sum_minus_highest(n: int) -> tuple[int, ...]:
    """Counts over 6**n of n d6 summed without their highest die (003 Wild Die, option 1)."""
    out: list[int] = []
    below: list[int] = []  # counts with every die at most m - 1
    for m in range(1, 7):
        upto = power([0] + [1] * m, n)  # every die at most m
        exactly = _add(upto, [-c for c in below])  # so the highest is exactly m
        out = _add(out, exactly[m:])  # without it: every sum less m
        below = upto
    return tuple(out)


def check_odds(check: D6Check, rules: D6Ruleset, tosses: int | None = None) -> D6Odds:
    """Odds of ``check``; ``tosses`` overrides the cut-off (for tests)."""
    own, regular_count = dice_counts(check, rules)
    option = check.wild_one or rules.wild_one
    exploding_dice = 1 + check.character_points
    k = tosses or _tosses_needed(rules.explode_on, exploding_dice)
    wild_all, wild_not_one = (list(w) for w in _exploding(rules.explode_on, k))
    regular = list(_regular(regular_count))
    if option == "cancel":
        # A first-toss 1 (chance 6**(k-1) in 6**k) removes itself and the highest regular
        # die (rulings D1); the other tosses count as rolled.
        cancelled = list(_sum_minus_highest(regular_count)) if regular_count else [1]
        weight = 6 ** (k - 1)
        total = _add(convolve(regular, wild_not_one), [c * weight for c in cancelled])
    else:
        total = convolve(regular, wild_all)
    for _ in range(check.character_points):
        total = convolve(total, wild_all)
    shift = own.pips + sum(b.number for b in check.bonuses) + check.related
    first = next((i for i, c in enumerate(total) if c), 0)
    denominator = 6**regular_count * 6 ** (k * exploding_dice)
    difficulty = None
    if check.difficulty is not None:
        difficulty = check.difficulty + sum(v for _, v in check.difficulty_mods)
    return D6Odds(
        first + shift,
        tuple(total[first:]),
        denominator,
        difficulty,
        option,
        rules.ties_succeed,
    )


@dataclass(frozen=True)
class D6OpposedOdds:
    """003 Opposed Difficulties: each side's odds (rolled with no difficulty) and the
    chance of each winning. Both chances are lower bounds: ``truncated`` is what the cut-off
    explosions leave out of the pair, so the three add up to 1."""

    initiator: D6Odds
    resister: D6Odds
    initiator_wins: Fraction
    resister_wins: Fraction

    @property
    def truncated(self) -> Fraction:
        return 1 - self.initiator_wins - self.resister_wins

    def to_dict(self) -> dict[str, Any]:
        return {
            "system": "d6",
            "initiator_wins": float(self.initiator_wins),
            "resister_wins": float(self.resister_wins),
            "truncated": float(self.truncated),
            "initiator": self.initiator.to_dict(),
            "resister": self.resister.to_dict(),
            "exact": {
                "initiator_wins": str(self.initiator_wins),
                "resister_wins": str(self.resister_wins),
                "truncated": str(self.truncated),
            },
        }


def opposed_odds(
    initiator: D6Check, resister: D6Check, rules: D6Ruleset, tosses: int | None = None
) -> D6OpposedOdds:
    """Exact odds of an opposed roll, judged as ``rolls.D6Opposed`` judges it: each side
    scores its total less its own difficulty modifiers, and a tie goes to the initiator.
    ``tosses`` overrides the cut-off (for tests)."""
    plain = (initiator._replace(difficulty=None), resister._replace(difficulty=None))
    sides = [check_odds(c, rules, tosses) for c in plain]
    a, b = sides
    # The lowest score of each side, and the resister's counts at or below each score.
    low_a = a.lowest - sum(v for _, v in initiator.difficulty_mods)
    low_b = b.lowest - sum(v for _, v in resister.difficulty_mods)
    at_most_b = list(accumulate(b.counts))
    wins = 0
    for i, count in enumerate(a.counts):
        j = min(low_a + i - low_b, len(b.counts) - 1)
        if count and j >= 0:
            wins += count * at_most_b[j]
    listed = sum(a.counts) * sum(b.counts)
    total = a.denominator * b.denominator
    return D6OpposedOdds(a, b, Fraction(wins, total), Fraction(listed - wins, total))
