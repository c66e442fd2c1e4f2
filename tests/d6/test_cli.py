"""`rollplay d6 ...` as a user meets it: the JSON contract, the draw order of --faces,
readable output, and one-line errors with exit code 2."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.clirun import fails_cleanly, run, run_json

KARA = str(Path(__file__).parents[2] / "examples" / "d6" / "kara.yaml")


def test_roll_json_contract_and_draw_order(capsys: pytest.CaptureFixture[str]) -> None:
    # Faces: the regular dice, then the Wild Die's tosses, then each CP die's tosses.
    data = run_json(
        capsys,
        "d6", "roll", "4D+2", "--difficulty", "15", "--cp", "2", "--faces", "4,3,5,6,2,6,6,1,3",
    )  # fmt: skip
    assert data["dice"] == [4, 3, 5]
    assert data["wild"] == [6, 2]
    assert data["cp_dice"] == [[6, 6, 1], [3]]
    assert data["total"] == 4 + 3 + 5 + 6 + 2 + 6 + 6 + 1 + 3 + 2
    assert data["success"] is True
    assert data["critical_failure"] is False
    assert data["complication"] is False
    assert data["result_points"] == data["total"] - 15


def test_roll_wild_one_options(capsys: pytest.CaptureFixture[str]) -> None:
    args = ("d6", "roll", "3D", "--difficulty", "moderate", "--faces", "5,6,1")
    flagged = run_json(capsys, *args)
    assert (flagged["critical_failure"], flagged["complication"], flagged["total"]) == (
        True,
        True,
        12,
    )
    cancelled = run_json(capsys, *args, "--wild-one", "cancel")
    assert (cancelled["complication"], cancelled["cancelled"], cancelled["total"]) == (
        False,
        [1, 6],
        5,
    )


def test_bonuses_unskilled_rushing_related(capsys: pytest.CaptureFixture[str]) -> None:
    data = run_json(
        capsys,
        "d6", "roll", "2D", "--difficulty", "10", "--bonus=+1D", "--bonus=+2",
        "--unskilled", "--rush", "25", "--related", "19:15", "--faces", "3,3,3",
    )  # fmt: skip
    assert data["dice"] == [3, 3]
    assert data["difficulty"] == 10 + 5 + 5
    assert data["total"] == 9 + 2 + 2
    assert data["related"] == 2
    custom = run_json(capsys, "d6", "roll", "2D", "--difficulty", "10", "--unskilled=2")
    assert custom["difficulty"] == 12


def test_roll_from_a_sheet(capsys: pytest.CaptureFixture[str]) -> None:
    data = run_json(
        capsys, "d6", "roll", "Search", "--sheet", KARA, "--difficulty", "12", "--fate",
        "--faces", "1,1,1,1,1,1,1,2",
    )  # fmt: skip
    assert (data["skill"], data["code"], data["rolled"], data["name"]) == (
        "Search",
        "4D+1",
        "8D+2",
        "Kara Voss",
    )
    assert data["total"] == 7 + 2 + 2


def test_readable_roll(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(
        capsys, "d6", "roll", "3D+1", "--difficulty", "10", "--cp", "1", "--faces", "2,3,6,4,5"
    )
    assert code == 0
    assert "dice 2 3 | Wild Die 6 → 4 | CP die 5 | +1 = 21" in out
    assert "success" in out


def test_odds_json_contract(capsys: pytest.CaptureFixture[str]) -> None:
    data = run_json(capsys, "d6", "odds", "4D+2", "--difficulty", "15")
    assert data["success"] == pytest.approx(0.67785, abs=1e-5)
    assert data["critical_failure"] == pytest.approx(1 / 6)
    assert sum(data["distribution"].values()) == pytest.approx(1)
    assert 0 < data["truncated"] < 1e-12
    cancel = run_json(capsys, "d6", "odds", "4D+2", "--difficulty", "15", "--wild-one", "cancel")
    assert cancel["success"] < data["success"]
    code, out, _ = run(capsys, "d6", "odds", "4D+2", "--difficulty", "15", "--cp", "1")
    assert code == 0
    assert "success against 15" in out


def test_opposed(capsys: pytest.CaptureFixture[str]) -> None:
    data = run_json(capsys, "d6", "opposed", "2D", "2D", "--faces", "3,4,2,5")
    assert data["winner"] == "initiator"
    assert data["margin"] == 0


def test_reference_commands(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    assert run_json(capsys, "d6", "difficulties")["difficulties"][3]["name"] == "moderate"
    code, out, _ = run(capsys, "d6", "rules")
    assert code == 0
    path = tmp_path / "cancel.toml"
    path.write_text(out.replace('wild_one = "complication"', 'wild_one = "cancel"'))
    data = run_json(capsys, "d6", "roll", "3D", "--rules", str(path), "--faces", "5,6,1")
    assert data["cancelled"] == [1, 6]


@pytest.mark.parametrize(
    ("args", "needle"),
    [
        (["d6", "roll", "4X"], "bad die code '4X'"),
        (["d6", "roll", "0D"], "at least 1D"),
        (["d6", "roll", "D+"], "bad die code 'D+'"),
        (["d6", "roll", "999999999D"], "at most 100D"),
        (["d6", "roll", "60D", "--cp", "50"], "at most 100"),
        (["d6", "roll", "4D", "--difficulty", "hard"], "unknown difficulty 'hard'"),
        (["d6", "roll", "4D", "--difficulty", "-3"], "0 or more"),
        (["d6", "roll", "4D", "--bonus", "lots"], "bad bonus"),
        (["d6", "roll", "4D", "--cp", "1", "--fate"], "unless the GM allows"),
        (["d6", "roll", "4D", "--cp", "-1"], "0 or more"),
        (["d6", "roll", "4D", "--prepare", "4"], "at most +3D"),
        (["d6", "roll", "4D", "--unskilled"], "give one too"),
        (["d6", "roll", "4D", "--difficulty", "5", "--unskilled=x"], "--unskilled"),
        (["d6", "roll", "4D", "--difficulty", "5", "--related", "19"], "TOTAL:DIFFICULTY"),
        (["d6", "roll", "4D", "--wild-one", "maybe"], "maybe"),
        (["d6", "roll", "2D", "--faces", "1"], "not enough faces"),
        (["d6", "roll", "2D", "--faces", "1,2,3"], "3 faces given but the roll used 2"),
        (["d6", "roll", "Search", "--sheet", KARA, "--cp", "6"], "cannot spend 6"),
        (["d6", "roll", "Lockpicking", "--sheet", KARA], "--unskilled"),
        (["d6", "roll", "Search"], "bad die code 'Search'"),
        (["d6", "odds", "4D+3"], "that is 5D"),
        (["d6", "opposed", "4D", "0D"], "at least 1D"),
    ],
)
def test_bad_input_gets_one_line_and_exit_2(
    capsys: pytest.CaptureFixture[str], args: list[str], needle: str
) -> None:
    assert needle in fails_cleanly(capsys, *args)
