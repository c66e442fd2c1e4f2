"""Healing over days (004 Healing Damage, Vehicle Healing; 002 Healing).

Each wound gathers healing points; with enough it drops one severity level (a Light wound
heals away). Points are kept in fifths, so stun and vehicle wounds, which need a fifth of the
listed points, stay whole numbers (rulings C10).
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

from rollplay.errors import RuleError
from rollplay.systems.fs3.combat.attack import Wound
from rollplay.systems.fs3.combat.gear import CombatRules


@dataclass(frozen=True)
class Healing:
    """A wound on the mend: the wound and its healing points, in fifths of a point."""

    wound: Wound
    fifths: int = 0


def needed(wound: Wound, rules: CombatRules, vehicle: bool = False) -> int:
    """Fifths of a point to drop this wound a level: the table's points x 5, or x 1 for stun
    and vehicle wounds ("1/5th the listed number")."""
    points = rules.healing_points[wound.severity]
    light = wound.damage_type == "stun" or vehicle
    return points * (1 if light else rules.healing_divisor)


def daily_points(
    toughness: bool | None, medicine: bool | None, hospital: bool, rules: CombatRules
) -> int:
    """004: toughness success 2 points a wound, failure 1 (None: no roll, as for vehicles,
    which do not heal on their own); a successful medicine (repair) roll 1; a hospital 1."""
    points = 0
    if toughness is not None:
        points += rules.healing_toughness[0] if toughness else rules.healing_toughness[1]
    if medicine:
        points += rules.healing_medicine
    if hospital:
        points += rules.healing_hospital
    return points


def heal(
    wounds: list[Healing], points: int, rules: CombatRules, vehicle: bool = False
) -> tuple[list[Healing], list[dict[str, Any]]]:
    """Add ``points`` to every wound; each wound with enough drops a level "as soon as" it
    has them (what is left over carries on: rulings C10). Returns the wounds and a report."""
    order = [s.name for s in rules.severities]
    out, report = [], []
    for h in wounds:
        fifths = h.fifths + points * rules.healing_divisor
        before = h.wound.severity
        # 002 Damage: a wound that has begun healing counts half (rulings C10).
        wound: Wound | None = replace(h.wound, begun_healing=True) if points > 0 else h.wound
        while wound is not None and fifths >= needed(wound, rules, vehicle):
            fifths -= needed(wound, rules, vehicle)
            level = order.index(wound.severity)
            wound = None if level == 0 else replace(wound, severity=order[level - 1])
        report.append({"location": h.wound.location, "from": before,
                       "to": wound.severity if wound else "healed"})  # fmt: skip
        if wound is not None:
            out.append(Healing(wound, fifths))
    return out, report


def doctor_limit(medicine_rating: int) -> int:
    """004: a doctor tends at most "1/2 their medicine ability rating" in patients, rounded
    up, so a trained doctor (rating 1) tends one (rulings C16)."""
    return -(-max(medicine_rating, 0) // 2)


def check_rounds(assignments: dict[str, str], ratings: dict[str, int]) -> None:
    """004: one doctor per patient (a mapping patient -> doctor), and no doctor over their
    limit."""
    load: dict[str, int] = {}
    for doctor in assignments.values():
        load[doctor] = load.get(doctor, 0) + 1
    for doctor, count in load.items():
        limit = doctor_limit(ratings.get(doctor, 0))
        if count > limit:
            raise RuleError(
                f"{doctor} can tend {limit} patient{'s' if limit != 1 else ''} a day "
                f"(half their medicine rating, rounded up), not {count}"
            )
