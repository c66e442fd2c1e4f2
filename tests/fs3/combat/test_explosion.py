"""004 Explosions."""

from __future__ import annotations

import pytest

from rollplay.dice import ScriptedDice
from rollplay.systems.fs3.combat.explosion import adjust_zone, blast, pieces, zone_for
from rollplay.systems.fs3.combat.gear import CombatRules, Weapon

RULES = CombatRules()


def test_zone_table() -> None:
    assert [(z.shrapnel, z.modifier) for z in RULES.zones] == [
        ("4d4", 50), ("1d6", 0), ("1d4", -25), ("1d4/2", -50), ("", -100)]  # fmt: skip


def test_zones_by_distance() -> None:
    assert [zone_for(d, 5) for d in (0, 5, 6, 10, 11)] == [0, 0, 1, 1, None]


def test_004_grenade_example() -> None:
    # Jesse's grenade would have put Mike in zone 0; no hits moves him to zone 1; Mike's
    # defense of 2 hits moves him out to zone 3.
    assert adjust_zone(0, 0, False, 0, RULES) == 1
    assert adjust_zone(0, 0, False, 2, RULES) == 3
    assert adjust_zone(0, 0, True, 0, RULES) == 2  # an Embarrassing Failure: two zones
    assert adjust_zone(3, 0, True, 5, RULES) == 4  # never past the last zone
    assert adjust_zone(0, 3, False, 1, RULES) == 0


@pytest.mark.parametrize(
    ("spec", "faces", "count"),
    [("4d4", [1, 2, 3, 4], 10), ("1d6", [5], 5), ("1d4/2", [3], 1), ("1d4/2", [1], 0),
     ("", [], 0)],
)  # fmt: skip
def test_shrapnel_pieces(spec: str, faces: list[int], count: int) -> None:
    assert pieces(spec, ScriptedDice(faces)) == count


def test_a_grenade_blast() -> None:
    grenade = RULES.weapon("Grenade")
    helmet = RULES.armor_named("Helmet")
    faces = [50]  # concussion: helmet 5 vs penetration 3: stop chance 51, rolled 50: stopped
    faces += [2]  # zone 1: 1d6 -> 2 pieces
    faces += [5, 5, 40]  # piece 1: 5 + 5 = 10 Chest, no armor: 40 + 0 + 15 = 55 Moderate
    faces += [1, 1]  # piece 2: 2 on the chest chart: a miss
    hits = blast(1, grenade, helmet, center="Chest", rules=RULES, dice=ScriptedDice(faces))
    assert [h.kind for h in hits] == ["concussion", "shrapnel", "shrapnel"]
    assert hits[0].armor is not None
    assert hits[0].armor.stopped
    assert hits[1].wound is not None
    assert (hits[1].location, hits[1].damage, hits[1].wound.severity) == ("Chest", 55, "Moderate")
    assert hits[2].location == "Miss"


def test_no_shrapnel_weapons_only_concuss() -> None:
    charge = Weapon("Charge", "Demolitions", "Reflexes", lethality=20, penetration=8,
                    blast_radius=3)  # fmt: skip
    hits = blast(0, charge, RULES.armor_named("None"), center="Chest", rules=RULES,
                 dice=ScriptedDice([60]))  # fmt: skip
    assert len(hits) == 1
    assert hits[0].damage == 60 + 50 + 20  # zone 0 +50, the weapon's +20
    assert hits[0].wound is not None
    assert hits[0].wound.severity == "Critical"
