"""Rolls from a sheet: untrained skills from their attribute (003 Untrained Skill Use), every
roll option through the one options record a table fills in, and contests side by side
(003 Opposed Difficulties)."""

from __future__ import annotations

import pytest

from rollplay import d6
from rollplay.dice import ScriptedDice
from rollplay.errors import RollplayError, RuleError
from rollplay.systems.d6.character import SheetError
from rollplay.systems.d6.houserules import from_mapping

SHEET = {
    "name": "Kara",
    "attributes": {"Reflexes": "3D", "Coordination": "2D+1", "Knowledge": "3D+2"},
    "skills": {
        "Search": "4D+1",
        "Demolitions": {"code": "4D", "attribute": "Knowledge"},
        "Alchemy": {"attribute": "Knowledge"},
    },
    "character_points": 4,
    "fate_points": 1,
}


@pytest.fixture
def kara() -> d6.D6Character:
    return d6.character(SHEET)


def test_003_untrained_skill_uses_the_rulesets_attribute(kara: d6.D6Character) -> None:
    """003 Untrained Skill Use: "she generally may use the die code of the attribute under
    which that skill falls"; the gamemaster's unskilled modifier (typically +5) applies."""
    r = d6.roll("lockpicking", 10, unskilled=True, character=kara, dice=ScriptedDice([3, 4]))
    assert (r.skill, r.attribute, r.code) == ("Lockpicking", "Coordination", "2D+1")
    assert (r.total, r.difficulty) == (8, 15)
    assert r.to_dict()["attribute"] == "Coordination"


def test_003_untrained_skill_the_sheet_places(kara: d6.D6Character) -> None:
    """A sheet may list a skill without dice under its attribute (rulings D14)."""
    r = d6.roll("Alchemy", 10, unskilled=True, character=kara, dice=ScriptedDice([1, 1, 1]))
    assert (r.skill, r.attribute, r.code, r.total) == ("Alchemy", "Knowledge", "3D+2", 5)
    with pytest.raises(SheetError, match="add --unskilled"):
        d6.check("Alchemy", 10, character=kara)


def test_003_untrained_skill_of_unknown_attribute_asks(kara: d6.D6Character) -> None:
    """Neither sheet nor ruleset knows the skill: the error asks which attribute; naming it
    rolls that attribute."""
    with pytest.raises(SheetError, match=r"which attribute it falls under.*Reflexes"):
        d6.check("Juggling", 10, unskilled=True, character=kara)
    check = d6.check("Juggling", 10, unskilled=True, attribute="reflexes", character=kara)
    assert (check.code, check.skill, check.attribute) == (d6.code("3D"), "Juggling", "Reflexes")
    with pytest.raises(SheetError, match="no attribute 'Luck'"):
        d6.check("Juggling", 10, unskilled=True, attribute="Luck", character=kara)


def test_003_a_trained_skill_is_not_rolled_untrained(kara: d6.D6Character) -> None:
    """003 Untrained Skill Use is for a character who "doesn't have dice in the skill"."""
    with pytest.raises(RuleError, match="Kara has Search 4D\\+1"):
        d6.check("Search", 10, unskilled=True, character=kara)
    with pytest.raises(RollplayError, match="--attribute"):
        d6.check("Search", 10, attribute="Reflexes", character=kara)


def test_a_game_lists_its_own_skills(kara: d6.D6Character) -> None:
    """Rulings D14: the ruleset's skill list is data a game replaces."""
    game = from_mapping({"skills": [{"attribute": "Reflexes", "skills": ["Lockpicking"]}]})
    check = d6.check("Lockpicking", 10, unskilled=True, character=kara, ruleset=game)
    assert check.attribute == "Reflexes"


def test_every_option_on_a_sheet_roll_through_one_record(kara: d6.D6Character) -> None:
    """What a table calls: sheet_check(character, ability, RollOptions, ruleset, held)
    returns the check and the points it spends; every option of `d6 roll` is there."""
    options = d6.RollOptions(
        difficulty="moderate",
        bonuses=("+1D scope", "+1"),
        cp=1,
        fate=True,
        gm_allows_both=True,
        wild_one="cancel",
        unskilled=2,
        rush=25,
        related=((19, 15),),
        carry=3,
        second_chance=4,
        actions=2,
        attack=True,
        name="Kara the Bold",
    )
    check, used = d6.sheet_check(kara, "Coordination", options, d6.ruleset(), d6.Points(2, 1))
    assert used == d6.Points(1, 1)
    assert check.name == "Kara the Bold"
    assert check.difficulty == 15
    assert check.difficulty_mods == (
        ("unskilled", 2),
        ("rushing (25% less time)", 5),
        ("second chance", 4),
    )
    assert check.related == 2
    assert [b.reason for b in check.bonuses] == [
        "scope",
        "",
        "multi-action penalty (2 actions)",
        "carried result points (3)",
    ]
    # 2D+1 doubled is 4D+2; +1D scope -1D actions: 4 dice, then one CP die.
    r = d6.roll(check, dice=ScriptedDice([2, 2, 2, 1, 3]))
    assert (r.rolled, r.cancelled, r.wild_one) == ("4D+2", (1, 2), "cancel")
    assert r.total == 2 + 2 + 3 + 2 + 1 + 2 + 2
    prepared, _ = d6.sheet_check(kara, "Search", d6.RollOptions(prepare=2), d6.ruleset())
    assert prepared.bonuses[0].dice == 2


def test_003_opposed_sides_each_have_their_options(kara: d6.D6Character) -> None:
    """003 Opposed Difficulties: both characters generate skill totals; each side spends and
    is modified on its own (the resister's CP die here)."""
    thief = d6.check("Reflexes", character=kara, cp=1)
    guard = d6.check("3D", bonuses=["+2 alert"], name="Guard", cp=1)
    duel = d6.opposed(thief, guard, dice=ScriptedDice([3, 3, 3, 4, 4, 4, 4, 4]))
    assert duel.initiator.cp_dice == ((4,),)
    assert duel.resister.cp_dice == ((4,),)
    assert (duel.initiator.total, duel.resister.total) == (13, 18)
    assert duel.winner == "resister"


def test_difficulty_modifiers_count_against_their_side_in_a_contest() -> None:
    """Rulings D17: an opposed roll has no difficulty; an untrained side's modifier raises
    what it must beat, so it counts against its own total. Ties still go to the initiator."""
    rules = d6.ruleset()
    clumsy = d6.check("3D", unskilled=True, contest=True)
    steady = d6.check("2D")
    assert clumsy.difficulty is None
    duel = d6.opposed(clumsy, steady, ruleset=rules, dice=ScriptedDice([5, 5, 5, 5, 5]))
    assert (duel.initiator.total, duel.resister.total) == (15, 10)
    assert duel.scores == (10, 10)
    assert (duel.winner, duel.margin) == ("initiator", 0)
    with pytest.raises(RollplayError, match="give one too"):
        d6.check("3D", unskilled=True)


def test_003_opposed_attack_damage_from_the_margin() -> None:
    """003 Result Points: a fifth of an attack's result points to damage; against a resisting
    roll the result points are the margin."""
    attack = d6.check("3D", attack=True)
    duel = d6.opposed(attack, d6.check("1D"), dice=ScriptedDice([6, 6, 5, 2]))
    assert (duel.margin, duel.damage_bonus) == (15, 3)
    missed = d6.opposed(attack, d6.check("1D"), dice=ScriptedDice([1, 1, 2, 6, 5]))
    assert (missed.winner, missed.damage_bonus) == ("resister", 0)
    assert d6.opposed("1D", "1D", dice=ScriptedDice([3, 3])).damage_bonus is None
