"""Explosions (004 Explosions): zones, concussion and shrapnel.

Draw order for one person caught in a blast: the concussion (head armor rolls, then the
d100 damage roll); then, if the weapon throws shrapnel, the dice for the number of pieces;
then for each piece 2d8 for its location, its armor rolls and its d100 damage roll.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from rollplay.dice import Dice
from rollplay.errors import RulesetError
from rollplay.systems.fs3.combat.attack import ArmorRoll, Wound, armor_roll, hit_location
from rollplay.systems.fs3.combat.gear import MISS, Armor, CombatRules, Weapon

_PIECES = re.compile(r"\s*(\d+)\s*d\s*(\d+)\s*(?:/\s*(\d+))?\s*")


def zone_for(distance: float, radius: int) -> int | None:
    """004: within the blast radius zone 0, within double it zone 1, further away safe."""
    if distance <= radius:
        return 0
    if distance <= 2 * radius:
        return 1
    return None


def adjust_zone(
    zone: int, attack_hits: int, embarrassing: bool, defense_hits: int, rules: CombatRules
) -> int:
    """004: a failed attack moves each target one zone out (two on an Embarrassing
    Failure); a defender who out-rolls the attacker moves out by the difference."""
    if attack_hits == 0:
        zone += 2 if embarrassing else 1
    if defense_hits > attack_hits:
        zone += defense_hits - attack_hits
    return min(zone, len(rules.zones) - 1)


def pieces(spec: str, dice: Dice) -> int:
    """Shrapnel pieces from a zone's dice: '4d4', '1d6', '1d4/2' (halved, rounded down:
    rulings C9); '' throws none."""
    if not spec.strip():
        return 0
    match = _PIECES.fullmatch(spec)
    if match is None:
        raise RulesetError(f"bad shrapnel dice {spec!r}: write like 4d4 or 1d4/2")
    count, sides, divisor = int(match[1]), int(match[2]), int(match[3] or 1)
    return sum(dice.roll(sides, count)) // divisor


@dataclass(frozen=True)
class BlastHit:
    """One wound's worth of a blast: the concussion or a piece of shrapnel."""

    kind: str  # "concussion" or "shrapnel"
    location: str
    location_roll: int | None
    armor: ArmorRoll | None
    damage_roll: int | None
    damage: int | None
    wound: Wound | None

    def to_dict(self) -> dict[str, Any]:
        return {
            "kind": self.kind,
            "location": self.location,
            "location_roll": self.location_roll,
            "armor": None if self.armor is None else self.armor.__dict__,
            "damage_roll": self.damage_roll,
            "damage": self.damage,
            "wound": None if self.wound is None else self.wound.to_dict(),
        }


def _hit(
    kind: str,
    location: str,
    modifier: int,
    *,
    penetration: int,
    armor: Armor,
    rules: CombatRules,
    dice: Dice,
    roll: int | None = None,
) -> BlastHit:
    layer = None
    protection = armor.at(location)
    if protection > 0:
        layer = armor_roll(armor.name, protection, penetration, dice)
        if layer.stopped:
            return BlastHit(kind, location, roll, layer, None, None, None)
    damage_roll = dice.roll(100, 1)[0]
    damage = damage_roll + modifier - (layer.reduction if layer else 0)
    wound = Wound(location, rules.severity(damage).name)
    return BlastHit(kind, location, roll, layer, damage_roll, damage, wound)


def blast(
    zone: int, weapon: Weapon, armor: Armor, *, center: str, rules: CombatRules, dice: Dice
) -> list[BlastHit]:
    """Everything a blast does to one person in ``zone`` (004 Explosions): a concussion
    wound to the head (zone and weapon damage modifiers, the weapon's penetration; no
    location bonus: rulings C9) and, for shrapnel weapons, that zone's pieces, each an
    automatic hit on its own location (2d8 on the target's center-of-mass chart; a Miss
    entry is a piece that flew wide) at the zone's modifier plus the location's, and
    penetration 3."""
    row = rules.zones[zone]
    modifier = row.modifier + weapon.lethality
    concussion = _hit(
        "concussion", "Head", modifier,
        penetration=weapon.penetration, armor=armor, rules=rules, dice=dice,
    )  # fmt: skip
    hits = [concussion]
    if not weapon.shrapnel:
        return hits
    hits += automatic_hits(pieces(row.shrapnel, dice), row.modifier, armor, center=center,
                           rules=rules, dice=dice)  # fmt: skip
    return hits


def automatic_hits(
    count: int, modifier: int, armor: Armor, *, center: str, rules: CombatRules, dice: Dice
) -> list[BlastHit]:
    """``count`` automatic hits of penetration 3 (shrapnel, or a vehicle's crew hits): each
    2d8 on the center-of-mass chart (a Miss entry flew wide), armor, then damage at
    ``modifier`` plus the location's bonus."""
    chart = rules.chart(center)
    hits = []
    for _ in range(count):
        first, second = dice.roll(8, 2)
        location = hit_location(first + second, 0, chart)
        if location == MISS:
            hits.append(BlastHit("shrapnel", MISS, first + second, None, None, None, None))
            continue
        hits.append(
            _hit("shrapnel", location, modifier + rules.location_bonus(location),
                 penetration=rules.shrapnel_penetration, armor=armor, rules=rules, dice=dice,
                 roll=first + second)
        )  # fmt: skip
    return hits
