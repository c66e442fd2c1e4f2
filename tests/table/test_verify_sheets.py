"""With those ratings (issue 29 point 3, rulings V14): a sheet changed in a private scene is
still the game's record, so every reader's export replays the sheet each roll used, and an
honest roll at the new rating verifies for a player outside the scene too."""

from __future__ import annotations

import pytest

from rollplay.table import commands as c
from rollplay.table.dice.provable_log import read_log, verify_log
from rollplay.table.service import Table
from rollplay.table.systems import Request

pytestmark = [pytest.mark.examples, pytest.mark.storage]


def test_a_sheet_changed_in_a_private_scene_is_in_every_export(table: Table) -> None:
    for name in ("Stella", "Pia"):
        table.add_user(name)
    table.add_member("Pegasus", "Stella", "storyteller")
    table.add_member("Pegasus", "Pia", "player", ("Nikos",))
    stella, pia = table.acting_as("Stella"), table.acting_as("Pia")
    stella.execute(c.SceneStart("Pegasus", "Briefing", "the CAG alone", private=True))
    action = table.character("Pegasus", "Nikos").sheet["action"]
    assert isinstance(action, dict)
    before = action["Firearms"]
    assert isinstance(before, int)
    stella.set_character("Pegasus", "Nikos", {"action": {"Firearms": before + 1}})
    stella.approve("Pegasus", "Nikos")
    pia.roll("Pegasus", "Nikos", Request("Firearms"))
    stella.rotate_seed("Pegasus")
    lines = read_log(pia.export_log("jsonl", game_name="Pegasus"))
    change = [line for line in lines if line["kind"] == "sheet"]
    assert [line["sheet"]["action"]["Firearms"] for line in change] == [before + 1]
    report = verify_log(lines)
    assert [v.problems for v in report.verdicts if v.problems] == []
    assert report.code != 1
