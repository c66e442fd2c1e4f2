"""The FS3 rules as the texts state them, edition by edition."""

from __future__ import annotations

import dataclasses

import pytest

from rollplay import fs3
from rollplay.dice import ScriptedDice, SeededDice
from rollplay.errors import AbilityError, DiceError, RuleError, RulesetError
from rollplay.systems.fs3.rolls import Check, roll_check, roll_pool
from rollplay.systems.fs3.ruleset import FS3Ruleset, Situation


def _with_successes(n: int, pool: int, success_face: int = 8) -> list[int]:
    """Faces with exactly n successes and no ones."""
    return [success_face] * n + [4] * (pool - n)


# 000 Success Level (3.3) and 002 How to Roll (3.2): successes -> title.
LEVELS_33 = [
    "Failure",
    "Success",
    "Success",
    "Good Success",
    "Good Success",
    "Great Success",
    "Great Success",
    "Amazing Success",
    "Amazing Success",
    "Amazing Success",
]
LEVELS_32 = [
    "Failure",
    "Success",
    "Good Success",
    "Good Success",
    "Great Success",
    "Great Success",
    "Amazing Success",
    "Amazing Success",
    "Amazing Success",
    "Amazing Success",
]


@pytest.mark.parametrize(
    ("edition", "successes", "title"),
    [("3.3", n, t) for n, t in enumerate(LEVELS_33)]
    + [("3.2", n, t) for n, t in enumerate(LEVELS_32)],
)
def test_levels(edition: str, successes: int, title: str) -> None:
    r = fs3.roll(10, edition=edition, dice=ScriptedDice(_with_successes(successes, 10)))
    assert (r.successes, r.level) == (successes, title)


@pytest.mark.parametrize(
    ("face", "counts_33", "counts_32"),
    [(5, False, False), (6, True, False), (7, True, True), (8, True, True)],
)
def test_success_thresholds(face: int, counts_33: bool, counts_32: bool) -> None:
    # 000: "any die that is a 6 or higher"; 002/004: "7 or higher is considered a Hit".
    assert fs3.roll(1, dice=ScriptedDice([face])).successes == counts_33
    assert fs3.roll(1, edition="3.2", dice=ScriptedDice([face])).successes == counts_32


@pytest.mark.parametrize(
    ("net", "title_33", "title_32"),
    [
        (0, "Draw", "Draw"),
        (1, "Marginal Victory", "Marginal Victory"),
        (2, "Solid Victory", "Solid Victory"),
        (3, "Crushing Victory", "Solid Victory"),
        (4, "Crushing Victory", "Crushing Victory"),
        (7, "Crushing Victory", "Crushing Victory"),
    ],
)
def test_margins(net: int, title_33: str, title_32: str) -> None:
    for edition, title in (("3.3", title_33), ("3.2", title_32)):
        faces = _with_successes(net, 8) + _with_successes(0, 8)
        r = fs3.opposed(8, 8, edition=edition, dice=ScriptedDice(faces))
        assert (r.net, r.margin) == (net, title)
        assert r.winner == (None if net == 0 else "first")


def test_both_sides_can_fail() -> None:
    r = fs3.opposed(3, 3, dice=ScriptedDice([2, 3, 4, 2, 3, 4]))
    assert r.winner is None
    assert r.margin == "Draw"
    assert r.both_failed


def test_000_an_embarrassing_failure_loses_an_opposed_roll() -> None:
    # 000 Success Level: "you fail is a spectacular and embarrassing fashion", successes or
    # not; 000 Opposed Rolls: "It is also possible that nobody gets any successes and they
    # both fail". 1 1 1 6 6 counts no hits against one success (rulings R2).
    faces = [1, 1, 1, 6, 6, 6]
    r = fs3.opposed(5, 1, dice=ScriptedDice(faces))
    assert (r.winner, r.net, r.margin) == ("second", 1, "Marginal Victory")
    counting = dataclasses.replace(fs3.ruleset("3.3"), opposed_counts_embarrassing=True)
    r = fs3.opposed(5, 1, ruleset=counting, dice=ScriptedDice(faces))
    assert (r.winner, r.net) == ("first", 1)  # a game that counts its successes


def test_32_embarrassing_needs_no_hits() -> None:
    # 002: "no Hits and the number of '1's is equal to or greater than your Attribute".
    r = fs3.roll(5, attribute=2, edition="3.2", dice=ScriptedDice([1, 1, 1, 8, 2]))
    assert not r.embarrassing
    assert r.level == "Success"


def test_32_npc_without_attribute_uses_the_default_attribute(v32: FS3Ruleset) -> None:
    # Ruling: an NPC's single rating has no attribute; embarrassment is judged at 2.
    assert v32.default_attribute == 2
    assert fs3.roll(3, edition="3.2", dice=ScriptedDice([1, 1, 2])).embarrassing
    assert not fs3.roll(3, edition="3.2", dice=ScriptedDice([1, 3, 2])).embarrassing


def test_fast_path_matches_the_general_path(edition: str) -> None:
    rules = fs3.ruleset(edition)
    for pool in (1, 5, 10, 30):
        fast = roll_pool(pool, 2, rules, SeededDice(pool))
        slow = roll_check(Check(pool, 2), rules, SeededDice(pool))
        assert fast == slow
        assert type(fast) is type(slow)


# -- luck (000 Modifiers; 002 Luck) ----------------------------------------------------------


def test_luck_bonus_by_edition() -> None:
    assert fs3.roll(3, luck="bonus", dice=ScriptedDice([2] * 6)).pool == 6
    assert fs3.roll(3, luck="bonus", edition="3.2", dice=ScriptedDice([2] * 8)).pool == 8


def test_32_luck_on_someone_elses_roll() -> None:
    assert fs3.roll(6, luck="hinder", edition="3.2", dice=ScriptedDice([2])).pool == 1
    assert fs3.roll(1, luck="boost", edition="3.2", dice=ScriptedDice([2] * 6)).pool == 6


def test_32_cancelled_luck_has_no_effect() -> None:
    r = fs3.roll(4, luck="hinder", luck_cancelled=True, edition="3.2", dice=ScriptedDice([2] * 4))
    assert r.pool == 4
    assert r.modifiers == (fs3.Modifier("luck (hinder, cancelled)", 0),)


def test_33_has_only_the_bonus_and_hail_mary() -> None:
    for spend in ("reroll", "boost", "hinder"):
        with pytest.raises(RuleError, match=r"FS3\.3 has no luck spend"):
            fs3.roll(3, luck=spend)
    with pytest.raises(RuleError, match="does not let luck cancel"):
        fs3.roll(3, luck="bonus", luck_cancelled=True)


def test_32_reroll_keeps_the_better_roll() -> None:
    # First roll fails, the re-roll succeeds: keep the re-roll.
    r = fs3.roll(3, luck="reroll", edition="3.2", dice=ScriptedDice([2, 3, 4, 8, 7, 2]))
    assert r.dice == (8, 7, 2)
    assert r.discarded is not None
    assert r.discarded.dice == (2, 3, 4)
    # First roll is better: keep it.
    r = fs3.roll(3, luck="reroll", edition="3.2", dice=ScriptedDice([8, 8, 8, 7, 2, 2]))
    assert r.dice == (8, 8, 8)
    # A tie keeps the first.
    r = fs3.roll(3, luck="reroll", edition="3.2", dice=ScriptedDice([8, 2, 2, 2, 2, 8]))
    assert r.dice == (8, 2, 2)


def test_reroll_prefers_a_plain_failure_to_an_embarrassing_one() -> None:
    r = fs3.roll(
        3, attribute=1, luck="reroll", edition="3.2", dice=ScriptedDice([1, 2, 2, 2, 3, 4])
    )
    assert not r.embarrassing
    assert r.dice == (2, 3, 4)


def test_one_luck_point_per_opposed_roll_side() -> None:
    # 002: "you can't give yourself a bonus and someone else a penalty in the same
    # Opposed Roll".
    with pytest.raises(RuleError, match="one luck point per roll"):
        fs3.opposed(Check(3, luck="bonus"), Check(3, luck="hinder"), edition="3.2")


# -- teamwork (000) ---------------------------------------------------------------------------


def test_teamwork_modifier_is_capped_at_plus_4() -> None:
    team = fs3.teamwork(2, [7, 7], dice=ScriptedDice([8] * 7 + [8] * 7 + [2] * 6))
    assert team.uncapped == 8
    assert team.modifier == 4
    assert team.leader.pool == 6


def test_failed_assists_hurt() -> None:
    team = fs3.teamwork(5, [2, 2], dice=ScriptedDice([2, 2, 3, 3] + [2] * 3))
    assert team.modifier == -2
    assert team.leader.pool == 3


def test_embarrassing_assist_counts_as_a_failure() -> None:
    team = fs3.teamwork(5, [2], dice=ScriptedDice([1, 1] + [2] * 4))
    assert team.assists[0].embarrassing
    assert team.modifier == -1


def test_three_characters_at_most_by_default() -> None:
    # 000: "Up to three characters can combine their efforts": a leader and two assisters.
    with pytest.raises(RuleError, match="at most 2"):
        fs3.teamwork(3, [3, 3, 3])


def test_teamwork_draw_order_is_assisters_then_leader() -> None:
    team = fs3.teamwork(1, [1, 1], dice=ScriptedDice([8, 2, 6]))
    assert [a.dice for a in team.assists] == [(8,), (2,)]
    assert team.leader.dice == (6,)


# -- pools --------------------------------------------------------------------------------------


def test_scaled_background_and_language_dice_33() -> None:
    # 000: ratings 0-3 add 1, 2, 4, 6 dice.
    for rating, dice in enumerate((1, 2, 4, 6)):
        assert fs3.pool("Basketweaving", {"Basketweaving": rating, "Wits": 1}).dice == dice + 1


def test_32_background_skills_are_linear() -> None:
    for rating in range(13):
        assert (
            fs3.pool("Singing+Creative", {"Singing": rating, "Creative": 2}, edition="3.2").dice
            == max(rating, 0) + 2
        )


def test_npc_single_rating_004() -> None:
    assert fs3.pool("7").dice == 7
    assert fs3.pool("7-2").dice == 5
    assert fs3.pool("7").attribute is None


def test_roll_string_modifiers_and_parts() -> None:
    p = fs3.pool("Medicine+Wits+2", {"Medicine": 3, "Wits": 2})
    assert p.dice == 7
    assert [(part.label, part.dice) for part in p.parts] == [
        ("Medicine 3", 3),
        ("Wits 2", 2),
        ("modifier", 2),
    ]


def test_situations_are_data() -> None:
    r = fs3.roll(3, situations=["taking-time"], dice=ScriptedDice([2] * 5))
    assert r.pool == 5
    custom = dataclasses.replace(fs3.ruleset("3.3"), situations=(Situation("darkness", -2),))
    assert fs3.roll(4, situations=["Darkness"], ruleset=custom, dice=ScriptedDice([2, 2])).pool == 2


@pytest.mark.parametrize("below", ["roll-one", "fail"])
def test_below_one_die(below: str) -> None:
    rules = dataclasses.replace(fs3.ruleset("3.3"), below_one_die=below)  # type: ignore[arg-type]
    r = fs3.roll(
        2, modifiers=[-4], ruleset=rules, dice=ScriptedDice([7] if below == "roll-one" else [])
    )
    assert r.requested == -2
    if below == "roll-one":
        assert (r.pool, r.dice, r.level) == (1, (7,), "Success")
    else:
        assert (r.pool, r.dice, r.level) == (0, (), "Failure")


def test_pool_limit_protects_the_process() -> None:
    with pytest.raises(DiceError, match="over the limit of 100"):
        fs3.roll(101)
    with pytest.raises(DiceError, match="over the limit"):
        fs3.odds(10**6)
    roomy = dataclasses.replace(fs3.ruleset("3.3"), max_dice=500)
    assert fs3.roll(500, ruleset=roomy).pool == 500


def test_negative_pools_are_rejected() -> None:
    with pytest.raises(DiceError, match="negative"):
        fs3.roll(-1)


@pytest.mark.parametrize(
    ("expression", "ratings", "error", "match"),
    [
        ("Cooking", {"Reflexes": 2}, AbilityError, "no rating for the attribute Wits"),
        ("Firearms+Melee", {"Reflexes": 2}, AbilityError, "2 skills"),
        ("Reflexes+Brawn", {"Reflexes": 2, "Brawn": 2}, AbilityError, "2 attributes"),
        ("Firearms", {}, AbilityError, "no rating for the attribute Reflexes"),
        ("Firearms", {"Firearms": 13, "Reflexes": 2}, AbilityError, "rate 0 to 8"),
        ("Wookie", {"Wookie": 4, "Wits": 2}, AbilityError, "rate 0 to 3"),
        ("Reflexes", {"Reflexes": 7}, AbilityError, "attributes rate 1 to 4"),
    ],
)
def test_pool_errors(
    expression: str, ratings: dict[str, int], error: type[Exception], match: str
) -> None:
    with pytest.raises(error, match=match):
        fs3.pool(expression, ratings)


def test_attribute_argument_is_checked() -> None:
    with pytest.raises(RuleError, match="off the scale"):
        fs3.roll(3, attribute=0)


def test_rulesets_check_themselves() -> None:
    base = fs3.ruleset("3.3")
    with pytest.raises(RulesetError, match="success_at"):
        dataclasses.replace(base, success_at=9)
    with pytest.raises(RulesetError, match="levels must start"):
        dataclasses.replace(base, levels=base.levels[1:])
    with pytest.raises(RulesetError, match="assist_modifiers"):
        dataclasses.replace(base, assist_modifiers=(1, 2))
    with pytest.raises(RulesetError, match="not an attribute"):
        dataclasses.replace(base, attributes=("Brawn",))


def test_002_a_reroll_may_be_spent_after_the_roll() -> None:
    # 002 Luck: "After your own roll, spend a point to get a re-roll and choose the better of
    # the two rolls". A failure, then a re-roll of the same pool, drawn after it.
    from rollplay.systems.fs3.rolls import reroll_after, roll_check

    rules = fs3.ruleset("3.2")
    first = roll_check(Check(3), rules, ScriptedDice([2, 2, 2]))
    better = reroll_after(first, Check(3), rules, ScriptedDice([7, 2, 2]))
    assert (better.successes, better.luck, better.discarded) == (1, "reroll", first._replace(
        luck="reroll"))  # fmt: skip
    with pytest.raises(RuleError, match="one luck point"):
        reroll_after(better, Check(3), rules, ScriptedDice([]))
    with pytest.raises(RuleError, match="no luck spend 'reroll'"):
        reroll_after(first, Check(3), fs3.ruleset("3.3"), ScriptedDice([]))
