"""The combat side of an AresMUSH config imported (issue 38, section 1): every setting of the
three real configs' fs3combat files is accounted for, bad settings are one line naming the
file and key, and the rules written back import as the same rules."""

from __future__ import annotations

from typing import Any

import pytest
import yaml

from rollplay.aresmush import combat
from rollplay.aresmush import config as ares_config
from rollplay.aresmush.config import ConfigError
from rollplay.aresmush.report import UNKNOWN, Claims
from rollplay.dice import ScriptedDice
from rollplay.systems.fs3.combat.turn import Action, Combatant, resolve_turn
from tests.aresmush.combat_helpers import rules_of
from tests.aresmush.fixtures import GAMES, game_dir, needs_configs

SKILLS = {
    "fs3skills_attrs.yml": {"fs3skills": {"attributes": [{"name": n} for n in (
        "Reflexes", "Brawn", "Wits", "Grit", "Perception")]}},
    "fs3skills_action.yml": {"fs3skills": {"action_skills": [
        {"name": "Firearms", "linked_attr": "Reflexes"},
        {"name": "Melee", "linked_attr": "Brawn"},
        {"name": "Alertness", "linked_attr": "Perception"},
        {"name": "Medicine", "linked_attr": "Wits"},
        {"name": "Composure", "linked_attr": "Grit"},
        {"name": "Riding", "linked_attr": "Reflexes"},
    ]}},
}  # fmt: skip


def small(**combat_files: dict[str, Any]) -> ares_config.Config:
    """A config of these fs3combat files' ``fs3combat`` sections, with a small skills side."""
    data = {**SKILLS, **{f"fs3combat_{k}.yml": {"fs3combat": v} for k, v in combat_files.items()}}
    return ares_config.parse({n: yaml.safe_dump(d).encode() for n, d in data.items()}, "test")


KNIFE = {"description": "A knife", "skill": "Melee", "lethality": 0, "penetration": 2,
         "weapon_type": "Melee", "recoil": 0, "damage_type": "Physical", "accuracy": 0,
         "init_mod": 0}  # fmt: skip
CHART = {"areas": {"Chest": ["Arm", "Arm", "Chest", "Chest"], "Arm": ["Chest", "Arm"]},
         "vital_areas": ["Chest"], "critical_areas": []}  # fmt: skip


@needs_configs
@pytest.mark.parametrize("game", GAMES)
def test_the_real_configs_combat_settings_are_each_accounted_for(game: str) -> None:
    # Issue 38: "A report accounts for every setting of every file": none is unknown.
    _, _, items = rules_of(ares_config.read(game_dir(game)))
    mine = [i for i in items if i.file.startswith("fs3combat_")]
    assert len({i.file for i in mine}) == 9
    assert [i.key for i in mine if i.note == UNKNOWN] == []
    assert {i.status for i in mine} == {"kept", "converted", "unsupported"}
    rules = [i for i in mine if i.status == "unsupported" and "description" not in i.key]
    assert all(i.note for i in rules)


@needs_configs
def test_the_default_configs_report_says_what_each_setting_became() -> None:
    _, _, items = rules_of(ares_config.read(game_dir("AresMUSH__aresmush")))
    by_key = {i.key: i for i in items}
    assert by_key["fs3combat.weapons.Frag Grenade.accuracy"].status == "kept"
    assert by_key["fs3combat.weapons.Frag Grenade.description"].status == "unsupported"
    chest = by_key["fs3combat.hitloc.Humanoid.areas.Chest"]
    assert chest.status == "converted"
    assert "Chest 3/10" in chest.note  # the list's odds, kept (rulings A23)
    assert by_key["fs3combat.damage_table.GRAZE"].status == "converted"
    assert by_key["fs3combat.shortcuts.combat/add"].status == "unsupported"
    assert by_key["fs3combat.composure_skill"].status == "converted"


@needs_configs
@pytest.mark.parametrize("game", GAMES)
def test_a_real_config_written_back_imports_as_the_same_rules(game: str) -> None:
    # Issue 38, section 4: "a round trip import -> export -> import gives the same game".
    cfg = ares_config.read(game_dir(game))
    rules, _, _ = rules_of(cfg)
    files = {
        n: yaml.safe_dump(dict(d), sort_keys=False).encode() for n, d in combat.write(rules).items()
    }
    files.update({n: yaml.safe_dump(dict(f.data)).encode()
                  for n, f in cfg.files.items() if n.startswith("fs3skills")})  # fmt: skip
    again, _, items = rules_of(ares_config.parse(files, "export"))
    assert again.combat == rules.combat
    assert [i.key for i in items if i.note == UNKNOWN and i.file.startswith("fs3combat")] == []


@pytest.mark.parametrize(
    ("files", "said"),
    [
        ({"weapons": {"weapons": {"Knife": {**KNIFE, "skill": "Knitting"}}}},
         "fs3combat_weapons.yml: fs3combat.weapons.Knife.skill: 'Knitting' is not an action "
         "skill of this game"),
        ({"hitloc": {"hitloc": {"Body": {**CHART, "areas": {"Chest": []}}}}},
         "fs3combat_hitloc.yml: fs3combat.hitloc.Body.areas.Chest: the list has no rows"),
        ({"hitloc": {"hitloc": {"Body": {**CHART, "areas": {}}}}},
         "fs3combat_hitloc.yml: fs3combat.hitloc.Body.areas: a chart needs its locations"),
        ({"weapons": {"weapons": {"Knife": {**KNIFE, "lethality": "lots"}}}},
         "fs3combat_weapons.yml: fs3combat.weapons.Knife.lethality: a whole number, not 'lots'"),
        ({"weapons": {"weapons": ["Knife"]}},
         "fs3combat_weapons.yml: fs3combat.weapons: a table of named entries, not a list"),
        ({"damage": {"damage_table": {"GRAZE": "high"}, "damage_mods": {"FLESH": 1}}},
         "fs3combat_damage.yml: fs3combat.damage_table.GRAZE: a number, not 'high'"),
        ({"npcs": {"npc_types": {"Goon": {"Firearms": 6}}, "default_npc_type": "Goon"}},
         "fs3combat_npcs.yml: fs3combat.npc_types.Goon.Default: each NPC type needs a Default"),
        ({"hitloc": {"hitloc": {"Body": CHART}},
          "misc": {"combatant_types": {"Soldier": {"hitloc": "Torso", "weapon": "Knife"}}},
          "weapons": {"weapons": {"Knife": KNIFE}}},
         "fs3combat_misc.yml: fs3combat.combatant_types.Soldier.hitloc: 'Torso' is not one of "
         "this config's hit charts (Body)"),
        ({"skills": {"treat_skill": "Knitting"}},
         "fs3combat_skills.yml: fs3combat.treat_skill: 'Knitting' is not an ability"),
        ({"hitloc": {"hitloc": {"Body": CHART}}, "armor": {"armor": {}},
          "vehicles": {"vehicles": {"Jeep": {"pilot_skill": "Firearms", "hitloc_chart": "Body",
                                             "armor": "Steel", "weapons": [], "toughness": 1,
                                             "dodge": 0, "description": "A jeep"}}}},
         "fs3combat_vehicles.yml: fs3combat.vehicles.Jeep.armor: 'Steel' is not in this config"),
    ],
)  # fmt: skip
def test_a_bad_combat_setting_is_one_line_naming_the_file_and_key(
    files: dict[str, dict[str, Any]], said: str
) -> None:
    # Issue 38: bad input is "one line" naming what is wrong; never a traceback.
    cfg = small(**files)
    with pytest.raises(ConfigError) as caught:
        combat.read(cfg, Claims(cfg), "3.3")
    assert str(caught.value).startswith(said)
    assert "\n" not in str(caught.value)


def test_a_weapon_type_aresmush_does_not_know_is_reported_and_fought_as_ranged() -> None:
    # One real config arms its Unarmed with weapon_type: Fighting, which AresMUSH's validator
    # refuses and its code fights as a ranged weapon: reported as converted, never unknown.
    cfg = small(weapons={"weapons": {"Fist": {**KNIFE, "weapon_type": "Fighting"}}})
    claims = Claims(cfg)
    rules = combat.read(cfg, claims, "3.3")
    assert rules["combat"]["weapons"][0]["melee"] is False
    item = next(i for i in claims.finished() if i.key.endswith("Fist.weapon_type"))
    assert item.status == "converted"
    assert "'Fighting' is none of AresMUSH's weapon types" in item.note


def test_a_mount_helps_its_rider_against_someone_on_foot() -> None:
    # fs3combat.mounts.Horse.mod_vs_unmounted: 2 with a combatant type riding it (rulings
    # A28): a rider attacking someone on foot adds 2; someone on foot attacking a rider takes
    # 2 off.
    cfg = small(
        weapons={"weapons": {"Knife": KNIFE}},
        hitloc={"hitloc": {"Body": CHART}},
        mounts={"mounts": {"Horse": {"description": "A horse", "toughness": 4,
                                     "mod_vs_unmounted": 2}}},
        misc={"allow_mounts": True, "default_type": "Walker", "combatant_types": {
            "Walker": {"hitloc": "Body", "weapon": "Knife"},
            "Rider": {"hitloc": "Body", "weapon": "Knife", "mount": "Horse"}}},
    )  # fmt: skip
    rules, _, _ = rules_of(cfg)
    rider = Combatant("Rider", "A", rating=3, weapon="Knife", kind="Rider")
    walker = Combatant("Walker", "B", rating=3, weapon="Knife", kind="Walker")
    faces = [1, 1, 1, 1, 1, 1, 30, 60]  # initiative: no hits; tie-breaks: Walker first
    faces += [1] * 5 + [1] * 6  # Walker attacks: 3 + 3 melee - 2 = 4... no hits; Rider parries
    faces += [1] * 8 + [1] * 6  # Rider attacks: 3 + 3 + 2 = 8 dice; Walker parries 3 + 3
    both = {"Rider": Action("attack", "Walker"), "Walker": Action("attack", "Rider")}
    _, report = resolve_turn(1, [rider, walker], both, rules=rules.combat, fs3=rules,
                             dice=ScriptedDice(faces))  # fmt: skip
    shots = {e["actor"]: e for e in report.events}
    assert shots["Rider"]["pools"][0] == 3 + 3 + 2
    assert shots["Walker"]["pools"][0] == 3 + 3 - 2


def test_a_misspelt_weapon_key_is_reported_as_what_aresmush_does_with_it() -> None:
    # Real configs hold "Ammo:" and "recoi:", which AresMUSH does not read: reported as such,
    # with the key it probably meant, and not imported.
    cfg = small(weapons={"weapons": {"Gun": {**KNIFE, "weapon_type": "Ranged", "Ammo": 4}}})
    claims = Claims(cfg)
    rules = combat.read(cfg, claims, "3.3")
    assert rules["combat"]["weapons"][0]["ammo"] == 0
    item = next(i for i in claims.finished() if i.key.endswith("Gun.Ammo"))
    assert (item.status, item.note.split("?")[0]) == ("unsupported", "a misspelling of 'ammo'")


@needs_configs
@pytest.mark.parametrize("fmt", ["toml", "yaml"])
def test_an_imported_games_combat_rules_survive_its_own_house_rules_file(fmt: str) -> None:
    # The new settings (docs/combat.md, "House rules real games use") are house-rules keys
    # like any other: `rollplay fs3 rules` prints them and a file of them builds them again.
    from rollplay import rulesfile
    from rollplay.errors import RulesetError
    from rollplay.systems.fs3 import houserules

    rules, _, _ = rules_of(ares_config.read(game_dir("Red-Planet-MU__aresmush")))
    text = houserules.dump(rules, fmt)
    data = rulesfile.parse_text(text, ".yml" if fmt == "yaml" else ".toml", "house", RulesetError)
    assert houserules.from_mapping(data).combat == rules.combat
