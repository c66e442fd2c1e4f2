"""Vehicles (004 Vehicle Weapons, Crew Hits): when a vehicle is wounded, its crew may be.

Draw order, passenger by passenger: a d100; if hurt, the dice for the number of hits, then
each hit as a piece of shrapnel (2d8 location, armor rolls, d100 damage).
"""

from __future__ import annotations

from rollplay.dice import Dice
from rollplay.errors import RulesetError
from rollplay.systems.fs3.combat.explosion import BlastHit, automatic_hits, pieces
from rollplay.systems.fs3.combat.gear import Armor, CombatRules


def crew_chance(severity: str, compartment: bool, rules: CombatRules) -> int:
    """004: the table's chance for a wound to the main body; five times it, at most 90%, for
    a wound to a crew or passenger compartment."""
    for row in rules.crew_hits:
        if row.severity == severity:
            if compartment:
                return min(row.chance * rules.compartment_factor, rules.compartment_cap)
            return row.chance
    raise RulesetError(f"no crew-hit row for severity {severity!r}")


def crew_hits(
    severity: str,
    compartment: bool,
    crew: list[tuple[str, Armor, str]],
    *,
    rules: CombatRules,
    dice: Dice,
) -> dict[str, list[BlastHit]]:
    """Each passenger (name, armor, center of mass) rolls percentile: under the chance they
    are hurt, taking the table's number of automatic hits at damage modifier 0 and
    penetration 3 (004 Crew Hits)."""
    chance = crew_chance(severity, compartment, rules)
    spec = next(r.hits for r in rules.crew_hits if r.severity == severity)
    out: dict[str, list[BlastHit]] = {}
    for name, armor, center in crew:
        roll = dice.roll(100, 1)[0]
        if roll >= chance:  # "If the die roll is less than the chance ... the passenger is hurt"
            continue
        count = int(spec) if spec.strip().isdigit() else pieces(spec, dice)
        out[name] = automatic_hits(count, 0, armor, center=center, rules=rules, dice=dice)
    return out
