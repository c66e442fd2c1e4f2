"""Exact FS3 odds, from the same ruleset the roller uses.

A pool of n dice splits each die three ways: a success (``sides - success_at + 1`` faces),
a one (1 face) or anything else. Every way the ruleset judges a roll depends only on the
number of successes s and of ones k, so the level table is a sum over (s, k) of
C(n, s) C(n-s, k) a^s b^k c^(n-s-k) outcomes. Embarrassment is always "k at least K0"
(K0 = n//2 + 1 for 3.3's more-than-half rule, the attribute for 3.2's), so for each s the
embarrassing outcomes are a binomial tail, carried along m = n - s by the recurrence
T(m+1) = (b+c) T(m) + b E(m, K0-1). That makes a pool O(n) big-integer steps.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from functools import cached_property
from math import comb
from typing import Any

from rollplay.odds import fractions_of, keep_best_of_two
from rollplay.systems.fs3.contests import check_opposed_luck
from rollplay.systems.fs3.rolls import Check, effective_pool
from rollplay.systems.fs3.ruleset import FS3Ruleset

# An outcome class: (embarrassing, successes) with its count; ranked worst to best.
Classes = list[tuple[bool, int, int]]


@dataclass(frozen=True)
class FS3Odds:
    """Exact chances of each outcome of one roll. Counts are over ``denominator``."""

    pool: int
    requested: int
    edition: str
    level_counts: tuple[tuple[str, int], ...]
    success_counts: tuple[int, ...]
    denominator: int
    success_titles: tuple[str, ...]
    reroll: bool = False
    # Entry h: the count of rolls an opposed roll counts h hits for (contests.contest_hits).
    hit_counts: tuple[int, ...] = ()

    @cached_property
    def levels(self) -> dict[str, Fraction]:
        """Title -> probability, worst first (Embarrassing Failure, Failure, ... Amazing)."""
        return fractions_of(dict(self.level_counts), self.denominator)

    @cached_property
    def success(self) -> Fraction:
        """The chance of Success or better."""
        won = sum(c for title, c in self.level_counts if title in self.success_titles)
        return Fraction(won, self.denominator)

    @cached_property
    def successes(self) -> tuple[Fraction, ...]:
        """Entry s: the chance of exactly s successes."""
        return tuple(Fraction(c, self.denominator) for c in self.success_counts)

    @cached_property
    def mean(self) -> Fraction:
        """The expected number of successes."""
        return sum((s * p for s, p in enumerate(self.successes)), Fraction(0))

    def to_dict(self) -> dict[str, Any]:
        return {
            "edition": self.edition,
            "pool": self.pool,
            "requested": self.requested,
            "reroll": self.reroll,
            "levels": {t: float(p) for t, p in self.levels.items()},
            "success": float(self.success),
            "mean": float(self.mean),
            "successes": [float(p) for p in self.successes],
            "exact": {
                "levels": {t: str(p) for t, p in self.levels.items()},
                "success": str(self.success),
                "mean": str(self.mean),
            },
        }


@dataclass(frozen=True)
class OpposedOdds:
    """Exact chances of an opposed roll: who wins, and by which margin title."""

    first: FS3Odds
    second: FS3Odds
    win: Fraction
    draw: Fraction
    lose: Fraction
    both_fail: Fraction
    margins: dict[str, dict[str, Fraction]]

    def to_dict(self) -> dict[str, Any]:
        return {
            "win": float(self.win),
            "draw": float(self.draw),
            "lose": float(self.lose),
            "both_fail": float(self.both_fail),
            "margins": {
                side: {t: float(p) for t, p in table.items()}
                for side, table in self.margins.items()
            },
            "exact": {"win": str(self.win), "draw": str(self.draw), "lose": str(self.lose)},
            "first": self.first.to_dict(),
            "second": self.second.to_dict(),
        }


def outcome_classes(n: int, attribute: int | None, ruleset: FS3Ruleset) -> Classes:
    """Counts (over sides**n) of each (embarrassing, successes) class, worst first."""
    a = ruleset.sides - ruleset.success_at + 1  # success faces
    b = 1  # the face 1 (never a success: success_at >= 2)
    c = ruleset.sides - a - b
    if ruleset.embarrassing == "more-than-half-ones":
        k0 = n // 2 + 1
    else:
        k0 = max(1, ruleset.default_attribute if attribute is None else attribute)
    only_failures = ruleset.embarrassing_only_on_failure

    # tails[m] = weighted count of m non-success dice holding at least k0 ones.
    tails = [0] * (n + 1)
    tail = 1 if k0 <= 0 else 0
    for m in range(n + 1):
        tails[m] = tail
        # Extend to m+1 dice: the new die is a one or another face.
        exact = comb(m, k0 - 1) * b ** (k0 - 1) * c ** (m - k0 + 1) if 0 < k0 <= m + 1 else 0
        tail = tail * (b + c) + b * exact

    bc = b + c
    embarrassing: list[tuple[bool, int, int]] = []
    plain: list[tuple[bool, int, int]] = []
    a_power = 1
    for s in range(n + 1):
        m = n - s
        base = comb(n, s) * a_power
        total = base * bc**m
        emb = base * tails[m] if (s == 0 or not only_failures) else 0
        embarrassing.append((True, s, emb))
        plain.append((False, s, total - emb))
        a_power *= a
    return embarrassing + plain


def _odds_from_classes(
    classes: Classes,
    denominator: int,
    *,
    pool: int,
    requested: int,
    ruleset: FS3Ruleset,
    reroll: bool,
) -> FS3Odds:
    counts = [count for _, _, count in classes]
    if reroll:
        counts = keep_best_of_two(counts)
        denominator *= denominator
    titles = ruleset.level_titles()
    level_counts = dict.fromkeys(titles, 0)
    success_counts = [0] * (max((s for _, s, _ in classes), default=0) + 1)
    hit_counts = [0] * len(success_counts)
    for (emb, s, _), count in zip(classes, counts, strict=True):
        level_counts[ruleset.embarrassing_title if emb else ruleset.level(s)] += count
        success_counts[s] += count
        hit_counts[0 if emb and not ruleset.opposed_counts_embarrassing else s] += count
    return FS3Odds(
        pool=pool,
        requested=requested,
        edition=ruleset.edition,
        level_counts=tuple(level_counts.items()),
        success_counts=tuple(success_counts),
        denominator=denominator,
        success_titles=tuple(b.title for b in ruleset.levels[1:]),
        reroll=reroll,
        hit_counts=tuple(hit_counts),
    )


def pool_odds(
    n: int,
    attribute: int | None,
    ruleset: FS3Ruleset,
    *,
    reroll: bool = False,
    requested: int | None = None,
) -> FS3Odds:
    """The odds of rolling exactly n dice (no modifiers, no below-one ruling)."""
    classes = outcome_classes(n, attribute, ruleset)
    return _odds_from_classes(
        classes,
        ruleset.sides**n,
        pool=n,
        requested=n if requested is None else requested,
        ruleset=ruleset,
        reroll=reroll,
    )


def check_odds(check: Check, ruleset: FS3Ruleset) -> FS3Odds:
    """The odds of a check, with its modifiers, luck and the below-one-die ruling."""
    eff = effective_pool(check, ruleset)
    total, attribute = eff.dice, eff.attribute
    reroll = check.luck == "reroll" and not check.luck_cancelled
    if total >= 1:
        return pool_odds(total, attribute, ruleset, reroll=reroll)
    if ruleset.below_one_die == "roll-one":
        return pool_odds(1, attribute, ruleset, reroll=reroll, requested=total)
    # "fail": no dice are rolled and the roll is a plain failure.
    return _odds_from_classes(
        [(False, 0, 1)], 1, pool=0, requested=total, ruleset=ruleset, reroll=False
    )


def opposed_odds(first: Check, second: Check, ruleset: FS3Ruleset) -> OpposedOdds:
    """Exact odds of an opposed roll (the first side is 'you'); refused as the roll is."""
    check_opposed_luck(first, second)
    fo, so = check_odds(first, ruleset), check_odds(second, ruleset)
    totals = fo.denominator * so.denominator
    win = draw = lose = 0
    margins: dict[str, dict[str, int]] = {
        "first": dict.fromkeys((b.title for b in ruleset.margins[1:]), 0),
        "second": dict.fromkeys((b.title for b in ruleset.margins[1:]), 0),
    }
    fail_first = _failure_count(fo)
    fail_second = _failure_count(so)
    for s, cs in enumerate(fo.hit_counts):
        if not cs:
            continue
        for t, ct in enumerate(so.hit_counts):
            weight = cs * ct
            if s == t:
                draw += weight
            else:
                side = "first" if s > t else "second"
                margins[side][ruleset.margin(s - t)] += weight
                if s > t:
                    win += weight
                else:
                    lose += weight
    both_fail = fail_first * fail_second
    return OpposedOdds(
        first=fo,
        second=so,
        win=Fraction(win, totals),
        draw=Fraction(draw, totals),
        lose=Fraction(lose, totals),
        both_fail=Fraction(both_fail, totals),
        margins={side: fractions_of(t, totals) for side, t in margins.items()},
    )


def _failure_count(odds: FS3Odds) -> int:
    return sum(c for title, c in odds.level_counts if title not in odds.success_titles)


__all__ = [
    "FS3Odds",
    "OpposedOdds",
    "check_odds",
    "opposed_odds",
    "outcome_classes",
    "pool_odds",
]
