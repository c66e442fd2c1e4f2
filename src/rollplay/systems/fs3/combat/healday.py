"""A day of healing, as rules over plain data (004 Healing Damage, Vehicle Healing; 002
Healing, Damage): each wounded person's toughness roll and their doctor's medicine roll, or a
mechanic's repair roll for a vehicle, and the points each wound gathers.

Draw order, which a scripted day relies on: patients in name order, each the toughness pool
then their doctor's medicine pool; then each repair in the order given, the mechanic's pool.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any, NamedTuple

from rollplay.dice import Dice
from rollplay.systems.fs3.combat.attack import wound_modifier
from rollplay.systems.fs3.combat.healing import Healing, daily_points, heal
from rollplay.systems.fs3.combat.rolling import ability_pool, named, roll
from rollplay.systems.fs3.combat.state import Combatant
from rollplay.systems.fs3.rolls import FS3Roll


class Person(NamedTuple):
    """Someone who heals or tends: their name, ratings and wounds with healing so far."""

    name: str
    ratings: dict[str, int]
    wounds: list[Healing]


def healing_roll(person: Person, ability: str, rules: Any, dice: Dice) -> FS3Roll:
    """A healing roll, with the roller's wound modifier (002 Damage: "applied to all ability
    rolls"; rulings C17) unless the rules leave it out."""
    gear = rules.combat
    who = Combatant(person.name, ratings=person.ratings)
    modifier = wound_modifier([h.wound for h in person.wounds], gear)
    mods = named(("wounds", -modifier if gear.healing_wound_modifiers else 0))
    return roll(who.name, ability_pool(who, ability, rules), mods, None, fs3=rules, dice=dice)


def patient_day(
    person: Person, doctor: Person | None, in_hospital: bool, rules: Any, dice: Dice
) -> tuple[dict[str, Any], list[Healing]]:
    """One patient's day: toughness, then the doctor's medicine; the report and the wounds."""
    gear = rules.combat
    tough = healing_roll(person, gear.recovery_ability or gear.toughness_ability, rules, dice)
    doctoring = gear.healing_ability or gear.treat_ability  # rulings A33
    medicine = None if doctor is None else healing_roll(doctor, doctoring, rules, dice)
    points = daily_points(tough.succeeded, None if medicine is None else medicine.succeeded,
                          in_hospital, gear)  # fmt: skip
    healed, progress = heal(person.wounds, points, gear)
    return {
        "name": person.name,
        "toughness": list(tough.dice),
        "toughness_roll": tough.to_dict(),
        "medicine": None if medicine is None else list(medicine.dice),
        "medicine_roll": None if medicine is None else medicine.to_dict(),
        "hospital": in_hospital,
        "points": points,
        "wounds": progress,
    }, healed


def vehicle_day(
    vehicle: Combatant, mechanic: Person, rules: Any, dice: Dice
) -> tuple[Combatant, dict[str, Any]]:
    """One vehicle's day (004 Vehicle Healing): the mechanic's repair roll gives each wound a
    point, and a fifth of a person's points drops a level; nothing heals without it."""
    gear = rules.combat
    r = healing_roll(mechanic, gear.repair_ability, rules, dice)
    points = daily_points(None, r.succeeded, False, gear)
    kept = [Healing(w, vehicle.mending[i] if i < len(vehicle.mending) else 0)
            for i, w in enumerate(vehicle.wounds)]  # fmt: skip
    healed, progress = heal(kept, points, gear, vehicle=True)
    fixed = replace(vehicle, wounds=tuple(h.wound for h in healed), fresh=(),
                    mending=tuple(h.fifths for h in healed))  # fmt: skip
    return fixed, {
        "vehicle": vehicle.name,
        "mechanic": mechanic.name,
        "repair": list(r.dice),
        "repair_roll": r.to_dict(),
        "points": points,
        "wounds": progress,
    }
