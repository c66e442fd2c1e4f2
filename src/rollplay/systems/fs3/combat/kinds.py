"""Combat's house-rule kinds that real games use beyond 002 and 004 (issue 38; rulings A20 to
A39): hit-location charts drawn from a list, combatant types with their own defense skill,
default kit and chart, NPC tiers rating each skill, vehicle and mount types, and the specials
a player may fit to a weapon or armor. Each is empty by default, so a game that names none
plays the texts' rules (gear.py's ``CombatRules`` holds them; docs/combat.md).
"""

from __future__ import annotations

from dataclasses import dataclass, field


@dataclass(frozen=True)
class HitChart:
    """A list-based hit-location chart (rulings A23): for each location aimed at, the
    locations a hit may land on, one drawn at random and moved one place up the list for
    each net hit (the list's end holds the best), so a location listed N times of M is hit
    N/M of the time at no net hits. ``vital`` and ``critical`` locations add the rules'
    damage bonuses; a wound to a ``crew`` location may hurt a vehicle's crew (004)."""

    areas: dict[str, tuple[str, ...]]
    vital: tuple[str, ...] = ()
    critical: tuple[str, ...] = ()
    crew: tuple[str, ...] = ()

    def center(self) -> str:
        """Where a plain attack aims: the chart's first location (rulings A23)."""
        return next(iter(self.areas))


@dataclass(frozen=True)
class CombatantType:
    """A combatant type (rulings A24): its hit chart, the ability it defends with (None:
    the attacking weapon's defense skill), the kit it joins with, and what it is: a vehicle
    (``vehicle``: a VehicleType), riding a mount, or an NPC of a tier."""

    name: str
    hit_chart: str
    defense_skill: str | None = None
    weapon: str | None = None
    armor: str | None = None
    weapon_specials: tuple[str, ...] = ()
    vehicle: str | None = None
    mount: str | None = None
    npc_tier: str | None = None


@dataclass(frozen=True)
class NpcTier:
    """An NPC tier (rulings A26): a rating per ability, ``default`` for any other skill
    (half of it for an attribute), and ``wounds``, added to every damage roll against it."""

    name: str
    default: int
    ratings: dict[str, int] = field(default_factory=dict)
    wounds: int = 0

    def rating(self, ability: str, attribute: bool) -> int:
        for name, value in self.ratings.items():
            if name.casefold() == ability.casefold():
                return value
        return self.default // 2 if attribute else self.default


@dataclass(frozen=True)
class VehicleType:
    """A vehicle type (rulings A27): the skill its pilot dodges with, ``dodge`` added to
    that defense, ``toughness`` added to its crew's knockout rolls, its hit chart, armor and
    weapons (the first is what it joins with)."""

    name: str
    pilot_skill: str
    hit_chart: str
    armor: str
    weapons: tuple[str, ...] = ()
    toughness: int = 0
    dodge: int = 0


@dataclass(frozen=True)
class Mount:
    """A mount (rulings A28): a rider attacking someone on foot adds ``versus_unmounted``;
    someone on foot attacking a rider takes it off."""

    name: str
    toughness: int = 0
    versus_unmounted: int = 0


@dataclass(frozen=True)
class Special:
    """A special a player may fit (rulings A25): ``changes`` adds to the weapon's numbers
    (accuracy, lethality, penetration, recoil, init_mod, ammo) or, for armor, ``defense``;
    ``protection`` adds to armor's protection by location."""

    name: str
    changes: dict[str, int] = field(default_factory=dict)
    protection: dict[str, int] = field(default_factory=dict)
