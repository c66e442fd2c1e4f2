"""Every rule and worked example of 003 (D6 System skill checks) is a test."""

from __future__ import annotations

import pytest

from rollplay import d6
from rollplay.dice import ScriptedDice
from rollplay.errors import RollplayError, RuleError
from rollplay.systems.d6.code import Bonus, DieCode
from rollplay.systems.d6.houserules import from_mapping


def test_die_code_pips_add_to_the_total() -> None:
    # 003 Rolling Dice: 4D+2 rolls four dice and adds 2.
    r = d6.roll("4D+2", dice=ScriptedDice([1, 2, 3, 4]))
    assert (r.dice, r.wild, r.total) == ((1, 2, 3), (4,), 12)


def test_die_and_number_bonuses() -> None:
    # "+1D ... add the listed number of regular dice"; "+2 ... add the amount to the total".
    r = d6.roll("3D", bonuses=["+1D", "+2"], dice=ScriptedDice([1, 2, 3, 4]))
    assert r.dice == (1, 2, 3)  # 3D + 1D: three regular dice and the Wild Die
    assert r.total == 1 + 2 + 3 + 4 + 2


def test_raising_a_code_by_a_pip() -> None:
    # Three pips make a die: 2D+2 raised one pip is 3D; configurable.
    assert d6.code("2D+2").plus(1) == d6.code("3D")
    assert d6.code("3D").plus(-1) == d6.code("2D+2")
    assert d6.code("2D+2").plus(d6.code("1D+1")) == d6.code("4D")
    assert DieCode(2, 3).plus(1, pips_per_die=4) == DieCode(3, 0)


def test_one_die_is_the_wild_die() -> None:
    # 003 Wild Die: "If the player has only 1D to roll, then that one die is always the Wild Die."
    r = d6.roll("1D", dice=ScriptedDice([3]))
    assert (r.dice, r.wild) == ((), (3,))


def test_wild_die_explodes_on_six_as_long_as_sixes_come() -> None:
    r = d6.roll("2D", dice=ScriptedDice([2, 6, 6, 6, 3]))
    assert r.wild == (6, 6, 6, 3)
    assert r.total == 2 + 6 + 6 + 6 + 3
    assert not r.critical_failure


def test_a_later_one_is_just_one() -> None:
    # "no complications occur when a 1 shows up on later tosses of the Wild Die".
    r = d6.roll("2D", dice=ScriptedDice([2, 6, 1]))
    assert (r.total, r.critical_failure, r.complication) == (9, False, False)


def test_critical_failure_with_a_complication() -> None:
    # Option 2: "Add the dice results normally, but a complication occurs."
    r = d6.roll("3D", 10, wild_one="complication", dice=ScriptedDice([5, 4, 1]))
    assert (r.total, r.critical_failure, r.complication, r.cancelled) == (10, True, True, ())
    assert r.success


def test_critical_failure_cancels_the_highest_die() -> None:
    # Option 1: "The Critical Failure cancels out the highest roll" (rulings D1: the 1 and
    # the highest other die are removed, the rest added).
    r = d6.roll("4D+1", 10, wild_one="cancel", dice=ScriptedDice([5, 2, 6, 1]))
    assert r.cancelled == (1, 6)
    assert r.total == 5 + 2 + 1
    assert (r.critical_failure, r.complication, r.success) == (True, False, False)
    alone = d6.roll("1D+2", wild_one="cancel", dice=ScriptedDice([1]))
    assert (alone.total, alone.cancelled) == (2, (1,))


def test_the_game_chooses_the_option_and_a_roll_may_override() -> None:
    assert d6.ruleset().wild_one == "complication"
    cancel_game = from_mapping({"wild_one": "cancel"})
    assert d6.roll("3D", ruleset=cancel_game, dice=ScriptedDice([5, 4, 1])).cancelled == (1, 5)
    per_roll = d6.roll(
        "3D", ruleset=cancel_game, wild_one="complication", dice=ScriptedDice([5, 4, 1])
    )
    assert (per_roll.cancelled, per_roll.complication) == ((), True)


def test_character_points_are_extra_wild_dice() -> None:
    # Each CP buys a Wild Die that explodes alike, but whose 1 counts as 1, harmlessly.
    r = d6.roll("2D", cp=2, dice=ScriptedDice([3, 4, 6, 2, 1]))
    assert (r.dice, r.wild, r.cp_dice) == ((3,), (4,), ((6, 2), (1,)))
    assert r.total == 3 + 4 + 6 + 2 + 1
    assert not r.critical_failure


def test_character_points_after_the_roll() -> None:
    # "before or after he makes a roll - or both - but always before the gamemaster
    # determines the result".
    check = d6.check("3D", 15, cp=1)
    first = d6.roll(check, dice=ScriptedDice([3, 4, 5, 2]))
    assert first.total == 14
    assert not first.success
    more = d6.add_character_points(first, check, 1, d6.ruleset(), ScriptedDice([6, 3]))
    assert more.cp_dice == ((2,), (6, 3))
    assert more.total == 23
    assert more.success


def test_fate_point_doubles_the_own_code_only() -> None:
    # "double the number of dice"; "anything that's not part of the character ... is not
    # doubled"; "double the initial number before applying any die code penalties and
    # bonuses"; "the player only rolls one Wild Die".
    r = d6.roll("3D+1", fate=True, bonuses=["+1D scope", "+1"], dice=ScriptedDice([1] * 6 + [2]))
    assert r.rolled == "6D+2"
    assert len(r.dice) == 5 + 1  # six own dice less the Wild Die, plus the scope's +1D
    assert len(r.wild) == 1
    assert r.total == 6 * 1 + 2 + 2 + 1


def test_no_character_and_fate_points_together_unless_the_gm_allows() -> None:
    with pytest.raises(RuleError, match="unless the GM allows"):
        d6.roll("3D", cp=1, fate=True, dice=ScriptedDice([]))
    r = d6.roll("3D", cp=1, fate=True, gm_allows_both=True, dice=ScriptedDice([2] * 7))
    assert r.fate
    assert r.character_points == 1


def test_no_more_points_than_the_sheet_holds() -> None:
    kara = d6.character({"name": "Kara", "attributes": {"Perception": "3D"}, "character_points": 1})
    with pytest.raises(RuleError, match="has 1 Character Point; cannot spend 2"):
        d6.roll("Perception", cp=2, character=kara, dice=ScriptedDice([]))
    with pytest.raises(RuleError, match="no Fate Points"):
        d6.roll("Perception", fate=True, character=kara, dice=ScriptedDice([]))
    assert d6.roll("Perception", cp=1, character=kara, dice=ScriptedDice([1, 2, 3, 4])).total == 10


def test_untrained_use_raises_the_difficulty() -> None:
    # 003 Untrained Skill Use: "Typically, this modifier is +5", lower or higher as the GM says.
    r = d6.roll("3D", 10, unskilled=True, dice=ScriptedDice([4, 4, 4]))
    assert r.difficulty == 15
    assert not r.success
    assert d6.roll("3D", 10, unskilled=1, dice=ScriptedDice([4, 4, 4])).difficulty == 11


def test_related_skill_example() -> None:
    # 003 Related Skills: the search beat its difficulty by four: +2 to the demolitions roll.
    search = d6.roll("4D", 15, dice=ScriptedDice([6, 5, 4, 4]))
    assert search.result_points == 4
    modifier = d6.related_modifier(search.total, 15)
    assert modifier == 2
    demolitions = d6.roll("3D", 15, related=[(search.total, 15)], dice=ScriptedDice([4, 4, 5]))
    assert demolitions.total == 13 + 2
    assert demolitions.success


@pytest.mark.parametrize(
    ("total", "difficulty", "modifier"),
    [(19, 15, 2), (18, 15, 2), (16, 15, 1), (15, 15, 1), (14, 15, -1), (11, 15, -2), (6, 15, -5)],
)
def test_related_skill_modifier(total: int, difficulty: int, modifier: int) -> None:
    # Half the result points rounded up, at least 1; subtracted when the related roll failed.
    assert d6.related_modifier(total, difficulty) == modifier


def test_preparing() -> None:
    # +1D per doubling of time, at most +3D.
    r = d6.roll("2D", prepare=3, dice=ScriptedDice([1, 1, 1, 1, 2]))
    assert len(r.dice) == 1 + 3
    with pytest.raises(RuleError, match="at most \\+3D"):
        d6.check("2D", prepare=4)


def test_rushed_surgery() -> None:
    # 003 Rushing: "to rush an hour-long surgery into 30 minutes, the difficulty increases by
    # +10"; +5 for 25% less time, +20 for 75%; never under 25% of the time.
    surgery = d6.check("4D", "moderate", rush=50)
    assert surgery.difficulty_mods == (("rushing (50% less time)", 10),)
    assert d6.roll(surgery, dice=ScriptedDice([6, 6, 6, 6, 6, 2])).difficulty == 25
    assert d6.check("4D", 10, rush=25).difficulty_mods[0][1] == 5
    assert d6.check("4D", 10, rush=75).difficulty_mods[0][1] == 20
    with pytest.raises(RollplayError, match="no task takes under 25% of its time"):
        d6.check("4D", 10, rush=80)


@pytest.mark.parametrize(
    ("name", "number"),
    [
        ("very easy", 5),
        ("easy", 10),
        ("moderate", 15),
        ("Difficult", 20),
        ("very-difficult", 25),
        ("heroic", 30),
        ("legendary", 35),
    ],
)
def test_standard_difficulties(name: str, number: int) -> None:
    assert d6.check("3D", name).difficulty == number


def test_difficulty_bands() -> None:
    rules = d6.ruleset()
    assert [rules.band(n) for n in (0, 1, 5, 6, 15, 16, 25, 30, 31, 99)] == [
        "automatic",
        "very easy",
        "very easy",
        "easy",
        "moderate",
        "difficult",
        "very difficult",
        "heroic",
        "legendary",
        "legendary",
    ]


def test_ties_go_to_the_initiator() -> None:
    # "Ties generally go to the initiator": meeting the difficulty succeeds.
    assert d6.roll("2D", 7, dice=ScriptedDice([3, 4])).success
    assert not d6.roll("2D", 8, dice=ScriptedDice([3, 4])).success
    duel = d6.opposed("2D", "2D", dice=ScriptedDice([3, 4, 2, 5]))
    assert duel.initiator.total == duel.resister.total
    assert duel.winner == "initiator"
    assert d6.opposed("2D", "2D", dice=ScriptedDice([3, 3, 2, 5])).winner == "resister"


@pytest.mark.parametrize(
    ("over", "bonus", "damage"), [(0, 0, 0), (1, 1, 1), (4, 2, 1), (5, 3, 1), (6, 3, 2), (11, 6, 3)]
)
def test_result_points(over: int, bonus: int, damage: int) -> None:
    # Half the result points (rounded up) as a bonus; a fifth (rounded up) to damage.
    r = d6.roll("1D", 1, bonuses=[f"+{over}"], dice=ScriptedDice([1]))
    assert r.result_points == over
    assert (r.bonus_points, r.damage_bonus) == (bonus, damage)


def test_bonus_strings() -> None:
    assert d6.bonus("+1D") == Bonus(1, 0)
    assert d6.bonus("-2") == Bonus(0, -2)
    assert d6.bonus("+1D+1 scope") == Bonus(1, 1, "scope")
    for bad in ("1D", "+", "+D", "+1X", "++1"):
        with pytest.raises(RollplayError, match="bad bonus"):
            d6.bonus(bad)
