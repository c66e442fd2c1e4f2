"""Explosions (004 Explosions): zones, concussion and shrapnel.

Draw order for one person caught in a blast: the concussion (armor rolls at the head, or a
vehicle's center of mass, then the d100 damage roll); then, if the weapon throws shrapnel, the
dice for the number of pieces; then for each piece 2d8 for its location (moved past Miss
entries and locations an earlier piece took, with no further dice: ``spread``), its armor
rolls and its d100 damage roll.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, replace
from typing import Any, Literal, NamedTuple

from rollplay.dice import Dice
from rollplay.systems.fs3.combat.attack import ArmorRoll, Wound, armor_roll, hit_location
from rollplay.systems.fs3.combat.counts import parse_pieces
from rollplay.systems.fs3.combat.gear import CombatRules
from rollplay.systems.fs3.combat.kit import MISS, Armor, Weapon

Rounding = Literal["up", "down"]
__all__ = ["Blast", "BlastHit", "Pieces", "adjust_zone", "automatic_hits", "blast", "parse_pieces",
           "pieces", "spread", "zone_for"]  # fmt: skip


def zone_for(distance: float, radius: int) -> int | None:
    """004: within the blast radius zone 0, within double it zone 1, further away safe."""
    if distance <= radius:
        return 0
    if distance <= 2 * radius:
        return 1
    return None


def adjust_zone(
    zone: int, attack_hits: int, embarrassing: bool, defense_hits: int, rules: CombatRules
) -> int | None:
    """004: a failed attack moves each target one zone out (two on an Embarrassing
    Failure, whose successes count for nothing: rulings R2); a defender who out-rolls the
    attacker moves out by the difference. Pushed past the last zone, a target is out of the
    blast (None) unless the rules keep them in the last zone (``blast_overflow``: rulings
    C15)."""
    hits = 0 if embarrassing else attack_hits
    if hits == 0:
        zone += 2 if embarrassing else 1
    if defense_hits > hits:
        zone += defense_hits - hits
    last = len(rules.zones) - 1
    if zone > last:
        return last if rules.blast_overflow == "last-zone" else None
    return zone


class Pieces(NamedTuple):
    number: int
    dice: tuple[int, ...]


def pieces(spec: str, dice: Dice, rounding: Rounding = "down") -> Pieces:
    """How many: shrapnel pieces from a zone's dice ('4d4', '1d6', '1d4/2'; '' throws none)
    or a crew member's hits ('1', '1d4/2'). A halved roll rounds as the rules say: shrapnel
    down, crew hits up (rulings C13)."""
    count, sides, divisor = parse_pieces(spec)
    faces = dice.roll(sides, count) if sides > 1 else ()
    total = sum(faces) if sides > 1 else count
    whole = total // divisor if rounding == "down" else math.ceil(total / divisor)
    return Pieces(whole, faces)


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
    location_dice: tuple[int, ...] = ()
    moved_from: str | None = None  # the chart's entry, when it was a Miss or already hit

    def to_dict(self) -> dict[str, Any]:
        return {
            "kind": self.kind,
            "location": self.location,
            "location_roll": self.location_roll,
            "location_dice": list(self.location_dice),
            "moved_from": self.moved_from,
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
    rolled: tuple[int, ...] = (),
) -> BlastHit:
    roll = sum(rolled) if rolled else None
    layer = None
    protection = armor.at(location)
    if protection > 0:
        layer = armor_roll(armor.name, protection, penetration, dice)
        if layer.stopped:
            return BlastHit(kind, location, roll, layer, None, None, None, rolled)
    damage_roll = dice.roll(100, 1)[0]
    damage = damage_roll + modifier - (layer.reduction if layer else 0)
    severity = rules.severity(damage)
    wound = Wound(location, severity.name) if severity.tracked else None  # a graze (A29)
    return BlastHit(kind, location, roll, layer, damage_roll, damage, wound, rolled)


class Blast(NamedTuple):
    hits: list[BlastHit]
    pieces_dice: tuple[int, ...]


def blast(
    zone: int,
    weapon: Weapon,
    armor: Armor,
    *,
    center: str,
    rules: CombatRules,
    dice: Dice,
    head: str = "Head",
    kind: str | None = None,
) -> Blast:
    """Everything a blast does to one person in ``zone`` (004 Explosions): a concussion
    wound to the head (a vehicle's: its center of mass, rulings C14), at the zone's and the
    weapon's damage modifiers and the weapon's penetration (no location bonus: rulings C9),
    and, for shrapnel weapons, that zone's pieces, each an automatic hit on a location of its
    own (``automatic_hits``) at the zone's modifier plus the location's, and penetration 3."""
    row = rules.zones[zone]
    modifier = row.modifier + weapon.lethality
    concussion = _hit(
        "concussion", head, modifier,
        penetration=weapon.penetration, armor=armor, rules=rules, dice=dice,
    )  # fmt: skip
    if not weapon.shrapnel:
        return Blast([concussion], ())
    count, faces = pieces(row.shrapnel, dice, rules.shrapnel_rounding)
    shrapnel = automatic_hits(count, row.modifier, armor, center=center, rules=rules, dice=dice,
                              kind=kind)  # fmt: skip
    return Blast([concussion, *shrapnel], faces)


def automatic_hits(
    count: int,
    modifier: int,
    armor: Armor,
    *,
    center: str,
    rules: CombatRules,
    dice: Dice,
    kind: str | None = None,
) -> list[BlastHit]:
    """``count`` automatic hits of penetration 3 (shrapnel, or a vehicle's crew hits): each
    "automatically hits", "each to a different hit location" (004 Explosions, Crew Hits). A
    hit's location is 2d8 on the center-of-mass chart, moved to a free location (``spread``);
    then armor, then damage at ``modifier`` plus the location's bonus. On a type with a list
    chart (``kind``; rulings A23) the location is a die of its list's rows, moved likewise."""
    listed = None if kind is None else rules.hit_chart_of(kind)
    chart = listed.areas[center] if listed is not None else rules.chart(center)
    taken: set[str] = set()
    hits = []
    for _ in range(count):
        rolled = dice.roll(len(chart), 1) if listed is not None else dice.roll(8, 2)
        entry = hit_location(sum(rolled), 0, chart)
        location = spread(sum(rolled), chart, taken)
        taken.add(location)
        hit = _hit("shrapnel", location, modifier + rules.location_bonus(location, kind),
                   penetration=rules.shrapnel_penetration, armor=armor, rules=rules, dice=dice,
                   rolled=rolled)  # fmt: skip
        hits.append(hit if entry == location else replace(hit, moved_from=entry))
    return hits


def spread(roll: int, chart: tuple[str, ...], taken: set[str]) -> str:
    """Where an automatic hit of this 2d8 lands (rulings C9): the chart's entry if it is a
    location no earlier hit of the same blast (or crew hit) took; else the nearest entry up
    the chart (towards the location aimed at) that is neither a Miss nor taken, else the
    nearest down it. Once every location on the chart is taken, a new round begins."""
    locations = {entry for entry in chart if entry != MISS}
    if locations <= taken:
        taken.clear()
    index = min(max(roll, 1), len(chart)) - 1  # beyond the chart: its end (rulings C2)
    up_then_down: list[int] = [*range(index, len(chart)), *range(index - 1, -1, -1)]
    for entry in (chart[i] for i in up_then_down):
        if entry != MISS and entry not in taken:
            return entry
    return MISS  # a chart with no location at all: nothing to hit
