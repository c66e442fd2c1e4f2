"""One FS3 attack, step by step (002 Attack Resolution; 004 Hit Location, Armor, Cover,
Damage Severity), and the wound arithmetic that follows (002 Damage, Knockout).

Draw order for one attack: the attacker's pool (d8s; a luck re-roll's second pool right
after the first), the defender's pool (likewise); on a hit, 2d8 for the location; if cover
may apply, a d100 for it and, when it applies, the cover's armor rolls; the body armor's
rolls (a d100, then a die of 0 to the stop chance when it neither stops nor is bypassed);
finally the d100 damage roll. Pools are worked out by the caller (turn.py), which rolls
them in this order.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, replace
from typing import Any, Literal

from rollplay.dice import Dice
from rollplay.errors import RollplayError
from rollplay.systems.fs3.combat.gear import CombatRules
from rollplay.systems.fs3.combat.kit import MISS, Armor, Weapon
from rollplay.systems.fs3.rolls import Check, FS3Roll, Modifier, roll_check
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


def listed_location(draw: int, net: int, rows: tuple[str, ...]) -> str:
    """A list chart's location (rulings A23): ``draw`` is a die of as many faces as the list
    has rows, moved up one row per net hit and held to the list's ends, so at no net hits a
    location listed N times of M comes up N/M of the time."""
    index = min(max(draw - 1 + net, 0), len(rows) - 1)
    return rows[index]


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
    # 002 Damage: "Wounds that have begun healing or been treated with first aid": two states,
    # each halving the wound's modifier.
    treated: bool = False  # with first aid (002 Treat)
    begun_healing: bool = False  # it has gathered healing points (004 Healing Damage)

    @property
    def halved(self) -> bool:
        return self.treated or self.begun_healing

    def to_dict(self) -> dict[str, Any]:
        return {
            "location": self.location,
            "severity": self.severity,
            "type": self.damage_type,
            "treated": self.treated,
            "begun_healing": self.begun_healing,
        }

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Wound:
        """A wound as a sheet or the tracker stores it; one with healing points has begun
        healing."""
        return cls(
            data["location"],
            data["severity"],
            data.get("type", "wound"),
            bool(data.get("treated", False)),
            bool(data.get("begun_healing", False)) or int(data.get("healing", 0)) > 0,
        )


def read_wounds(raw: Any, rules: CombatRules, whose: str) -> tuple[Wound, ...]:
    """Wounds as a sheet or a combat stores them, checked: one line naming what is wrong."""
    if raw is None:
        return ()
    if not isinstance(raw, list):
        raise RollplayError(f"{whose}'s wounds must be a list, not {type(raw).__name__}")
    severities = [s.name for s in rules.severities]
    out = []
    for i, data in enumerate(raw, 1):
        if not isinstance(data, dict) or not isinstance(data.get("location"), str):
            raise RollplayError(f"{whose}'s wound {i} needs a location and a severity")
        if data.get("severity") not in severities:
            raise RollplayError(
                f"{whose}'s wound {i} has severity {data.get('severity')!r}; accepted: "
                f"{', '.join(severities)}"
            )
        if data.get("type", "wound") not in ("wound", "stun"):
            raise RollplayError(
                f"{whose}'s wound {i} has type {data.get('type')!r}; accepted: wound, stun"
            )
        healing = data.get("healing", 0)
        if isinstance(healing, bool) or not isinstance(healing, int) or healing < 0:
            raise RollplayError(
                f"{whose}'s wound {i} has healing {healing!r}: a whole number, 0 or more"
            )
        out.append(Wound.from_dict(data))
    return tuple(out)


def wound_modifier(wounds: list[Wound] | tuple[Wound, ...], rules: CombatRules) -> int:
    """002 Damage Levels: Light 0.25, Moderate 0.9, Serious 2, Critical 4, summed and
    rounded down; treated or healing wounds count half. Two Moderate wounds give 1."""
    by_name = {s.name: s.modifier for s in rules.severities}
    total = sum(
        by_name.get(w.severity, 0) * (rules.healing_factor if w.halved else 1) for w in wounds
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
    attack_roll: FS3Roll | None = None
    defense_roll: FS3Roll | None = None
    location_dice: tuple[int, ...] = ()
    severity: str | None = None  # also for a hit that leaves no wound (a graze, A29)

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
            "location_dice": list(self.location_dice),
            "cover_roll": self.cover_roll,
            "armor": [a.__dict__ for a in self.armor],
            "damage_roll": self.damage_roll,
            "damage": self.damage,
            "wound": None if self.wound is None else self.wound.to_dict(),
            "severity": self.severity,
            "attack_roll": None if self.attack_roll is None else self.attack_roll.to_dict(),
            "defense_roll": None if self.defense_roll is None else self.defense_roll.to_dict(),
        }


def plain_roll(pool: int, fs3: FS3Ruleset, dice: Dice) -> FS3Roll:
    """A pool after every modifier, rolled under the ruleset's below-one-die ruling."""
    return roll_check(Check(0, modifiers=(Modifier("pool", pool),)), fs3, dice)


def resolve_attack(
    names: tuple[str, str],
    pools: tuple[int | FS3Roll, int | FS3Roll],
    weapon: Weapon,
    *,
    target: tuple[Armor, bool, str],
    rules: CombatRules,
    fs3: FS3Ruleset,
    dice: Dice,
    kind: str | None = None,
    damage_bonus: int = 0,
) -> Attack:
    """002 Attack Resolution with 004's details. ``pools`` are the attacker's and defender's
    rolls, or their dice after every modifier (rolled here, the attacker's first); ``target``
    is the defender's armor, whether the defender is in Cover, and the location aimed at (a
    called shot, or the target type's center of mass); ``kind`` the defender's type, whose
    list chart (if it has one) is drawn from (A23); ``damage_bonus`` an NPC tier's wounds
    (A26)."""
    attacker, defender = names
    armor, in_cover, aimed_at = target
    a = pools[0] if isinstance(pools[0], FS3Roll) else plain_roll(pools[0], fs3, dice)
    d = pools[1] if isinstance(pools[1], FS3Roll) else plain_roll(pools[1], fs3, dice)
    # An Embarrassing Failure's successes count for nothing, attacking or defending (000).
    result = outcome(a.hits, d.hits)
    base = Attack(attacker, defender, weapon.name, a.dice, d.dice, a.hits, d.hits,
                  result, attack_roll=a, defense_roll=d)  # fmt: skip
    if result != "hit":
        return base
    listed = None if kind is None else rules.hit_chart_of(kind)
    if listed is not None:
        rows = listed.areas[aimed_at]
        draw = dice.roll(len(rows), 1)[0]
        location = listed_location(draw, a.hits - d.hits, rows)
        base = replace(base, location_roll=draw, location_dice=(draw,))
    else:
        first, second = dice.roll(8, 2)
        chart = rules.chart(aimed_at)
        location = hit_location(first + second, a.hits - d.hits, chart)
        base = replace(base, location_roll=first + second, location_dice=(first, second))
    if location == MISS:
        return replace(base, location=MISS)
    layers: list[ArmorRoll] = []
    cover_roll = None
    if in_cover and a.hits < rules.cover_exposed_at:  # 004 Cover
        cover_roll = dice.roll(100, 1)[0]
        if cover_roll <= rules.cover_chance:
            layers.append(armor_roll("cover", rules.cover_protection, weapon.penetration, dice))
    protection = armor.at(location)
    if not any(layer.stopped for layer in layers) and protection > 0:  # cumulative with cover
        layers.append(armor_roll(armor.name, protection, weapon.penetration, dice))
    if any(layer.stopped for layer in layers):
        return replace(base, location=location, cover_roll=cover_roll, armor=tuple(layers))
    damage_roll = dice.roll(100, 1)[0]
    damage = (
        damage_roll
        + weapon.lethality
        + rules.location_bonus(location, kind)
        + damage_bonus
        - sum(layer.reduction for layer in layers)
    )
    severity = rules.severity(damage)
    wound = Wound(location, severity.name, weapon.damage) if severity.tracked else None
    return replace(
        base, location=location, cover_roll=cover_roll, armor=tuple(layers),
        damage_roll=damage_roll, damage=damage, wound=wound, severity=severity.name,
    )  # fmt: skip
