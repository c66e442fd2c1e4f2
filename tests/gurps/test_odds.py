"""Exact GURPS odds, checked against all 216 rolls through the real roller, against icepool,
and against seeded rolls."""

from __future__ import annotations

import itertools
from collections import Counter
from collections.abc import Callable
from fractions import Fraction

import icepool
import pytest

from rollplay import gurps
from rollplay.dice import ScriptedDice, SeededDice
from rollplay.systems.gurps.ruleset import OUTCOMES
from tests.stats import z_ok


@pytest.mark.parametrize("effective", range(-8, 26))
def test_odds_count_every_roll_of_the_real_roller(effective: int) -> None:
    defense = effective < 3
    outcomes: Counter[str] = Counter()
    margins: Counter[int] = Counter()
    for faces in itertools.product(range(1, 7), repeat=3):
        r = gurps.roll(effective, defense=defense, dice=ScriptedDice(faces))
        outcomes[r.outcome] += 1
        margins[r.margin] += 1
    odds = gurps.odds(effective, defense=defense)
    assert odds.outcomes == {k: Fraction(outcomes[k], 216) for k in OUTCOMES}
    assert odds.margins == {m: Fraction(n, 216) for m, n in margins.items()}
    assert sum(odds.margins.values()) == 1
    assert odds.success + odds.failure == 1
    assert odds.success == Fraction(outcomes["success"] + outcomes["critical success"], 216)


def icepool_odds(effective: int) -> tuple[Fraction, Fraction, Fraction]:
    """Success, critical success, critical failure from icepool's 3d6, judged by the text."""
    total = 3 @ icepool.d6
    denominator = total.denominator()

    def chance(test: Callable[[int], bool]) -> Fraction:
        return Fraction(sum(q for t, q in total.items() if test(t)), denominator)

    success = chance(lambda t: t <= 4 or (t <= 16 and t <= effective))
    crit_success = chance(
        lambda t: t <= 4 or (t == 5 and effective >= 15) or (t == 6 and effective >= 16)
    )
    crit_failure = chance(lambda t: t == 18 or (t == 17 and effective <= 15) or t >= effective + 10)
    return success, crit_success, crit_failure


@pytest.mark.parametrize("effective", range(3, 21))
def test_odds_match_icepool(effective: int) -> None:
    o = gurps.odds(effective)
    assert (o.success, o.critical_success, o.critical_failure) == icepool_odds(effective)


def test_known_values() -> None:
    # 3d6 roll-under: 10 or less is exactly half; 3-4 are 4 rolls in 216.
    assert gurps.odds(10).success == Fraction(1, 2)
    assert gurps.odds(3).success == Fraction(4, 216)
    assert gurps.odds(16).success == Fraction(212, 216)  # all but 17 and 18
    assert gurps.odds(16).critical_success == Fraction(20, 216)  # 3, 4, 5, 6: 1+3+6+10
    assert gurps.odds(16).critical_failure == Fraction(1, 216)  # 17 is ordinary at 16+


def test_odds_apply_modifiers_difficulty_and_sheets() -> None:
    assert gurps.odds(9, mods=[-5, +10]).effective == 14
    assert gurps.odds(12, difficulty="hard").effective == 8
    vance = gurps.character(
        {"attributes": {"ST": 10, "DX": 10, "IQ": 12, "HT": 10}, "skills": {"Intimidation": 14}}
    )
    assert gurps.odds("Interrogation", character=vance).effective == 11


def test_odds_table() -> None:
    table = gurps.odds_table(1, 20)
    assert [o.effective for o in table] == list(range(1, 21))
    assert [o.defense for o in table[:3]] == [True, True, False]
    assert [o.success for o in table] == sorted(o.success for o in table)
    for o in table:
        assert o == gurps.odds(o.effective, defense=o.defense)


@pytest.mark.parametrize("effective", [5, 10, 15])
def test_seeded_roller_agrees_with_exact_odds(effective: int) -> None:
    trials = 20_000
    dice = SeededDice(f"gurps-{effective}")
    seen = Counter(gurps.roll(effective, dice=dice).outcome for _ in range(trials))
    for outcome, p in gurps.odds(effective).outcomes.items():
        assert z_ok(seen[outcome], trials, p), (outcome, seen[outcome], float(p))
