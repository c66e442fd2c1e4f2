"""004 Explosions in a turn: who is caught, their defense rolls, vehicles and their crew."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from rollplay.dice import ScriptedDice
from rollplay.errors import RollplayError
from rollplay.systems.fs3.combat.attack import Wound
from rollplay.systems.fs3.combat.state import parse_near
from rollplay.systems.fs3.combat.turn import Action, Combatant, resolve_turn
from rollplay.systems.fs3.presets import FS3_3
from tests.fuzzing import MEGABYTE, fuzz, takes_a_megabyte

KID = Combatant("Kid", rating=4, weapon="Grenade")  # blast radius 5


def run(who: list[Combatant], action: Action, faces: list[int],
        others: dict[str, Action] | None = None) -> dict[str, Any]:  # fmt: skip
    dice = ScriptedDice(faces)
    actions = {"Kid": action, **(others or {})}
    _, report = resolve_turn(1, who, actions, rules=FS3_3.combat, fs3=FS3_3, dice=dice)
    dice.check_all_used()
    return report.to_dict()


def test_004_zones_by_distance_and_defense_like_any_defense() -> None:
    # 004 Explosions: within the blast radius zone 0, within double it zone 1, further: safe.
    # Each caught defends with stance, wounds and luck, as any defense does.
    jesse = Combatant("Jesse", team="B", rating=4, stance="Evade", luck=1)
    lee = Combatant("Lee", team="B", rating=4, wounds=(Wound("Arm", "Serious"),))
    jeep = Combatant("Jeep", team="B", rating=5, kind="Vehicle", armor="Light Vehicle",
                     crew=("Driver",))  # fmt: skip
    driver = Combatant("Driver", team="B", rating=3)
    far = Combatant("Far", team="B", rating=2)
    faces = [1] * 20 + [90, 80, 70, 60, 50, 40]  # initiative: Kid first
    faces += [8, 8, 2, 2]  # Kid's Athletics (rating 4): 2 hits
    # Jesse, zone 0: 4 + Evade 3 + luck 3 = 10 dice, 3 hits: out to zone 1. Concussion 30
    # (Light); 1d6 = 1 piece, 2d8 = 2 (a Miss entry): up the chart to the right leg, 10.
    faces += [8, 8, 8] + [2] * 7 + [30, 1, 1, 1, 10]
    # Lee at 3, zone 0: 4 - 2 wounds = 2 dice, no hits. Concussion 10 + 50 (Moderate);
    # 4d4 = 4 pieces, each 2d8 = 2: legs and arms, one each, 1 + 50 (Moderate).
    faces += [2, 2] + [10] + [1, 1, 1, 1] + [1, 1, 1] * 4
    # The Jeep at 8, zone 1: 5 dice, none. Concussion on its hull (Light Vehicle 6 vs
    # penetration 3: stop 85; 90 goes through, -0), 50: Moderate; 1d6 = 2 pieces, 2d8 = 2:
    # the wheels and the engine, each armor stopping it (10). The hull wound: the driver's
    # crew roll, 5 against 5%: hurt, 1 hit, 2d8 = 2: the right leg, 10.
    faces += [2] * 5 + [90, 1, 50] + [2] + [1, 1, 10] * 2 + [5, 1, 1, 10]
    faces += [8]  # Lee's knockout: Serious + 5 Moderate = 6.5 -> 6; 4 - 6: one die (R4)
    action = Action("attack", "Jesse", near=("Lee=3", "Jeep=8", "Far=11"))
    report = run([KID, jesse, lee, jeep, driver, far], action, faces,
                 {"Jesse": Action("pass", luck="defense")})  # fmt: skip
    blast = report["events"][0]
    caught = {v["name"]: v for v in blast["caught"]}
    assert [(n, v["start_zone"], v["zone"]) for n, v in caught.items()] == [
        ("Jesse", 0, 1), ("Lee", 0, 0), ("Jeep", 1, 1)]  # fmt: skip
    assert blast["safe"] == [{"name": "Far", "distance": 11.0}]
    mods = caught["Jesse"]["defense_roll"]["modifiers"]
    assert mods == [{"reason": "stance Evade", "value": 3}, {"reason": "luck", "value": 3}]
    assert caught["Lee"]["defense_roll"]["modifiers"] == [{"reason": "wounds", "value": -2}]
    assert caught["Lee"]["pieces_dice"] == [1, 1, 1, 1]
    concussion = caught["Jeep"]["hits"][0]
    assert (concussion["location"], concussion["wound"]["severity"]) == ("Hull", "Moderate")
    crew = caught["Jeep"]["crew_rolls"][0]
    assert (crew["name"], crew["roll"], crew["chance"], crew["hurt"]) == ("Driver", 5, 5, True)
    assert [h["location"] for h in caught["Jeep"]["hits"]] == ["Hull", "Wheels", "Engine"]
    assert [h["location"] for h in crew["hits"]] == ["Right_Leg"]


def test_004_pushed_past_the_last_zone_is_out_of_the_blast() -> None:
    # Rulings C15: no hits moves Jesse a zone; 5 more defense hits push him out: no wound.
    jesse = Combatant("Jesse", team="B", rating=5)
    faces = [1] * 9 + [60, 40] + [2, 2, 2, 2] + [8] * 5
    report = run([KID, jesse], Action("attack", "Jesse"), faces)
    (caught,) = report["events"][0]["caught"]
    assert (caught["zone"], caught["hits"], caught["effect"]) == (None, [], "outside")


def test_bystanders_are_checked() -> None:
    jesse = Combatant("Jesse", team="B", rating=5)
    for near, needle in (
        (("Ghost",), "not in this combat"), (("Jesse=2",), "caught once"),
        (("Jesse=x",), "NAME=DISTANCE"), (("Kid=nan",), "out of range"),
        (("Kid=-1",), "out of range"), (("Kid=1e400",), "out of range"),
    ):  # fmt: skip
        with pytest.raises(RollplayError, match=needle):
            run([KID, jesse], Action("attack", "Jesse", near=near), [])


@pytest.mark.fuzz
@fuzz
@given(st.text(max_size=80))
def test_fuzz_bystanders(text: str) -> None:
    # NAME or NAME=DISTANCE: parsed, or refused with one line.
    try:
        _, distance = parse_near(text)
    except RollplayError as exc:
        assert "\n" not in str(exc)
        return
    assert distance is None or 0 <= distance <= 1_000_000
    assert (distance is None) == ("=" not in text)


def test_bystanders_parse_in_linear_time() -> None:
    for text in ("a" * MEGABYTE, "a=" + "1" * MEGABYTE, "=" * MEGABYTE, "a=1" + "0" * MEGABYTE):
        takes_a_megabyte(parse_near, text)
