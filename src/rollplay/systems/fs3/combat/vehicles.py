"""Vehicles (004 Vehicle Weapons, Crew Hits): when a vehicle is wounded, its crew may be.

Draw order, passenger by passenger: a d100; if hurt, the dice for the number of hits, then
each hit as a piece of shrapnel (2d8 location, moved to a location no other hit on that
passenger took, as explosion.spread says; armor rolls, d100 damage).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from rollplay.dice import Dice
from rollplay.errors import RulesetError
from rollplay.systems.fs3.combat.explosion import BlastHit, automatic_hits, pieces
from rollplay.systems.fs3.combat.gear import CombatRules
from rollplay.systems.fs3.combat.kit import Armor


def crew_chance(severity: str, compartment: bool, rules: CombatRules) -> int:
    """004: the table's chance for a wound to the main body; five times it, at most 90%, for
    a wound to a crew or passenger compartment."""
    for row in rules.crew_hits:
        if row.severity == severity:
            if compartment:
                return min(row.chance * rules.compartment_factor, rules.compartment_cap)
            return row.chance
    raise RulesetError(f"no crew-hit row for severity {severity!r}")


def hurts(roll: int, chance: int) -> bool:
    """004: "If the die roll is less than the chance to be injured, the passenger is hurt",
    read on percentile dice of 00-99: on rollplay's d100 of 1-100 that is a roll at or under
    the chance, so a listed N% hurts exactly N times in 100 (rulings C13)."""
    return roll <= chance


@dataclass(frozen=True)
class CrewRoll:
    """One passenger's percentile roll against the chance, and the hits it brought."""

    name: str
    roll: int
    chance: int
    count_dice: tuple[int, ...] = ()
    hits: tuple[BlastHit, ...] = ()

    @property
    def hurt(self) -> bool:
        return hurts(self.roll, self.chance)

    def to_dict(self) -> dict[str, Any]:
        return {
            "name": self.name,
            "roll": self.roll,
            "chance": self.chance,
            "hurt": self.hurt,
            "count_dice": list(self.count_dice),
            "hits": [h.to_dict() for h in self.hits],
        }


def crew_hits(
    severity: str,
    compartment: bool,
    crew: list[tuple[str, Armor, str]],
    *,
    rules: CombatRules,
    dice: Dice,
    kinds: dict[str, str] | None = None,
) -> list[CrewRoll]:
    """Each passenger (name, armor, center of mass) rolls percentile; if hurt, they take the
    table's number of automatic hits (a halved count rounds up: a hurt passenger takes at
    least one, rulings C13), each on a location of its own, at damage modifier 0 and
    penetration 3 (004 Crew Hits)."""
    chance = crew_chance(severity, compartment, rules)
    spec = next(r.hits for r in rules.crew_hits if r.severity == severity)
    out = []
    for name, armor, center in crew:
        roll = dice.roll(100, 1)[0]
        if not hurts(roll, chance):
            out.append(CrewRoll(name, roll, chance))
            continue
        count, faces = pieces(spec, dice, rules.crew_hit_rounding)
        hits = automatic_hits(count, 0, armor, center=center, rules=rules, dice=dice,
                              kind=(kinds or {}).get(name))  # fmt: skip
        out.append(CrewRoll(name, roll, chance, faces, tuple(hits)))
    return out
