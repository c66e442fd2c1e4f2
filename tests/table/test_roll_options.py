"""Issue 12, point 16: every option of `rollplay gurps roll` and `rollplay d6 roll` works from
`rollplay roll` on a stored sheet, contests take options per side, and D6 Character Points can
be spent after seeing a roll at the table (003 Character Points)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import click
import pytest

from rollplay.cli.app import cli
from tests.clirun import fails_cleanly, run, run_json
from tests.table.conftest import ROOT

EXAMPLES = ROOT / "src" / "rollplay" / "examples"
# Options a system command has that mean something else at the table: the sheet, house rules
# and name come from the game; --secret is --visibility secret; dice options are shared.
NOT_AT_TABLE = {"--sheet", "--rules", "--name", "--secret", "--faces", "--seed", "--json",
                "--vs-sheet", "--vs-name"}  # fmt: skip


def _flags(*path: str) -> set[str]:
    ctx = click.Context(cli)
    cmd: Any = cli
    for name in path:
        cmd = cmd.get_command(ctx, name)
    return {o for p in cmd.params if isinstance(p, click.Option) for o in p.opts}


@pytest.mark.parametrize("system", ["gurps", "d6"])
def test_every_roll_option_of_a_system_is_a_table_option(system: str) -> None:
    own = _flags(system, "roll") - NOT_AT_TABLE
    assert own <= _flags("roll"), own - _flags("roll")


def test_every_contest_option_of_d6_is_a_table_option() -> None:
    own = _flags("d6", "opposed") - NOT_AT_TABLE
    assert own <= _flags("roll"), own - _flags("roll")


@pytest.fixture
def db(tmp_path: Path, db_url: str) -> str:
    return db_url


def roll(capsys: pytest.CaptureFixture[str], db: str, *args: str) -> Any:
    return run_json(capsys, "roll", *args, "--db", db)


def test_d6_options_at_the_table_are_the_d6_commands(
    capsys: pytest.CaptureFixture[str], db: str
) -> None:
    """003 Preparing, Rushing, Related Skills, Result Points, Second Chances, the
    multi-action penalty: the table roll is the same roll `rollplay d6 roll` makes."""
    run_json(capsys, "game", "example", "--db", db)
    options = ["--difficulty", "15", "--prepare", "1", "--related", "19:15", "--carry", "5",
               "--second-chance", "3", "--bonus=+1D", "--faces", "6,5,4,3,2,6,1"]  # fmt: skip
    at_table = roll(capsys, db, "Kara Voss", "Search", *options)
    own = run_json(capsys, "d6", "roll", "Search", "--sheet", str(EXAMPLES / "d6" / "kara.yaml"),
                   *options)  # fmt: skip
    keys = ("dice", "wild", "total", "difficulty", "success", "bonuses", "difficulty_modifiers")
    assert {k: at_table[k] for k in keys} == {k: own[k] for k in keys}


def test_untrained_d6_skill_at_the_table_uses_its_attribute(
    capsys: pytest.CaptureFixture[str], db: str
) -> None:
    """003 Untrained Skill Use: "use the die code of the attribute under which that skill
    falls": Lockpicking under Coordination, named with --attribute."""
    run_json(capsys, "game", "example", "--db", db)
    r = roll(capsys, db, "Kara Voss", "Lockpicking", "--unskilled", "--attribute",
             "Coordination", "--difficulty", "10", "--faces", "3,4")  # fmt: skip
    assert r["code"] == "2D+1"
    assert r["difficulty"] == 15  # +5 untrained


def test_gurps_defense_at_the_table(capsys: pytest.CaptureFixture[str], db: str) -> None:
    """001: a defense roll may be made below effective skill 3."""
    run_json(capsys, "game", "example", "--db", db)
    r = roll(capsys, db, "Inspector Vance", "2", "--defense", "--faces", "1,1,2")
    assert r["defense"] is True
    assert r["success"] is True


def test_a_contest_takes_options_per_side(capsys: pytest.CaptureFixture[str], db: str) -> None:
    run_json(capsys, "game", "example", "--db", db)
    duel = roll(capsys, db, "Nikos/Melee", "vs", "Mavros/Melee", "--vs-mod=-2",
                "--faces", "8,8,8,8,1,1,1,1,1")  # fmt: skip
    assert (duel["first"]["pool"], duel["second"]["pool"]) == (4, 7 - 2)
    message = fails_cleanly(capsys, "roll", "Nikos", "Melee", "--vs-mod=-2", "--db", db)
    assert "--vs-mod: for the second side of a contest" in message


def test_points_after_the_roll_at_the_table(capsys: pytest.CaptureFixture[str], db: str) -> None:
    """003 Character Points: "before or after he makes a roll ... but always before the
    gamemaster determines the result": a new log entry, the points spent with it."""
    run_json(capsys, "game", "example", "--db", db)
    first = roll(capsys, db, "Kara Voss", "Search", "--difficulty", "20", "--faces", "2,2,2,3")
    assert (first["total"], first["success"]) == (10, False)
    after = run_json(capsys, "cp-after", str(first["log_id"]), "2", "--faces", "6,4,5",
                     "--game", "Stars", "--db", db)  # fmt: skip
    assert after["cp_dice"] == [[6, 4], [5]]
    assert (after["total"], after["success"]) == (25, True)
    assert after["adds_to"] == first["log_id"]
    assert run_json(capsys, "char", "show", "Kara Voss", "--db", db)["character_points"] == 3
    code, out, _ = run(capsys, "log", "--db", db)
    assert code == 0
    assert f"Character Points after the roll on #{first['log_id']}: 10 → 25" in out
    # only the latest roll, and not more than the sheet holds
    again = fails_cleanly(
        capsys, "cp-after", str(first["log_id"]), "1", "--game", "Stars", "--db", db
    )
    assert "not Kara Voss's latest roll" in again
    too_many = fails_cleanly(
        capsys, "cp-after", str(after["log_id"]), "4", "--game", "Stars", "--db", db
    )
    assert "Character Points" in too_many
    assert run_json(capsys, "char", "show", "Kara Voss", "--db", db)["character_points"] == 3


def test_cp_after_in_one_command(capsys: pytest.CaptureFixture[str], db: str) -> None:
    run_json(capsys, "game", "example", "--db", db)
    r = roll(capsys, db, "Kara Voss", "Search", "--difficulty", "20", "--cp-after", "1",
             "--seed", "3")  # fmt: skip
    assert r["first_roll"]["log_id"] == r["adds_to"]
    assert len(r["cp_dice"]) == 1
    log = json.loads(run(capsys, "log", "--json", "--db", db)[1])
    assert [e["id"] for e in log] == [r["log_id"], r["adds_to"]]


@pytest.mark.parametrize(
    ("game", "entry", "said"),
    [
        ("Pegasus", None, "is not a D6 character's roll"),  # the FS3 roll just made
        ("Stars", "99", "there is no log entry #99 you can see"),
    ],
)
def test_cp_after_only_follows_a_d6_roll(
    capsys: pytest.CaptureFixture[str], db: str, game: str, entry: str | None, said: str
) -> None:
    run_json(capsys, "game", "example", "--db", db)
    rolled = roll(capsys, db, "Nikos", "Firearms", "--seed", "1")
    entry = entry or str(rolled["log_id"])
    assert said in fails_cleanly(capsys, "cp-after", entry, "1", "--game", game, "--db", db)
    # Rulings T8: numbers are a game's own, so with several games the game is named.
    assert "say which game" in fails_cleanly(capsys, "cp-after", entry, "1", "--db", db)


def test_a_secret_information_roll_records_its_grade_for_the_gm(
    capsys: pytest.CaptureFixture[str], db: str
) -> None:
    """001 When the GM Rolls: "On a failure, the GM either gives no information at all or
    lies": a failure by a little is "nothing", never "false", and only the GM sees it."""
    run_json(capsys, "game", "example", "--db", db)
    r = roll(capsys, db, "Inspector Vance", "Search", "--visibility", "secret",
             "--faces", "4,5,5")  # fmt: skip  # 14 against 13: a failure, by a little
    assert r["success"] is False
    assert r["information"]["category"] == "nothing"
    assert r["information"]["truthful"] is None
    gm_log = json.loads(run(capsys, "log", "--json", "--db", db)[1])
    assert gm_log[0]["outcome"]["information"]["category"] == "nothing"
    _, out, _ = run(capsys, "log", "--db", db)
    assert "Information: nothing" in out
    player = json.loads(run(capsys, "log", "--json", "--as", "Nikos", "--db", db)[1])
    assert player[0]["outcome"] is None
    assert "nothing" not in json.dumps(player)


def test_a_sense_roll_is_secret_and_defense_is_not(
    capsys: pytest.CaptureFixture[str], db: str
) -> None:
    run_json(capsys, "game", "example", "--db", db)
    sense = roll(capsys, db, "Inspector Vance", "Per", "--sense", "--faces", "6,6,6")
    assert sense["visibility"] == "secret"
    assert sense["information"]["category"] == "nothing"
    message = fails_cleanly(capsys, "roll", "Inspector Vance", "10", "--defense",
                            "--visibility", "secret", "--faces", "1,1,1", "--db", db)  # fmt: skip
    assert "a defense roll is made openly" in message
