"""The table's commands as a user meets them: the JSON contract, sheets in and out, and one-
line errors with exit code 2."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
import yaml

from tests.clirun import fails_cleanly, run, run_json
from tests.table.conftest import ROOT


@pytest.fixture
def db(tmp_path: Path, db_url: str) -> str:
    return db_url


def cli(capsys: pytest.CaptureFixture[str], db: str, *args: str) -> tuple[int, str, str]:
    return run(capsys, *args, "--db", db)


def cli_json(capsys: pytest.CaptureFixture[str], db: str, *args: str) -> Any:
    return run_json(capsys, *args, "--db", db)


def test_a_session_at_the_table(capsys: pytest.CaptureFixture[str], db: str) -> None:
    assert cli_json(capsys, db, "game", "example") == {"created": ["Pegasus", "Dungeon", "Stars"]}
    games = cli_json(capsys, db, "game", "list")
    assert [g["name"] for g in games] == ["Dungeon", "Pegasus", "Stars"]
    roll = cli_json(capsys, db, "roll", "Nikos", "Firearms+Reflexes", "--faces", "8,7,6,2,1,1,3")
    own = run_json(
        capsys,
        "fs3",
        "roll",
        "Firearms+Reflexes",
        "--rating",
        "Firearms=3",
        "--rating",
        "Reflexes=4",
        "--name",
        "Nikos",
        "--faces",
        "8,7,6,2,1,1,3",
    )
    assert set(own) <= set(roll)  # the system's own fields, and more
    assert {k: roll[k] for k in ("dice", "successes", "level", "pool")} == {
        k: own[k] for k in ("dice", "successes", "level", "pool")
    }
    assert roll["character"] == "Nikos"
    seeded = cli_json(capsys, db, "roll", "Mavros", "Melee", "--seed", "7")
    again = run_json(capsys, "fs3", "roll", "Melee", "--rating", "Melee=4", "--rating", "Brawn=3",
                     "--seed", "7")  # fmt: skip
    assert seeded["dice"] == again["dice"]
    cli_json(capsys, db, "roll", "Inspector Vance", "Detect Lies", "--visibility", "secret",
             "--faces", "1,2,3")  # fmt: skip
    entries = cli_json(capsys, db, "log")
    assert [(e["character"], e["expression"], e["visibility"]) for e in entries] == [
        ("Inspector Vance", "Detect Lies", "secret"),
        ("Mavros", "Melee", "public"),
        ("Nikos", "Firearms+Reflexes", "public"),
    ]
    assert entries[2]["dice"] == [8, 7, 6, 2, 1, 1, 3]
    as_player = cli_json(capsys, db, "log", "--as", "Nikos")
    assert (as_player[0]["character"], as_player[0]["dice"]) == (None, None)  # a roll was made
    # Asking for Vance's rolls does not tell Nikos's player whose the secret one was.
    assert cli_json(capsys, db, "log", "--as", "Nikos", "--character", "Inspector Vance") == []
    code, out, _ = cli(capsys, db, "log", "--export", "csv")
    assert code == 0
    assert out.splitlines()[0].startswith("id,time,game,character")


def test_sheets_in_and_out(capsys: pytest.CaptureFixture[str], db: str, tmp_path: Path) -> None:
    cli(capsys, db, "game", "new", "Pegasus", "--system", "fs3")
    code, _, err = cli(capsys, db, "char", "import", str(ROOT / "examples/fs3/nikos.yaml"),
                       "--game", "Pegasus")  # fmt: skip
    assert code == 0, err
    code, out, _ = cli(capsys, db, "char", "export", "Nikos")
    assert code == 0
    sheet = yaml.safe_load(out)
    assert sheet["action"]["Piloting"] == 6
    cli(capsys, db, "char", "set", "Nikos", "name=Nikos II")
    path = tmp_path / "copy.json"
    path.write_text(json.dumps({**sheet, "name": "Nikos Copy"}))
    assert cli(capsys, db, "char", "import", str(path), "--game", "Pegasus")[0] == 0
    shown = cli_json(capsys, db, "char", "show", "Nikos Copy")
    assert shown["sheet"]["action"] == sheet["action"]
    changed = cli_json(capsys, db, "char", "set", "Nikos Copy", "action.Melee=3", "quirks=null")
    assert changed["sheet"]["action"]["Melee"] == 3
    code, out, _ = cli(capsys, db, "char", "check", "Nikos Copy")
    assert (code, out.strip()) == (0, "Nikos Copy: valid")
    assert cli_json(capsys, db, "char", "approve", "Nikos Copy")["approved"] is True
    sent = cli_json(capsys, db, "char", "sendback", "Nikos Copy", "Piloting is too high")
    assert sent["approved"] is False
    assert cli_json(capsys, db, "char", "show", "Nikos Copy")["review_note"] == (
        "Piloting is too high"
    )
    code, _, err = cli(capsys, db, "char", "sendback", "Nikos Copy", " ")
    assert code == 2
    assert err.count("\n") == 1  # one line: say why


def test_xp_and_luck(capsys: pytest.CaptureFixture[str], db: str) -> None:
    cli(capsys, db, "game", "example")
    assert cli_json(capsys, db, "xp", "award", "Nikos", "4.5")["xp"] == 4.5
    raised = cli_json(capsys, db, "xp", "raise", "Nikos", "Firearms")
    assert raised["raised"] == {"skill": "Firearms", "from": 3, "to": 4, "cost": 4}
    assert cli_json(capsys, db, "luck", "award", "Nikos", "2")["luck"] == 3
    assert cli_json(capsys, db, "luck", "spend", "Nikos")["luck"] == 2
    r = cli_json(capsys, db, "roll", "Nikos", "Firearms", "--luck", "bonus", "--seed", "1")
    assert r["spent"] == {"luck": 1}


def test_xp_raise_gives_a_new_32_background_skill_its_ruling_attribute(
    capsys: pytest.CaptureFixture[str], db: str, tmp_path: Path
) -> None:
    """002 Ruling Attribute (rulings R30): `xp raise ... --attribute`; without it a new one
    is refused in one line; the sheet stays clean for `char check` (R29)."""
    cli(capsys, db, "game", "new", "Galactica", "--system", "fs3", "--edition", "3.2")
    sheet = tmp_path / "ada.yaml"
    sheet.write_text("name: Ada\nattributes: {Academic: 2, Athletic: 3, Creative: 2, "
                     "Reactive: 3, Social: 2}\naction: {Firearms: 4}\n")  # fmt: skip
    cli(capsys, db, "char", "import", str(sheet), "--game", "Galactica")
    cli(capsys, db, "xp", "award", "Ada", "2", "--game", "Galactica")
    said = fails_cleanly(capsys, "xp", "raise", "Ada", "Cooking", "--kind", "background",
                         "--game", "Galactica", "--db", db)  # fmt: skip
    assert "choose its ruling attribute, one of Academic, Athletic" in said
    learned = cli_json(capsys, db, "xp", "raise", "Ada", "Cooking", "--kind", "background",
                       "--attribute", "Creative", "--game", "Galactica")  # fmt: skip
    assert learned["sheet"]["background"] == {"Cooking": {"rating": 1, "attribute": "Creative"}}
    assert learned["sheet"]["experience"] == {"background": {"Cooking": 1}}
    code, out, _ = cli(capsys, db, "char", "check", "Ada", "--game", "Galactica")
    assert code == 0, out


def test_opposed_and_teamwork(capsys: pytest.CaptureFixture[str], db: str) -> None:
    cli(capsys, db, "game", "example")
    duel = cli_json(capsys, db, "roll", "Nikos/Melee", "vs", "Mavros/Melee", "--seed", "3")
    assert duel["first"]["name"] == "Nikos"
    assert duel["second"]["name"] == "Mavros"
    team = cli_json(capsys, db, "roll", "Nikos", "Piloting", "--assist", "Mavros/Athletics",
                    "--seed", "4")  # fmt: skip
    assert len(team["assists"]) == 1
    assert len(cli_json(capsys, db, "log")) == 4


@pytest.mark.parametrize(
    ("args", "needle"),
    [
        (["roll", "Nikso", "Firearms"], "did you mean Nikos"),
        (["roll", "Nikos"], "say who rolls what"),
        (["roll", "Nikos", "Firearms", "--luck", "reroll"], "FS3.3 has no luck spend"),
        (["game", "show", "Pegasis"], "did you mean Pegasus"),
        (["game", "new", "Pegasus", "--system", "fs3"], "already a game"),
        (["xp", "raise", "Nikos", "Firearms"], "costs 4 XP"),
        (["xp", "award", "Nikos", "0.3"], "whole or half points"),
        (["luck", "award", "Kara Voss"], "FS3"),
        (["roll", "Kara Voss", "Search", "--cp", "9"], "cannot spend 9"),
        (
            ["roll", "Inspector Vance/Search", "vs", "Nikos/Firearms"],
            "Dungeon has no character called 'Nikos'",
        ),
        (["log", "--since", "yesterday"], "--since"),
        (["char", "import", "/nowhere.yaml", "--game", "Pegasus"], "cannot read it"),
        (["char", "set", "Nikos", "nonsense"], "KEY=VALUE"),
        (["char", "set", "Nikos", "action.Firearms=99"], "accepted: 0 to 8"),
    ],
)
def test_bad_input(
    capsys: pytest.CaptureFixture[str], db: str, args: list[str], needle: str
) -> None:
    cli(capsys, db, "game", "example")
    assert needle in fails_cleanly(capsys, *args, "--db", db)


def test_bad_database_url(capsys: pytest.CaptureFixture[str]) -> None:
    assert "bad database URL" in fails_cleanly(capsys, "game", "list", "--db", "nope://x:y@")
