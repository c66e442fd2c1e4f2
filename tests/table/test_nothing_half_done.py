"""Issue 13 at the table: options that would apply no effect are refused, who sees what is
decided by character and game, numbers and names have ranges, and nothing is half-done."""

from __future__ import annotations

import csv
import io
from pathlib import Path
from typing import Any

import pytest
import yaml

from tests.clirun import fails_cleanly, run, run_json
from tests.table.conftest import NIKOS


@pytest.fixture
def db(db_url: str) -> str:
    return db_url


def cli(capsys: pytest.CaptureFixture[str], db: str, *args: str) -> tuple[int, str, str]:
    return run(capsys, *args, "--db", db)


def ok(capsys: pytest.CaptureFixture[str], db: str, *args: str) -> Any:
    return run_json(capsys, *args, "--db", db)


def refused(capsys: pytest.CaptureFixture[str], db: str, *args: str) -> str:
    return fails_cleanly(capsys, *args, "--db", db)


def sheet_file(tmp_path: Path, **changes: object) -> str:
    path = tmp_path / f"{changes.get('name', 'sheet')}.yaml".replace("/", "_")
    path.write_text(yaml.safe_dump({**NIKOS, **changes}))
    return str(path)


@pytest.mark.parametrize(
    ("args", "complaint"),
    [
        (["roll", "Nikos", "Firearms", "--luck-from", "Mavros"], "spend a point for nothing"),
        (["roll", "Nikos", "Firearms", "--cp", "2"], "--cp does not apply to a fs3 roll"),
        (["roll", "Nikos", "Firearms", "--fate"], "--fate does not apply"),
        (["roll", "Nikos", "Firearms", "--difficulty", "15"], "--difficulty does not apply"),
        (["roll", "Kara Voss", "Search", "--luck", "bonus"], "--luck does not apply to a d6"),
        (["roll", "Inspector Vance", "Search", "--cp", "1"], "--cp does not apply to a gurps"),
        (["roll", "Nikos", "Firearms", "--luck", "boost", "--luck-from", "Mavros"], "boost"),
        (["roll", "Nikos", "Firearms", "--assist", "Nikos/Firearms"], "appears twice"),
        (["roll", "Nikos/Melee", "vs", "nikos/Melee"], "appears twice"),
    ],
)
def test_options_that_apply_no_effect_are_refused(
    capsys: pytest.CaptureFixture[str], db: str, args: list[str], complaint: str
) -> None:
    """Nothing is spent for nothing: a 3.3 game has no boost or hinder (000), a luck point
    named without a use, CP on an FS3 roll, a D6 roll's luck: each refused, nothing changed."""
    ok(capsys, db, "game", "example")
    before = [ok(capsys, db, "char", "show", n) for n in ("Nikos", "Mavros", "Kara Voss")]
    assert complaint in refused(capsys, db, *args)
    after = [ok(capsys, db, "char", "show", n) for n in ("Nikos", "Mavros", "Kara Voss")]
    assert after == before
    assert ok(capsys, db, "log") == []


def test_a_character_called_storyteller_is_a_player(
    capsys: pytest.CaptureFixture[str], db: str, tmp_path: Path
) -> None:
    ok(capsys, db, "game", "new", "Pegasus", "--system", "fs3")
    for name in ("Storyteller", "Nikos"):
        ok(capsys, db, "char", "new", sheet_file(tmp_path, name=name), "--game", "Pegasus")
    ok(capsys, db, "roll", "Nikos", "Firearms", "--visibility", "secret", "--seed", "1")
    ok(capsys, db, "roll", "Nikos", "Firearms", "--visibility", "private", "--seed", "2")
    seen = ok(capsys, db, "log", "--as", "storyteller")
    # Neither roll is the Storyteller's: the secret one is announced with its result
    # hidden, and another character's private roll is not theirs to learn of at all.
    assert [(e["dice"], e["visibility"]) for e in seen] == [(None, "secret")]
    assert all(e["dice"] for e in ok(capsys, db, "log"))  # the owner sees everything


def test_private_rolls_follow_the_character_not_the_name(
    capsys: pytest.CaptureFixture[str], db: str, tmp_path: Path
) -> None:
    """Two games each with a Nikos: one Nikos's private roll is not the other's to see."""
    for game in ("Pegasus", "Atlantia"):
        ok(capsys, db, "game", "new", game, "--system", "fs3")
        ok(capsys, db, "char", "new", sheet_file(tmp_path), "--game", game)
    ok(capsys, db, "roll", "Nikos", "Firearms", "--game", "Pegasus", "--visibility", "private",
       "--seed", "3")  # fmt: skip
    mine = ok(capsys, db, "log", "--as", "nikos", "--game", "Pegasus")
    theirs = ok(capsys, db, "log", "--as", "Nikos", "--game", "Atlantia")
    assert [e["dice"] is not None for e in mine] == [True]
    assert theirs == []  # filtered to Atlantia, where nothing was rolled
    across = ok(capsys, db, "log", "--as", "NIKOS", "--game", "Atlantia", "--limit", "0")
    assert across == []
    everything = ok(capsys, db, "log")
    assert len(everything) == 1
    assert "several games" in refused(capsys, db, "log", "--as", "Nikos")


@pytest.mark.storage  # case in SQL comparisons
def test_names_match_without_regard_to_case_with_many_games(
    capsys: pytest.CaptureFixture[str], db: str, tmp_path: Path
) -> None:
    ok(capsys, db, "game", "example")  # Pegasus, Dungeon, Stars
    assert ok(capsys, db, "char", "show", "nikos")["name"] == "Nikos"
    ok(capsys, db, "roll", "nikos", "Firearms", "--seed", "1")
    assert len(ok(capsys, db, "log", "--character", "NIKOS")) == 1
    assert "no character called 'Nikso'" in refused(capsys, db, "log", "--character", "Nikso")


@pytest.mark.parametrize("name", ["vs", "VS", "Nikos/Two", "  ", "x" * 101])
def test_names_the_command_forms_cannot_address_are_refused(
    capsys: pytest.CaptureFixture[str], db: str, tmp_path: Path, name: str
) -> None:
    ok(capsys, db, "game", "new", "Pegasus", "--system", "fs3")
    refused(capsys, db, "char", "new", sheet_file(tmp_path, name=name), "--game", "Pegasus")
    assert ok(capsys, db, "game", "show", "Pegasus")["characters"] == []


@pytest.mark.storage  # case in SQL comparisons
def test_a_name_differing_only_in_case_is_taken(
    capsys: pytest.CaptureFixture[str], db: str, tmp_path: Path
) -> None:
    ok(capsys, db, "game", "new", "Pegasus", "--system", "fs3")
    ok(capsys, db, "char", "new", sheet_file(tmp_path), "--game", "Pegasus")
    path = sheet_file(tmp_path, name="NIKOS")
    assert "already has" in refused(capsys, db, "char", "new", path, "--game", "Pegasus")


@pytest.mark.parametrize(
    "args",
    [
        ["xp", "award", "Nikos", "nan"],
        ["xp", "award", "Nikos", "inf"],
        ["xp", "award", "Nikos", "-inf"],
        ["xp", "award", "Nikos", "1e308"],
        ["xp", "award", "Nikos", "9223372036854775808"],
        ["xp", "award", "Nikos", "1000.5"],
        ["luck", "award", "Nikos", "9223372036854775808"],
        ["luck", "award", "Nikos", "101"],
        ["luck", "award", "Nikos", "0"],
        ["log", "--limit", "9223372036854775808"],
        ["log", "--limit", "-1"],
        ["log", "--since", "9999-12-31T23:59:59-05:00"],
        ["log", "--until", "0001-01-01T00:00:00+05:00"],
        ["log", "--since", "tomorrow"],
    ],
)
def test_every_number_has_a_range(
    capsys: pytest.CaptureFixture[str], db: str, args: list[str]
) -> None:
    ok(capsys, db, "game", "example")
    before = ok(capsys, db, "char", "show", "Nikos")
    refused(capsys, db, *args)
    assert ok(capsys, db, "char", "show", "Nikos") == before


def test_awards_stop_at_what_a_character_may_hold(
    capsys: pytest.CaptureFixture[str], db: str
) -> None:
    ok(capsys, db, "game", "example")
    for _ in range(9):
        ok(capsys, db, "luck", "award", "Nikos", "100")
    ok(capsys, db, "luck", "award", "Nikos", "99")  # 1 + 900 + 99 = 1000
    assert "at most 1,000" in refused(capsys, db, "luck", "award", "Nikos")
    assert ok(capsys, db, "char", "show", "Nikos")["luck"] == 1000


def test_a_negative_seed_is_a_seed(capsys: pytest.CaptureFixture[str]) -> None:
    """--seed=-5 is the number -5; --seed=--5 is the word '--5'; neither is a traceback."""
    minus = run_json(capsys, "fs3", "roll", "--dice", "3", "--seed=-5")
    word = run_json(capsys, "fs3", "roll", "--dice", "3", "--seed=--5")
    assert minus["seed"] == -5
    assert word["seed"] == "--5"


def test_csv_cells_are_never_formulas(capsys: pytest.CaptureFixture[str], db: str,
                                      tmp_path: Path) -> None:  # fmt: skip
    ok(capsys, db, "game", "new", "=cmd", "--system", "fs3")
    ok(capsys, db, "char", "new", sheet_file(tmp_path, name="@SUM(A1)"), "--game", "=cmd")
    ok(capsys, db, "roll", "@SUM(A1)", "Reflexes", "--seed", "1", "--game", "=cmd")
    code, out, err = cli(capsys, db, "log", "--export", "csv")
    assert code == 0, err
    row = next(csv.DictReader(io.StringIO(out)))
    assert row["game"] == "'=cmd"
    assert row["character"] == "'@SUM(A1)"
    assert row["expression"] == "Reflexes"


@pytest.mark.parametrize(
    ("change", "complaint"),
    [
        (["action=3", "action.Melee=2"], "also set to a value"),
        (["action..Melee=2"], "names joined by dots"),
        (["quirks=" + "[" * 100 + "]" * 100], "nested deeper than 64"),
        (["quirks=[&a [x, y], *a, *a]"], "YAML aliases"),
        (["concept=" + "x" * 10_001], "at most 10,000"),
        (["luck=.nan"], "not a number"),
    ],
)
def test_char_set_values_are_checked(
    capsys: pytest.CaptureFixture[str], db: str, change: list[str], complaint: str
) -> None:
    ok(capsys, db, "game", "example")
    before = ok(capsys, db, "char", "show", "Nikos")
    assert complaint in refused(capsys, db, "char", "set", "Nikos", *change)
    assert ok(capsys, db, "char", "show", "Nikos") == before
