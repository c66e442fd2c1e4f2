"""One FS3 attack, step by step (002 Attack Resolution; 004 Hit Location, Armor, Cover,
Damage Severity), and the wound arithmetic that follows (002 Damage, Knockout).

Draw order for one attack: the attacker's pool (d8s), the defender's pool; on a hit, 2d8 for
the location; if cover may apply, a d100 for it and, when it applies, the cover's armor
rolls; the body armor's rolls (a d100, then a die of 0 to the stop chance when it neither
stops nor is bypassed); finally the d100 damage roll. Pools are worked out by the caller.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any, Literal

from rollplay.dice import Dice
from rollplay.systems.fs3.combat.gear import MISS, Armor, CombatRules, Weapon
from rollplay.systems.fs3.rolls import roll_pool
from rollplay.systems.fs3.ruleset import FS3Ruleset

Outcome = Literal["miss", "blocked", "hit"]


def outcome(attack_hits: int, defense_hits: int) -> Outcome:
    """002 Attack and Defense Rolls: no hits miss; fewer than the defender's are blocked or
    dodged; otherwise a hit ("Ties go to the attacker")."""
    if attack_hits == 0:
        return "miss"
    return "blocked" if attack_hits < defense_hits else "hit"


def hit_location(roll: int, net: int, chart: tuple[str, ...]) -> str:
    """004 Hit Location: 2d8 plus (attacker's hits - defender's hits), entry n of the chart.
    Beyond either end of the chart, its end entry (rulings C2)."""
    index = min(max(roll + net, 1), len(chart))
    return chart[index - 1]


def stop_chance(protection: int, penetration: int) -> int:
    """004 Armor: ((protection / penetration) * 2 - 1) * 25 + 10, in whole percent from 0 to
    100 (rulings C3). Protection 4 against penetration 4 gives 35."""
    raw = ((protection / max(penetration, 1)) * 2 - 1) * 25 + 10
    return min(max(math.floor(raw), 0), 100)


@dataclass(frozen=True)
class ArmorRoll:
    """What one layer of armor (or cover) did: its rolls and the damage it took away."""

    source: str
    protection: int
    stop_chance: int
    roll: int
    stopped: bool
    bypassed: bool
    reduction: int = 0
    reduction_roll: int | None = None


def armor_roll(source: str, protection: int, penetration: int, dice: Dice) -> ArmorRoll:
    """004 Armor: a d100 of 100 bypasses, at or under the stop chance stops, otherwise a
    second roll from 0 to the stop chance reduces the damage roll."""
    chance = stop_chance(protection, penetration)
    roll = dice.roll(100, 1)[0]
    if roll == 100:
        return ArmorRoll(source, protection, chance, roll, stopped=False, bypassed=True)
    if roll <= chance:
        return ArmorRoll(source, protection, chance, roll, stopped=True, bypassed=False)
    reduction = dice.roll(chance + 1, 1)[0] - 1
    return ArmorRoll(source, protection, chance, roll, False, False, reduction, reduction)


@dataclass(frozen=True)
class Wound:
    location: str
    severity: str
    damage_type: str = "wound"
    treated: bool = False

    def to_dict(self) -> dict[str, Any]:
        return {
            "location": self.location,
            "severity": self.severity,
            "type": self.damage_type,
            "treated": self.treated,
        }

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Wound:
        """A wound as a sheet or the tracker stores it; one that has begun healing counts
        as treated (002 Damage: "begun healing or been treated ... ½")."""
        healing = int(data.get("healing", 0)) > 0
        return cls(
            data["location"],
            data["severity"],
            data.get("type", "wound"),
            bool(data.get("treated", False)) or healing,
        )


def wound_modifier(wounds: list[Wound] | tuple[Wound, ...], rules: CombatRules) -> int:
    """002 Damage Levels: Light 0.25, Moderate 0.9, Serious 2, Critical 4, summed and
    rounded down; treated or healing wounds count half. Two Moderate wounds give 1."""
    by_name = {s.name: s.modifier for s in rules.severities}
    total = sum(
        by_name.get(w.severity, 0) * (rules.healing_factor if w.treated else 1) for w in wounds
    )
    return math.floor(total + 1e-9)  # 0.9 + 0.9 + 0.2 must not round down to 1.999...


@dataclass(frozen=True)
class Attack:
    """Everything one attack rolled and decided."""

    attacker: str
    defender: str
    weapon: str
    attack_dice: tuple[int, ...]
    defense_dice: tuple[int, ...]
    attack_hits: int
    defense_hits: int
    outcome: Outcome
    location: str | None = None
    location_roll: int | None = None
    cover_roll: int | None = None
    armor: tuple[ArmorRoll, ...] = ()
    damage_roll: int | None = None
    damage: int | None = None
    wound: Wound | None = None

    @property
    def stopped(self) -> bool:
        return any(a.stopped for a in self.armor)

    def to_dict(self) -> dict[str, Any]:
        return {
            "attacker": self.attacker,
            "defender": self.defender,
            "weapon": self.weapon,
            "attack_dice": list(self.attack_dice),
            "defense_dice": list(self.defense_dice),
            "attack_hits": self.attack_hits,
            "defense_hits": self.defense_hits,
            "outcome": self.outcome,
            "location": self.location,
            "location_roll": self.location_roll,
            "cover_roll": self.cover_roll,
            "armor": [a.__dict__ for a in self.armor],
            "damage_roll": self.damage_roll,
            "damage": self.damage,
            "wound": None if self.wound is None else self.wound.to_dict(),
        }


def resolve_attack(
    names: tuple[str, str],
    pools: tuple[int, int],
    weapon: Weapon,
    *,
    target: tuple[Armor, bool, str],
    rules: CombatRules,
    fs3: FS3Ruleset,
    dice: Dice,
) -> Attack:
    """002 Attack Resolution with 004's details. ``pools`` are the attacker's and defender's
    dice after every modifier; ``target`` is the defender's armor, whether the defender is in
    Cover, and the location aimed at (a called shot, or the target type's center of mass)."""
    attacker, defender = names
    armor, in_cover, aimed_at = target
    a = roll_pool(max(pools[0], 1), None, fs3, dice)
    d = roll_pool(max(pools[1], 1), None, fs3, dice)
    result = outcome(a.successes, d.successes)
    base = Attack(attacker, defender, weapon.name, a.dice, d.dice, a.successes, d.successes, result)
    if result != "hit":
        return base
    first, second = dice.roll(8, 2)
    chart = rules.chart(aimed_at)
    location = hit_location(first + second, a.successes - d.successes, chart)
    if location == MISS:
        return _with(base, location=MISS, location_roll=first + second)
    layers: list[ArmorRoll] = []
    cover_roll = None
    if in_cover and a.successes < rules.cover_exposed_at:  # 004 Cover
        cover_roll = dice.roll(100, 1)[0]
        if cover_roll <= rules.cover_chance:
            layers.append(armor_roll("cover", rules.cover_protection, weapon.penetration, dice))
    protection = armor.at(location)
    if not any(layer.stopped for layer in layers) and protection > 0:  # cumulative with cover
        layers.append(armor_roll(armor.name, protection, weapon.penetration, dice))
    if any(layer.stopped for layer in layers):
        return _with(base, location=location, location_roll=first + second,
                     cover_roll=cover_roll, armor=tuple(layers))  # fmt: skip
    damage_roll = dice.roll(100, 1)[0]
    damage = (
        damage_roll
        + weapon.lethality
        + rules.location_bonus(location)
        - sum(layer.reduction for layer in layers)
    )
    wound = Wound(location, rules.severity(damage).name, weapon.damage)
    return _with(
        base, location=location, location_roll=first + second, cover_roll=cover_roll,
        armor=tuple(layers), damage_roll=damage_roll, damage=damage, wound=wound,
    )  # fmt: skip


def _with(attack: Attack, **changes: Any) -> Attack:
    from dataclasses import replace

    return replace(attack, **changes)
