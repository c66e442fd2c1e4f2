"""Healing days at the table (004 Healing Damage), on both databases."""

from __future__ import annotations

import pytest

from rollplay.dice import ScriptedDice
from rollplay.errors import RuleError
from rollplay.table.healing import heal_day
from rollplay.table.store import Table
from tests.table.conftest import NIKOS


def wounded(table: Table) -> None:
    table.new_game("Pegasus", "fs3", "3.3")
    table.new_character("Pegasus", NIKOS)  # Grit 2
    doc = {**NIKOS, "name": "Doc", "action": {"Medicine": 4}}  # 4 + Wits 3 = 7 dice; 2 patients
    table.new_character("Pegasus", doc)
    wound = {"location": "Chest", "severity": "Serious", "type": "wound", "treated": False}
    table.set_character("Pegasus", "Nikos", {"wounds": [wound]})


def test_a_day_of_healing_is_idempotent(db_url: str) -> None:
    table = Table(db_url)
    wounded(table)
    # Nikos: toughness Grit 2 dice, a success (2 points); Doc's Medicine 7 dice, a success
    # (1); a hospital (1): 4 points, a Serious wound's worth: Moderate.
    faces = [8, 2, 8, 2, 2, 2, 2, 2, 2]
    report = heal_day(table, "Pegasus", doctors={"Nikos": "Doc"}, hospital=("Nikos",),
                      dice=ScriptedDice(faces))  # fmt: skip
    assert report["day"] == 1
    (patient,) = report["patients"]
    assert patient["points"] == 4
    assert patient["wounds"] == [{"location": "Chest", "from": "Serious", "to": "Moderate"}]
    assert table.character("Pegasus", "Nikos")["sheet"]["wounds"][0]["severity"] == "Moderate"
    again = heal_day(table, "Pegasus", day=1, dice=ScriptedDice([]))
    assert again["already_healed"] is True  # the same day heals once
    assert table.character("Pegasus", "Nikos")["sheet"]["wounds"][0]["severity"] == "Moderate"
    # Day 2: a failed toughness roll gives 1 point; 1 of the 3 a Moderate wound needs.
    report = heal_day(table, "Pegasus", dice=ScriptedDice([1, 1]))
    assert report["day"] == 2
    assert report["patients"][0]["points"] == 1
    assert table.character("Pegasus", "Nikos")["sheet"]["wounds"][0]["healing"] == 5
    table.close()


def test_doctor_limits(db_url: str) -> None:
    table = Table(db_url)
    wounded(table)
    table.set_character("Pegasus", "Doc", {"action": {"Medicine": 1}})  # 1 // 2 = 0 patients
    with pytest.raises(RuleError, match="can tend 0 patients"):
        heal_day(table, "Pegasus", doctors={"Nikos": "Doc"}, dice=ScriptedDice([]))
    table.close()


def test_vehicles_mend_only_by_repair(db_url: str) -> None:
    # 004 Vehicle Healing: a repair roll stands in for medicine; a fifth of the points.
    from rollplay.table.combat import Tracker, combatant_from_json, combatant_to_json

    table = Table(db_url)
    wounded(table)
    table.set_character("Pegasus", "Doc", {"action": {"Medicine": 4, "Repair": 3}})
    tracker = Tracker(table)
    tracker.start("Pegasus", "Hangar")
    tracker.join("Pegasus", "Hangar", "Jeep", team="B", rating=4, kind="Vehicle",
                 armor="Light Vehicle")  # fmt: skip
    with table.transaction() as s:
        _, combat = tracker.combat_row(s, "Pegasus", "Hangar")
        jeep = combatant_from_json(combat.combatants[0])
        from dataclasses import replace

        from rollplay.systems.fs3.combat.attack import Wound

        combat.combatants = [combatant_to_json(replace(jeep, wounds=(Wound("Hull", "Serious"),)))]
    # Nikos's toughness (2 dice), then Doc's repair: Repair 3 + Wits 3 = 6 dice, a success:
    # 1 point; a vehicle's Serious wound needs 4/5 of a point: it drops to Moderate.
    faces = [8, 2, 8, 2, 2, 2, 2, 2]
    report = heal_day(table, "Pegasus", repairs=(("Hangar", "Jeep", "Doc"),),
                      dice=ScriptedDice(faces))  # fmt: skip
    (vehicle,) = report["vehicles"]
    assert vehicle["points"] == 1
    assert vehicle["wounds"] == [{"location": "Hull", "from": "Serious", "to": "Moderate"}]
    status = tracker.status("Pegasus", "Hangar")
    assert status["combatants"][0]["wounds"][0]["severity"] == "Moderate"
    with pytest.raises(RuleError, match="not a vehicle"):
        heal_day(table, "Pegasus", repairs=(("Hangar", "Nikos", "Doc"),), dice=ScriptedDice([8, 2]))
    table.close()


def test_a_fight_keeps_healing_points(db_url: str) -> None:
    from rollplay.systems.fs3.combat.turn import Action
    from rollplay.table.combat import Tracker

    table = Table(db_url)
    wounded(table)
    heal_day(table, "Pegasus", dice=ScriptedDice([1, 2]))  # a failed toughness roll: 1 point
    assert table.character("Pegasus", "Nikos")["sheet"]["wounds"][0]["healing"] == 5
    tracker = Tracker(table)
    tracker.start("Pegasus", "Hangar")
    tracker.join("Pegasus", "Hangar", "Nikos", weapon="Pistol")
    tracker.join("Pegasus", "Hangar", "Raider", team="B", rating=3, weapon="Knife")
    tracker.act("Pegasus", "Hangar", "Nikos", Action("pass"))
    # Initiative (Nikos 3 - 1 wound... the carried Serious wound counts half: 1), the Raider's
    # knife: 6 dice (3 + 3) against Nikos's 3 - 1 = 2 Melee dice; location 5 + 5 + 3 = 13.
    faces = [1, 1, 1, 1, 1, 60, 40, 8, 8, 8, 2, 2, 2, 2, 2, 5, 5, 10, 8]
    tracker.turn("Pegasus", "Hangar", ScriptedDice(faces))
    wounds = table.character("Pegasus", "Nikos")["sheet"]["wounds"]
    assert len(wounds) == 2
    assert wounds[0]["healing"] == 5  # kept through the fight
    table.close()
