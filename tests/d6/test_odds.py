"""Exact D6 odds, checked against every roll of the real roller (with explosions cut at the
same depth), against icepool, and against seeded rolls."""

from __future__ import annotations

import itertools
from collections import Counter
from fractions import Fraction

import icepool
import pytest

from rollplay import d6
from rollplay.dice import ScriptedDice, SeededDice
from rollplay.systems.d6.odds import check_odds
from rollplay.systems.d6.rolls import roll_check
from tests.stats import z_ok


def exploding(tosses: int) -> list[tuple[int, ...]]:
    """Every toss sequence of one exploding die that ends within ``tosses`` tosses."""
    return [(6,) * k + (last,) for k in range(tosses) for last in range(1, 6)]


@pytest.mark.parametrize("wild_one", ["complication", "cancel"])
@pytest.mark.parametrize(
    ("code", "cp", "bonuses"),
    [("1D", 0, ()), ("2D+1", 0, ("+2",)), ("3D", 0, ()), ("1D", 1, ()), ("2D", 1, ("-1",))],
)
def test_odds_count_every_roll_of_the_real_roller(
    code: str, cp: int, bonuses: tuple[str, ...], wild_one: str
) -> None:
    tosses = 3
    rules = d6.ruleset()
    check = d6.check(code, 9, bonuses=bonuses, cp=cp, wild_one=wild_one)
    regular = d6.code(code).dice - 1
    seen: Counter[int] = Counter()
    for faces in itertools.product(range(1, 7), repeat=regular):
        for dice in itertools.product(exploding(tosses), repeat=1 + cp):
            script = ScriptedDice([*faces, *itertools.chain.from_iterable(dice)])
            r = roll_check(check, rules, script)
            script.check_all_used()
            weight = 1
            for seq in dice:
                weight *= 6 ** (tosses - len(seq))
            seen[r.total] += weight
    odds = check_odds(check, rules, tosses=tosses)
    denominator = 6**regular * 6 ** (tosses * (1 + cp))
    assert odds.distribution == {t: Fraction(n, denominator) for t, n in seen.items() if n}
    assert odds.truncated == 1 - Fraction(sum(seen.values()), denominator)


def test_truncation_is_below_the_bound_and_reported() -> None:
    for cp in (0, 1, 3):
        o = d6.odds("4D+2", 15, cp=cp)
        assert 0 < o.truncated < Fraction(1, 10**12)
        assert sum(o.distribution.values()) + o.truncated == 1


@pytest.mark.parametrize("difficulty", [5, 10, 15, 20, 25, 30, 40])
def test_success_matches_icepool(difficulty: int) -> None:
    # icepool's exploding d6 (its deepest toss kept rather than dropped: a difference far
    # below the 1e-12 tail).
    total = 3 @ icepool.d6 + icepool.d6.explode(depth=20) + 2
    theirs = Fraction(sum(q for t, q in total.items() if t >= difficulty), total.denominator())
    ours = d6.odds("4D+2", difficulty).success
    assert ours is not None
    assert abs(float(ours - theirs)) < 1e-11


def test_cancel_matches_icepool() -> None:
    # Option 1 by hand in icepool: a first-toss 1 drops itself and the highest regular die.
    regular = icepool.Pool([icepool.d6] * 3)
    wild = icepool.d6.explode(depth=20)
    # P(total >= 9) = 5/6 P(3d6 + Wild >= 9 | first toss not 1) + 1/6 P(lowest two >= 9)
    not_one = icepool.Die({v: q for v, q in wild.items() if v != 1})  # a 1 is only a first toss
    high = regular.sum() + not_one
    low = regular.lowest(2).sum()
    p_high = Fraction(sum(q for t, q in high.items() if t >= 9), high.denominator())
    p_low = Fraction(sum(q for t, q in low.items() if t >= 9), low.denominator())
    assert 0 < p_low < 1
    ours = d6.odds("4D", 9, wild_one="cancel")
    expected = Fraction(5, 6) * p_high + Fraction(1, 6) * p_low
    assert ours.success is not None
    assert abs(float(ours.success - expected)) < 1e-11


@pytest.mark.parametrize("wild_one", ["complication", "cancel"])
def test_seeded_roller_agrees_with_exact_odds(wild_one: str) -> None:
    trials = 20_000
    dice = SeededDice(f"d6-{wild_one}")
    rolls = [d6.roll("3D+1", 12, cp=1, wild_one=wild_one, dice=dice) for _ in range(trials)]
    odds = d6.odds("3D+1", 12, cp=1, wild_one=wild_one)
    assert odds.success is not None
    assert z_ok(sum(bool(r.success) for r in rolls), trials, odds.success)
    assert z_ok(sum(r.critical_failure for r in rolls), trials, odds.critical_failure)
    counts = Counter(r.total for r in rolls)
    for total in range(8, 22):
        assert z_ok(counts[total], trials, odds.distribution.get(total, 0)), total


def test_odds_follow_the_check() -> None:
    assert d6.odds("3D", 10, unskilled=True).difficulty == 15
    assert d6.odds("2D", "moderate", rush=50).difficulty == 25
    doubled = d6.odds("2D+1", 10, fate=True)
    assert doubled.lowest == d6.odds("4D+2", 10).lowest
    assert doubled.distribution == d6.odds("4D+2", 10).distribution
    assert d6.odds("3D", 10, bonuses=["+1D"]).distribution == d6.odds("4D", 10).distribution
    assert d6.odds("3D").success is None
    assert d6.odds("3D", 10, wild_one="cancel").complication == 0
    assert d6.odds("3D", 10).complication == Fraction(1, 6)


def test_odds_follow_the_evening_options() -> None:
    """003 Result Points, Second Chances and the multi-action penalty (rulings D15) change
    the odds exactly as they change a roll."""
    assert d6.odds("3D", 10, carry=3).distribution == d6.odds("3D", 10, bonuses=["+2"]).distribution
    assert d6.odds("4D", 10, actions=2).distribution == d6.odds("3D", 10).distribution
    assert d6.odds("3D", 10, second_chance=5).difficulty == 15
    doubled = d6.odds("3D+2", 10, fate=True)
    assert doubled.distribution == d6.odds("7D+1", 10).distribution


def test_exact_odds_of_a_doubled_code_against_the_real_roller() -> None:
    """003 Fate Points: 1D+2 doubled is 3D+1; every roll of the roller, explosions cut at
    three tosses, counted against the odds."""
    tosses = 3
    rules = d6.ruleset()
    check = d6.check("1D+2", 9, fate=True, actions=2)  # 3D+1, less 1D: 2D+1
    seen: Counter[int] = Counter()
    for face in range(1, 7):
        for wild in exploding(tosses):
            r = roll_check(check, rules, ScriptedDice([face, *wild]))
            seen[r.total] += 6 ** (tosses - len(wild))
    odds = check_odds(check, rules, tosses=tosses)
    denominator = 6 * 6**tosses
    assert odds.distribution == {t: Fraction(n, denominator) for t, n in seen.items()}
