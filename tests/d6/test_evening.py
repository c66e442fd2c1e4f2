"""What a D6 table uses each evening: related skills, result points carried to a later roll
and to damage, second chances, the multi-action penalty (003 Related Skills, Result Points,
Second Chances, Preparing, Rushing)."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from rollplay import d6
from rollplay.dice import ScriptedDice
from rollplay.errors import RollplayError, RuleError
from rollplay.systems.d6.houserules import from_mapping

STRICT = from_mapping({"ties_succeed": False})


def test_003_related_skills_tie_adds_even_when_ties_fail() -> None:
    """003 Related Skills: "If the skill total was equal to or greater than the difficulty,
    the modifier is added" - its own rule, not the ruleset's ties_succeed (rulings D4)."""
    assert d6.related_modifier(15, 15, ruleset=STRICT) == 1
    assert d6.related_modifier(14, 15, ruleset=STRICT) == -1
    tie = d6.roll("2D", 7, ruleset=STRICT, dice=ScriptedDice([3, 4]))
    assert tie.success is False  # the roll itself fails on a tie under this ruleset
    primary = d6.roll("2D", 10, ruleset=STRICT, related=[(15, 15)], dice=ScriptedDice([3, 4]))
    assert primary.related == 1


@pytest.mark.parametrize(
    ("short", "modifier"), [(1, -1), (2, -1), (3, -2), (4, -2), (5, -3), (9, -5)]
)
def test_003_related_skills_failure_rounds_its_size_up(short: int, modifier: int) -> None:
    """003 Related Skills: "divides that number by 2, rounding up ... the modifier is
    subtracted": a shortfall of 3 gives -2, not -1 (rulings D13)."""
    assert d6.related_modifier(15 - short, 15) == modifier


@given(st.integers(-10_000, 10_000), st.integers(0, 1000))
def test_related_modifier_is_never_zero_and_signed_by_the_difficulty(
    total: int, difficulty: int
) -> None:
    """003 Related Skills: "The minimum related skill modifier is 1", added when the total
    met the difficulty, subtracted otherwise; its size is half the points, rounded up."""
    m = d6.related_modifier(total, difficulty)
    assert (m > 0) == (total >= difficulty)
    assert abs(m) == max(1, -(-abs(total - difficulty) // 2))


@pytest.mark.parametrize(
    ("pair", "message"),
    [
        ((999_999_999, 1), "related skill's total is 999999999; accepted: -10000 to 10000"),
        ((19, 2000), "difficulty is 2000; accepted: 0 to 1000"),
        ((19, -1), "difficulty must be 0 or more"),
    ],
)
def test_related_pairs_are_bounded(pair: tuple[int, int], message: str) -> None:
    """Rulings D16: a related roll's total is from -10,000 to 10,000, its difficulty 0-1000."""
    with pytest.raises(RollplayError, match=message):
        d6.check("3D", 10, related=[pair])


@pytest.mark.parametrize(("points", "bonus"), [(0, 0), (1, 1), (4, 2), (7, 4), (10, 5)])
def test_003_result_points_carried_half_rounded_up(points: int, bonus: int) -> None:
    """003 Result Points: "add one-half of the result points (rounded up) as a bonus to
    another skill roll", shown as a named modifier."""
    r = d6.roll("2D", 10, carry=points, dice=ScriptedDice([3, 4]))
    assert r.total == 7 + bonus
    assert r.bonuses[-1].reason == f"carried result points ({points})"
    assert r.bonuses[-1].number == bonus


@pytest.mark.parametrize(("points", "bonus"), [(1, 1), (5, 1), (6, 2), (11, 3)])
def test_003_result_points_to_damage_a_fifth_rounded_up(points: int, bonus: int) -> None:
    """003 Result Points: "One-fifth of the result points from an attack roll can be
    included as bonus to damage. (Round fractions up.)" - on the damage roll, or shown on
    the attack."""
    damage = d6.roll("3D", damage_from=points, dice=ScriptedDice([1, 1, 1]))
    assert damage.total == 3 + bonus
    assert "attack's" in damage.bonuses[-1].reason
    attack = d6.roll("1D", 1, bonuses=[f"+{points}"], attack=True, dice=ScriptedDice([1]))
    assert attack.attack
    assert (attack.result_points, attack.damage_bonus) == (points, bonus)


def test_a_failed_roll_has_no_points_to_carry() -> None:
    """Rulings D9: only a success's result points give a bonus; a negative count is refused."""
    with pytest.raises(RollplayError, match="no result points to give"):
        d6.check("3D", carry=-3)
    with pytest.raises(RollplayError, match="no result points to give"):
        d6.check("3D", damage_from=-1)


def test_003_second_chance_raises_the_difficulty() -> None:
    """003 Second Chances: "the character may try again next round at a higher difficulty";
    the GM sets the raise, shown as a modifier of the difficulty."""
    r = d6.roll("3D", "moderate", second_chance=5, dice=ScriptedDice([6, 6, 5]))
    assert r.difficulty == 20
    assert r.difficulty_mods == (("second chance", 5),)
    assert r.success is False
    with pytest.raises(RollplayError, match="give one too"):
        d6.check("3D", second_chance=5)
    with pytest.raises(RollplayError, match="accepted: 1 to 1000"):
        d6.check("3D", 10, second_chance=-2)


def test_003_multi_action_penalty() -> None:
    """003 Related Skills: performing two skills at once "he takes the multi-action penalty":
    1D less per action after the first (rulings D15), never below the Wild Die."""
    r = d6.roll("4D", actions=3, dice=ScriptedDice([2, 2]))
    assert (len(r.dice), r.total) == (1, 4)
    assert r.bonuses == (d6.Bonus(-2, 0, "multi-action penalty (3 actions)"),)
    assert len(d6.roll("2D", actions=4, dice=ScriptedDice([5])).dice) == 0
    gentle = from_mapping({"multi_action_penalty": 0})
    assert d6.check("4D", actions=3, ruleset=gentle).bonuses == ()
    with pytest.raises(RollplayError, match="accepted: 1 to 20"):
        d6.check("4D", actions=0)


def test_003_multi_action_penalty_is_not_doubled_by_a_fate_point() -> None:
    """003 Fate Points: "double the initial number before applying any die code penalties"."""
    r = d6.roll("3D", fate=True, actions=2, dice=ScriptedDice([1] * 5))
    assert (r.rolled, len(r.dice) + 1) == ("6D", 5)


def test_003_preparing_rules_out_rushing_and_other_actions() -> None:
    """003 Preparing: "the character can do nothing else"; and preparing (more time) and
    rushing (less time) cannot describe one attempt."""
    with pytest.raises(RuleError, match="can do nothing else"):
        d6.check("3D", prepare=1, actions=2)
    with pytest.raises(RuleError, match="choose one"):
        d6.check("3D", 10, prepare=1, rush=50)


def test_003_rushing_by_text_and_by_house_rule() -> None:
    """003 Rushing: +10 for 50% less time; a game's own rushing rows are honoured."""
    assert d6.check("3D", 10, rush="50%").difficulty_mods == (("rushing (50% less time)", 10),)
    slow = from_mapping({"rushing": [[25, 5], [50, 10], [75, 20], [90, 40]]})
    assert d6.check("3D", 10, rush=90, ruleset=slow).difficulty_mods[0][1] == 40
    with pytest.raises(RollplayError, match="accepted 25, 50, 75"):
        d6.check("3D", 10, rush="90")


@pytest.mark.parametrize(
    ("spec", "number"), [("moderate=13", 13), ("legendary=60", 60), ("Very-Easy=1", 1)]
)
def test_003_standard_difficulty_with_a_number_in_its_range(spec: str, number: int) -> None:
    """003 Standard Difficulties: "The numbers in parentheses indicate the range of
    difficulty numbers for that level": NAME=N picks one, checked against the range."""
    assert d6.check("3D", spec).difficulty == number


@pytest.mark.parametrize(
    ("spec", "message"),
    [
        ("moderate=18", "moderate runs from 11 to 15"),
        ("legendary=30", "legendary runs from 31 or more"),
        ("moderate=x", "must be a whole number"),
        ("1001", "up to 1000"),
        ("huge=5", "unknown difficulty"),
    ],
)
def test_bad_difficulties(spec: str, message: str) -> None:
    with pytest.raises(RollplayError, match=message):
        d6.check("3D", spec)


def test_003_wild_die_critical_success_is_named() -> None:
    """003 Wild Die: "If the player rolls a 6 on the Wild Die, this is called a Critical
    Success"; a 6 on a later toss or on a regular die is not one."""
    assert d6.roll("2D", dice=ScriptedDice([2, 6, 3])).critical_success
    assert not d6.roll("2D", dice=ScriptedDice([6, 3])).critical_success
