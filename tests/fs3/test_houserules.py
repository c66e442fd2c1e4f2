"""House rules as data: files that extend an edition and override any field."""

from __future__ import annotations

from pathlib import Path

import pytest

from rollplay import fs3
from rollplay.dice import ScriptedDice
from rollplay.errors import RulesetError
from rollplay.systems.fs3.houserules import dump, from_mapping


def test_toml_house_rules(tmp_path: Path) -> None:
    path = tmp_path / "game.toml"
    path.write_text(
        'extends = "3.2"\n'
        'name = "Battlestar"\n'
        "success_at = 6\n"
        "luck_bonus = 3\n"
        "max_assisters = 3\n"
        'attributes = ["Brawn", "Reflexes", "Wits"]\n'
        "[[action_skills]]\n"
        'name = "Viper"\n'
        'attribute = "Reflexes"\n'
        "everyman = false\n"
        "[combat]\n"  # a game with its own abilities names the ones its fights roll (C11)
        'initiative_ability = "Reflexes"\n'
        'toughness_ability = "Brawn"\n'
        'treat_ability = "Wits"\n'
        'repair_ability = "Wits"\n'
        'rally_ability = "Wits"\n'
        'escape_ability = "Brawn"\n'
        'weapons = [{name = "Unarmed", attack_skill = "Brawn", defense_skill = "Reflexes", '
        "melee = true}]\n"
    )
    rules = fs3.load_rules(path)
    assert rules.name == "Battlestar"
    assert rules.edition == "3.2"
    assert rules.success_at == 6
    assert rules.levels == fs3.ruleset("3.2").levels  # untouched fields come from 3.2
    assert fs3.roll(2, ruleset=rules, dice=ScriptedDice([6, 2])).successes == 1
    assert fs3.roll(2, luck="bonus", ruleset=rules, dice=ScriptedDice([2] * 5)).pool == 5
    assert fs3.pool("Viper", {"Viper": 4, "Reflexes": 2}, ruleset=rules).dice == 6
    team = fs3.teamwork(1, [1, 1, 1], ruleset=rules, dice=ScriptedDice([2] * 4))
    assert len(team.assists) == 3


def test_yaml_house_rules_replace_a_table(tmp_path: Path) -> None:
    path = tmp_path / "game.yaml"
    path.write_text(
        "levels:\n"
        "  - {at_least: 0, title: Miss}\n"
        "  - {at_least: 1, title: Hit}\n"
        "  - {at_least: 4, title: Bullseye}\n"
        "assist_modifiers: [-1, 1, 3]\n"
        "below_one_die: fail\n"
    )
    rules = fs3.load_rules(path)
    assert rules.edition == "3.3"
    assert fs3.roll(5, ruleset=rules, dice=ScriptedDice([8, 8, 8, 8, 2])).level == "Bullseye"
    assert fs3.odds(1, ruleset=rules).levels.keys() == {
        "Embarrassing Failure",
        "Miss",
        "Hit",
        "Bullseye",
    }
    assert fs3.roll(1, modifiers=[-2], ruleset=rules).level == "Miss"


@pytest.mark.parametrize(
    ("content", "suffix", "match"),
    [
        ("succes_at = 6\n", ".toml", "succes_at: unknown setting \\(did you mean success_at\\?\\)"),
        ('success_at = "six"\n', ".toml", "success_at: Input should be a valid integer"),
        ("success_at = 12\n", ".toml", "success_at must be from 2 to 8"),
        ('extends = "4.0"\n', ".toml", "unknown FS3 edition '4.0'"),
        ("success_at = = 6\n", ".toml", "not valid TOML"),
        ("levels: [\n", ".yaml", "not valid YAML"),
        ("- 1\n- 2\n", ".yaml", "expected a table of settings"),
        ('embarrassing = "sometimes"\n', ".toml", "embarrassing: Input should be"),
        ("success_at = 6\n", ".ini", "use a .toml, .yaml, .yml or .json file"),
    ],
)
def test_bad_house_rules_say_what_is_wrong(
    tmp_path: Path, content: str, suffix: str, match: str
) -> None:
    path = tmp_path / f"rules{suffix}"
    path.write_text(content)
    with pytest.raises(RulesetError, match=match) as info:
        fs3.load_rules(path)
    assert "\n" not in str(info.value)


@pytest.mark.parametrize("fmt", ["toml", "yaml"])
def test_dumped_editions_load_back_unchanged(tmp_path: Path, edition: str, fmt: str) -> None:
    original = fs3.ruleset(edition)
    path = tmp_path / f"edition.{fmt}"
    path.write_text(dump(original, fmt))
    loaded = fs3.load_rules(path)
    assert loaded == original


def test_presets_pass_validation(edition: str) -> None:
    original = fs3.ruleset(edition)
    data = original.as_mapping()
    data["extends"] = edition
    assert from_mapping(data) == original


def test_a_group_of_settings_merges_key_by_key() -> None:
    """Changing one character-creation limit keeps the edition's others (here 3.3's cost per
    rating of its 0-3 skills, rulings R26); a table of data still replaces the whole table."""
    rules = from_mapping({"extends": "3.3", "chargen": {"ability_points": 40}})
    assert rules.chargen.ability_points == 40
    assert rules.chargen.scaled_cost == 2
    assert rules.combat.weapons == fs3.ruleset("3.3").combat.weapons
    rules = from_mapping({"extends": "3.3", "combat": {"stances": {"Normal": [0, 0]}}})
    assert list(rules.combat.stances) == ["Normal"]


def test_toml_blank_means_none_inside_a_group(tmp_path: Path) -> None:
    """rulings R26: a 3.3 game back on 002's costs, written in TOML (which has no null)."""
    path = tmp_path / "old-costs.toml"
    path.write_text('extends = "3.3"\nscaled_xp_costs = []\n[chargen]\nscaled_cost = ""\n')
    rules = fs3.load_rules(path)
    assert rules.chargen.scaled_cost is None
    assert rules.scaled_xp_costs == ()
