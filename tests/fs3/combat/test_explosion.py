"""004 Explosions."""

from __future__ import annotations

from dataclasses import replace

import pytest
from hypothesis import given
from hypothesis import strategies as st

from rollplay.dice import ScriptedDice
from rollplay.errors import RulesetError
from rollplay.systems.fs3.combat.explosion import (
    adjust_zone,
    automatic_hits,
    blast,
    parse_pieces,
    pieces,
    zone_for,
)
from rollplay.systems.fs3.combat.gear import CombatRules
from rollplay.systems.fs3.combat.kit import Weapon
from tests.fuzzing import MEGABYTE, fuzz, takes_a_megabyte

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
    assert adjust_zone(0, 3, False, 1, RULES) == 0
    assert adjust_zone(3, 0, False, 0, RULES) == 4


def test_004_pushed_past_zone_4_is_out_of_the_blast() -> None:
    # Rulings C15: zone 4 is the table's last row; a target pushed further is safe.
    assert adjust_zone(3, 0, True, 5, RULES) is None
    assert adjust_zone(1, 2, False, 6, RULES) is None
    kept = replace(RULES, blast_overflow="last-zone")
    assert adjust_zone(3, 0, True, 5, kept) == 4


@pytest.mark.parametrize(
    ("spec", "faces", "count"),
    [("4d4", [1, 2, 3, 4], 10), ("1d6", [5], 5), ("1d4/2", [3], 1), ("1d4/2", [1], 0),
     ("", [], 0), ("3", [], 3)],
)  # fmt: skip
def test_shrapnel_pieces(spec: str, faces: list[int], count: int) -> None:
    assert pieces(spec, ScriptedDice(faces)) == (count, tuple(faces))


def test_004_zone_3_half_a_d4_rounds_as_ruled() -> None:
    # Rulings C13: zone 3's "1d4 / 2" shrapnel rounds down (0, 1, 1, 2: a quarter of the time
    # no piece); crew hits' "1d4 / 2" rounds up (1, 1, 2, 2: a hurt passenger is hit).
    down = [pieces("1d4/2", ScriptedDice([f]), "down").number for f in range(1, 5)]
    up = [pieces("1d4/2", ScriptedDice([f]), "up").number for f in range(1, 5)]
    assert (down, up) == ([0, 1, 1, 2], [1, 1, 2, 2])
    assert RULES.shrapnel_rounding == "down"
    assert RULES.crew_hit_rounding == "up"


@pytest.mark.parametrize("spec", ["d4", "4d", "1d0", "1d4/0", "lots", "9999d4", "1d4/2/2"])
def test_bad_counts_are_refused(spec: str) -> None:
    with pytest.raises(RulesetError, match="bad count"):
        parse_pieces(spec)
    with pytest.raises(RulesetError, match="bad count"):
        replace(RULES, zones=(*RULES.zones[:3], replace(RULES.zones[3], shrapnel=spec)))


@pytest.mark.fuzz
@fuzz
@given(st.text(max_size=60))
def test_fuzz_piece_counts(text: str) -> None:
    # A rules file's count parses, or is refused with one line; never anything else.
    try:
        count, sides, divisor = parse_pieces(text)
    except RulesetError as exc:
        assert "\n" not in str(exc)
        return
    assert 0 <= count <= 999
    assert 1 <= sides <= 999
    assert 1 <= divisor <= 999


def test_counts_parse_in_linear_time() -> None:
    for text in ("1" * MEGABYTE, "1d" + "4" * MEGABYTE, " " * MEGABYTE + "d"):
        takes_a_megabyte(parse_pieces, text)


def test_a_grenade_blast() -> None:
    grenade = RULES.weapon("Grenade")
    helmet = RULES.armor_named("Helmet")
    faces = [50]  # concussion: helmet 5 vs penetration 3: stop chance 51, rolled 50: stopped
    faces += [2]  # zone 1: 1d6 -> 2 pieces
    faces += [5, 5, 40]  # piece 1: 5 + 5 = 10 Chest, no armor: 40 + 0 + 15 = 55 Moderate
    faces += [1, 1, 20]  # piece 2: 2 on the chest chart, a Miss entry: the right leg, Light
    hits, rolled = blast(1, grenade, helmet, center="Chest", rules=RULES,
                         dice=ScriptedDice(faces))  # fmt: skip
    assert rolled == (2,)  # the pieces' die is kept
    assert [h.kind for h in hits] == ["concussion", "shrapnel", "shrapnel"]
    assert hits[0].armor is not None
    assert hits[0].armor.stopped
    assert hits[1].wound is not None
    assert (hits[1].location, hits[1].damage, hits[1].wound.severity) == ("Chest", 55, "Moderate")
    assert (hits[2].location, hits[2].moved_from) == ("Right_Leg", "Miss")


def test_no_shrapnel_weapons_only_concuss() -> None:
    charge = Weapon("Charge", "Demolitions", "Reflexes", lethality=20, penetration=8,
                    blast_radius=3)  # fmt: skip
    hits, _ = blast(0, charge, RULES.armor_named("None"), center="Chest", rules=RULES,
                    dice=ScriptedDice([60]))  # fmt: skip
    assert len(hits) == 1
    assert hits[0].damage == 60 + 50 + 20  # zone 0 +50, the weapon's +20
    assert hits[0].wound is not None
    assert hits[0].wound.severity == "Critical"


def test_004_concussion_on_a_vehicle_lands_on_its_hull() -> None:
    # "Concussion is an automatic wound to the head"; a vehicle has none: its center of
    # mass takes it (rulings C14), through the hull's armor.
    charge = Weapon("Charge", "Demolitions", "Reflexes", lethality=20, penetration=8,
                    blast_radius=3)  # fmt: skip
    hull = RULES.armor_named("Light Vehicle")  # Hull 6 vs penetration 8: stop chance 22
    hits, _ = blast(1, charge, hull, center="Hull", head="Hull", rules=RULES,
                    dice=ScriptedDice([50, 11, 70]))  # fmt: skip
    assert hits[0].location == "Hull"
    assert hits[0].damage == 70 + 0 + 20 - 10


def shrapnel(rolls: list[tuple[int, int]], center: str = "Chest") -> list[str]:
    """Where pieces with these 2d8 land (no armor; each then rolls 50 for damage)."""
    faces = [f for pair in rolls for f in (*pair, 50)]
    dice = ScriptedDice(faces)
    hits = automatic_hits(len(rolls), 0, RULES.armor_named("None"), center=center, rules=RULES,
                          dice=dice)  # fmt: skip
    dice.check_all_used()
    assert all(h.wound is not None for h in hits)
    return [h.location for h in hits]


def test_004_shrapnel_automatically_hits() -> None:
    # 004 Explosions: "the attack automatically hits". A 2d8 of 2 is the chest chart's Miss
    # entry: the piece moves up the chart to the nearest location, the right leg.
    assert shrapnel([(1, 1)]) == ["Right_Leg"]
    assert shrapnel([(1, 2)], center="Head") == ["Right_Arm"]


def test_004_each_piece_of_shrapnel_to_a_different_hit_location() -> None:
    # "Shrapnel is a number of separate wounds, each to a different hit location": a piece on
    # a location already hit moves up the chart to the nearest location not yet hit, or down
    # when none is above (rulings C9).
    assert shrapnel([(6, 6), (8, 8), (1, 1), (2, 2)]) == [
        "Chest", "Abdomen", "Right_Leg", "Left_Leg"]  # fmt: skip
    # The chest chart has six locations; a seventh piece starts a new round.
    assert shrapnel([(8, 8)] * 7) == [
        "Chest", "Abdomen", "Left_Arm", "Right_Arm", "Left_Leg", "Right_Leg", "Chest"]  # fmt: skip
