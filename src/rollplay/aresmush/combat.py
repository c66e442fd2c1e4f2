"""The combat side of an AresMUSH config (issue 38): its files' settings read into
house rules, each claimed in the report, and a ruleset written back as those files.

Each file becomes part of the house rules' ``combat`` table (docs/moving.md, section 1;
rulings A20 to A39): weapons, armor and their specials (``combat_gear.py``), hit charts and
combatant types (``combat_charts.py``), damage levels, NPC tiers, the combat skills, vehicles
and mounts (``combat_damage.py``). A setting that cannot be read, or names what the config
does not hold, is refused in one line naming its file and key."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from rollplay.aresmush import defaults
from rollplay.aresmush.combat_base import PLUGIN, Side, abilities
from rollplay.aresmush.combat_charts import (
    read_charts,
    read_misc,
    read_types,
    write_charts,
    write_types,
)
from rollplay.aresmush.combat_craft import flag, read_mounts, read_vehicles
from rollplay.aresmush.combat_damage import (
    SKILLS,
    read_damage,
    read_knockout,
    read_npcs,
    read_skills,
    write_damage,
)
from rollplay.aresmush.combat_gear import (
    WEAPON_SPECIAL_CHANGES,
    read_armor,
    read_specials,
    read_weapons,
    write_armor,
    write_weapons,
)
from rollplay.aresmush.config import Config
from rollplay.aresmush.kept import restore
from rollplay.aresmush.report import Claims
from rollplay.systems.fs3.ruleset import FS3Ruleset

DEFAULT_DEFENSE = "Reflexes"  # AresMUSH's default config's default_defense_skill


def read(config: Config, claims: Claims, edition: str) -> dict[str, Any]:
    """The house-rules keys this side's settings set (unclaimed settings are reported as
    unknown). A config of skills files only leaves combat as the edition has it, as one of
    combat files only leaves the skills side (rulings A36)."""
    if not any(name.startswith("fs3combat_") for name in config.files):
        return {}
    side = Side(config, claims)
    known = abilities(config)
    every = None if known is None else known[0] | known[1]
    combat: dict[str, Any] = read_skills(side, every)
    found = side.find("default_defense_skill")
    defense = DEFAULT_DEFENSE
    if found is not None:
        defense = side.text(found[0], "default_defense_skill", found[1])
        if every is not None and defense.casefold() not in every:
            raise side.bad(found[0], "default_defense_skill", f"{defense!r} is not an ability")
    parts: dict[str, Any] = {
        "weapons": read_weapons(side, defense, None if known is None else known[0]),
        "weapon_specials": read_specials(side, "weapon specials", WEAPON_SPECIAL_CHANGES),
        "armor": read_armor(side),
        "armor_specials": read_specials(side, "armor specials", ("defense",)),
        "hit_charts": read_charts(side),
    }
    _check_specials(side, parts)
    combat.update(read_npcs(side))
    parts["vehicle_types"] = read_vehicles(side, flag(side, "allow_vehicles", "vehicles"))
    parts["mounts"] = read_mounts(side, flag(side, "allow_mounts", "mounts"))
    _check_vehicles(side, parts)
    names = {
        "hitloc": set(parts["hit_charts"]),
        "weapon": {w["name"] for w in parts["weapons"]},
        "armor": {a["name"] for a in parts["armor"]},
        "vehicle": {v["name"] for v in parts["vehicle_types"]},
        "mount": {m["name"] for m in parts["mounts"]},
        "npc_type": {t["name"] for t in combat.get("npc_tiers", ())},
    }
    if every is not None:
        names["defense_skill"] = every
    skipped = {  # in the config, not imported: a type naming one is told so (A24)
        field: {str(n) for n in side.table(setting)[1] if str(n) not in names[field]}
        for field, setting in (("weapon", "weapons"), ("vehicle", "vehicles"), ("mount", "mounts"))
    }
    types = read_types(side, names, skipped)
    parts["combatant_types"] = types
    _check_type_specials(side, parts)
    combat.update(read_misc(side, {t["name"] for t in types}))
    combat.update(read_damage(side))
    combat.update(read_knockout(side))
    combat.update({k: v for k, v in parts.items() if v or side.find(_SETTING.get(k, k))})
    if every is not None:
        combat.update(_stand_ins(combat, parts, defense, every, edition))
    return {"combat": combat} if combat else {}


def _stand_ins(
    combat: dict[str, Any], parts: dict[str, Any], defense: str, every: set[str], edition: str
) -> dict[str, str]:
    """rollplay's own combat rolls that AresMUSH's config names no ability for (rulings
    A31), where the edition's ability is not one of this game's: a rally is the knocked-out
    one's composure (AresMUSH's rally is their knockout roll again), an escape is rolled with
    the unarmed weapon's skill (AresMUSH's escape is a melee attack again), a vehicle's repair
    with its pilot skill (AresMUSH repairs none); composure where there is no such weapon or
    vehicle."""
    from rollplay.systems.fs3.presets import preset

    base = preset(edition).combat
    unarmed = next((w for w in parts["weapons"] if w["name"].casefold() == "unarmed"), None)
    pilots = [v["pilot_skill"] for v in parts["vehicle_types"]]
    composure = combat.get("toughness_ability", defense)
    choices = {
        "rally_ability": composure,
        "escape_ability": unarmed["attack_skill"] if unarmed else composure,
        "repair_ability": pilots[0] if pilots else composure,
    }
    return {k: v for k, v in choices.items() if getattr(base, k).casefold() not in every}


_SETTING = {
    "weapon_specials": "weapon specials",
    "armor_specials": "armor specials",
    "hit_charts": "hitloc",
    "vehicle_types": "vehicles",
    "combatant_types": "combatant_types",
}


def _check_specials(side: Side, parts: dict[str, Any]) -> None:
    for gear, specials, file_key in (
        ("weapons", "weapon_specials", "weapons"),
        ("armor", "armor_specials", "armor"),
    ):
        known = {s["name"] for s in parts[specials]}
        for item in parts[gear]:
            missing = [s for s in item["specials"] if s not in known]
            if missing:
                file = (side.find(file_key) or ("", None))[0]
                raise side.bad(
                    file,
                    f"{file_key}.{item['name']}.allowed_specials",
                    f"no special {missing[0]!r} in {_SETTING[specials]}",
                )


def _check_vehicles(side: Side, parts: dict[str, Any]) -> None:
    charts, armor = set(parts["hit_charts"]), {a["name"] for a in parts["armor"]}
    weapons = {w["name"] for w in parts["weapons"]}
    file = (side.find("vehicles") or ("", None))[0]
    for v in parts["vehicle_types"]:
        key = f"vehicles.{v['name']}"
        for field, value, pool in (
            ("hitloc_chart", v["hit_chart"], charts),
            ("armor", v["armor"], armor),
        ):
            if value not in pool:
                raise side.bad(file, f"{key}.{field}", f"{value!r} is not in this config")
        for w in [w for w in v["weapons"] if w not in weapons]:
            v["weapons"].remove(w)
            side.claim(
                file,
                f"{key}.weapons",
                "converted",
                f"{w!r} is no weapon of this config, so the {v['name']} is left "
                f"without it; its other weapons are kept",
            )


def _check_type_specials(side: Side, parts: dict[str, Any]) -> None:
    weapons = {w["name"]: w for w in parts["weapons"]}
    file = (side.find("combatant_types") or ("", None))[0]
    for t in parts["combatant_types"]:
        fitted = t.get("weapon_specials", ())
        allowed = weapons[t["weapon"]]["specials"] if t.get("weapon") in weapons else []
        odd = [s for s in fitted if s not in allowed]
        if odd:
            raise side.bad(
                file,
                f"combatant_types.{t['name']}.weapon_specials",
                f"{t.get('weapon')} takes no special {odd[0]!r}",
            )


def write(ruleset: FS3Ruleset) -> dict[str, Mapping[str, Any]]:
    """This side's files for ruleset, by file name."""
    rules = ruleset.combat

    def specials(rows: Any) -> dict[str, Any]:
        return {
            s.name: {
                "description": s.name,
                **s.changes,
                **({"protection": dict(s.protection)} if s.protection else {}),
            }
            for s in rows
        }

    ranged = [w.defense_skill for w in rules.weapons if not w.melee]
    skills = {
        key: getattr(rules, field) or rules.toughness_ability
        for key, (field, _, _) in SKILLS.items()
    }
    skills["healing_skill"] = rules.healing_ability or rules.treat_ability
    common = max(set(ranged), key=ranged.count) if ranged else rules.toughness_ability
    skills["default_defense_skill"] = common
    skills["strength_skill"] = rules.strength_ability or rules.toughness_ability
    types = rules.combatant_types
    files = {
        "fs3combat_weapons.yml": {
            "weapons": write_weapons(rules.weapons),
            "weapon specials": specials(rules.weapon_specials),
        },
        "fs3combat_armor.yml": {
            "armor": write_armor(rules.armor),
            "armor specials": specials(rules.armor_specials),
        },
        "fs3combat_hitloc.yml": {"hitloc": write_charts(rules)},
        "fs3combat_damage.yml": {
            **write_damage(rules),
            **({} if ruleset.from_aresmush else defaults.COMBAT_DAMAGE),
        },
        "fs3combat_skills.yml": skills,
        "fs3combat_npcs.yml": {
            "default_npc_type": rules.default_npc_tier
            or next((t.name for t in rules.npc_tiers), "Goon"),
            "npc_types": {
                t.name: {"Default": t.default, **t.ratings, "Wounds": t.wounds}
                for t in rules.npc_tiers
            }
            or {"Goon": {"Default": 4}},
        },
        "fs3combat_vehicles.yml": {
            "vehicles": {
                v.name: {
                    "description": v.name,
                    "pilot_skill": v.pilot_skill,
                    "toughness": v.toughness,
                    "hitloc_chart": v.hit_chart,
                    "armor": v.armor,
                    "weapons": list(v.weapons),
                    "dodge": v.dodge,
                }
                for v in rules.vehicle_types
            }
        },
        "fs3combat_mounts.yml": {
            "mounts": {
                m.name: {
                    "description": m.name,
                    "toughness": m.toughness,
                    "mod_vs_unmounted": m.versus_unmounted,
                }
                for m in rules.mounts
            }
        },
        "fs3combat_misc.yml": {
            "default_type": rules.default_type,
            "allow_vehicles": bool(rules.vehicle_types),
            "allow_mounts": bool(rules.mounts),
            "stances": {
                n: {"attack_mod": a, "defense_mod": d} for n, (a, d) in rules.stances.items()
            },
            "combatant_types": write_types(types),
            # an imported game's own come back in restore (rulings A18)
            **({} if ruleset.from_aresmush else defaults.COMBAT_MISC),
        },
    }
    written = {name: {PLUGIN: data} for name, data in files.items()}
    return restore(written, ruleset.aresmush, "fs3combat_")
