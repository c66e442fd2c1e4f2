"""Every worked example in 001 (GURPS success rolls) is a test."""

from __future__ import annotations

import pytest

from rollplay import gurps
from rollplay.dice import ScriptedDice
from rollplay.errors import RuleError


def roll_total(total: int) -> ScriptedDice:
    """Three dice that make ``total``: the outcome depends only on the total."""
    first = min(6, total - 2)
    second = min(6, total - first - 1)
    return ScriptedDice([first, second, total - first - second])


def test_lockpicking_9_needs_9_or_less() -> None:
    # 001 Success Rolls: "a Lockpicking skill of 9, you must roll 9 or less on 3d".
    assert gurps.roll(9, dice=roll_total(9)).success
    assert not gurps.roll(9, dice=roll_total(10)).success


@pytest.mark.parametrize(
    ("mods", "effective"),
    [
        (["-5 working by touch"], 4),  # in the dark
        (["+10 primitive lock"], 19),  # the primitive lock
        (["-5 working by touch", "+10 primitive lock"], 14),  # both: cumulative
    ],
)
def test_lockpicking_modifiers_make_effective_skill(mods: list[str], effective: int) -> None:
    # 001 Modifiers and Base Skill vs. Effective Skill: base 9, effective 4, 19 and 14.
    r = gurps.roll(9, mods=mods, dice=roll_total(10))
    assert r.base == 9
    assert r.effective == effective
    assert [m.reason for m in r.modifiers] == [m.split(" ", 1)[1] for m in mods]


def test_the_primitive_lock_is_almost_but_not_quite_assured() -> None:
    # Effective 19: "success is assured. This is almost true, but not quite - see Critical
    # Failure": 17 and 18 still fail.
    odds = gurps.odds(9, mods=[+10])
    assert odds.success == 1 - gurps.odds(20).failure
    assert not gurps.roll(9, mods=[+10], dice=roll_total(17)).success
    assert gurps.roll(9, mods=[+10], dice=roll_total(18)).outcome == "critical failure"
    assert gurps.roll(9, mods=[+10], dice=roll_total(17)).outcome == "failure"


def test_lockpicking_default_iq_minus_5() -> None:
    # 001 Default Rolls: IQ 10, untrained: "open an ordinary lock on a roll of 5 or less".
    someone = gurps.character({"attributes": {"ST": 10, "DX": 10, "IQ": 10, "HT": 10}})
    assert gurps.roll("Lockpicking", character=someone, dice=roll_total(5)).success
    r = gurps.roll("Lockpicking", character=someone, dice=roll_total(6))
    assert not r.success
    assert (r.base, r.default, r.skill) == (5, "IQ-5", "Lockpicking")


def test_interrogation_takes_the_best_default() -> None:
    # 001: IQ 12, Intimidation 14, Psychology 13 -> defaults 7, 11 and 9: roll against 11.
    prisoner_taker = gurps.character(
        {
            "attributes": {"ST": 10, "DX": 10, "IQ": 12, "HT": 10},
            "skills": {"Intimidation": 14, "Psychology": 13},
        }
    )
    level = prisoner_taker.level("Interrogation", gurps.ruleset())
    assert (level.value, level.via, level.trained) == (11, "Intimidation-3", False)
    assert gurps.roll("Interrogation", character=prisoner_taker, dice=roll_total(11)).success
    assert not gurps.roll("Interrogation", character=prisoner_taker, dice=roll_total(12)).success


def test_rule_of_20_caps_attribute_defaults_only() -> None:
    # 001 The Rule of 20: IQ 25 -> default Lockpicking (IQ-5) is 15, not 20. "No such limit
    # applies to defaults to other skills."
    genius = gurps.character(
        {
            "attributes": {"ST": 10, "DX": 10, "IQ": 25, "HT": 10},
            "skills": {"Intimidation": 25},
        }
    )
    rules = gurps.ruleset()
    lockpicking = genius.level("Lockpicking", rules)
    assert lockpicking.value == 15
    assert "Rule of 20" in lockpicking.notes[0]
    assert genius.level("Interrogation", rules).value == 22  # Intimidation 25 - 3
    assert genius.level("IQ", rules).value == 25  # an attribute roll is not a default


def test_driving_at_its_dx_5_default() -> None:
    # 001 Task Difficulty: someone who never learned to drive uses Driving at DX-5; an
    # everyday commute, Easy (+4 or +5), becomes "Average" (DX) or "Unfavorable" (DX-1).
    driver = gurps.character({"attributes": {"ST": 10, "DX": 12, "IQ": 10, "HT": 10}})
    commute_easy = gurps.roll("Driving", difficulty="easy", character=driver, dice=roll_total(3))
    assert commute_easy.base == 7
    assert commute_easy.default == "DX-5"
    assert commute_easy.effective == 12 - 1  # +4: DX-1, "Unfavorable" for a trained driver
    commute_easy5 = gurps.roll(
        "Driving", difficulty="easy=+5", character=driver, dice=roll_total(3)
    )
    assert commute_easy5.effective == 12  # +5: DX, "Average"
    assert gurps.ruleset().difficulty(-1) == (-1, "unfavorable")
    assert gurps.ruleset().difficulty(0) == (0, "average")


def test_public_speaking_at_minus_2_is_a_difficulty() -> None:
    # 001 Task Difficulty: "a Public Speaking roll at -2" -> Very Unfavorable.
    r = gurps.roll(12, difficulty=-2, dice=roll_total(10))
    assert r.effective == 10
    assert r.modifiers[-1].reason == "very unfavorable (task difficulty)"


def test_no_default_skills_cannot_be_attempted() -> None:
    # 001 "No Default": Alchemy, Karate.
    anyone = gurps.character({"attributes": {"ST": 10, "DX": 10, "IQ": 10, "HT": 10}})
    for skill in ("Alchemy", "Karate"):
        with pytest.raises(RuleError, match="no default"):
            gurps.roll(skill, character=anyone, dice=ScriptedDice([]))


@pytest.mark.parametrize(
    ("effective", "total", "margin", "success"), [(18, 12, 6, True), (9, 12, -3, False)]
)
def test_degree_of_success_examples(effective: int, total: int, margin: int, success: bool) -> None:
    # 001 Degree of Success or Failure: effective 18 rolls 12 -> margin of success 6;
    # effective 9 rolls 12 -> margin of failure 3.
    r = gurps.roll(effective, dice=roll_total(total))
    assert (r.success, r.margin) == (success, margin)


@pytest.mark.parametrize(("effective", "total"), [(6, 16), (5, 15), (4, 14), (3, 13)])
def test_ten_over_the_skill_is_a_critical_failure(effective: int, total: int) -> None:
    # 001 Critical Failure: "16 on a skill of 6, 15 on a skill of 5, and so on".
    assert gurps.roll(effective, dice=roll_total(total)).outcome == "critical failure"
    assert gurps.roll(effective, dice=roll_total(total - 1)).outcome == "failure"


def test_below_three_only_defense() -> None:
    # 001 Base Skill vs. Effective Skill: no roll below 3, unless a defense roll.
    unused = ScriptedDice([])
    with pytest.raises(RuleError, match="below 3"):
        gurps.roll(9, mods=[-7], dice=unused)
    assert unused.used == 0  # refused before any die was drawn
    assert gurps.roll(9, mods=[-7], defense=True, dice=roll_total(4)).success
    with pytest.raises(RuleError):
        gurps.odds(2)
    assert gurps.odds(2, defense=True).success == gurps.odds(3).success  # 3 and 4 only
