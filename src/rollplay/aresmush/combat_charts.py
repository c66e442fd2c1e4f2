"""Hit-location charts and combatant types (``fs3combat_hitloc.yml``, ``fs3combat_misc.yml``):
read into house rules and written back (issue 38; rulings A23, A24, A34)."""

from __future__ import annotations

from collections import Counter
from fractions import Fraction
from typing import Any

from rollplay.aresmush.combat_base import Side
from rollplay.systems.fs3.combat.gear import CombatRules
from rollplay.systems.fs3.combat.kinds import CombatantType, HitChart

TYPE_KEYS = (
    "hitloc",
    "defense_skill",
    "weapon",
    "armor",
    "weapon_specials",
    "vehicle",
    "mount",
    "npc_type",
)
UNSUPPORTED_MISC = {
    "shortcuts": "command shortcuts of the MUSH; rollplay's commands are its own (docs/cli.md)",
    "achievements": "AresMUSH's achievements; rollplay keeps none",
    "permissions": "AresMUSH's permissions; rollplay's roles decide who runs combat (docs/web.md)",
    "gear_blurb": "the web portal's text above its gear list; rollplay's pages have their own",
}


def odds(rows: tuple[str, ...]) -> str:
    """A list's odds at no net hits: "Chest 3/10, Abdomen 2/10"."""
    counts = Counter(rows)
    return ", ".join(f"{name} {n}/{len(rows)}" for name, n in counts.items())


def read_charts(side: Side) -> dict[str, dict[str, Any]]:
    file, table = side.table("hitloc")
    out: dict[str, dict[str, Any]] = {}
    for name, chart in table.items():
        key = f"hitloc.{name}"
        areas = chart.get("areas")
        if not isinstance(areas, dict) or not areas:
            raise side.bad(file, f"{key}.areas", "a chart needs its locations, each with a list")
        rows = {}
        for area, listed in areas.items():
            names = side.names(file, f"{key}.areas.{area}", listed)
            if not names:
                raise side.bad(file, f"{key}.areas.{area}", "the list has no rows")
            rows[str(area)] = list(names)
            side.claim(
                file,
                f"{key}.areas.{area}",
                "converted",
                f"a list chart (rulings A23): one row drawn at random, moved a row up per "
                f"net hit, as AresMUSH draws; odds at no net hits: {odds(names)}",
            )
        out[str(name)] = {"areas": rows}
        for field, setting in (
            ("vital", "vital_areas"),
            ("critical", "critical_areas"),
            ("crew", "crew_areas"),
        ):
            out[str(name)][field] = list(side.names(file, f"{key}.{setting}", chart.get(setting)))
            if setting in chart:
                side.claim(file, f"{key}.{setting}", "kept", _AREA_NOTES[setting])
        side.rest(file, key, chart, ("areas", "vital_areas", "critical_areas", "crew_areas"))
    return out


_AREA_NOTES = {
    "vital_areas": "a hit here adds the vital damage bonus (rulings A30)",
    "critical_areas": "a hit here adds the critical damage bonus (rulings A30)",
    "crew_areas": "a wound here may hurt the vehicle's crew (004 Crew Hits)",
}


def read_types(
    side: Side,
    known: dict[str, set[str]],
    skipped: dict[str, set[str]] | None = None,
) -> list[dict[str, Any]]:
    """Combatant types; ``known`` holds the names each may refer to (hit charts, weapons,
    armor, vehicles, mounts, NPC tiers), to refuse a name that is not there."""
    file, table = side.table("combatant_types")
    out = []
    for name, t in table.items():
        key = f"combatant_types.{name}"
        row: dict[str, Any] = {"name": str(name)}
        for field in TYPE_KEYS:
            if t.get(field) is None:
                continue
            target = (
                "npc_tier" if field == "npc_type" else "hit_chart" if field == "hitloc" else field
            )
            if field == "weapon_specials":
                row[target] = list(side.names(file, f"{key}.{field}", t[field]))
            else:
                value = side.text(file, f"{key}.{field}", t[field])
                if value in (skipped or {}).get(field, ()):
                    side.claim(file, f"{key}.{field}", "unsupported", _LEFT_OUT[field])
                    continue
                pool = known.get(field)
                spelled = {p.casefold(): p for p in pool or ()}
                if pool is not None and field != "defense_skill":
                    value = spelled.get(value.casefold(), value)  # names match in any case
                if pool is not None and value.casefold() not in spelled:
                    raise side.bad(
                        file,
                        f"{key}.{field}",
                        f"{value!r} is not one of this config's "
                        f"{_PLURAL[field]} ({', '.join(sorted(pool)) or 'none'})",
                    )
                row[target] = value
            side.claim(file, f"{key}.{field}", "kept", _TYPE_NOTES[field])
        if "hit_chart" not in row:
            raise side.bad(file, f"{key}.hitloc", "each combatant type needs a hit chart")
        side.rest(file, key, t, TYPE_KEYS)
        out.append(row)
    return out


_LEFT_OUT = {
    "weapon": "AresMUSH's own shrapnel weapon is no rollplay weapon: the type joins unarmed",
    "vehicle": "allow_vehicles is false, so no vehicle is imported: the type is on foot",
    "mount": "allow_mounts is false, so no mount is imported: the type is on foot",
}
_PLURAL = {
    "hitloc": "hit charts",
    "weapon": "weapons",
    "armor": "armor",
    "vehicle": "vehicles",
    "mount": "mounts",
    "npc_type": "NPC types",
    "defense_skill": "abilities",
}
_TYPE_NOTES = {
    "hitloc": "its hit chart: where its hits land, and where a plain attack aims (A23)",
    "defense_skill": "the ability it defends with, but melee against melee (A24)",
    "weapon": "the weapon it joins with (A24)",
    "armor": "the armor it joins with (A24)",
    "weapon_specials": "the specials on the weapon it joins with (A25)",
    "vehicle": "it is crew of this vehicle type (A27)",
    "mount": "it rides this mount (A28)",
    "npc_type": "an NPC of this type rolls this tier's ratings (A26)",
}


def read_misc(side: Side, types: set[str]) -> dict[str, Any]:
    out: dict[str, Any] = {}
    found = side.find("default_type")
    if found is not None:
        file, value = found
        value = side.text(file, "default_type", value)
        if value not in types:
            raise side.bad(file, "default_type", f"{value!r} is not a combatant type")
        out["default_type"] = value
        side.claim(file, "default_type", "kept", "the type a combatant joins as by default")
    found = side.find("stances")
    if found is not None:
        file, value = side.table("stances")
        stances = {}
        for name, mods in value.items():
            key = f"stances.{name}"
            stances[str(name)] = [
                int(side.number(file, f"{key}.attack_mod", mods.get("attack_mod", 0))),
                int(side.number(file, f"{key}.defense_mod", mods.get("defense_mod", 0))),
            ]
            side.rest(file, key, mods, ("attack_mod", "defense_mod"))
            for k in ("attack_mod", "defense_mod"):
                if k in mods:
                    side.claim(file, f"{key}.{k}", "kept", "added to attack or defense rolls (004)")
        if stances:
            out["stances"] = stances
    for key, note in UNSUPPORTED_MISC.items():
        hit = side.find(key)
        if hit is not None:
            side.claim(hit[0], key, "unsupported", note)
    return out


def write_charts(rules: CombatRules) -> dict[str, Any]:
    return {
        name: {
            "areas": {a: list(rows) for a, rows in c.areas.items()},
            "vital_areas": list(c.vital),
            "critical_areas": list(c.critical),
            "crew_areas": list(c.crew),
        }
        for name, c in rules.hit_charts.items()
    }


def write_types(types: tuple[CombatantType, ...]) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for t in types:
        row: dict[str, Any] = {"hitloc": t.hit_chart}
        for field, value in (
            ("defense_skill", t.defense_skill),
            ("weapon", t.weapon),
            ("armor", t.armor),
            ("vehicle", t.vehicle),
            ("mount", t.mount),
            ("npc_type", t.npc_tier),
        ):
            if value is not None:
                row[field] = value
        if t.weapon_specials:
            row["weapon_specials"] = list(t.weapon_specials)
        out[t.name] = row
    return out


def chart_odds(chart: HitChart, area: str) -> dict[str, Fraction]:
    """A list's odds at no net hits, as fractions (what the report's note says)."""
    rows = chart.areas[area]
    return {name: Fraction(n, len(rows)) for name, n in Counter(rows).items()}
