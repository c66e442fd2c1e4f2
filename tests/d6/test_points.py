"""003 Improving a Roll, Character Points and Fate Points: what a spend does, and the limits
on it (the sheet, the roll's own spends, one Fate Point, never after the roll)."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from rollplay import d6
from rollplay.dice import ScriptedDice
from rollplay.errors import RollplayError, RuleError
from rollplay.systems.d6.code import DieCode
from rollplay.systems.d6.houserules import from_mapping
from rollplay.systems.d6.rolls import roll_check

KARA = {
    "name": "Kara",
    "attributes": {"Perception": "3D+2", "Knowledge": "2D"},
    "skills": {"Search": "4D+1"},
    "character_points": 3,
    "fate_points": 1,
}


@pytest.mark.parametrize(
    ("code", "doubled"),
    [("3D+2", "7D+1"), ("3D+1", "6D+2"), ("3D", "6D"), ("1D+2", "3D+1"), ("4D+1", "8D+2")],
)
def test_003_fate_points_doubling_gives_a_proper_die_code(code: str, doubled: str) -> None:
    """003 Fate Points: "double the number of dice"; pips doubled past a die become a die
    (3D+2 -> 6D+4 -> 7D+1; rulings D2, D12)."""
    check = d6.check(code, fate=True)
    r = roll_check(check, d6.ruleset(), ScriptedDice([2] * d6.code(doubled).dice))
    assert r.rolled == doubled
    assert r.pips == d6.code(doubled).pips
    assert len(r.dice) + 1 == d6.code(doubled).dice
    assert r.total == 2 * d6.code(doubled).dice + d6.code(doubled).pips


def test_003_fate_points_pips_switch() -> None:
    """Rulings D12: a game that doubles the dice alone sets fate_doubles_pips = false."""
    dice_only = from_mapping({"fate_doubles_pips": False})
    r = d6.roll("3D+2", fate=True, ruleset=dice_only, dice=ScriptedDice([1] * 6))
    assert (r.rolled, r.pips, r.total) == ("6D+2", 2, 8)
    assert d6.ruleset().fate_doubles_pips is True


@given(st.integers(1, 50), st.integers(0, 2), st.integers(2, 5))
def test_doubling_keeps_the_value_and_normal_form(dice: int, pips: int, per_die: int) -> None:
    """003 Fate Points: a doubled code is worth twice as many pips, written normally."""
    code = DieCode(dice, pips % per_die)
    twice = code.doubled(per_die)
    assert twice.in_pips(per_die) == 2 * code.in_pips(per_die)
    assert 0 <= twice.pips < per_die
    assert code.doubled(per_die, pips=False) == DieCode(2 * dice, pips % per_die)


def test_003_fate_points_one_per_roll() -> None:
    """003 Fate Points: "A player may use only one Fate Point per roll per round"."""
    with pytest.raises(RuleError, match="only one Fate Point per roll per round"):
        d6.check("3D", fate=2)  # type: ignore[arg-type]
    assert d6.check("3D", fate=True).fate is True


def test_003_no_fate_point_after_the_roll() -> None:
    """003 Fate Points: "Players may only spend Fate Points before making a roll"."""
    first = d6.roll("3D", 15, dice=ScriptedDice([3, 4, 5]))
    with pytest.raises(RuleError, match="only before the roll"):
        d6.spend_after(first, 0, d6.ruleset(), fate=True, dice=ScriptedDice([]))


def test_003_character_points_after_the_roll_respect_what_is_left() -> None:
    """003 Improving a Roll: "She may not spend more Character ... Points than the character
    has listed on her sheet", counting what the roll already spent."""
    kara = d6.character(KARA)
    check = d6.check("Search", 15, cp=2, character=kara)
    assert check.cp_held == 3
    first = d6.roll(check, dice=ScriptedDice([1, 1, 1, 2, 2, 2]))
    with pytest.raises(RuleError, match="has 1 Character Point; cannot spend 2"):
        d6.add_character_points(first, check, 2, d6.ruleset(), ScriptedDice([]))
    more = d6.add_character_points(first, check, 1, d6.ruleset(), ScriptedDice([5]))
    assert more.cp_dice == ((2,), (2,), (5,))
    assert more.total == first.total + 5


def test_spend_after_is_what_a_table_calls() -> None:
    """003 Character Points "before or after he makes a roll": the table gives the roll it
    stored and the points the character has left; it gets the new roll and the points used."""
    first = d6.roll("3D", 15, name="Kara", dice=ScriptedDice([3, 4, 5]))
    stored = first.to_dict()
    again = d6.D6Roll.from_dict(stored)
    assert again == first
    better, used = d6.spend_after(again, 2, d6.ruleset(), remaining=2, dice=ScriptedDice([6, 1, 4]))
    assert used == d6.Points(2, 0)
    assert better.cp_dice == ((6, 1), (4,))
    assert (better.total, better.success, better.result_points) == (23, True, 8)
    assert (better.bonus_points, better.damage_bonus) == (4, 2)
    with pytest.raises(RuleError, match="Kara has 1 Character Point; cannot spend 2"):
        d6.spend_after(again, 2, d6.ruleset(), remaining=1, dice=ScriptedDice([]))


def test_003_character_points_after_a_fate_point_need_the_gm() -> None:
    """003 Improving a Roll: no Character and Fate Points on one roll unless the GM allows;
    the roll remembers whether the GM did."""
    fated = d6.roll("2D", fate=True, dice=ScriptedDice([2, 2, 2, 2]))
    with pytest.raises(RuleError, match="unless the GM allows"):
        d6.spend_after(fated, 1, d6.ruleset(), dice=ScriptedDice([]))
    allowed = d6.roll("2D", fate=True, gm_allows_both=True, dice=ScriptedDice([2, 2, 2, 2]))
    assert d6.spend_after(allowed, 1, d6.ruleset(), dice=ScriptedDice([3]))[0].total == 11


def test_character_points_after_keep_the_dice_limit() -> None:
    """Rulings D8: at most max_dice dice in a roll, Character Point dice after it included."""
    first = d6.roll("99D", dice=ScriptedDice([2] * 99))
    with pytest.raises(RollplayError, match="at most 100"):
        d6.spend_after(first, 2, d6.ruleset(), dice=ScriptedDice([]))


def test_003_sheet_fate_and_character_points_limits() -> None:
    """003 Improving a Roll: "She may not spend more Character or Fate Points than the
    character has"; a table's columns (held) override the sheet's numbers."""
    kara = d6.character(KARA)
    check, used = d6.sheet_check(kara, "Search", d6.RollOptions(cp=3), d6.ruleset())
    assert used == d6.Points(3, 0)
    with pytest.raises(RuleError, match="cannot spend 2"):
        d6.sheet_check(kara, "Search", d6.RollOptions(cp=2), d6.ruleset(), d6.Points(1, 1))
    with pytest.raises(RuleError, match="no Fate Points"):
        d6.sheet_check(kara, "Search", d6.RollOptions(fate=True), d6.ruleset(), d6.Points(3, 0))
    check, used = d6.sheet_check(kara, "Search", d6.RollOptions(fate=True), d6.ruleset())
    assert used == d6.Points(0, 1)
    assert check.code == d6.code("4D+1")


def test_stored_rolls_that_are_not_rolls_give_one_line() -> None:
    with pytest.raises(RollplayError, match="not a stored D6 roll"):
        d6.D6Roll.from_dict({"code": "3D"})
