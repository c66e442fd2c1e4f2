"""Any fs3combat config AresMUSH's validator accepts imports without a crash, fights a turn
with every combatant type, and import -> write -> import gives the same combat rules (issue
38, "Property tests"). The configs are generated from what ``fs3combat_config_validator.rb``
checks: weapons (a Shrapnel among them) with its required fields, mod ranges (-6 to 6) and
percentages; armor with protection by location; hit charts whose every list has 10 rows
ending in its own location; vehicles whose chart has crew areas and whose armor exists;
ascending damage thresholds and non-negative modifiers and healing points; NPC types with a
Default of 0 to 15; the combat skills among the game's abilities; combatant types (an
Observer among them) naming real charts, weapons, armor, vehicles, mounts, NPC types and
allowed specials."""

from __future__ import annotations

from typing import Any

import yaml
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from rollplay.aresmush import combat
from rollplay.aresmush import config as ares_config
from rollplay.dice import SeededDice
from rollplay.errors import RuleError
from rollplay.systems.fs3.combat.kindcheck import WEAPON_CHANGES
from rollplay.systems.fs3.combat.turn import Action, Combatant, check_action, resolve_turn
from tests.aresmush.combat_helpers import rules_of

WORDS = st.text("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ", min_size=2, max_size=8)
# Gear, chart and type names may hold what real configs' do: spaces, digits, hyphens,
# apostrophes (never '+', which fits a special to gear in both AresMUSH and rollplay).
NAME_CHARS = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789 -'"
NAMES = st.text(NAME_CHARS, min_size=1, max_size=10).map(str.strip).filter(bool)
MOD = st.integers(-6, 6)
PERCENT = st.one_of(st.just(0), st.integers(3, 100), st.integers(-100, -3))


def distinct(
    draw: Any,
    names: st.SearchStrategy[str],
    lo: int,
    hi: int,
    avoid: set[str] = frozenset(),  # type: ignore[assignment]
) -> list[str]:
    taken = {a.casefold() for a in avoid}
    out = []
    for name in draw(st.lists(names, min_size=lo, max_size=hi)):
        if name.casefold() not in taken:
            taken.add(name.casefold())
            out.append(name)
    return out


@st.composite
def configs(draw: Any) -> dict[str, dict[str, Any]]:
    attrs = distinct(draw, WORDS, 1, 3) or ["Reflexes"]
    actions = distinct(draw, WORDS, 1, 4, set(attrs)) or ["Firearms"]
    abilities = attrs + actions
    w_specials = {
        n: {"description": n, **draw(st.dictionaries(st.sampled_from(WEAPON_CHANGES), MOD))}
        for n in distinct(draw, NAMES, 0, 2)
    }
    a_specials = {
        n: {"description": n, "protection": draw(st.dictionaries(NAMES, st.integers(0, 9)))}
        for n in distinct(draw, NAMES, 0, 2)
    }
    weapons: dict[str, Any] = {}
    for n in distinct(draw, NAMES, 1, 4, {"Shrapnel"}):
        weapons[n] = {
            "description": n,
            "skill": draw(st.sampled_from(actions)),
            "lethality": draw(PERCENT),
            "penetration": draw(st.integers(0, 20)),
            "weapon_type": draw(st.sampled_from(["Melee", "Ranged", "Explosive", "Suppressive"])),
            "is_automatic": draw(st.booleans()),
            "recoil": draw(MOD),
            "damage_type": draw(st.sampled_from(["Physical", "Stun"])),
            "accuracy": draw(MOD),
            "has_shrapnel": draw(st.booleans()),
            "init_mod": draw(MOD),
        }
        if draw(st.booleans()):
            weapons[n]["ammo"] = draw(st.integers(0, 40))
        if w_specials:
            weapons[n]["allowed_specials"] = draw(
                st.lists(st.sampled_from(list(w_specials)), unique=True)
            )
    weapons["Shrapnel"] = {
        "description": "Random Shrapnel",
        "skill": 3,
        "lethality": 0,
        "penetration": 5,
        "weapon_type": "Ranged",
        "recoil": 0,
        "damage_type": "Physical",
        "accuracy": 0,
        "init_mod": 0,
    }
    armor: dict[str, Any] = {}
    for n in distinct(draw, NAMES, 1, 3):
        armor[n] = {
            "description": n,
            "defense": draw(MOD),
            "protection": draw(st.dictionaries(NAMES, st.integers(0, 12), max_size=3)),
        }
        if a_specials and draw(st.booleans()):
            armor[n]["allowed_specials"] = draw(
                st.lists(st.sampled_from(list(a_specials)), unique=True)
            )
    charts: dict[str, Any] = {}
    for n in distinct(draw, NAMES, 1, 3):
        areas = distinct(draw, NAMES, 1, 3)
        listed = {
            a: [*draw(st.lists(st.sampled_from(areas), min_size=9, max_size=9)), a] for a in areas
        }
        charts[n] = {
            "areas": listed,
            "vital_areas": draw(st.lists(st.sampled_from(areas), unique=True)),
            "critical_areas": draw(st.lists(st.sampled_from(areas), unique=True)),
        }
        if draw(st.booleans()):
            charts[n]["crew_areas"] = draw(st.lists(st.sampled_from(areas), unique=True))
    crewed = [n for n, c in charts.items() if "crew_areas" in c]
    vehicles: dict[str, Any] = {}
    for n in distinct(draw, NAMES, 0, 2) if crewed else []:
        vehicles[n] = {
            "description": n,
            "pilot_skill": draw(st.sampled_from(actions)),
            "toughness": draw(MOD),
            "hitloc_chart": draw(st.sampled_from(crewed)),
            "armor": draw(st.sampled_from(list(armor))),
            "dodge": draw(MOD),
            "weapons": draw(st.lists(st.sampled_from(list(weapons)), max_size=2)),
        }
    mounts = {
        n: {"description": n, "toughness": draw(st.integers(0, 15)), "mod_vs_unmounted": draw(MOD)}
        for n in distinct(draw, NAMES, 0, 2)
    }
    levels = distinct(draw, WORDS.map(str.upper), 2, 5)
    levels += [n for n in ("GRAZE", "INCAP") if n not in levels][: max(2 - len(levels), 0)]
    table_names, top = levels[:-1], levels[-1]
    thresholds = sorted(
        draw(st.lists(st.integers(0, 120), min_size=len(table_names), max_size=len(table_names)))
    )
    tracked = draw(st.lists(st.sampled_from(table_names), unique=True))
    damage = {
        "damage_mods": {
            n: draw(st.sampled_from([0, 0.25, 0.5, 1, 2, 4, 7]))
            for n in ["HEAL", *tracked, top]
            if n not in table_names or n in tracked
        },
        "damage_table": dict(zip(table_names, thresholds, strict=True)),
        "healing_cron": {"hour": [2], "minute": [47]},
        "healing_points": {n: draw(st.integers(0, 10)) for n in levels},
        "pc_knockout_bonus": draw(st.integers(0, 3)),
    }
    tiers = {
        n: {
            "Default": draw(st.integers(0, 15)),
            **draw(st.dictionaries(st.sampled_from(abilities), st.integers(0, 15))),
            "Wounds": draw(st.integers(-30, 30)),
        }
        for n in distinct(draw, NAMES, 1, 3)
    }
    types: dict[str, Any] = {"Observer": {"hitloc": draw(st.sampled_from(list(charts)))}}
    for n in distinct(draw, NAMES, 0, 3, {"Observer"}):
        t: dict[str, Any] = {"hitloc": draw(st.sampled_from(list(charts)))}
        if vehicles and draw(st.booleans()):
            t["vehicle"] = draw(st.sampled_from(list(vehicles)))
        else:
            t["weapon"] = draw(st.sampled_from(list(weapons)))
            allowed = weapons[t["weapon"]].get("allowed_specials", [])
            if allowed:
                t["weapon_specials"] = draw(st.lists(st.sampled_from(allowed), unique=True))
            if mounts and draw(st.booleans()):
                t["mount"] = draw(st.sampled_from(list(mounts)))
        for field, pool in (
            ("armor", list(armor)),
            ("defense_skill", abilities),
            ("npc_type", list(tiers)),
        ):
            if draw(st.booleans()):
                t[field] = draw(st.sampled_from(pool))
        types[n] = t
    skills = {
        k: draw(st.sampled_from(abilities))
        for k in (
            "treat_skill",
            "healing_skill",
            "recovery_skill",
            "initiative_skill",
            "composure_skill",
            "strength_skill",
            "default_defense_skill",
        )
    }
    misc = {
        "default_type": draw(st.sampled_from(list(types))),
        "allow_vehicles": draw(st.booleans()),
        "allow_mounts": draw(st.booleans()),
        "stances": {
            n: {"attack_mod": draw(MOD), "defense_mod": draw(MOD)}
            for n in ["Normal", "Cover", *distinct(draw, NAMES, 0, 2, {"Normal", "Cover"})]
        },
        "combatant_types": types,
    }
    return {
        "fs3skills_attrs.yml": {"fs3skills": {"attributes": [{"name": a} for a in attrs]}},
        "fs3skills_action.yml": {
            "fs3skills": {
                "action_skills": [
                    {"name": s, "linked_attr": draw(st.sampled_from(attrs))} for s in actions
                ]
            }
        },
        "fs3combat_weapons.yml": {"fs3combat": {"weapons": weapons, "weapon specials": w_specials}},
        "fs3combat_armor.yml": {"fs3combat": {"armor": armor, "armor specials": a_specials}},
        "fs3combat_hitloc.yml": {"fs3combat": {"hitloc": charts}},
        "fs3combat_vehicles.yml": {"fs3combat": {"vehicles": vehicles}},
        "fs3combat_mounts.yml": {"fs3combat": {"mounts": mounts}},
        "fs3combat_damage.yml": {"fs3combat": damage},
        "fs3combat_npcs.yml": {
            "fs3combat": {
                "npc_types": tiers,
                "default_npc_type": draw(st.sampled_from(list(tiers))),
            }
        },
        "fs3combat_skills.yml": {"fs3combat": skills},
        "fs3combat_misc.yml": {"fs3combat": misc},
    }


def as_config(files: dict[str, Any]) -> ares_config.Config:
    texts = {n: yaml.safe_dump(dict(d), sort_keys=False).encode() for n, d in files.items()}
    return ares_config.parse(texts, "generated")


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(configs())
def test_any_config_the_validator_accepts_imports_and_round_trips(files: dict[str, Any]) -> None:
    cfg = as_config(files)
    rules, _, items = rules_of(cfg)  # builds the ruleset: no crash, no refusal
    unknown = [i.key for i in items if i.file.startswith("fs3combat") and "not know" in i.note]
    assert unknown == []
    back = dict(combat.write(rules).items())
    back.update({n: dict(f.data) for n, f in cfg.files.items() if n.startswith("fs3skills")})
    again, _, _ = rules_of(as_config(back))
    assert again.combat == rules.combat
    fight_a_turn(rules)


def fight_a_turn(rules: Any) -> None:
    """Every combatant type (and vehicle type) fights one turn: each attacks (or suppresses
    with) its type's weapon at the next, without a crash."""
    gear = rules.combat
    kinds = [t.name for t in gear.combatant_types] + [v.name for v in gear.vehicle_types]
    people = []
    for i, kind in enumerate(kinds):
        found = gear.kind(kind)
        weapon = found.weapon if found and found.weapon else gear.weapons[0].name
        specials = found.weapon_specials if found and found.weapon == weapon else ()
        armor = found.armor if found and found.armor else gear.armor[0].name
        people.append(Combatant(f"F{i}", "AB"[i % 2], rating=5, kind=kind, armor=armor,
                                weapon="+".join([weapon, *specials])))  # fmt: skip
    actions = {}
    everyone = {c.name: c for c in people}
    for i, c in enumerate(people[:-1]):
        kind = "suppress" if gear.weapon(c.weapon).suppressive else "attack"
        action = Action(kind, people[i + 1].name)
        try:  # a clean refusal (a special that empties the clip, as in AresMUSH) is fine
            check_action(c, action, everyone, gear, fs3=rules)
        except RuleError:
            continue
        actions[c.name] = action
    resolve_turn(1, people, actions, rules=gear, fs3=rules, dice=SeededDice(len(people)))
