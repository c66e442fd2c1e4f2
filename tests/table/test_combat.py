"""The combat tracker on both databases: a scripted fight checked turn by turn, state that
survives reopening the database, wounds on sheets, refusals that change nothing."""

from __future__ import annotations

import pytest

from rollplay.dice import ScriptedDice
from rollplay.errors import RollplayError, RuleError
from rollplay.systems.fs3.combat.turn import Action
from rollplay.table.combat.tracker import Tracker, stance
from rollplay.table.events.combat import WoundRecord
from rollplay.table.service import Table
from rollplay.table.store.db import StorageError
from tests.table.conftest import NIKOS
from tests.typed import dig, of, standings


def setup(table: Table) -> Tracker:
    table.new_game("Pegasus", "fs3", "3.3")
    table.new_character("Pegasus", NIKOS)  # Firearms 3 + Reflexes 3, Grit 2, luck 1
    tracker = Tracker(table)
    tracker.start("Pegasus", "Hangar")
    tracker.join("Pegasus", "Hangar", "Nikos", weapon="Pistol", armor="Flak Vest")
    tracker.join("Pegasus", "Hangar", "Raider", team="B", rating=4, weapon="Rifle")
    return tracker


def test_a_scripted_fight(db_url: str) -> None:
    table = Table(db_url)
    tracker = setup(table)
    tracker.act("Pegasus", "Hangar", "Nikos", Action("attack", "Raider"))
    # Turn 1. Initiative: Nikos Everyman 1 + Reflexes 3 = 4 dice (000 Linked Attributes),
    # Raider 4: no tie to break.
    faces = [8, 2, 2, 1, 1, 1, 1, 1]
    # Nikos attacks: Firearms 3 + Reflexes 3 = 6 dice (2 hits) vs the Raider's 4 (0 hits);
    # location 5 + 4 + 2 = 11 Chest; no armor; damage 70 + 0 + 15 = 85: Serious.
    faces += [7, 6, 2, 2, 1, 1, 1, 1, 1, 1, 5, 4, 70]
    # The Raider (no orders) attacks Nikos: 4 - 1 suppression - 2 wounds = 1 die (a hit)
    # vs Nikos's Everyman 1 + Reflexes 3 (0); location 4 + 4 + 1 = 9 Abdomen; Flak Vest 4
    # vs rifle 4: stop chance 35, rolled 20: stopped.
    faces += [8, 1, 1, 1, 1, 4, 4, 20]
    # Knockout: the Raider (modifier 2): NPC rating 4 - 2 = 2 dice, no hits: out.
    faces += [1, 2]
    report = tracker.turn("Pegasus", "Hangar", ScriptedDice(faces))
    assert [i.name for i in report.initiative] == ["Nikos", "Raider"]
    shot, reply = report.events
    assert (shot.outcome, shot.location, of(WoundRecord, shot.wound).severity) == (
        "hit",
        "Chest",
        "Serious",
    )
    assert reply.action == "attack"  # the NPC's default: attack the first standing enemy
    assert reply.armor[0].stopped is True
    (knockout,) = report.knockouts
    assert (knockout.name, knockout.dice, knockout.modifier, knockout.knocked_out) == (
        "Raider", (1, 2), -2, True)  # fmt: skip
    table.close()
    # The state survives a restart.
    again = Tracker(Table(db_url))
    status = again.status("Pegasus", "Hangar")
    assert status.turn == 2
    raider = next(c for c in standings(status) if c.name == "Raider")
    assert (raider.knocked_out, raider.wound_modifier) == (True, -2)
    nikos = next(c for c in standings(status) if c.name == "Nikos")
    assert nikos.ammo == 11
    with pytest.raises(RuleError, match="knocked out"):
        again.act("Pegasus", "Hangar", "Raider", Action("attack", "Nikos"))
    # Turn 2: Nikos aims; the Raider, knocked out, does nothing.
    again.act("Pegasus", "Hangar", "Nikos", Action("aim", "Raider"))
    faces = [1, 1, 1, 1]  # initiative: Nikos 1 + 3 dice; the Raider, knocked out, rolls none
    report = again.turn("Pegasus", "Hangar", ScriptedDice(faces))
    assert [(e.actor, e.action) for e in report.events] == [
        ("Nikos", "aim"), ("Raider", "none")]  # fmt: skip
    # Turn 3: the aim pays: Firearms 3 + Reflexes 3 + aim 3; the Raider defends with 4 - 2.
    again.act("Pegasus", "Hangar", "Nikos", Action("attack", "Raider"))
    faces = [1, 1, 1, 1] + [1] * 9 + [1, 1]
    report = again.turn("Pegasus", "Hangar", ScriptedDice(faces))
    assert report.events[0].pools == (9, 2)
    assert report.events[0].outcome == "miss"
    assert report.turn == 3
    again.table.close()


def test_wounds_land_on_the_sheet_and_luck_is_spent(db_url: str) -> None:
    table = Table(db_url)
    tracker = setup(table)
    tracker.act("Pegasus", "Hangar", "Nikos", Action("aim", "Raider", luck="initiative"))
    faces = [1] * (4 + 3 + 4) + [10, 20]  # Nikos 1 + 3, + luck 3 (FS3.3) dice; Raider 4
    # The Raider wins the tie-break and fires: 4 hits vs 0 (Nikos defends with 1 + 3 dice);
    # location 3 + 3 + 4 = 10 Chest.
    faces += [8, 8, 8, 8, 1, 1, 1, 1, 3, 3]
    faces += [90, 36]  # Flak Vest: 90 > 35, not stopped; reduces by 35 (a d36 showing 36)
    faces += [60]  # damage 60 + 10 + 15 - 35 = 50: Moderate
    report = tracker.turn("Pegasus", "Hangar", ScriptedDice(faces))
    assert [e.actor for e in report.events] == ["Raider", "Nikos"]
    assert of(WoundRecord, report.events[0].wound).severity == "Moderate"
    nikos = table.character("Pegasus", "Nikos")
    assert nikos.sheet["wounds"] == [
        {
            "location": "Chest",
            "severity": "Moderate",
            "type": "wound",
            "treated": False,
            "begun_healing": False,
        }
    ]
    assert nikos.luck == 0
    table.close()


def test_refusals_change_nothing(db_url: str) -> None:
    table = Table(db_url)
    tracker = setup(table)
    with pytest.raises(RollplayError, match="is not in Hangar"):
        tracker.act("Pegasus", "Hangar", "Nobody", Action("pass"))
    with pytest.raises(RollplayError, match="unknown action"):
        tracker.act("Pegasus", "Hangar", "Nikos", Action("dance"))
    with pytest.raises(StorageError, match="already in Hangar"):
        tracker.join("Pegasus", "Hangar", "Nikos")
    with pytest.raises(StorageError, match="did you mean Hangar"):
        tracker.status("Pegasus", "Hangr")
    stance(tracker, "Pegasus", "Hangar", "Nikos", "Cover")
    status = tracker.status("Pegasus", "Hangar")
    assert status.actions == {}
    assert [c.stance for c in standings(status)] == ["Cover", "Normal"]
    tracker.stop("Pegasus", "Hangar")
    with pytest.raises(RuleError, match="is over"):
        tracker.turn("Pegasus", "Hangar", ScriptedDice([]))
    table.close()


def test_a_games_own_gear(db_url: str) -> None:
    # Gear and combat numbers are the game's data: its rules file's [combat] table.
    table = Table(db_url)
    laser = {"name": "Laser", "attack_skill": "Firearms", "defense_skill": "Reflexes",
             "lethality": 30, "penetration": 6, "ammo": 3}  # fmt: skip
    table.new_game("Stars", "fs3", "3.3", {"combat": {"weapons": [laser], "aim_bonus": 5}})
    table.new_character("Stars", NIKOS)
    tracker = Tracker(table)
    tracker.start("Stars", "Bridge")
    tracker.join("Stars", "Bridge", "Nikos", weapon="Laser")
    with pytest.raises(RollplayError, match="unknown weapon 'Pistol'"):
        tracker.join("Stars", "Bridge", "Raider", team="B", rating=3, weapon="Pistol")
    status = tracker.status("Stars", "Bridge")
    assert standings(status)[0].ammo == 3
    table.close()


def test_luck_moves_a_wound(db_url: str) -> None:
    # 002 Luck in combat: a luck point moves a wound to another location (cosmetic).
    table = Table(db_url)
    tracker = wounded(table)
    data = tracker.move_wound("Pegasus", "Hangar", "Nikos", 1, "Left_Arm")
    nikos = next(c for c in standings(data) if c.name == "Nikos")
    assert nikos.wounds[0].location == "Left_Arm"
    assert nikos.wounds[0].severity == "Moderate"
    sheet = table.character("Pegasus", "Nikos").sheet
    assert dig(sheet, "wounds", 0, "location") == "Left_Arm"
    assert table.character("Pegasus", "Nikos").luck == 0
    with pytest.raises(RuleError, match="no luck"):
        tracker.move_wound("Pegasus", "Hangar", "Nikos", 1, "Chest")
    with pytest.raises(RollplayError, match="pick 1 to 1"):
        tracker.move_wound("Pegasus", "Hangar", "Nikos", 2, "Chest")
    table.close()


def wounded(table: Table) -> Tracker:
    tracker = setup(table)
    faces = [1] * (1 + 3 + 4) + [10, 20]  # initiative (Nikos Everyman 1 + 3); the Raider first
    faces += [8, 8, 8, 8, 1, 1, 1, 1, 3, 3]  # 4 hits vs 0 (Nikos 1 + 3 dice); Chest
    faces += [90, 36, 60]  # armor not stopped, -35; damage 60 + 10 + 15 - 35 = 50: Moderate
    tracker.turn("Pegasus", "Hangar", ScriptedDice(faces))
    return tracker
