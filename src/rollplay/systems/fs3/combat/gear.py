"""Combat's numbers: everything FS3 combat decides by (``CombatRules``), with the kit it
fights with (kit.py: weapons, armor, hit-location charts, severities, explosion zones, crew
hits). Everything here is data a game can replace (docs/combat.md)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Literal, TypeVar

from rollplay.errors import RulesetError, suggest
from rollplay.systems.fs3.combat.counts import parse_pieces
from rollplay.systems.fs3.combat.fitting import fitted
from rollplay.systems.fs3.combat.kinds import (
    CombatantType,
    HitChart,
    Mount,
    NpcTier,
    Special,
    VehicleType,
)
from rollplay.systems.fs3.combat.kit import (
    ARMOR,
    CHARTS,
    CREW_HITS,
    QUIET,
    WEAPONS,
    ZONES,
    Armor,
    CrewHit,
    Severity,
    Weapon,
    Zone,
)

Rounding = Literal["up", "down"]
Overflow = Literal["safe", "last-zone"]
T = TypeVar("T")


@dataclass(frozen=True)
class CombatRules:
    """Every number of FS3 combat; a game replaces any of it in its rules file."""

    weapons: tuple[Weapon, ...] = WEAPONS
    armor: tuple[Armor, ...] = ARMOR
    charts: dict[str, tuple[str, ...]] = field(default_factory=lambda: dict(CHARTS))
    # Combatant types and the location a plain attack aims at on each (002 Hit Location:
    # "The default assumption is that you're aiming for center of mass").
    types: dict[str, str] = field(default_factory=lambda: {"Human": "Chest", "Vehicle": "Hull"})
    # 004 Crew Hits: vehicle types, and the locations that hold crew ("like the cockpit").
    vehicles: tuple[str, ...] = ("Vehicle",)
    compartments: tuple[str, ...] = ("Cockpit",)
    vital: tuple[str, ...] = ("Chest", "Abdomen")
    critical: tuple[str, ...] = ("Head", "Neck")
    vital_bonus: int = 15  # 004 Hit Location Damage Modifier
    critical_bonus: int = 30
    # 002 Stance; 004 Stance Modifiers: (attack, defense).
    stances: dict[str, tuple[int, int]] = field(
        default_factory=lambda: {
            "Normal": (0, 0),
            "Banzai": (3, -3),
            "Evade": (-3, 3),
            "Cautious": (-1, 1),
            "Cover": (0, 0),
        }
    )
    melee_bonus: int = 3  # 004 Other Modifiers: attacking or defending with a melee weapon
    range_modifiers: dict[str, int] = field(
        default_factory=lambda: {"short": 0, "medium": -1, "long": -3}
    )
    aim_bonus: int = 3  # 004 Aiming
    suppression_max: int = 5  # 004 Suppressing
    suppression_decay: int = 2
    cover_exposed_at: int = 3  # 004 Cover: 3 or more attack hits ignore cover
    cover_chance: int = 75
    cover_protection: int = 4
    # 004 Damage Severity, with 002 Damage Levels' wound modifiers.
    severities: tuple[Severity, ...] = (
        Severity("Light", 0.25, at_most=40),
        Severity("Moderate", 0.9, at_most=80),
        Severity("Serious", 2.0, at_most=99),
        Severity("Critical", 4.0),
    )
    healing_factor: float = 0.5  # 002: treated or healing wounds count half
    zones: tuple[Zone, ...] = ZONES  # 004 Explosions
    shrapnel_penetration: int = 3
    shrapnel_rounding: Rounding = "down"  # zone 3's "1d4 / 2" pieces (rulings C13)
    blast_overflow: Overflow = "safe"  # pushed past the last zone: out of the blast (C15)
    crew_hits: tuple[CrewHit, ...] = CREW_HITS  # 004 Crew Hits
    crew_hit_rounding: Rounding = "up"  # "1d4 / 2" hits: a hurt passenger takes one (C13)
    # 004 Healing Damage: points to drop a wound one level; stun and vehicle wounds a fifth.
    healing_points: dict[str, int] = field(
        default_factory=lambda: {"Light": 2, "Moderate": 3, "Serious": 4, "Critical": 5}
    )
    healing_divisor: int = 5
    healing_toughness: tuple[int, int] = (2, 1)  # points per wound on a success, a failure
    healing_medicine: int = 1  # per wound, on a successful medicine (or repair) roll
    healing_hospital: int = 1
    # 002 Damage: "Wound Modifiers are applied to all ability rolls", the daily toughness
    # and medicine rolls too (rulings C17).
    healing_wound_modifiers: bool = True
    compartment_factor: int = 5  # "5 times higher ... (up to a max of 90%)"
    compartment_cap: int = 90
    initiative_ability: str = "Reflexes"  # 002: "The Storyteller will determine which ability"
    toughness_ability: str = "Grit"
    treat_ability: str = "Medicine"  # 002 Treat: first aid
    repair_ability: str = "Repair"  # 004 Vehicle Healing: the Storyteller's repair skill
    rally_ability: str = "Presence"  # 002 Rally: "a big morale boosting speech"
    escape_ability: str = "Melee"  # 002 Escape, against the holder's same ability
    # The actions a combatant keeps into the next turn unless changed (rulings W40): FS3 gives
    # one action a turn and says nothing of holding it; a firefight's shooting repeats, a
    # one-off (aim, reload, treat...) does not. ``[]``: every turn's actions are set anew.
    # Not a die's meaning: left out of the ruleset's fingerprint (protocol.canonical_rules).
    carry_over: tuple[str, ...] = field(default=("attack", "suppress"),
                                        metadata={"table_only": True})  # fmt: skip
    # What real games add (issue 38; rulings A20-A39; kinds.py): each empty or at the texts'
    # rule by default, so a game that sets none plays 002 and 004 as written.
    # list-based charts (A23)
    hit_charts: dict[str, HitChart] = field(default_factory=dict, metadata=QUIET)
    combatant_types: tuple[CombatantType, ...] = field(default=(), metadata=QUIET)  # A24
    # the type a combatant joins as when none is named
    default_type: str = field(default="Human", metadata=QUIET)
    weapon_specials: tuple[Special, ...] = field(default=(), metadata=QUIET)  # A25
    armor_specials: tuple[Special, ...] = field(default=(), metadata=QUIET)
    npc_tiers: tuple[NpcTier, ...] = field(default=(), metadata=QUIET)  # A26
    default_npc_tier: str | None = field(default=None, metadata=QUIET)
    vehicle_types: tuple[VehicleType, ...] = field(default=(), metadata=QUIET)  # A27
    mounts: tuple[Mount, ...] = field(default=(), metadata=QUIET)  # A28
    # the damage bonus of a location neither vital nor critical (A30)
    normal_bonus: int = field(default=0, metadata=QUIET)
    # added to a character's (not an NPC's) knockout roll (A32)
    knockout_bonus: int = field(default=0, metadata=QUIET)
    # a day's healing roll; None: toughness_ability (A33)
    recovery_ability: str | None = field(default=None, metadata=QUIET)
    # a doctor's daily roll; None: treat_ability (A33)
    healing_ability: str | None = field(default=None, metadata=QUIET)
    # A melee hit's strength roll: each success past the first adds this much damage (A31);
    # None: no strength roll (004: a melee weapon's lethality alone).
    strength_ability: str | None = field(default=None, metadata=QUIET)
    strength_damage: int = field(default=5, metadata=QUIET)

    def __post_init__(self) -> None:
        severities = [s.name for s in self.severities]
        for row in self.crew_hits:
            if row.severity not in severities:
                raise RulesetError(f"combat crew_hits: no severity {row.severity!r}")
            if not 0 <= row.chance <= 100:
                raise RulesetError(f"combat crew_hits: chance {row.chance} is not 0 to 100")
        for spec in (*(z.shrapnel for z in self.zones), *(r.hits for r in self.crew_hits)):
            parse_pieces(spec)
        missing = [s for s in severities if s not in self.healing_points]
        if missing or not self.zones:
            raise RulesetError(f"combat: healing_points needs {', '.join(missing)}; zones a row")
        from rollplay.systems.fs3.combat.kindcheck import check_kinds

        check_kinds(self)

    def weapon(self, name: str) -> Weapon:
        """A weapon by name; "Rifle+Scope" is the Rifle with its Scope special fitted
        (rulings A25)."""
        base, *extras = name.split("+")
        weapon = _find(self.weapons, base, "weapon")
        return fitted(weapon, extras, self.weapon_specials, _find) if extras else weapon

    def armor_named(self, name: str) -> Armor:
        base, *extras = name.split("+")
        armor = _find(self.armor, base, "armor")
        return fitted(armor, extras, self.armor_specials, _find) if extras else armor

    def kind(self, name: str) -> CombatantType | None:
        """The combatant type of this name (a vehicle type is one too), or None for the
        texts' types (``types``)."""
        for t in self.combatant_types:
            if t.name.casefold() == name.casefold():
                return t
        for v in self.vehicle_types:
            if v.name.casefold() == name.casefold():
                weapon = v.weapons[0] if v.weapons else None
                return CombatantType(v.name, v.hit_chart, v.pilot_skill, weapon, v.armor,
                                     vehicle=v.name)  # fmt: skip
        return None

    def hit_chart_of(self, kind: str) -> HitChart | None:
        found = self.kind(kind)
        if found is None:
            return None
        vehicle = self.vehicle_type(kind)  # aboard a vehicle: its chart (rulings A27)
        return self.hit_charts[vehicle.hit_chart if vehicle else found.hit_chart]

    def vehicle_type(self, kind: str) -> VehicleType | None:
        found = self.kind(kind)
        if found is None or found.vehicle is None:
            return None
        return next(v for v in self.vehicle_types if v.name == found.vehicle)

    def is_vehicle(self, kind: str) -> bool:
        return kind in self.vehicles or self.vehicle_type(kind) is not None

    def mount_of(self, kind: str) -> Mount | None:
        found = self.kind(kind)
        if found is None or found.mount is None:
            return None
        return next(m for m in self.mounts if m.name == found.mount)

    def npc_tier(self, name: str) -> NpcTier:
        return _find(self.npc_tiers, name, "NPC tier")

    def tier_of(self, kind: str, tier: str | None) -> NpcTier | None:
        """An NPC's tier: its own, else its type's (rulings A26)."""
        found = self.kind(kind)
        named = tier or (found.npc_tier if found else None)
        return None if named is None else self.npc_tier(named)

    def chart(self, location: str) -> tuple[str, ...]:
        return self.charts[self.location_named(location)]

    def location_named(self, location: str) -> str:
        """A hit location as the charts spell it, from any case and with a space or an
        underscore between its words: every surface shows "Right Arm" for the chart's
        Right_Arm (rulings W83), so either is typed."""
        wanted = _spaced(location)
        for name in self.charts:
            if _spaced(name) == wanted:
                return name
        raise RulesetError(
            f"no hit location chart for {location!r}{suggest(location, self.charts)}; "
            f"charts: {', '.join(self.charts)}"
        )

    def aim_point(self, kind: str, location: str) -> str:
        """A called shot's location as the target's chart spells it: its list chart's, if
        its type has one, else the texts' charts."""
        chart = self.hit_chart_of(kind)
        if chart is None:
            return self.location_named(location)
        for name in chart.areas:
            if _spaced(name) == _spaced(location):
                return name
        raise RulesetError(
            f"no hit location {location!r} on a {kind}{suggest(location, chart.areas)}; "
            f"aim at: {', '.join(chart.areas)}"
        )

    def center_of_mass(self, kind: str) -> str:
        """Where a plain attack aims on a combatant of this type."""
        chart = self.hit_chart_of(kind)
        if chart is not None:
            return chart.center()
        for name, location in self.types.items():
            if name.casefold() == kind.casefold():
                return location
        raise RulesetError(
            f"unknown combatant type {kind!r}{suggest(kind, self.types)}; "
            f"types: {', '.join(self.types)}"
        )

    def location_bonus(self, location: str, kind: str | None = None) -> int:
        """004 Hit Location Damage Modifier, by the target's list chart's vital and
        critical locations where it has one (rulings A23, A30)."""
        chart = None if kind is None else self.hit_chart_of(kind)
        critical = chart.critical if chart is not None else self.critical
        vital = chart.vital if chart is not None else self.vital
        if location in critical:
            return self.critical_bonus
        return self.vital_bonus if location in vital else self.normal_bonus

    def severity(self, damage: int) -> Severity:
        for row in self.severities:
            if row.at_most is None or damage <= row.at_most:
                return row
        return self.severities[-1]


def _find(items: tuple[T, ...], name: str, what: str) -> T:
    for item in items:
        if item.name.casefold() == name.strip().casefold():  # type: ignore[attr-defined]
            return item
    names = [i.name for i in items]  # type: ignore[attr-defined]
    raise RulesetError(f"unknown {what} {name!r}{suggest(name, names)}; known: {', '.join(names)}")


def _spaced(name: str) -> str:
    """A location's name for matching: "Right_Arm", "right arm" and "RIGHT  ARM" alike."""
    return " ".join(name.replace("_", " ").split()).casefold()
