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


BIG = str(2**63)


@pytest.mark.parametrize(
    "args",
    [
        ["combat", "join", "Hangar", "--game", "Pegasus", "Raider", "--npc", BIG],
        ["combat", "join", "Hangar", "--game", "Pegasus", "Raider", "--npc", "-1"],
        ["combat", "join", "Hangar", "--game", "Pegasus", "Raider", "--npc", "nan"],
        ["combat", "move-wound", "Hangar", "--game", "Pegasus", "Nikos", BIG, "Chest"],
        ["combat", "move-wound", "Hangar", "--game", "Pegasus", "Nikos", "-1", "Chest"],
        ["combat", "move-wound", "Hangar", "--game", "Pegasus", "Nikos", "inf", "Chest"],
        ["heal", "day", "--game", "Pegasus", "--day", BIG],
        ["heal", "day", "--game", "Pegasus", "--day", "-1"],
        ["heal", "day", "--game", "Pegasus", "--day", "nan"],
        ["heal", "day", "--game", "Pegasus", "--day", "inf"],
        ["combat", "action", "Hangar", "--game", "Pegasus", "Nikos", "attack", "Nikos",
         "--near", "Nikos=inf"],
        ["combat", "action", "Hangar", "--game", "Pegasus", "Nikos", "attack", "Nikos",
         "--near", "Nikos=nan"],
        ["combat", "action", "Hangar", "--game", "Pegasus", "Nikos", "attack", "Nikos",
         "--near", f"Nikos={BIG}"],
        ["combat", "action", "Hangar", "--game", "Pegasus", "Nikos", "attack", "Nikos",
         "--near", "Nikos=-1"],
        ["combat", "start", "x" * 5000, "--game", "Pegasus"],
        ["combat", "start", "", "--game", "Pegasus"],
        ["heal", "day", "--game", "Pegasus", "--doctor", "Nikos"],
        ["heal", "day", "--game", "Pegasus", "--repair", "Hangar=Nikos"],
    ],
)  # fmt: skip
def test_numbers_and_names_out_of_range_are_one_line(
    capsys: pytest.CaptureFixture[str], db: str, args: list[str]
) -> None:
    cli(capsys, db, "game", "example")
    cli(capsys, db, "combat", "start", "Hangar", "--game", "Pegasus")
    cli(capsys, db, "combat", "join", "Hangar", "--game", "Pegasus", "Nikos")
    fails_cleanly(capsys, *args, "--db", db)


def test_recover_delete_and_a_stopped_combat(capsys: pytest.CaptureFixture[str], db: str) -> None:
    cli(capsys, db, "game", "example")
    where = ("Hangar", "--game", "Pegasus", "--db", db)
    cli(capsys, db, "combat", "start", "Hangar", "--game", "Pegasus")
    cli(capsys, db, "combat", "join", "Hangar", "--game", "Pegasus", "Nikos")
    assert "Nikos is not knocked out" in fails_cleanly(capsys, "combat", "recover", *where,
                                                       "Nikos")  # fmt: skip
    code, out, _ = run(capsys, "combat", "stop", *where)
    assert (code, "(over)" in out) == (0, True)
    for args in (["stop"], ["join", "Mavros"], ["action", "Nikos", "pass"], ["turn"],
                 ["stance", "Nikos", "Cover"], ["leave", "Nikos"], ["recover", "Nikos"],
                 ["move-wound", "Nikos", "1", "Chest"]):  # fmt: skip
        assert "Hangar is over" in fails_cleanly(capsys, "combat", args[0], *where, *args[1:])
    assert "(over)" in run(capsys, "combat", "status", *where)[1]
    assert run_json(capsys, "combat", "delete", *where)["deleted"] is True
    assert run_json(capsys, "combat", "start", *where)["active"] is True


def test_the_players_read_every_die(capsys: pytest.CaptureFixture[str], db: str) -> None:
    cli(capsys, db, "game", "example")
    where = ("Hangar", "--game", "Pegasus", "--db", db)
    run(capsys, "combat", "start", *where)
    run(capsys, "combat", "join", *where, "Nikos", "--weapon", "Pistol")
    run(capsys, "combat", "join", *where, "Raider", "--team", "B", "--npc", "3",
        "--armor", "Flak Vest")  # fmt: skip
    run(capsys, "combat", "action", *where, "Nikos", "attack", "Raider", "--luck", "attack")
    # Initiative: Nikos Everyman 1 + Reflexes 4, the Raider 3; Nikos first.
    # Nikos: Firearms 3 + Reflexes 4
    # + luck 3 = 10 dice; the Raider's 3; 2d8; the Flak Vest (4 against the pistol's 2: stop
    # 85%) rolls 90, then 0 to 85: 11; damage 60 + 15 - 11. The Raider's Unarmed reply
    # (3 + 3 melee - 1 suppression) misses Nikos's Melee 2 + Brawn 2.
    faces = [2] * 8 + [60, 40] + [8, 8] + [2] * 8 + [2] * 3 + [5, 5, 90, 12, 60]
    faces += [2] * (3 + 3 - 1) + [2] * 4
    code, out, err = run(capsys, "combat", "turn", *where, "--faces", ",".join(map(str, faces)))
    assert code == 0, err
    assert "Nikos: Everyman + Reflexes 4 -> 5 dice: 2 2 2 2 2 = 0 hits (tie-break d100 60)" in out
    assert "attack: Firearms 3 + Reflexes 4, luck +3 -> 10 dice: 8 8 2 2 2 2 2 2 2 2" in out
    assert "2d8 5+5 -> Chest; Flak Vest (stop 85%) d100 90: -11; damage d100 60 -> 64" in out
