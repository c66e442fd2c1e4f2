"""A combat turn in a game imported from AresMUSH follows its config (issue 38, "a combat turn
in each imported game follows its config"; rulings A20 to A33). Each test names the config
key it holds the game to and the rule text or ruling it reads."""

from __future__ import annotations

from collections import Counter
from functools import cache
from typing import Any

import pytest

from rollplay.aresmush import config as ares_config
from rollplay.dice import ScriptedDice, SeededDice
from rollplay.errors import RuleError, RulesetError
from rollplay.systems.fs3.combat.attack import Wound, listed_location, wound_modifier
from rollplay.systems.fs3.combat.healday import Person, patient_day
from rollplay.systems.fs3.combat.healing import Healing, heal
from rollplay.systems.fs3.combat.turn import Action, Combatant, Turn, resolve_turn
from rollplay.systems.fs3.ruleset import FS3Ruleset
from tests.aresmush.combat_helpers import rules_of
from tests.aresmush.fixtures import game_dir, needs_configs

pytestmark = needs_configs
DEFAULT, RED = "AresMUSH__aresmush", "Red-Planet-MU__aresmush"


@cache
def game(name: str) -> FS3Ruleset:
    return rules_of(ares_config.read(game_dir(name)))[0]


def turn(
    rules: FS3Ruleset, people: list[Combatant], actions: dict[str, Action], dice: Any = None
) -> tuple[list[Combatant], dict[str, Any]]:
    after, report = resolve_turn(1, people, actions, rules=rules.combat, fs3=rules,
                                 dice=dice or SeededDice(38))  # fmt: skip
    return after, report.to_dict()


def mods(roll: dict[str, Any]) -> dict[str, int]:
    return {m["reason"]: m["value"] for m in roll["modifiers"]}


def test_weapon_accuracy_is_added_to_the_attack() -> None:
    # fs3combat.weapons.Missile.accuracy: 3 (the default config; rulings A20).
    rules = game(DEFAULT)
    a = Combatant("Raptor Gunner", "A", rating=5, weapon="Missile")
    b = Combatant("Raider", "B", rating=5, weapon="Unarmed")
    _, report = turn(rules, [a, b], {"Raptor Gunner": Action("attack", "Raider")})
    shot = next(e for e in report["events"] if e["actor"] == "Raptor Gunner")
    assert mods(shot["attack_roll"])["Missile accuracy"] == 3
    assert shot["pools"][0] == 5 + 3


def test_a_weapons_init_mod_is_added_to_initiative() -> None:
    # fs3combat.weapons.Rifle.init_mod: -1 (Red Planet), fs3combat.initiative_skill:
    # Alertness (rulings A21; 002 Order of Actions: the ability the Storyteller names).
    rules = game(RED)
    ratings = {"Alertness": 4, "Perception": 3, "Firearms": 3, "Reflexes": 3}
    rifle = Combatant("Jed", "A", ratings=ratings, weapon="Rifle", kind="Citizen",
                      armor="Practical")  # fmt: skip
    bow = Combatant("Ada", "B", ratings=ratings, weapon="Bow", kind="Citizen", armor="Practical")
    _, report = turn(rules, [rifle, bow], {})
    rolls = {i["name"]: i["roll"] for i in report["initiative"]}
    assert mods(rolls["Jed"]) == {"Rifle initiative": -1}
    assert rolls["Jed"]["requested"] == 4 + 3 - 1
    assert rolls["Ada"]["requested"] == 4 + 3  # Bow: init_mod 0
    assert [p["label"] for p in rolls["Ada"]["parts"]] == ["Alertness 4", "Perception 3"]


def test_automatic_fire_fires_a_burst_with_recoil() -> None:
    # fs3combat.weapons.Rifle.is_automatic: true, recoil: 3, ammo: 20 (the default config;
    # rulings A22; 004 Burst Fire: each bullet after the first at -recoil per bullet so far).
    rules = game(DEFAULT)
    a = Combatant("Trooper", "A", rating=8, weapon="Rifle")
    b = Combatant("Cylon", "B", rating=3, weapon="Unarmed")
    (after, _), report = turn(rules, [a, b], {"Trooper": Action("attack", burst=("Cylon",))})
    bullets = next(e for e in report["events"] if e["actor"] == "Trooper")["bullets"]
    assert len(bullets) == 8
    assert [b["pools"][0] for b in bullets[:3]] == [8, 8 - 3, 8 - 6]
    assert after.ammo == 20 - 8


def test_weapon_and_armor_specials_change_the_roll_and_the_protection() -> None:
    # fs3combat.weapon specials.Scope.accuracy: 2 on a Rifle (allowed_specials: Ap, Scope);
    # fs3combat.armor specials.Helmet.protection.Head: 4 on Police armor (rulings A25).
    rules = game(DEFAULT)
    scoped = rules.combat.weapon("Rifle+Scope")
    assert (scoped.accuracy, scoped.penetration) == (2, rules.combat.weapon("Rifle").penetration)
    assert (
        rules.combat.weapon("rifle+ap").penetration == rules.combat.weapon("Rifle").penetration + 2
    )
    assert rules.combat.armor_named("Police+Helmet").at("Head") == 4
    assert rules.combat.armor_named("Police").at("Head") == 0
    with pytest.raises(RulesetError, match="takes no special 'Buckshot'"):
        rules.combat.weapon("Rifle+Buckshot")
    a = Combatant("Sniper", "A", rating=5, weapon="Rifle+Scope")
    b = Combatant("Cylon", "B", rating=5)
    _, report = turn(rules, [a, b], {"Sniper": Action("attack", "Cylon")})
    shot = next(e for e in report["events"] if e["actor"] == "Sniper")
    assert shot["pools"][0] == 5 + 2


def test_a_suppressive_weapon_only_suppresses() -> None:
    # fs3combat.weapons.Flash Grenade.weapon_type: Suppressive (rulings A22).
    rules = game(DEFAULT)
    a = Combatant("Marine", "A", rating=5, weapon="Flash Grenade")
    b = Combatant("Cylon", "B", rating=5)
    with pytest.raises(RuleError, match="only suppresses"):
        turn(rules, [a, b], {"Marine": Action("attack", "Cylon")})
    (_, cylon), _ = turn(rules, [a, b], {"Marine": Action("suppress", "Cylon")})
    assert cylon.suppression in (0, 2 - 2)  # suppressed or missed, then the turn's decay


def test_a_list_hit_chart_keeps_its_odds() -> None:
    # fs3combat.hitloc.Citizen.areas.Chest (Red Planet): Left Leg, Right Leg, Left Arm, Right
    # Arm, Abdomen x3, Chest x3: a location listed N times of 10 is hit N/10 of the time at no
    # net hits; each net hit moves one row up (rulings A23).
    rules = game(RED)
    chart = rules.combat.hit_charts["Citizen"]
    rows = chart.areas["Chest"]
    assert rules.combat.center_of_mass("Citizen") == "Chest"
    at_zero = Counter(listed_location(face, 0, rows) for face in range(1, 11))
    assert at_zero == Counter({"Left Leg": 1, "Right Leg": 1, "Left Arm": 1, "Right Arm": 1,
                               "Abdomen": 3, "Chest": 3})  # fmt: skip
    at_two = Counter(listed_location(face, 2, rows) for face in range(1, 11))
    assert at_two == Counter({"Left Arm": 1, "Right Arm": 1, "Abdomen": 3, "Chest": 5})
    # In a turn: 2 attack hits to 0, the location die is a d10 (face 4: row 4 + 2 = Abdomen).
    a = Combatant("Raider", "A", rating=2, weapon="Revolver", kind="Raider")
    b = Combatant("Jed", "B", rating=1, weapon="Revolver", kind="Citizen", armor="None")
    faces = [8, 8, 1]  # initiative: Raider 2 hits, Jed 0
    faces += [8, 8, 1, 4, 50]  # attack 2 hits, defense 0; d10 location 4; d100 damage 50
    faces += [8]  # Jed's knockout roll (a MAJOR wound: modifier 1)
    (_, jed), report = turn(rules, [a, b], {"Raider": Action("attack", "Jed")}, ScriptedDice(faces))
    shot = report["events"][0]
    assert (shot["location_dice"], shot["location"]) == ([4], "Abdomen")
    # Abdomen is vital on this chart: +0; the damage table's MINOR is up to 15, MAJOR to 65.
    assert (shot["damage"], jed.wounds[0].severity) == (50, "MAJOR")


def test_a_combatant_types_defense_skill_and_a_vehicles_dodge() -> None:
    # fs3combat.combatant_types.Viper.defense_skill: Piloting, vehicle: Viper;
    # fs3combat.vehicles.Viper.dodge: 1 (the default config; rulings A24, A27).
    rules = game(DEFAULT)
    pilot = Combatant("Starbuck", "A", ratings={"Piloting": 6, "Reflexes": 3, "Perception": 2},
                      weapon="Kew",
                      kind="Viper", armor="Viper")  # fmt: skip
    raider = Combatant("Raider", "B", rating=5, weapon="Kew", kind="Raider", armor="Raider")
    _, report = turn(rules, [pilot, raider], {"Raider": Action("attack", "Starbuck")})
    shot = next(e for e in report["events"] if e["actor"] == "Raider")
    defense = shot["defense_roll"]
    assert defense["parts"][0]["label"] == "Piloting 6"
    assert mods(defense)["Viper dodge"] == 1
    assert shot["pools"][1] == 6 + 3 + 1
    # Its hit chart is the vehicle's: fs3combat.vehicles.Viper.hitloc_chart: Fighter.
    assert rules.combat.hit_chart_of("Viper") is rules.combat.hit_charts["Fighter"]


def test_an_npc_tier_rates_each_skill_and_takes_its_wounds() -> None:
    # fs3combat.npc_types.Goon: Default 4, Firearms 6, Wounds 30 (the default config;
    # rulings A26): a Goon fires with 6 dice, rolls initiative (Alertness) with 4, and every
    # damage roll against it is 30 higher.
    rules = game(DEFAULT)
    goon = Combatant("Goon", "A", rating=1, weapon="Pistol", tier="Goon")
    target = Combatant("Cylon", "B", rating=1, weapon="Unarmed", tier="Goon")
    _, report = turn(rules, [goon, target], {"Goon": Action("attack", "Cylon")},
                     SeededDice(1))  # fmt: skip
    shot = report["events"][0] if report["events"][0]["actor"] == "Goon" else report["events"][1]
    assert shot["attack_roll"]["pool"] == 6
    assert shot["defense_roll"]["pool"] == 4 // 2  # Reflexes is an attribute: half of Default
    assert [i["roll"]["pool"] for i in report["initiative"]] == [4, 4]


def test_a_tiers_wounds_raise_the_damage_roll() -> None:
    # fs3combat.npc_types.Goon.Wounds: 30 (rulings A26): AresMUSH adds it to the damage total.
    rules = game(DEFAULT)
    a = Combatant("Trooper", "A", rating=2, weapon="Pistol")
    goon = Combatant("Goon", "B", rating=1, weapon="Unarmed", tier="Goon")
    faces = [8, 8]  # initiative: Trooper 2 dice, 2 hits
    faces += [1, 1, 1, 1]  # Goon: Alertness, a skill: Default 4 dice, no hits
    faces += [8, 8, 1, 1]  # attack 2 hits; defense (Reflexes: 2 dice) none
    faces += [1, 1, 40]  # 2d8 location 2 + 2 net = 4: 004's Chest chart, Right_Leg; damage 40
    (_, hit), report = turn(rules, [a, goon], {"Trooper": Action("attack", "Goon")},
                            ScriptedDice(faces))  # fmt: skip
    shot = report["events"][0]
    assert shot["location"] == "Right_Leg"
    assert shot["damage"] == 40 + 30 - 30  # the tier's Wounds, AresMUSH's -30 for a limb
    assert hit.wounds[0].severity == "FLESH"  # the table: GRAZE to 20, FLESH to 70


def test_custom_damage_levels_wound_modifiers_and_grazes() -> None:
    # fs3combat.damage_table (Red Planet): GRAZE -150, MINOR 15, MAJOR 65, SEVERE 95;
    # fs3combat.damage_mods: MINOR 0.25, MAJOR 1, SEVERE 2, CRITICAL 4 (rulings A29, A30).
    rules = game(RED)
    gear = rules.combat
    assert [(s.name, s.at_most) for s in gear.severities] == [
        ("GRAZE", -150),
        ("MINOR", 15),
        ("MAJOR", 65),
        ("SEVERE", 95),
        ("CRITICAL", None),
    ]
    assert [gear.severity(d).name for d in (15, 16, 65, 66, 95, 96)] == [
        "MINOR",
        "MAJOR",
        "MAJOR",
        "SEVERE",
        "SEVERE",
        "CRITICAL",
    ]
    wounds = [Wound("Chest", "MAJOR"), Wound("Chest", "MINOR"), Wound("Chest", "MINOR")]
    assert wound_modifier(wounds, gear) == 1  # 1 + 0.25 + 0.25, rounded down
    assert wound_modifier([*wounds, Wound("Head", "SEVERE")], gear) == 3
    # The default config's GRAZE has no damage_mods entry: a graze leaves no wound.
    default = game(DEFAULT)
    a = Combatant("Trooper", "A", rating=2, weapon="Pistol")
    b = Combatant("Cylon", "B", rating=2, weapon="Unarmed")
    faces = [8, 8, 1, 1]  # initiative: Trooper 2 hits, Cylon 0
    faces += [8, 8, 1, 1, 1, 1, 40]  # 2 hits to 0; 2d8 2+2: Right_Leg; damage 40 - 30 = 10
    (_, cylon), report = turn(default, [a, b], {"Trooper": Action("attack", "Cylon")},
                              ScriptedDice(faces))  # fmt: skip
    shot = report["events"][0]
    assert (shot["damage"], shot["severity"], shot["wound"]) == (10, "GRAZE", None)
    assert cylon.wounds == ()


def test_healing_points_and_the_recovery_skill() -> None:
    # fs3combat.healing_points (Red Planet): MINOR 7, MAJOR 7; fs3combat.recovery_skill: Brawn
    # (rulings A29, A33; 004 Healing Damage: points drop a wound a level).
    rules = game(RED)
    gear = rules.combat
    kept, _ = heal([Healing(Wound("Chest", "MAJOR"))], 6, gear)
    assert kept[0].wound.severity == "MAJOR"
    kept, report = heal([Healing(Wound("Chest", "MAJOR"))], 7, gear)
    assert kept[0].wound.severity == "MINOR"
    assert report[0]["to"] == "MINOR"
    patient = Person("Jed", {"Brawn": 3, "Grit": 2}, [Healing(Wound("Chest", "MINOR"))])
    day, _ = patient_day(patient, None, False, rules, SeededDice(5))
    assert "Brawn 3" in [p["label"] for p in day["toughness_roll"]["parts"]]


def test_knockout_rolls_composure_with_the_pc_bonus_and_vehicle_toughness() -> None:
    # fs3combat.composure_skill: Composure, pc_knockout_bonus: 2 (Red Planet; rulings A31,
    # A32): a character's knockout roll is Composure + 2 - the wound modifier; an NPC's has
    # no bonus.
    rules = game(RED)
    assert rules.combat.toughness_ability == "Composure"
    jed = Combatant("Jed", "A", ratings={"Composure": 2, "Grit": 2}, kind="Citizen",
                    weapon="Revolver", wounds=(Wound("Chest", "SEVERE"),))  # fmt: skip
    raider = Combatant("Raider", "B", rating=3, weapon="Revolver", kind="Raider",
                       wounds=(Wound("Chest", "SEVERE"),))  # fmt: skip
    t = Turn(1, [jed, raider], {}, rules=rules.combat, fs3=rules, dice=ScriptedDice([1] * 5))
    t.damaged = {"Jed", "Raider"}
    t.knockouts(["Jed", "Raider"])
    rolls = {k["name"]: k["roll"] for k in t.report.knockouts}
    assert mods(rolls["Jed"]) == {"knockout bonus": 2, "wounds": -2}
    assert rolls["Jed"]["parts"][0]["label"] == "Composure 2"
    assert rolls["Jed"]["requested"] == 2 + 2 + 2 - 2
    assert mods(rolls["Raider"]) == {"wounds": -2}  # an NPC: no bonus
    # The default config's Tank: toughness 3, added to its crew's knockout rolls (A27).
    default = game(DEFAULT)
    crew = Combatant("Driver", "A", rating=4, weapon="Unarmed", wounds=(Wound("Chest", "IMPAIR"),))
    tank = Combatant("Tank 1", "A", rating=4, weapon="Cannon", kind="Tank", armor="Tank",
                     crew=("Driver",))  # fmt: skip
    t = Turn(1, [crew, tank], {}, rules=default.combat, fs3=default, dice=SeededDice(1))
    assert dict(t.knockout_mods("Driver")) == {"Tank toughness": 3}


def test_a_melee_hit_rolls_strength_for_more_damage() -> None:
    # fs3combat.strength_skill: Brawn (Red Planet; rulings A31): a melee hit rolls it, and
    # each success past the first adds 5 to the damage roll, as AresMUSH's resolve_attack does.
    rules = game(RED)
    assert rules.combat.strength_ability == "Brawn"
    a = Combatant("Raider", "A", rating=2, weapon="Machete", kind="Raider")
    b = Combatant("Jed", "B", rating=1, weapon="Revolver", kind="Citizen", armor="None")
    faces = [8, 8, 1]  # initiative: Raider 2 hits, Jed 0
    faces += [8, 8, 2, 2, 2, 2]  # Raider: 2 + 3 (melee) dice, 2 hits; Jed's Reflexes, none
    faces += [8, 8]  # the strength roll: 2 successes, 5 more damage
    faces += [10, 50]  # d10 location: Chest (vital: +0); damage 50 + 5 (Machete) + 5
    faces += [1]  # Jed's knockout roll
    (_, jed), report = turn(rules, [a, b], {"Raider": Action("attack", "Jed")}, ScriptedDice(faces))
    shot = report["events"][0]
    assert shot["strength_roll"]["successes"] == 2
    assert (shot["location"], shot["damage"]) == ("Chest", 50 + 5 + 5)
    assert jed.wounds[0].severity == "MAJOR"


@pytest.mark.parametrize("seed", range(6))
def test_an_explosion_lands_on_the_targets_list_chart(seed: int) -> None:
    # fs3combat.weapons.Frag Grenade (weapon_type: Explosive, has_shrapnel: true) thrown at a
    # Viper (fs3combat.vehicles.Viper.hitloc_chart: Fighter) and a Soldier (hitloc:
    # Humanoid): 004 Explosions' pieces land on each one's own list chart (rulings A23).
    rules = game(DEFAULT)
    gear = rules.combat
    thrower = Combatant("Marine", "A", rating=8, weapon="Frag Grenade")
    viper = Combatant("Viper 1", "B", rating=2, weapon="Kew", kind="Viper", armor="Viper")
    soldier = Combatant("Trooper", "B", rating=2, weapon="Rifle", kind="Soldier")
    throw = Action("attack", "Viper 1", near=("Trooper",))
    _, report = turn(rules, [thrower, viper, soldier], {"Marine": throw}, SeededDice(seed))
    event = next(e for e in report["events"] if e["actor"] == "Marine")
    charts = {"Viper 1": gear.hit_charts["Fighter"], "Trooper": gear.hit_charts["Humanoid"]}
    for caught in event.get("caught", []):
        places = {loc for rows in charts[caught["name"]].areas.values() for loc in rows}
        for hit in caught["hits"]:
            if hit["kind"] == "shrapnel":
                assert hit["location"] in places
