"""Vehicles and mounts (``fs3combat_vehicles.yml``, ``fs3combat_mounts.yml``, the
``allow_vehicles`` and ``allow_mounts`` switches): read into house rules (issue 38; rulings
A27, A28)."""

from __future__ import annotations

from typing import Any

from rollplay.aresmush.combat_base import Side


def read_vehicles(side: Side, allowed: bool) -> list[dict[str, Any]]:
    file, table = side.table("vehicles")
    out = []
    for name, v in table.items():
        key = f"vehicles.{name}"
        if not allowed:
            side.claim(file, key, "unsupported", "allow_vehicles is false: not imported "
                       "(held for the export)")  # fmt: skip
            continue
        if isinstance(v.get("pilot_skill"), int):
            raise side.bad(file, f"{key}.pilot_skill", "a fixed pool: give a skill's name")
        out.append(
            {
                "name": str(name),
                "pilot_skill": side.text(file, f"{key}.pilot_skill", v.get("pilot_skill")),
                "hit_chart": side.text(file, f"{key}.hitloc_chart", v.get("hitloc_chart")),
                "armor": side.text(file, f"{key}.armor", v.get("armor")),
                "weapons": list(side.names(file, f"{key}.weapons", v.get("weapons"))),
                "toughness": int(side.number(file, f"{key}.toughness", v.get("toughness") or 0)),
                "dodge": int(side.number(file, f"{key}.dodge", v.get("dodge") or 0)),
            }
        )
        side.claim(file, key, "kept", "a vehicle type (A27)")
        for k, note in (
            ("toughness", "added to its crew's knockout rolls (A27)"),
            ("dodge", "added to its defense rolls (A27)"),
            ("pilot_skill", "what it defends with (A27)"),
        ):
            if k in v:
                side.claim(file, f"{key}.{k}", "kept", note)
        side.rest(
            file, key, v, ("pilot_skill", "toughness", "hitloc_chart", "armor", "weapons", "dodge")
        )
    return out


def read_mounts(side: Side, allowed: bool) -> list[dict[str, Any]]:
    file, table = side.table("mounts")
    out = []
    for name, m in table.items():
        key = f"mounts.{name}"
        if not allowed:
            side.claim(file, key, "unsupported", "allow_mounts is false: not imported "
                       "(held for the export)")  # fmt: skip
            continue
        out.append(
            {
                "name": str(name),
                "toughness": int(side.number(file, f"{key}.toughness", m.get("toughness") or 0)),
                "versus_unmounted": int(
                    side.number(file, f"{key}.mod_vs_unmounted", m.get("mod_vs_unmounted") or 0)
                ),
            }
        )
        side.claim(file, key, "kept", "a mount (A28)")
        if "mod_vs_unmounted" in m:
            side.claim(
                file,
                f"{key}.mod_vs_unmounted",
                "kept",
                "a rider's bonus attacking someone on foot, and their penalty back (A28)",
            )
        if "toughness" in m:
            side.claim(
                file,
                f"{key}.toughness",
                "converted",
                "kept with the mount; rollplay never lands a hit on the mount, so it "
                "decides nothing there (A28)",
            )
        side.rest(file, key, m, ("toughness", "mod_vs_unmounted"))
    return out


def flag(side: Side, key: str, what: str) -> bool:
    found = side.find(key)
    if found is None:
        return True
    if not isinstance(found[1], bool):
        raise side.bad(found[0], key, f"true or false, not {found[1]!r}")
    side.claim(
        found[0],
        key,
        "converted",
        f"rollplay has no switch: {what} are imported when true, left out when false",
    )
    return found[1]
