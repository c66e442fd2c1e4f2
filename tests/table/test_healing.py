"""Healing days at the table (004 Healing Damage, Vehicle Healing; 002 Damage), on both
databases."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest

from rollplay.dice import ScriptedDice
from rollplay.errors import RollplayError, RuleError
from rollplay.systems.fs3.combat.attack import Wound
from rollplay.systems.fs3.combat.state import combatant_from_json, combatant_to_json
from rollplay.table.combat.healing import heal_day
from rollplay.table.combat.tracker import Tracker
from rollplay.table.events.outcomes import FS3Roll, Modifier
from rollplay.table.service import Table
from rollplay.table.store.models import Character
from tests.table.conftest import NIKOS
from tests.typed import dig, dumped, of, standings

SERIOUS = {"location": "Chest", "severity": "Serious", "type": "wound", "treated": False}


def wounded(table: Table, rules: dict[str, Any] | None = None) -> None:
    table.new_game("Pegasus", "fs3", "3.3", rules)
    table.new_character("Pegasus", NIKOS)  # Grit 2
    doc = {**NIKOS, "name": "Doc", "action": {"Medicine": 4}}  # 4 + Wits 3 = 7 dice; 2 patients
    table.new_character("Pegasus", doc)
    table.set_character("Pegasus", "Nikos", {"wounds": [SERIOUS]})


def test_004_a_day_of_healing_is_idempotent(db_url: str) -> None:
    table = Table(db_url)
    wounded(table)
    # Nikos: toughness Everyman 1 + Grit 2 (000 Linked Attributes) less his Serious wound's
    # 2 = one die, an 8, a success (2 points); Doc's Medicine 7 dice, a success (1); a
    # hospital (1): 4 points, a
    # Serious wound's worth: Moderate.
    faces = [8, 8, 2, 2, 2, 2, 2, 2]
    report = heal_day(table, "Pegasus", doctors={"nikos": "doc"}, hospital=("Nikos",),
                      dice=ScriptedDice(faces))  # fmt: skip
    assert report.day == 1
    (patient,) = report.patients
    assert (patient.doctor, patient.points) == ("Doc", 4)
    assert patient.toughness == (8,)
    assert patient.toughness_roll.modifiers == (Modifier(reason="wounds", value=-2),)
    assert patient.medicine == (8, 2, 2, 2, 2, 2, 2)
    assert [dumped(w) for w in patient.wounds] == [
        {"location": "Chest", "from": "Serious", "to": "Moderate"}
    ]
    wound = dig(table.character("Pegasus", "Nikos").sheet, "wounds", 0)
    # 002 Damage: "begun healing or been treated with first aid": two states, named as such.
    assert (wound["severity"], wound["begun_healing"], wound["treated"]) == (
        "Moderate",
        True,
        False,
    )
    again = heal_day(table, "Pegasus", day=1, dice=ScriptedDice([]))
    assert again.already_healed is True  # the same day heals once
    assert dig(table.character("Pegasus", "Nikos").sheet, "wounds", 0, "severity") == "Moderate"
    # Day 2: a healing Moderate wound counts half (0.45: no modifier): 1 + Grit 2 dice fail: 1.
    report = heal_day(table, "Pegasus", dice=ScriptedDice([1, 1, 1]))
    assert report.day == 2
    assert report.patients[0].toughness_roll.modifiers == ()
    assert report.patients[0].points == 1
    assert dig(table.character("Pegasus", "Nikos").sheet, "wounds", 0, "healing") == 5
    with pytest.raises(RuleError, match="not the next day"):
        heal_day(table, "Pegasus", day=9, dice=ScriptedDice([]))
    table.close()


def test_002_healing_rolls_take_wound_modifiers_unless_ruled_out(
    db_url: str, tmp_path: Path
) -> None:
    # Rulings C17: 002 Damage "Wound Modifiers are applied to all ability rolls": the doctor's
    # medicine roll takes the doctor's own. healing_wound_modifiers = false leaves them out.
    table = Table(db_url)
    wounded(table)
    hurt_doc = {**SERIOUS, "location": "Left_Arm"}
    table.set_character("Pegasus", "Doc", {"wounds": [hurt_doc]})
    # In name order: Doc's toughness (1 + Grit 2 - 2: one die), Nikos's (likewise), then Doc's
    # Medicine for Nikos: 7 dice less Doc's own 2.
    faces = [2] + [2] + [2] * 5
    report = heal_day(table, "Pegasus", doctors={"Nikos": "Doc"}, dice=ScriptedDice(faces))
    doc, nikos = report.patients
    assert of(FS3Roll, nikos.medicine_roll).modifiers == (Modifier(reason="wounds", value=-2),)
    assert len(of(tuple, nikos.medicine)) == 5
    assert len(doc.toughness) == 1
    table.close()
    other = Table(f"sqlite:///{tmp_path / 'other.db'}")
    wounded(other, {"combat": {"healing_wound_modifiers": False}})
    report = heal_day(other, "Pegasus", dice=ScriptedDice([2, 2, 2]))  # 1 + Grit 2, whole
    assert report.patients[0].toughness_roll.pool == 3
    other.close()


def test_004_doctor_limits_round_up(db_url: str) -> None:
    table = Table(db_url)
    wounded(table)
    table.set_character("Pegasus", "Doc", {"action": {"Medicine": 1}, "wounds": [SERIOUS]})
    with pytest.raises(RuleError, match="can tend 1 patient a day"):
        heal_day(table, "Pegasus", doctors={"Nikos": "Doc", "Doc": "Doc"}, dice=ScriptedDice([]))
    # Rated 1, Doc tends one patient (rulings C16). Doc (1 + Grit 2 - 2 wounds: 1 die) fails,
    # Nikos (1 die) fails, and Doc's Medicine 1 + Wits 3 - 2 wounds = 2 dice succeeds.
    report = heal_day(table, "Pegasus", doctors={"Nikos": "Doc"},
                      dice=ScriptedDice([2, 2, 8, 2]))  # fmt: skip
    assert [p.points for p in report.patients] == [1, 1 + 1]
    table.close()


def set_jeep_wounds(table: Table, tracker: Tracker, *wounds: Wound) -> None:
    with table.transaction() as s:
        _, combat = tracker.combat_row(s, "Pegasus", "Hangar")
        jeep = combatant_from_json(combat.combatants[0])
        combat.combatants = [combatant_to_json(replace(jeep, wounds=wounds))]


def test_004_vehicles_mend_only_by_repair(db_url: str) -> None:
    # 004 Vehicle Healing: a repair roll stands in for medicine; a fifth of the points, and
    # what is left over carries to the next day.
    table = Table(db_url)
    wounded(table)
    table.set_character("Pegasus", "Doc", {"action": {"Medicine": 4, "Repair": 3}})
    tracker = Tracker(table)
    tracker.start("Pegasus", "Hangar")
    tracker.join("Pegasus", "Hangar", "Jeep", team="B", rating=4, kind="Vehicle",
                 armor="Light Vehicle")  # fmt: skip
    set_jeep_wounds(table, tracker, Wound("Hull", "Serious"))
    # Nikos's toughness (1 + Grit 2 - 2: 1 die), then Doc's repair: Repair 3 + Wits 3 = 6
    # dice, a success:
    # 1 point = 5 fifths; a vehicle's Serious wound needs 4: Moderate, 1 fifth left.
    faces = [8, 8, 2, 2, 2, 2, 2]
    report = heal_day(table, "Pegasus", repairs=(("hangar", "jeep", "doc"),),
                      dice=ScriptedDice(faces))  # fmt: skip
    (vehicle,) = report.vehicles
    assert (vehicle.vehicle, vehicle.mechanic, vehicle.points) == ("Jeep", "Doc", 1)
    assert [dumped(w) for w in vehicle.wounds] == [
        {"location": "Hull", "from": "Serious", "to": "Moderate"}
    ]
    # Day 2: 1 + 5 fifths: Moderate (3) -> Light, 3 left: Light (2) -> healed.
    tracker.stop("Pegasus", "Hangar")  # a stopped combat's vehicle still mends
    report = heal_day(table, "Pegasus", repairs=(("Hangar", "Jeep", "Doc"),),
                      dice=ScriptedDice([1, 1, 8, 2, 2, 2, 2, 2]))  # fmt: skip
    assert [dumped(w) for w in report.vehicles[0].wounds] == [
        {"location": "Hull", "from": "Moderate", "to": "healed"}
    ]
    assert standings(tracker.status("Pegasus", "Hangar"))[0].wounds == ()
    with pytest.raises(RuleError, match="not a vehicle"):
        heal_day(table, "Pegasus", repairs=(("Hangar", "Nikos", "Doc"),),
                 dice=ScriptedDice([8, 8]))  # fmt: skip
    table.close()


def test_one_bad_sheet_never_stops_healing(db_url: str) -> None:
    table = Table(db_url)
    wounded(table)
    with table.transaction() as s:
        row = s.query(Character).filter_by(name="Doc").one()
        row.sheet = {**row.sheet, "wounds": [{"location": "Chest", "severity": "Grazed"}]}
    report = heal_day(table, "Pegasus", dice=ScriptedDice([8]))
    assert [p.name for p in report.patients] == ["Nikos"]
    (skipped,) = report.skipped
    assert skipped.name == "Doc"
    assert "severity is one of Light, Moderate, Serious, Critical, not 'Grazed'" in skipped.problem
    tracker = Tracker(table)
    tracker.start("Pegasus", "Hangar")
    tracker.join("Pegasus", "Hangar", "Jeep", rating=4, kind="Vehicle")
    with pytest.raises(RuleError, match="cannot repair"):
        heal_day(table, "Pegasus", repairs=(("Hangar", "Jeep", "Doc"),),
                 dice=ScriptedDice([8, 8]))  # fmt: skip
    table.close()


def test_a_fight_keeps_healing_points(db_url: str) -> None:
    from rollplay.systems.fs3.combat.turn import Action

    table = Table(db_url)
    wounded(table)
    heal_day(table, "Pegasus", dice=ScriptedDice([1]))  # a failed toughness roll: 1 point
    assert dig(table.character("Pegasus", "Nikos").sheet, "wounds", 0, "healing") == 5
    tracker = Tracker(table)
    tracker.start("Pegasus", "Hangar")
    tracker.join("Pegasus", "Hangar", "Nikos", weapon="Pistol")
    tracker.join("Pegasus", "Hangar", "Raider", team="B", rating=3, weapon="Knife")
    tracker.act("Pegasus", "Hangar", "Nikos", Action("pass"))
    # Initiative: Nikos Everyman 1 + Reflexes 3 - 1 (the healing Serious wound counts half),
    # the Raider 3;
    # the Raider's knife: 6 dice (3 + 3) against Nikos's Melee Everyman (Brawn 2 + 1) - 1
    # = 2 dice; location 5 + 5 + 3 = 13 Chest; damage 10 - 10 + 15 = 15: Light; knockout
    # roll (1.25 rounds to 1): 1 + Grit 2 - 1, a hit.
    faces = [1, 1, 1, 1, 1, 1, 60, 40, 8, 8, 8, 2, 2, 2, 2, 2, 5, 5, 10, 8, 2]
    tracker.turn("Pegasus", "Hangar", ScriptedDice(faces))
    wounds = of(list, table.character("Pegasus", "Nikos").sheet["wounds"])
    assert len(wounds) == 2
    assert wounds[0]["healing"] == 5  # kept through the fight
    table.close()


def test_bad_names_and_games(db_url: str) -> None:
    table = Table(db_url)
    wounded(table)
    with pytest.raises(RuleError, match="no character called 'Nobody'"):
        heal_day(table, "Pegasus", doctors={"Nobody": "Doc"}, dice=ScriptedDice([]))
    table.new_game("Dungeon", "gurps")
    with pytest.raises(RollplayError, match="FS3's"):
        heal_day(table, "Dungeon", dice=ScriptedDice([]))
    table.close()
