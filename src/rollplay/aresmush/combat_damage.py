"""Damage levels, NPC tiers, the combat skills, vehicles and mounts (``fs3combat_damage.yml``,
``_npcs``, ``_skills``, ``_vehicles``, ``_mounts``): read into house rules and written back
(issue 38; rulings A26 to A33)."""

from __future__ import annotations

import math
from collections.abc import Mapping
from typing import Any

from rollplay.aresmush.combat_base import Side
from rollplay.systems.fs3.combat.gear import CombatRules
from rollplay.systems.fs3.combat.kit import CREW_HITS

HEALED = "HEAL"  # AresMUSH's level for a wound healed past its lowest (rulings A29)
TOP = "INCAP"  # the level above the table's last, where a config names none
# AresMUSH's damage roll: -30 for a location neither vital nor critical, 0 vital, +30
# critical; its damage table's thresholds are set against these (rulings A30).
LOCATION_BONUSES = {"normal_bonus": -30, "vital_bonus": 0, "critical_bonus": 30}
SKILLS = {
    "initiative_skill": ("initiative_ability", "kept", "rolled for initiative (002)"),
    "composure_skill": (
        "toughness_ability",
        "converted",
        "AresMUSH's knockout roll: rollplay's knockout roll (002 Knockout, "
        "toughness_ability) rolls it (A31)",
    ),
    "treat_skill": ("treat_ability", "kept", "rolled to treat a wound (002 Treat)"),
    "healing_skill": (
        "healing_ability",
        "kept",
        "a doctor's daily roll and patient limit (004 Healing Damage; A33)",
    ),
    "recovery_skill": ("recovery_ability", "kept", "the patient's daily healing roll (A33)"),
}


def read_damage(side: Side) -> dict[str, Any]:
    """Damage levels (A29): the table's levels in order, each up to its threshold, then the
    level above them; a level with no wound modifier leaves no wound (a graze)."""
    mods_at, table_at, points_at = (
        side.find("damage_mods"),
        side.find("damage_table"),
        side.find("healing_points"),
    )
    if table_at is None:
        return {}
    file, table = side.table("damage_table", rows=False)
    mods = _numbers(side, "damage_mods", mods_at)
    points = _numbers(side, "healing_points", points_at)
    levels: list[dict[str, Any]] = []
    thresholds = {
        str(name): side.number(file, f"damage_table.{name}", value, whole=False)
        for name, value in table.items()
    }
    # AresMUSH reads each level by its threshold, not by its place in the file.
    for name, threshold in sorted(thresholds.items(), key=lambda kv: kv[1]):
        levels.append(
            {
                "name": name,
                "modifier": float(mods.get(name, 0)),
                "at_most": math.ceil(threshold),
                "tracked": name in mods,
            }
        )
        side.claim(
            file,
            f"damage_table.{name}",
            "converted",
            f"a damage roll (d100, 1-100) up to {math.ceil(threshold)} is {name}: "
            f"AresMUSH's roll of 0-99 under {threshold}, the same odds (A29)",
        )
    extras = [k for k in mods if k not in table]
    healed = HEALED if HEALED in extras and len(extras) > 1 else None
    tops = [k for k in extras if k != healed]
    top = tops[-1] if tops else TOP
    levels.append({"name": top, "modifier": float(mods.get(top, 0)), "tracked": True})
    names = [lv["name"] for lv in levels]
    for lv in levels:
        lv["modifier"] = lv["modifier"] if lv["tracked"] else 0.0
    out: dict[str, Any] = {
        "crew_hits": crew_hits(levels),
        "severities": levels,
        **LOCATION_BONUSES,
        "healing_points": {n: int(points.get(n, 0)) for n in names},
    }
    _claim_damage(side, mods_at, points_at, names, healed)
    return out


def crew_hits(levels: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """004 Crew Hits' rows for these levels, by rank from the top (the top level is
    Critical's row, the one below Serious's...; a graze hurts no crew): rulings A29."""
    rows = [{"chance": r.chance, "hits": r.hits} for r in CREW_HITS]
    tracked = [lv["name"] for lv in levels if lv["tracked"]]
    out = []
    for lv in levels:
        if not lv["tracked"]:
            out.append({"severity": lv["name"], "chance": 0, "hits": "1"})
            continue
        from_top = len(tracked) - 1 - tracked.index(lv["name"])
        out.append({"severity": lv["name"], **rows[max(len(rows) - 1 - from_top, 0)]})
    return out


def _numbers(side: Side, key: str, found: tuple[str, Any] | None) -> dict[str, float]:
    if found is None:
        return {}
    file, value = found
    if not isinstance(value, Mapping):
        raise side.bad(file, key, "a table of damage levels and numbers")
    out = {}
    for name, v in value.items():
        n = side.number(file, f"{key}.{name}", v, whole=False)
        if n < 0:
            raise side.bad(file, f"{key}.{name}", f"must be 0 or more, not {n}")
        out[str(name)] = float(n)
    return out


def _claim_damage(
    side: Side, mods_at: Any, points_at: Any, names: list[str], healed: str | None
) -> None:
    for found, key, note in (
        (mods_at, "damage_mods", "the level's wound modifier (002 Damage Levels)"),
        (points_at, "healing_points", "points a wound needs to drop a level (004 Healing)"),
    ):
        if found is None:
            continue
        for name in found[1]:
            if name in names:
                side.claim(found[0], f"{key}.{name}", "kept", note)
            elif name == healed:
                side.claim(
                    found[0],
                    f"{key}.{name}",
                    "converted",
                    "AresMUSH's healed level: in rollplay a wound healed past its lowest "
                    "level heals away, the same in play (modifier 0; A29)",
                )
            else:
                side.claim(
                    found[0],
                    f"{key}.{name}",
                    "unsupported",
                    "not a level the damage table reaches; no wound is of it",
                )


def read_knockout(side: Side) -> dict[str, Any]:
    found = side.find("pc_knockout_bonus")
    out: dict[str, Any] = {}
    if found is not None:
        out["knockout_bonus"] = int(side.number(found[0], "pc_knockout_bonus", found[1]))
        side.claim(
            found[0],
            "pc_knockout_bonus",
            "kept",
            "added to a character's (not an NPC's) knockout roll (A32)",
        )
    found = side.find("healing_cron")
    if found is not None:
        side.claim(
            found[0],
            "healing_cron",
            "unsupported",
            "when the MUSH heals by its clock; rollplay heals a day when the Storyteller "
            "runs `rollplay heal day` (docs/combat.md, Healing)",
        )
    return out


def read_npcs(side: Side) -> dict[str, Any]:
    file, table = side.table("npc_types")
    tiers = []
    for name, t in table.items():
        key = f"npc_types.{name}"
        ratings = {str(k): int(side.number(file, f"{key}.{k}", v)) for k, v in t.items()}
        if "Default" not in ratings:
            raise side.bad(file, f"{key}.Default", "each NPC type needs a Default rating")
        tiers.append(
            {
                "name": str(name),
                "default": ratings.pop("Default"),
                "wounds": ratings.pop("Wounds", 0),
                "ratings": ratings,
            }
        )
        side.claim(file, key, "kept", "an NPC tier's rating for this ability (A26)")
        side.claim(file, f"{key}.Default", "kept", "for any other skill; half for an attribute")
        if "Wounds" in t:
            side.claim(
                file,
                f"{key}.Wounds",
                "kept",
                "added to every damage roll against an NPC of the tier (A26)",
            )
    out: dict[str, Any] = {"npc_tiers": tiers} if tiers else {}
    found = side.find("default_npc_type")
    if found is not None:
        value = side.text(found[0], "default_npc_type", found[1])
        if value not in table:
            raise side.bad(found[0], "default_npc_type", f"{value!r} is not an NPC type")
        out["default_npc_tier"] = value
        side.claim(
            found[0],
            "default_npc_type",
            "converted",
            "kept with the rules and written back; an NPC in rollplay rolls its type's tier, "
            "else the single rating it joins with (004), so this tier decides nothing (A26)",
        )
    return out


def read_skills(side: Side, known: set[str] | None) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for key, (field, status, note) in SKILLS.items():
        found = side.find(key)
        if found is None:
            continue
        value = side.text(found[0], key, found[1])
        if known is not None and value.casefold() not in known:
            raise side.bad(found[0], key, f"{value!r} is not an ability of this game")
        out[field] = value
        side.claim(found[0], key, status, note)  # type: ignore[arg-type]
    found = side.find("strength_skill")
    if found is not None:
        value = side.text(found[0], "strength_skill", found[1])
        if known is not None and value.casefold() not in known:
            raise side.bad(found[0], "strength_skill", f"{value!r} is not an ability of this game")
        out["strength_ability"] = value
        side.claim(
            found[0],
            "strength_skill",
            "kept",
            "a melee hit's strength roll: 5 more damage per success past the first, as "
            "AresMUSH rolls it (A31)",
        )
    found = side.find("default_defense_skill")
    if found is not None:
        side.claim(
            found[0],
            "default_defense_skill",
            "converted",
            "every ranged weapon's defense skill, unless a type names its own (A24)",
        )
    return out


def write_damage(rules: CombatRules) -> dict[str, Any]:
    levels = rules.severities
    mods: dict[str, float] = {} if any(s.name == HEALED for s in levels) else {HEALED: 0}
    points: dict[str, int] = dict.fromkeys(mods, 0)
    for s in levels:
        if s.tracked:
            mods[s.name] = s.modifier
        points[s.name] = rules.healing_points[s.name]
    table = {s.name: s.at_most for s in levels[:-1]}
    return {
        "damage_mods": mods,
        "damage_table": table,
        "healing_points": points,
        "pc_knockout_bonus": rules.knockout_bonus,
    }
