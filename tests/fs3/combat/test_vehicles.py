"""004 Crew Hits."""

from __future__ import annotations

import pytest

from rollplay.dice import ScriptedDice
from rollplay.systems.fs3.combat.gear import CombatRules
from rollplay.systems.fs3.combat.vehicles import crew_chance, crew_hits

RULES = CombatRules()
NONE = RULES.armor_named("None")


@pytest.mark.parametrize(
    ("severity", "main", "compartment"),
    [("Light", 1, 5), ("Moderate", 5, 25), ("Serious", 10, 50), ("Critical", 50, 90)],
)
def test_004_crew_hit_chances(severity: str, main: int, compartment: int) -> None:
    # The table's chance; five times it, at most 90%, in a crew compartment.
    assert crew_chance(severity, False, RULES) == main
    assert crew_chance(severity, True, RULES) == compartment


def test_crew_hits() -> None:
    crew = [("Pilot", NONE, "Chest"), ("Gunner", NONE, "Chest")]
    # Critical: 50%. The pilot rolls 49 (hurt: 1d4 = 2 hits), the gunner 50 (not: "less than").
    faces = [49, 2]
    faces += [5, 5, 30]  # hit 1: 10 Chest, 30 + 0 + 15 = 45 Moderate
    faces += [1, 1]  # hit 2: 2, a miss
    faces += [50]
    hurt = crew_hits("Critical", False, crew, rules=RULES, dice=ScriptedDice(faces))
    assert list(hurt) == ["Pilot"]
    assert [h.location for h in hurt["Pilot"]] == ["Chest", "Miss"]
    assert hurt["Pilot"][0].damage == 45
