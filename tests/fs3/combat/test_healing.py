"""004 Healing Damage and Vehicle Healing."""

from __future__ import annotations

import pytest

from rollplay.errors import RuleError
from rollplay.systems.fs3.combat.attack import Wound, wound_modifier
from rollplay.systems.fs3.combat.gear import CombatRules
from rollplay.systems.fs3.combat.healing import (
    Healing,
    check_rounds,
    daily_points,
    doctor_limit,
    heal,
    needed,
)

RULES = CombatRules()


@pytest.mark.parametrize(("severity", "points"), [("Light", 2), ("Moderate", 3),
                                                  ("Serious", 4), ("Critical", 5)])  # fmt: skip
def test_points_to_drop_a_level(severity: str, points: int) -> None:
    assert needed(Wound("Chest", severity), RULES) == points * 5  # in fifths
    assert needed(Wound("Chest", severity, "stun"), RULES) == points  # a fifth for stun
    assert needed(Wound("Hull", severity), RULES, vehicle=True) == points


def test_daily_points() -> None:
    # Toughness success 2, failure 1; a doctor's success 1; a hospital 1.
    assert daily_points(True, None, False, RULES) == 2
    assert daily_points(False, True, True, RULES) == 3
    assert daily_points(None, True, False, RULES) == 1  # a vehicle: repairs only


def test_a_serious_wound_mends() -> None:
    wounds = [Healing(Wound("Chest", "Serious"))]
    wounds, report = heal(wounds, 2, RULES)  # 2 of the 4 points
    assert report == [{"location": "Chest", "from": "Serious", "to": "Serious"}]
    wounds, report = heal(wounds, 3, RULES)  # 5: Moderate, 1 point carried over
    assert report[0]["to"] == "Moderate"
    assert wounds[0].fifths == 5
    wounds, _ = heal(wounds, 2, RULES)  # 3 of 3: Light
    wounds, report = heal(wounds, 2, RULES)  # 2 of 2: healed
    assert wounds == []
    assert report[0]["to"] == "healed"


def test_002_a_wound_that_has_begun_healing_is_not_treated() -> None:
    # 002 Damage: "Wounds that have begun healing or been treated with first aid give only ½
    # the listed wound modifier": both halve it, but healing points are not first aid.
    (mending,), _ = heal([Healing(Wound("Chest", "Serious"))], 1, RULES)
    assert (mending.wound.begun_healing, mending.wound.treated) == (True, False)
    assert mending.wound.to_dict()["begun_healing"] is True
    assert wound_modifier([mending.wound], RULES) == 1  # 2 halved
    back = Wound.from_dict({"location": "Chest", "severity": "Light", "healing": 3})
    assert (back.begun_healing, back.treated) == (True, False)


def test_stun_heals_fast() -> None:
    wounds, report = heal([Healing(Wound("Head", "Critical", "stun"))], 2, RULES)
    # 2 points = 10 fifths: Critical (5) -> Serious (4) -> 1 left, Moderate needs 3.
    assert report[0]["to"] == "Moderate"
    assert wounds[0].wound.severity == "Moderate"
    assert wounds[0].fifths == 1


@pytest.mark.parametrize(("rating", "patients"), [(0, 0), (1, 1), (2, 1), (3, 2), (4, 2), (7, 4)])
def test_004_a_doctor_tends_half_their_medicine_rating(rating: int, patients: int) -> None:
    # 004 Healing Damage: "a maximum number of patients equal to 1/2 their medicine ability
    # rating", rounded up: a doctor rated 1 tends one patient (rulings C16).
    assert doctor_limit(rating) == patients
    check_rounds({f"P{i}": "Doc" for i in range(patients)}, {"Doc": rating})
    with pytest.raises(RuleError, match=f"can tend {patients} patient"):
        check_rounds({f"P{i}": "Doc" for i in range(patients + 1)}, {"Doc": rating})


def test_002_a_wound_that_has_begun_healing_counts_half() -> None:
    # 002 Damage: "Wounds that have begun healing ... give only 1/2 the listed wound
    # modifier": any healing point starts it, even one that lands exactly on a level.
    (mended,), _ = heal([Healing(Wound("Chest", "Serious"))], 4, RULES)
    assert (mended.wound.severity, mended.fifths, mended.wound.begun_healing) == (
        "Moderate", 0, True)  # fmt: skip
    (same,), _ = heal([Healing(Wound("Chest", "Serious"))], 0, RULES)
    assert not same.wound.halved
