"""Levels at 0 or below (001 Base Skill vs. Effective Skill; rulings G11) and the Rule of 20
for Will and Per (001 The Rule of 20; rulings G13)."""

from __future__ import annotations

import json
from typing import Any

import pytest

from rollplay import gurps
from rollplay.dice import ScriptedDice
from rollplay.errors import RuleError, RulesetError
from rollplay.systems.gurps.character import Character, SheetError
from rollplay.systems.gurps.gcs import from_gcs
from rollplay.systems.gurps.houserules import from_mapping as house_rules
from tests.clirun import fails_cleanly, run

BASE = {"ST": 10, "DX": 10, "IQ": 10, "HT": 10}


def sheet(attributes: dict[str, int] | None = None, **extra: Any) -> Character:
    return gurps.character({"name": "Ann", "attributes": attributes or BASE, **extra})


# -- 001 Base Skill vs. Effective Skill: "You may not attempt a success roll if your effective
# skill is less than 3, unless you are attempting a defense roll." A level of 0 or below is
# no level at all (rulings G11): bonuses do not lift it into a roll.


@pytest.mark.parametrize("base", [0, -1, -99])
def test_a_number_at_0_or_below_is_refused_whatever_the_bonus(base: int) -> None:
    for mods in ([], [+5], [+20]):
        unused = ScriptedDice([])
        with pytest.raises(RuleError, match=f"skill {base}: a level below 1 cannot be rolled"):
            gurps.roll(base, mods=mods, dice=unused)
        assert unused.used == 0  # refused before any die is drawn
        with pytest.raises(RuleError, match="rulings G11"):
            gurps.odds(base, mods=mods)


@pytest.mark.parametrize("base", [0, -1, -99])
def test_a_defense_roll_may_start_at_any_level(base: int) -> None:
    # "... unless you are attempting a defense roll."
    r = gurps.roll(base, mods=[+1], defense=True, dice=ScriptedDice([1, 1, 2]))
    assert (r.effective, r.success) == (base + 1, True)
    assert gurps.odds(base, defense=True).success == gurps.odds(3).success  # 3 and 4 only


def test_a_low_positive_base_with_bonuses_may_roll() -> None:
    # 001 Modifiers: effective skill decides; base 2 + 1 = 3 is a roll.
    assert gurps.roll(2, mods=[+1], dice=ScriptedDice([1, 1, 1])).effective == 3


@pytest.mark.parametrize(("skill", "mods"), [("0", []), ("0", ["--mod=+5"]), ("-3", ["--mod=+10"])])
def test_the_cli_refuses_them_in_one_line(
    capsys: pytest.CaptureFixture[str], skill: str, mods: list[str]
) -> None:
    for command in ("roll", "odds"):
        err = fails_cleanly(capsys, "gurps", command, *mods, "--", skill)
        assert "cannot be rolled" in err
    code, out, err = run(capsys, "gurps", "roll", *mods, "--defense", "--json", "--", skill)
    assert code == 0, err
    assert json.loads(out)["defense"] is True


@pytest.mark.parametrize("level", [0, -1, -99])
def test_a_sheet_holds_skills_at_1_or_more(level: int) -> None:
    # Rulings G11: a level of 0 or below is no level; leave the skill out to roll its default.
    with pytest.raises(SheetError, match=r"a skill's level is 1 to 999 .*leave the skill out"):
        sheet(skills={"Search": level})
    with pytest.raises(SheetError, match="level is 1 to 999"):
        sheet(skills={"Search": {"level": level, "defaults": ["Per-5"]}})


def test_a_default_at_0_or_below_is_refused() -> None:
    # 001 Default Rolls: IQ 4 gives Lockpicking (IQ-5) at -1: no level to roll from, even
    # with the primitive lock's +10.
    dim = sheet({**BASE, "IQ": 4})
    for mods in ([], ["+10 primitive lock"]):
        with pytest.raises(RuleError, match="Lockpicking at its best default, IQ-5, is -1"):
            gurps.roll("Lockpicking", mods=mods, character=dim, dice=ScriptedDice([]))
    exactly_zero = sheet({**BASE, "IQ": 5})
    with pytest.raises(RuleError, match="IQ-5, is 0"):
        gurps.roll("Lockpicking", mods=[+10], character=exactly_zero, dice=ScriptedDice([]))
    assert gurps.roll("Lockpicking", character=sheet({**BASE, "IQ": 6}), mods=[+2],
                      dice=ScriptedDice([1, 1, 1])).effective == 3  # fmt: skip


def test_an_attribute_at_0_rolls_only_in_defense() -> None:
    weak = sheet({**BASE, "ST": 0})
    with pytest.raises(RuleError, match="ST is 0"):
        gurps.roll("ST", mods=[+5], character=weak, dice=ScriptedDice([]))
    assert gurps.roll("ST", defense=True, character=weak, dice=ScriptedDice([1, 1, 1])).success


def test_a_character_built_in_python_is_held_to_it_too() -> None:
    # Past the sheet reader, the roll itself refuses.
    odd = Character("Odd", {**BASE, "Will": 10, "Per": 10}, {"Search": 0})
    with pytest.raises(RuleError, match="Search is 0"):
        gurps.roll("Search", mods=[+5], character=odd, dice=ScriptedDice([]))


def test_gcs_levels_at_0_or_below_are_left_off() -> None:
    # GCS writes no level at 0 or below; a hand-edited one is no level either (rulings G11),
    # so the skill rolls its default.
    data = {
        "version": 5,
        "attributes": [{"attr_id": a, "calc": {"value": 10}} for a in ("st", "dx", "iq", "ht")],
        "skills": [
            {"name": "Lockpicking", "calc": {"level": 0}},
            {"name": "Search", "calc": {"level": -3}},
            {"name": "Stealth", "calc": {"level": 0.5}},
            {"name": "Climbing", "calc": {"level": 11}},
        ],
    }
    imported = from_gcs(data)
    assert imported["skills"] == {"Climbing": 11}
    level = gurps.character(imported).level("Lockpicking", gurps.ruleset())
    assert (level.value, level.via) == (5, "IQ-5")


def test_a_game_may_let_bonuses_lift_any_level() -> None:
    # The switch for groups who read 001 as "effective skill alone decides" (minimum_base).
    rules = house_rules({"minimum_base": -99})
    assert gurps.roll(0, mods=[+5], ruleset=rules, dice=ScriptedDice([1, 1, 1])).effective == 5
    with pytest.raises(RuleError, match="below 3"):
        gurps.roll(0, ruleset=rules, dice=ScriptedDice([]))


# -- 001 The Rule of 20: "If you have a basic attribute over 20, treat it as 20 for default
# purposes." The basic attributes are ST, DX, IQ and HT; Will and Per are not (rulings G13).

GENIUS = {"ST": 10, "DX": 10, "IQ": 25, "HT": 10, "Will": 25, "Per": 25}
SENSES = {"Detect Lies": ["Per-6"], "Mind Block": ["Will-4"], "Lockpicking": ["IQ-5"]}


def test_the_rule_of_20_caps_the_basic_attributes_only() -> None:
    genius = sheet(GENIUS, defaults=SENSES)
    rules = gurps.ruleset()
    assert genius.level("Lockpicking", rules).value == 20 - 5  # IQ 25 counts as 20
    assert genius.level("Detect Lies", rules).value == 25 - 6  # Per is not capped
    assert genius.level("Mind Block", rules).value == 25 - 4  # nor is Will
    assert genius.level("Detect Lies", rules).notes == ()


def test_will_and_per_taken_from_iq_are_not_capped_either() -> None:
    # Rulings G7: left off the sheet, Will and Per equal IQ, and count in full.
    genius = sheet({"ST": 10, "DX": 10, "IQ": 25, "HT": 10}, defaults=SENSES)
    assert genius.level("Detect Lies", gurps.ruleset()).value == 19


def test_a_game_may_cap_will_and_per_too() -> None:
    rules = house_rules({"capped_attributes": ["ST", "DX", "IQ", "HT", "Will", "Per"]})
    genius = sheet(GENIUS, defaults=SENSES)
    detect = genius.level("Detect Lies", rules)
    assert detect.value == 20 - 6
    assert "Per 25 counts as 20" in detect.notes[0]
    assert genius.level("Mind Block", rules).value == 20 - 4
    with pytest.raises(RulesetError, match="capped_attributes: Luck"):
        house_rules({"capped_attributes": ["Luck"]})
