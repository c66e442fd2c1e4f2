"""The tracker against careless and hostile use (issue 13): names, stopped combats, sheets
that change or break mid-fight, luck after a turn, and commands that must change nothing."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from rollplay.dice import ScriptedDice
from rollplay.errors import DiceError, RollplayError, RuleError
from rollplay.systems.fs3.combat.turn import Action
from rollplay.table.answers import TurnResolved
from rollplay.table.combat.healing import heal_day
from rollplay.table.combat.tracker import Tracker, stance
from rollplay.table.events.outcomes import FS3Roll
from rollplay.table.service import Table
from rollplay.table.store.db import StorageError
from rollplay.table.store.models import Character
from tests.table.conftest import NIKOS
from tests.typed import dig, of, standings


def setup(table: Table) -> Tracker:
    table.new_game("Pegasus", "fs3", "3.3")
    table.new_character("Pegasus", NIKOS)  # Firearms 3 + Reflexes 3, Grit 2, luck 1
    tracker = Tracker(table)
    tracker.start("Pegasus", "Hangar")
    tracker.join("Pegasus", "hangar", "nikos", weapon="pistol", armor="flak vest")
    tracker.join("Pegasus", "HANGAR", "Raider", team="B", rating=4, weapon="Rifle")
    return tracker


@pytest.mark.parametrize(
    ("name", "needle"),
    [("", "1 to 100 characters"), ("x" * 5000, "1 to 100 characters"), ("   ", "1 to 100"),
     ("-rf", "cannot start with '-'"), ("A=B", "cannot hold '='"), ("Bay:2", "cannot hold ':'"),
     ("Tab\x07", "cannot hold")],
)  # fmt: skip
def test_names_the_command_line_can_address(db_url: str, name: str, needle: str) -> None:
    table = Table(db_url)
    tracker = setup(table)
    with pytest.raises(RollplayError, match=needle):
        tracker.start("Pegasus", name)
    with pytest.raises(RollplayError, match=needle):
        tracker.join("Pegasus", "Hangar", name, rating=3)
    with pytest.raises(RollplayError, match=needle):
        tracker.join("Pegasus", "Hangar", "Lee", rating=3, team=name)
    table.close()


@pytest.mark.storage  # case in SQL comparisons
def test_names_match_without_regard_to_case(db_url: str) -> None:
    table = Table(db_url)
    tracker = setup(table)
    with pytest.raises(StorageError, match="already has a combat called 'Hangar'"):
        tracker.start("Pegasus", "HANGAR")
    with pytest.raises(RollplayError, match="Nikos is a character of the game"):
        tracker.join("Pegasus", "Hangar", "NIKOS", rating=3)
    with pytest.raises(StorageError, match="Raider is already in Hangar"):
        tracker.join("Pegasus", "Hangar", "raider", rating=3)
    tracker.act("Pegasus", "hangar", "NIKOS", Action("attack", "raider", luck="attack"))
    status = tracker.status("Pegasus", "hANGAR")
    assert status.actions["Nikos"].target == "Raider"
    assert [c.weapon for c in standings(status)] == ["Pistol", "Rifle"]
    stance(tracker, "Pegasus", "Hangar", "raider", "cover")
    assert standings(tracker.status("Pegasus", "Hangar"))[1].stance == "Cover"
    tracker.leave("Pegasus", "Hangar", "RAIDER")
    assert tracker.status("Pegasus", "Hangar").actions == {}  # Nikos's target left
    table.close()


def test_a_stopped_combat_no_longer_changes(db_url: str) -> None:
    table = Table(db_url)
    tracker = setup(table)
    tracker.stop("Pegasus", "Hangar")
    refusals: list[Callable[[], object]] = [
        lambda: tracker.act("Pegasus", "Hangar", "Nikos", Action("pass")),
        lambda: tracker.join("Pegasus", "Hangar", "Lee", rating=3),
        lambda: tracker.leave("Pegasus", "Hangar", "Raider"),
        lambda: stance(tracker, "Pegasus", "Hangar", "Nikos", "Cover"),
        lambda: tracker.turn("Pegasus", "Hangar", ScriptedDice([])),
        lambda: tracker.move_wound("Pegasus", "Hangar", "Nikos", 1, "Chest"),
        lambda: tracker.recover("Pegasus", "Hangar", "Nikos"),
        lambda: tracker.stop("Pegasus", "Hangar"),
    ]
    for refused in refusals:
        with pytest.raises(RuleError, match="Hangar is over"):
            refused()
    assert tracker.status("Pegasus", "Hangar").active is False  # still shown
    with pytest.raises(
        StorageError, match=r"stopped: delete it first \(its page's Delete, or `combat delete`\)"
    ):
        tracker.start("Pegasus", "Hangar")
    assert tracker.delete("Pegasus", "hangar").deleted is True
    assert tracker.start("Pegasus", "Hangar").turn == 1  # the name is free again
    with pytest.raises(RuleError, match="still going"):
        tracker.delete("Pegasus", "Hangar")
    table.close()


def first_turn_knocks_out_nikos(tracker: Tracker) -> TurnResolved:
    tracker.act("Pegasus", "Hangar", "Nikos", Action("pass"))
    faces = [1] * 8 + [10, 20]  # initiative (Nikos Everyman 1 + Reflexes 3): the Raider first
    faces += [8, 8, 8, 8, 1, 1, 1, 1, 3, 3]  # the Raider's rifle: 4 hits vs 0; 10 Chest
    faces += [100, 90]  # the Flak Vest bypassed (100); damage 90 + 10 + 15: Critical
    faces += [1]  # Nikos's knockout roll: Everyman 1 + Grit 2 - 4, one die: out
    return tracker.turn("Pegasus", "Hangar", ScriptedDice(faces))


def test_002_luck_after_the_turn_recovers_and_moves_the_injury(db_url: str) -> None:
    table = Table(db_url)
    tracker = setup(table)
    table.award_luck("Pegasus", "Nikos", 1)  # 2 points, read at once from the sheet's row
    report = first_turn_knocks_out_nikos(tracker)
    assert report.knockouts[0].knocked_out is True
    with pytest.raises(RuleError, match="knocked out and cannot change stance"):
        stance(tracker, "Pegasus", "Hangar", "Nikos", "Cover")
    data = tracker.recover("Pegasus", "Hangar", "nikos")
    nikos = standings(data)[0]
    assert (nikos.knocked_out, nikos.luck) == (False, 1)
    data = tracker.move_wound("Pegasus", "Hangar", "Nikos", 1, "Left_Arm")
    assert standings(data)[0].wounds[0].location == "Left_Arm"
    sheet = table.character("Pegasus", "Nikos")
    assert (sheet.luck, dig(sheet.sheet, "wounds", 0, "location")) == (0, "Left_Arm")
    table.close()


def test_recovery_and_moves_wait_for_no_later_turn(db_url: str) -> None:
    table = Table(db_url)
    tracker = setup(table)
    table.award_luck("Pegasus", "Nikos", 1)
    first_turn_knocks_out_nikos(tracker)
    # Turn 2: the Raider's initiative, 4 dice (Nikos, knocked out, rolls none); no fight.
    tracker.turn("Pegasus", "Hangar", ScriptedDice([1] * 4))
    with pytest.raises(RuleError, match="before the next turn resolves"):
        tracker.recover("Pegasus", "Hangar", "Nikos")
    with pytest.raises(RuleError, match="immediately after"):
        tracker.move_wound("Pegasus", "Hangar", "Nikos", 1, "Left_Arm")
    table.close()


def test_the_turn_reads_the_sheet_as_it_is_now(db_url: str) -> None:
    table = Table(db_url)
    tracker = setup(table)
    with table.transaction() as s:  # a sheet broken behind the tracker's back
        row = s.query(Character).filter_by(name="Nikos").one()
        row.sheet = {**row.sheet, "attributes": {**row.sheet["attributes"], "Reflexes": 99}}
    tracker.act("Pegasus", "Hangar", "Raider", Action("attack", "Nikos"))
    with pytest.raises(RollplayError, match="Nikos's sheet cannot be used in combat"):
        tracker.turn("Pegasus", "Hangar", ScriptedDice([]))
    problems = tracker.status("Pegasus", "Hangar").problems
    assert len(problems) == 1
    assert "Nikos's sheet" in problems[0]
    table.set_character("Pegasus", "Nikos",
                        {"attributes": {"Reflexes": 4}, "action": {"Firearms": 5}})  # fmt: skip
    tracker.act("Pegasus", "Hangar", "Nikos", Action("attack", "Raider"))
    faces = [1] * (5 + 4) + [10, 20]  # initiative: 1 + Reflexes 4 now; the Raider first
    faces += [1] * (4 + 5)  # the Raider's attack misses; Nikos's 1 + Reflexes 4 defends
    faces += [1] * (5 + 4 - 1 + 4)  # Nikos: Firearms 5 + Reflexes 4 - 1 suppression; defense
    report = tracker.turn("Pegasus", "Hangar", ScriptedDice(faces))
    shot = next(e for e in report.events if e.actor == "Nikos")
    assert [p.label for p in of(FS3Roll, shot.attack_roll).parts] == ["Firearms 5", "Reflexes 4"]
    table.close()


def test_too_many_faces_change_nothing(db_url: str, tmp_path: Path) -> None:
    table = Table(db_url)
    tracker = setup(table)
    serious = {"location": "Chest", "severity": "Serious", "type": "wound", "treated": False}
    table.set_character("Pegasus", "Nikos", {"wounds": [serious]})
    tracker.act("Pegasus", "Hangar", "Nikos", Action("attack", "Raider", luck="attack"))
    table.close()

    def state() -> Any:
        t = Table(db_url)
        seen = (Tracker(t).status("Pegasus", "Hangar"), t.character("Pegasus", "Nikos"),
                t.game("Pegasus"))  # fmt: skip
        t.close()
        return seen

    def file_bytes() -> bytes | None:
        path = Path(db_url.removeprefix("sqlite:///")) if db_url.startswith("sqlite") else None
        return path.read_bytes() if path else None

    before, raw = state(), file_bytes()
    table = Table(db_url)
    with pytest.raises(DiceError, match="faces given but the roll used"):
        Tracker(table).turn("Pegasus", "Hangar", ScriptedDice([1, 2, 3, 4, 5, 6, 7, 8] * 25))
    with pytest.raises(DiceError, match="faces given but the roll used"):
        heal_day(table, "Pegasus", dice=ScriptedDice([1] * 50))
    with pytest.raises(RollplayError):
        Tracker(table).act("Pegasus", "Hangar", "Nikos", Action("attack", "Nikos"))
    table.close()
    assert file_bytes() == raw
    assert state() == before
