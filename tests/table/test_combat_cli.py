"""`rollplay combat ...` as a Storyteller runs it."""

from __future__ import annotations

from typing import Any

import pytest

from tests.clirun import fails_cleanly, run, run_json


@pytest.fixture
def db(tmp_path: Any) -> str:
    return f"sqlite:///{tmp_path / 'c.db'}"


def cli(capsys: pytest.CaptureFixture[str], db: str, *args: str) -> tuple[int, str, str]:
    return run(capsys, *args, "--db", db)


def test_a_combat_from_the_command_line(capsys: pytest.CaptureFixture[str], db: str) -> None:
    assert cli(capsys, db, "game", "example")[0] == 0
    where = ("Hangar", "--game", "Pegasus")
    assert run_json(capsys, "combat", "start", *where, "--db", db)["turn"] == 1
    cli(capsys, db, "combat", "join", *where, "Nikos", "--weapon", "Pistol")
    cli(capsys, db, "combat", "join", *where, "Raider", "--team", "B", "--npc", "3",
        "--weapon", "Knife")  # fmt: skip
    cli(capsys, db, "combat", "action", *where, "Nikos", "attack", "Raider")
    report = run_json(capsys, "combat", "turn", *where, "--seed", "1", "--db", db)
    assert [e["actor"] for e in report["events"]] != []
    assert {i["name"] for i in report["initiative"]} == {"Nikos", "Raider"}
    assert report["source"] == "seeded"
    code, out, _ = cli(capsys, db, "combat", "status", *where)
    assert code == 0
    assert "turn 2" in out
    assert "Nikos [A]" in out


@pytest.mark.parametrize(
    ("args", "needle"),
    [
        (["combat", "status", "Nowhere", "--game", "Pegasus"], "no combat called 'Nowhere'"),
        (["combat", "start", "X", "--game", "Dungeon"], "combat is FS3's"),
        (["combat", "join", "Hangar", "--game", "Pegasus", "Nikos", "--weapon", "Laser"],
         "unknown weapon 'Laser'"),
        (["combat", "action", "Hangar", "--game", "Pegasus", "Ghost", "pass"], "is not in Hangar"),
        (["combat", "action", "Hangar", "--game", "Pegasus", "Nikos", "fly"], "unknown action"),
        (["combat", "turn", "Hangar", "--game", "Pegasus"], "needs two combatants"),
    ],
)  # fmt: skip
def test_bad_commands(
    capsys: pytest.CaptureFixture[str], db: str, args: list[str], needle: str
) -> None:
    cli(capsys, db, "game", "example")
    cli(capsys, db, "combat", "start", "Hangar", "--game", "Pegasus")
    cli(capsys, db, "combat", "join", "Hangar", "--game", "Pegasus", "Nikos")
    assert needle in fails_cleanly(capsys, *args, "--db", db)
