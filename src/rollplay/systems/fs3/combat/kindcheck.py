"""The house-rule kinds (kinds.py) checked when a ruleset is built: every name one gives is
one the rules know, so a combatant type naming a chart that is not there fails when the game
is made, in one line, and never mid-fight."""

from __future__ import annotations

from typing import TYPE_CHECKING

from rollplay.errors import RulesetError

if TYPE_CHECKING:
    from rollplay.systems.fs3.combat.gear import CombatRules

WEAPON_CHANGES = ("accuracy", "lethality", "penetration", "recoil", "init_mod", "ammo", "burst")
ARMOR_CHANGES = ("defense",)


def check_kinds(rules: CombatRules) -> None:
    def bad(what: str) -> RulesetError:
        return RulesetError(f"combat {what}")

    for name, chart in rules.hit_charts.items():
        if not chart.areas:
            raise bad(f"hit_charts {name}: a chart needs a location and its list")
        empty = [area for area, rows in chart.areas.items() if not rows]
        if empty:
            raise bad(f"hit_charts {name}: {empty[0]}'s list has no rows")
    specials = (("weapon_specials", rules.weapon_specials, WEAPON_CHANGES),
                ("armor_specials", rules.armor_specials, ARMOR_CHANGES))  # fmt: skip
    for setting, rows, allowed in specials:
        for special in rows:
            odd = [k for k in special.changes if k not in allowed]
            if odd:
                raise bad(f"{setting} {special.name}: cannot change {odd[0]!r}; it changes "
                          f"{', '.join(allowed)}")  # fmt: skip
    for gear_setting, gear, known in (
        ("weapons", rules.weapons, [s.name for s in rules.weapon_specials]),
        ("armor", rules.armor, [s.name for s in rules.armor_specials]),
    ):
        for item in gear:
            missing = [s for s in item.specials if s not in known]
            if missing:
                raise bad(f"{gear_setting} {item.name}: no special {missing[0]!r}")
    tiers = [t.name for t in rules.npc_tiers]
    if rules.default_npc_tier is not None and rules.default_npc_tier not in tiers:
        raise bad(f"default_npc_tier {rules.default_npc_tier!r} is not an NPC tier")
    for v in rules.vehicle_types:
        _chart(rules, f"vehicle_types {v.name}", v.hit_chart)
        _gear(rules, f"vehicle_types {v.name}", v.weapons, v.armor)
    mounts = [m.name for m in rules.mounts]
    vehicles = [v.name for v in rules.vehicle_types]
    for t in rules.combatant_types:
        where = f"combatant_types {t.name}"
        _chart(rules, where, t.hit_chart)
        _gear(rules, where, (t.weapon,) if t.weapon else (), t.armor)
        for value, names, what in ((t.npc_tier, tiers, "NPC tier"), (t.mount, mounts, "mount"),
                                   (t.vehicle, vehicles, "vehicle type")):  # fmt: skip
            if value is not None and value not in names:
                raise bad(f"{where}: {value!r} is not a {what}")
        if t.weapon and t.weapon_specials:
            rules.weapon("+".join([t.weapon, *t.weapon_specials]))
    rules.center_of_mass(rules.default_type)


def _chart(rules: CombatRules, where: str, chart: str) -> None:
    if chart not in rules.hit_charts:
        raise RulesetError(
            f"combat {where}: no hit chart {chart!r}; hit_charts: "
            f"{', '.join(rules.hit_charts) or 'none'}"
        )


def _gear(rules: CombatRules, where: str, weapons: tuple[str, ...], armor: str | None) -> None:
    try:
        for w in weapons:
            rules.weapon(w)
        if armor is not None:
            rules.armor_named(armor)
    except RulesetError as exc:
        raise RulesetError(f"combat {where}: {exc}") from None
