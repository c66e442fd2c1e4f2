"""The combat tracker's words (issue 37): a hit location as people write it ("Right Arm", not
the chart's "Right_Arm") in a turn's report, its cards and a sheet, which the command line,
Discord, Evennia and the web all draw; a weapon that takes no rounds (a knife) shows no count
while an empty gun shows its 0; ``combat/start`` and ``combat/stop`` answer in words, from
``rollplay do`` (the line every surface sends) as from ``rollplay combat start``."""

from __future__ import annotations

from typing import Any

import pytest

from rollplay.dice import ScriptedDice
from rollplay.render.answers import answer_lines
from rollplay.render.combat import turn_lines
from rollplay.render.sheets import sheet_card
from rollplay.render.spans import text_of
from rollplay.render.turn_cards import turn_cards
from rollplay.systems.fs3.combat.state import Action
from rollplay.table.combat.tracker import Tracker
from rollplay.table.service import Table
from tests.clirun import run, run_json
from tests.table.conftest import NIKOS
from tests.typed import standings


def test_a_hit_location_reads_with_its_space(db_url: str) -> None:
    table = Table(db_url)
    try:
        table.new_game("Pegasus", "fs3", "3.3")
        table.new_character("Pegasus", NIKOS)
        tracker = Tracker(table)
        tracker.start("Pegasus", "Hangar")
        tracker.join("Pegasus", "Hangar", "Nikos", weapon="Pistol", armor="Flak Vest")
        tracker.join("Pegasus", "Hangar", "Raider", team="B", rating=4, weapon="Rifle")
        # Initiative (Nikos Everyman 1 + Reflexes 3, the Raider 4: all ones, a tie broken by
        # d100); the Raider attacks Nikos (no orders, C4): 4 hits to 0, 2d8 1+1 + 4 = 6 on
        # the chest chart: the right arm, which a Flak Vest does not cover; damage 60.
        faces = [1] * (1 + 3 + 4) + [10, 20] + [8, 8, 8, 8, 1, 1, 1, 1, 1, 1] + [60]
        report = tracker.turn("Pegasus", "Hangar", ScriptedDice(faces))
        lines = turn_lines(report)  # the command line's, Discord's and Evennia's report
        assert "    2d8 1+1 -> Right Arm; damage d100 60 -> 70: Moderate wound" in lines
        said = [text_of(line) for line in answer_lines(report)]
        assert "    2d8 1+1 -> Right Arm; damage d100 60 -> 70: Moderate wound" in said
        cards = [text_of(line) for card in turn_cards(report) for line in card]  # the web's
        assert "Hit location: 2d8 1+1 → Right Arm" in cards
        sheet = [text_of(line) for line in sheet_card(table.character("Pegasus", "Nikos"))]
        assert any("Right Arm Moderate" in line for line in sheet), sheet
        assert not [line for line in [*lines, *cards, *sheet] if "Right_Arm" in line]
        # A location is typed as it is shown, and kept as the charts spell it (002 Luck).
        moved = tracker.move_wound("Pegasus", "Hangar", "Nikos", 1, "left  ARM")
        assert [w.location for w in standings(moved)[0].wounds] == ["Left_Arm"]
        sheet = [text_of(line) for line in sheet_card(table.character("Pegasus", "Nikos"))]
        assert any("Left Arm Moderate" in line for line in sheet), sheet
        tracker.act("Pegasus", "Hangar", "Nikos", Action("attack", "raider", called="right arm"))
        (aimed,) = tracker.status("Pegasus", "Hangar").actions.values()
        assert (aimed.target, aimed.called) == ("Raider", "Right_Arm")
    finally:
        table.close()


@pytest.fixture
def db(tmp_path: Any, capsys: pytest.CaptureFixture[str]) -> str:
    url = f"sqlite:///{tmp_path / 'words.db'}"
    assert run(capsys, "game", "example", "--db", url)[0] == 0
    return url


def test_starting_and_stopping_a_fight_answer_in_words(
    capsys: pytest.CaptureFixture[str], db: str
) -> None:
    where = ("--game", "Pegasus", "--db", db)
    code, out, _ = run(capsys, "do", "combat/start Dock", *where)
    assert (code, out) == (0, "The fight 'Dock' begins: nobody has joined yet.\n")
    code, out, _ = run(capsys, "combat", "start", "Quay", *where)
    assert (code, out) == (0, "The fight 'Quay' begins: nobody has joined yet.\n")
    assert run_json(capsys, "do", "combat/join Nikos/combat=Dock", *where)["command"]
    code, out, _ = run(capsys, "do", "combat/stop Dock", *where)
    assert (code, out) == (0, "The fight 'Dock' is over: stopped at turn 1.\n")
    code, out, _ = run(capsys, "do", "combat/join Mavros/combat=Quay", *where)
    assert (code, out) == (0, "Quay: done (turn 1)\n")  # the feed says who joined


def test_a_knife_shows_no_rounds_and_an_empty_gun_shows_none_left(
    capsys: pytest.CaptureFixture[str], db: str
) -> None:
    where = ("Dock", "--game", "Pegasus", "--db", db)
    for args in (("start", *where), ("join", *where, "Nikos", "--weapon", "Taser"),
                 ("join", *where, "Raider", "--team", "B", "--npc", "3", "--weapon", "Knife"),
                 ("action", *where, "Nikos", "attack", "Raider"),
                 ("action", *where, "Raider", "pass"),
                 ("turn", *where, "--seed", "1")):  # fmt: skip
        assert run(capsys, "combat", *args)[0] == 0, args
    code, out, _ = run(capsys, "combat", "status", *where)
    assert code == 0
    assert "Nikos [A]: Normal; Taser (0 rounds); armor None" in out  # its one dart fired
    assert "Raider [B]: Normal; Knife; armor None" in out
    status = run_json(capsys, "combat", "status", *where)
    assert {c["name"]: c["ammo"] for c in status["combatants"]} == {"Nikos": 0, "Raider": None}
