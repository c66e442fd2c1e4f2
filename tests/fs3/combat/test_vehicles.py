"""004 Crew Hits."""

from __future__ import annotations

import pytest

from rollplay.dice import ScriptedDice
from rollplay.systems.fs3.combat.gear import CombatRules
from rollplay.systems.fs3.combat.vehicles import crew_chance, crew_hits, hurts

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


@pytest.mark.parametrize("chance", [0, 1, 5, 10, 25, 50, 90, 100])
def test_004_crew_hits_a_listed_chance_hurts_that_often(chance: int) -> None:
    # 004 Crew Hits: "If the die roll is less than the chance to be injured, the passenger
    # is hurt": a listed N% hurts on exactly N of the d100's 100 faces (rulings C13).
    assert sum(hurts(face, chance) for face in range(1, 101)) == chance
    # ...and the real roller agrees, face by face.
    crew = [("Pilot", NONE, "Chest")]
    for face in (chance, chance + 1):
        if 1 <= face <= 100:
            extra = [1, 1, 1, 30] if hurts(face, chance) else []  # 1d4: 1 hit; 2d8, damage
            rolled = crew_hits(
                "Critical",
                False,
                crew,
                rules=_with_chance(chance),
                dice=ScriptedDice([face, *extra]),
            )
            assert rolled[0].hurt == (face <= chance)


def _with_chance(chance: int) -> CombatRules:
    from dataclasses import replace

    rows = tuple(replace(r, chance=chance) if r.severity == "Critical" else r
                 for r in RULES.crew_hits)  # fmt: skip
    return replace(RULES, crew_hits=rows)


def test_crew_hits() -> None:
    crew = [("Pilot", NONE, "Chest"), ("Gunner", NONE, "Chest")]
    # Critical: 50%. The pilot rolls 50 (hurt: 1d4 = 2 hits), the gunner 51 (not).
    faces = [50, 2]
    faces += [5, 5, 30]  # hit 1: 10 Chest, 30 + 0 + 15 = 45 Moderate
    faces += [1, 1, 20]  # hit 2: 2 is a Miss entry: up to the right leg, 20 Light
    faces += [51]
    rolled = crew_hits("Critical", False, crew, rules=RULES, dice=ScriptedDice(faces))
    pilot, gunner = rolled
    assert (pilot.hurt, gunner.hurt) == (True, False)
    assert [h.location for h in pilot.hits] == ["Chest", "Right_Leg"]
    assert pilot.hits[0].damage == 45
    assert pilot.count_dice == (2,)
    assert gunner.to_dict()["roll"] == 51  # every passenger's roll is shown


@pytest.mark.parametrize(("face", "hits"), [(1, 1), (2, 1), (3, 2), (4, 2)])
def test_004_serious_crew_hits_half_a_d4_round_up(face: int, hits: int) -> None:
    # "1d4 / 2" hits for a Serious wound: a hurt passenger takes at least one (rulings C13).
    faces = [1, face] + [1, 1, 30] * hits  # hurt (1 <= 10); each hit 2d8 = 2, damage 30
    (pilot,) = crew_hits("Serious", False, [("Pilot", NONE, "Chest")], rules=RULES,
                         dice=ScriptedDice(faces))  # fmt: skip
    assert len(pilot.hits) == hits


def test_004_every_crew_hit_lands_on_a_different_location() -> None:
    # 004 Crew Hits: "Resolve each wound like a normal attack, only you don't have to make
    # attack and defense rolls - the attack automatically hits". Critical: 50%, rolled 50:
    # hurt; 1d4 = 3 hits, each 2d8 on the chest chart (a 2 is its Miss entry), then damage.
    faces = [50, 3, *[1, 1, 30] * 2, 8, 8, 30]
    dice = ScriptedDice(faces)
    (pilot,) = crew_hits("Critical", False, [("Pilot", NONE, "Chest")], rules=RULES, dice=dice)
    dice.check_all_used()
    assert [h.location for h in pilot.hits] == ["Right_Leg", "Left_Leg", "Chest"]
    assert all(h.wound is not None for h in pilot.hits)  # a hurt passenger is wounded (C13)
