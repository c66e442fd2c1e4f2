"""Each edition's combat rolls its own abilities (002 Combat; 000 Ability Rolls), checked when
a ruleset is built (rulings C11)."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pytest

from rollplay.dice import ScriptedDice
from rollplay.errors import RulesetError
from rollplay.systems.fs3.combat.abilities import combat_abilities
from rollplay.systems.fs3.combat.turn import Action, Combatant, resolve_turn
from rollplay.systems.fs3.houserules import from_mapping
from rollplay.systems.fs3.pool import resolve
from rollplay.systems.fs3.presets import FS3_2, FS3_3
from rollplay.systems.fs3.ruleset import FS3Ruleset

# An FS3.2 character (002 attributes; 004's "Firearms (3) + Reactive (2)").
ADA = {"Academic": 2, "Athletic": 3, "Creative": 2, "Reactive": 2, "Social": 3,
       "Firearms": 3, "Melee": 2, "Medicine": 4}  # fmt: skip


@pytest.mark.parametrize("rules", [FS3_3, FS3_2], ids=["3.3", "3.2"])
def test_every_combat_ability_is_rollable_in_its_edition(rules: FS3Ruleset) -> None:
    ratings = {**dict.fromkeys(rules.attributes, 2), "Piloting": 1}
    for setting, ability in combat_abilities(rules.combat):
        assert resolve(ability, rules, ratings).dice >= 1, setting


def test_002_fs32_combat_names_002_abilities() -> None:
    c = FS3_2.combat
    assert (c.initiative_ability, c.toughness_ability, c.rally_ability) == (
        "Reactive", "Athletic", "Social")  # fmt: skip
    assert (c.treat_ability, c.repair_ability, c.escape_ability) == ("Medicine", "Repair", "Melee")
    assert {(w.attack_skill, w.defense_skill) for w in c.weapons} == {
        ("Melee", "Melee"), ("Firearms", "Reactive"), ("Athletic", "Reactive")}  # fmt: skip


def test_a_house_ruled_ability_list_must_name_its_combat_abilities() -> None:
    # The game is refused when its rules are built, naming the setting and the abilities.
    trimmed = {"extends": "3.2", "attributes": ["Brawn", "Reflexes", "Wits"],
               "action_skills": [{"name": "Viper", "attribute": "Reflexes"}]}  # fmt: skip
    with pytest.raises(RulesetError, match=r"initiative_ability 'Reactive'.*Brawn, Reflexes"):
        from_mapping(trimmed)
    fist = {"name": "Unarmed", "attack_skill": "Brawn", "defense_skill": "Reflexes",
            "melee": True}  # fmt: skip
    combat = {"initiative_ability": "Reflexes", "toughness_ability": "Brawn",
              "treat_ability": "Wits", "repair_ability": "Viper+Wits", "rally_ability": "Wits",
              "escape_ability": "Brawn", "weapons": [fist]}  # fmt: skip
    assert from_mapping({**trimmed, "combat": combat}).combat.weapon("Unarmed").melee
    bad = {**combat, "weapons": [{**fist, "defense_skill": "Reflex"}]}
    with pytest.raises(RulesetError, match=r"Unarmed defense_skill 'Reflex'.*did you mean"):
        from_mapping({**trimmed, "combat": bad})
    with pytest.raises(RulesetError, match="names no ability"):
        from_mapping({**trimmed, "combat": {**combat, "rally_ability": "3"}})


def fight(rules: FS3Ruleset, a: Combatant, b: Combatant, faces: list[int],
          actions: dict[str, Action] | None = None) -> dict[str, Any]:  # fmt: skip
    dice = ScriptedDice(faces)
    after, report = resolve_turn(1, [a, b], actions or {a.name: Action("attack", b.name)},
                                 rules=rules.combat, fs3=rules, dice=dice)  # fmt: skip
    dice.check_all_used()
    return {"after": after, **report.to_dict()}


def test_002_a_fs32_character_fights_with_002_abilities() -> None:
    ada = Combatant("Ada", ratings=ADA, weapon="Pistol")
    raider = Combatant("Raider", team="B", rating=3)
    # Initiative: Reactive 2 dice, the Raider 3; tie-breaks. Ada: Firearms 3 + Reactive 2 = 5
    # dice (7+ hits in 3.2) against the Raider's 3: 2 hits to 0; 2d8 5+5 +2 -> 12 Chest;
    # damage 50 + 15: Moderate. The Raider's Unarmed reply: 3 + 3 melee - 1 suppression vs
    # Ada's Melee 2 + Athletic 3 (no melee weapon in hand): a miss.
    faces = [1, 1, 1, 1, 1, 60, 40]
    faces += [7, 8, 1, 2, 3]
    faces += [1, 2, 3]
    faces += [5, 5, 50]
    faces += [1] * 5 + [1] * 5
    both = {"Ada": Action("attack", "Raider"), "Raider": Action("attack", "Ada")}
    report = fight(FS3_2, ada, raider, faces, both)
    initiative = report["initiative"]
    assert initiative[0]["roll"]["parts"] == [{"label": "Reactive 2", "dice": 2}]
    shot = report["events"][0]
    assert [p["label"] for p in shot["attack_roll"]["parts"]] == ["Firearms 3", "Reactive 2"]
    assert shot["defense_roll"]["parts"] == [{"label": "Raider rating 3", "dice": 3}]
    assert (shot["attack_hits"], shot["wound"]["severity"]) == (2, "Moderate")
    reply = report["events"][1]
    assert [p["label"] for p in reply["defense_roll"]["parts"]] == ["Melee 2", "Athletic 3"]


def test_002_fs32_embarrassment_is_judged_by_the_attackers_own_attribute() -> None:
    # 002 How to Roll: no hits and ones at or above "your Attribute rating". Ada's Firearms
    # links to Reactive 1: one 1 shames her; an NPC, judged by default_attribute 2, is not.
    ada = Combatant("Ada", ratings={**ADA, "Reactive": 1}, weapon="Pistol")
    raider = Combatant("Raider", team="B", rating=3, weapon="Pistol")
    faces = [2, 1, 2, 2, 60, 40]  # initiative: Ada 1 die, the Raider 3
    faces += [1, 2, 2, 2]  # Ada's 4 dice: one 1, no hits
    faces += [2, 2, 2]  # the Raider's defense
    faces += [1, 2]  # the Raider (3 - 1 suppression): one 1, no hits
    faces += [2]  # Ada's defense: Reactive 1
    report = fight(FS3_2, ada, raider, faces, {"Ada": Action("attack", "Raider"),
                                               "Raider": Action("attack", "Ada")})  # fmt: skip
    mine, theirs = report["events"]
    assert mine["attack_roll"]["attribute"] == 1
    assert mine["attack_roll"]["level"] == "Embarrassing Failure"
    assert theirs["attack_roll"]["level"] == "Failure"


def test_000_below_one_die_fail_applies_in_combat() -> None:
    # Rulings R4: with below_one_die = "fail", a pool under 1 rolls no dice and fails.
    strict = replace(FS3_3, below_one_die="fail")
    kid = Combatant("Kid", rating=4, weapon="Pistol", suppression=5)  # 4 - 5 = -1: no dice
    jesse = Combatant("Jesse", team="B", rating=2)
    faces = [1] * 6 + [60, 40] + [1, 1]  # initiative; Kid's attack: none; Jesse's 2 dice
    report = fight(strict, kid, jesse, faces)
    shot = report["events"][0]
    assert (shot["attack_roll"]["pool"], shot["attack_roll"]["requested"]) == (0, -1)
    assert (shot["attack_dice"], shot["outcome"]) == ([], "miss")
    report = fight(FS3_3, kid, jesse, [*faces[:8], 2, 1, 1])  # roll-one: one desperate die
    assert report["events"][0]["attack_dice"] == [2]
