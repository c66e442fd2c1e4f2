"""A roll away from any table (`rollplay fs3 roll`, `gurps roll`, `d6 roll` and their
contests) is never dealt from provable dice: its card ends saying which dice it used, in the
words every table card uses (issue 29)."""

from __future__ import annotations

import pytest

from rollplay.render.cards import MARKED
from tests.clirun import run
from tests.table.conftest import ROOT

VANCE = str(ROOT / "src" / "rollplay" / "examples" / "gurps" / "vance.yaml")
ROLLS = {
    "fs3 roll": ["fs3", "roll", "--dice", "3"],
    "fs3 teamwork": ["fs3", "roll", "--dice", "3", "--assist", "2"],
    "fs3 opposed": ["fs3", "opposed", "--dice", "3", "--vs", "2"],
    "gurps roll": ["gurps", "roll", "Interrogation", "--sheet", VANCE],
    "gurps secret": ["gurps", "roll", "Interrogation", "--sheet", VANCE, "--secret"],
    "d6 roll": ["d6", "roll", "3D"],
    "d6 opposed": ["d6", "opposed", "3D", "2D"],
}
SOURCES = {"secure": [], "seeded": ["--seed", "7"]}


@pytest.mark.parametrize("command", list(ROLLS))
@pytest.mark.parametrize("source", list(SOURCES))
def test_an_offline_roll_says_its_dice_are_not_provable(
    capsys: pytest.CaptureFixture[str], command: str, source: str
) -> None:
    code, out, err = run(capsys, *ROLLS[command], *SOURCES[source])
    assert code == 0, err
    assert out.splitlines()[-1] == f"({MARKED[source]}: not provable)"
    assert MARKED["secure"] == "OS dice"


def test_typed_faces_are_typed_dice(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "fs3", "roll", "--dice", "2", "--faces", "8,1")
    assert code == 0, err
    assert out.splitlines()[-1] == "(typed dice: not provable)"
