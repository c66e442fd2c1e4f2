"""An attribute rolled alone (000 Linked Attributes; 002 Defaulting; rulings R5): in 3.3 the
Everyman skill's die plus the attribute, in 3.2 the attribute alone; a switch for both."""

from __future__ import annotations

from pathlib import Path

from rollplay import fs3
from rollplay.dice import ScriptedDice
from rollplay.systems.fs3.pool import resolve
from rollplay.systems.fs3.presets import preset
from rollplay.systems.rulesets import load

RATINGS = {"Reflexes": 3, "Firearms": 2}


def test_fs33_rolls_everyman_plus_the_attribute() -> None:
    pool = resolve("Reflexes", preset("3.3"), RATINGS)
    assert pool.dice == 4
    assert [(p.label, p.dice) for p in pool.parts] == [("Everyman", 1), ("Reflexes 3", 3)]
    # A skill with its attribute is unchanged: "always Skill + Attribute" already.
    assert resolve("Firearms+Reflexes", preset("3.3"), RATINGS).dice == 5


def test_fs32_rolls_the_attribute_alone() -> None:
    rules = preset("3.2")
    pool = resolve("Reactive", rules, {"Reactive": 3})
    assert pool.dice == 3
    assert [p.label for p in pool.parts] == ["Reactive 3"]


def test_a_house_rule_turns_it_off_or_on(tmp_path: Path) -> None:
    path = tmp_path / "rules.toml"
    path.write_text('extends = "3.3"\nbare_attribute_everyman = false\n', encoding="utf-8")
    assert resolve("Reflexes", load("fs3", path=path), RATINGS).dice == 3
    # The Everyman skill's dice are the ruleset's (everyman_dice: none in 3.2 as written).
    on32 = load("fs3", edition="3.2", rules={"bare_attribute_everyman": True, "everyman_dice": 1})
    assert resolve("Reactive", on32, {"Reactive": 3}).dice == 4


def test_the_roll_and_its_odds_agree() -> None:
    rolled = fs3.roll("Reflexes", ratings=RATINGS, dice=ScriptedDice([8, 6, 2, 1]))
    assert rolled.pool == 4
    assert rolled.successes == 2
    assert fs3.odds("Reflexes", ratings=RATINGS) == fs3.odds(4, attribute=3)
