"""A table roll reads like a roll card: `rollplay roll` and `rollplay log` show each roll as
its system's own command shows it, and `char show` is a sheet, never a Python list or dict."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from tests.clirun import run
from tests.table.conftest import ROOT

EXAMPLES = ROOT / "src" / "rollplay" / "examples"


@pytest.fixture
def db(tmp_path: Path) -> str:
    url = f"sqlite:///{tmp_path / 'cards.db'}"
    return url


def lines(capsys: pytest.CaptureFixture[str], *args: str) -> list[str]:
    code, out, err = run(capsys, *args)
    assert code == 0, err
    return out.splitlines()


@pytest.mark.parametrize(
    ("table_roll", "system_roll"),
    [
        (["roll", "Nikos", "Firearms+Reflexes", "--mod=-1", "--luck", "bonus",
          "--faces", "8,7,6,2,1,1,3,4,5"],
         ["fs3", "roll", "Firearms+Reflexes", "--rating", "Firearms=3", "--rating",
          "Reflexes=4", "--mod=-1", "--luck", "bonus", "--name", "Nikos",
          "--faces", "8,7,6,2,1,1,3,4,5"]),
        (["roll", "Inspector Vance", "Interrogation", "--mod=-2", "--faces", "6,5,4"],
         ["gurps", "roll", "Interrogation", "--sheet", str(EXAMPLES / "gurps" / "vance.yaml"),
          "--mod=-2", "--faces", "6,5,4"]),
        (["roll", "Kara Voss", "Search", "--difficulty", "15", "--cp", "1",
          "--faces", "6,1,6,6,5,3"],
         ["d6", "roll", "Search", "--sheet", str(EXAMPLES / "d6" / "kara.yaml"),
          "--difficulty", "15", "--cp", "1", "--faces", "6,1,6,6,5,3"]),
    ],
)  # fmt: skip
def test_a_table_roll_shows_what_its_system_command_shows(
    capsys: pytest.CaptureFixture[str], db: str, table_roll: list[str], system_roll: list[str]
) -> None:
    lines(capsys, "game", "example", "--db", db)
    at_table = lines(capsys, *table_roll, "--db", db)
    assert re.search(r"· log #\d+ · public · typed dice$", at_table[0])
    *system_card, note = lines(capsys, *system_roll)
    assert at_table[1:] == system_card
    assert note == "(typed dice: not provable)"  # a roll away from the table never is
    entry = lines(capsys, "log", "--db", db)
    assert entry[1:] == ["  " + line.split(": ", 1)[1] if i == 0 else "  " + line
                         for i, line in enumerate(at_table[1:])]  # fmt: skip


def test_the_log_never_shows_python_lists_or_dicts(
    capsys: pytest.CaptureFixture[str], db: str
) -> None:
    lines(capsys, "game", "example", "--db", db)
    lines(capsys, "roll", "Nikos/Melee", "vs", "Mavros/Melee", "--seed", "1", "--db", db)
    lines(capsys, "roll", "Nikos", "Piloting", "--assist", "Mavros/Athletics", "--seed", "2",
          "--db", db)  # fmt: skip
    lines(capsys, "roll", "Kara Voss", "Search", "--difficulty", "moderate", "--seed", "3",
          "--db", db)  # fmt: skip
    lines(capsys, "roll", "Inspector Vance", "Detect Lies", "--visibility", "secret",
          "--seed", "4", "--db", db)  # fmt: skip
    log = "\n".join(lines(capsys, "log", "--db", db))
    assert not re.search(r"\[\d+, \d+|\{'|\{\"|': ", log), log
    assert "Mavros wins" in log or "Nikos wins" in log or "Draw" in log  # the contest
    assert "teamwork +" in log or "teamwork \u2212" in log
    assert "Wild Die" in log
    assert "Rolled " in log  # the GM sees the secret roll's dice
    as_player = "\n".join(lines(capsys, "log", "--as", "Nikos", "--db", db))
    assert "secret roll: its dice and result are hidden" in as_player
    assert "Detect Lies (default" not in as_player


def test_a_wound_and_luck_show_as_named_modifiers(
    capsys: pytest.CaptureFixture[str], db: str
) -> None:
    """002 Damage: the wound modifier is shown by name, on the roll and in the log."""
    lines(capsys, "game", "example", "--db", db)
    lines(capsys, "char", "set", "Nikos", "wounds=[{location: Chest, severity: Serious}]",
          "--db", db)  # fmt: skip
    card = lines(capsys, "roll", "Nikos", "Firearms", "--luck", "bonus", "--seed", "5",
                 "--db", db)  # fmt: skip
    assert "Firearms 3 + Reflexes 4 \u22122 wounds +3 luck → 8 dice" in card[1]
    assert "\u22122 wounds" in "\n".join(lines(capsys, "log", "--db", db))


def test_char_show_is_a_sheet(capsys: pytest.CaptureFixture[str], db: str) -> None:
    lines(capsys, "game", "example", "--db", db)
    nikos = lines(capsys, "char", "show", "Nikos", "--db", db)
    assert nikos[0] == "Nikos  (Pegasus, FS3 3.3) · not yet approved"
    assert any(line.startswith("Action") and "Piloting 6 (Proficient), 10 dice" in line
               for line in nikos)  # fmt: skip
    assert not any(line.startswith(("sheet:", "  name:", "- ")) for line in nikos)
    kara = lines(capsys, "char", "show", "Kara Voss", "--db", db)
    assert any(line.startswith("Knowledge 3D") and "Demolitions 3D+2" in line for line in kara)
    vance = lines(capsys, "char", "show", "Inspector Vance", "--db", db)
    assert any("Detect Lies: Per-6, Psychology-4" in line for line in vance)
