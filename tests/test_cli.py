"""The command line as a user meets it: readable output, the JSON contract, one-line errors
with exit code 2."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from tests.clirun import fails_cleanly, run, run_json


def test_roll_json_contract(capsys: pytest.CaptureFixture[str]) -> None:
    data = run_json(
        capsys,
        "fs3",
        "roll",
        "--dice",
        "5",
        "--attribute",
        "2",
        "--edition",
        "3.2",
        "--faces",
        "5,4,1,1,2",
    )
    assert data["dice"] == [5, 4, 1, 1, 2]
    assert data["successes"] == 0
    assert data["level"] == "Embarrassing Failure"
    assert data["embarrassing"] is True
    assert data["source"] == "scripted"


def test_roll_string_with_ratings(capsys: pytest.CaptureFixture[str]) -> None:
    data = run_json(
        capsys,
        "fs3",
        "roll",
        "Firearms+Reflexes-1",
        "--rating",
        "Firearms=3",
        "--rating",
        "Reflexes=2",
        "--faces",
        "8,6,2,1",
    )
    assert data["pool"] == 4
    assert data["successes"] == 2
    assert data["level"] == "Success"
    assert data["parts"][0] == {"label": "Firearms 3", "dice": 3}


def test_seeded_rolls_repeat(capsys: pytest.CaptureFixture[str]) -> None:
    first = run_json(capsys, "fs3", "roll", "--dice", "8", "--seed", "table-7")
    second = run_json(capsys, "fs3", "roll", "--dice", "8", "--seed", "table-7")
    assert first["dice"] == second["dice"]
    assert first["seed"] == "table-7"
    assert first["source"] == "seeded"


def test_readable_roll_marks_successes_and_ones(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "fs3", "roll", "--dice", "4", "--faces", "8,1,3,6")
    assert code == 0
    assert "[8] (1) 3 [6]" in out
    assert "2 successes: Success" in out


def test_readable_embarrassing_failure(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "fs3", "roll", "--dice", "3", "--faces", "1,1,2")
    assert code == 0
    assert "Embarrassing Failure" in out


def test_teamwork_from_the_cli(capsys: pytest.CaptureFixture[str]) -> None:
    data = run_json(
        capsys,
        "fs3",
        "roll",
        "--dice",
        "3",
        "--assist",
        "5",
        "--assist",
        "4",
        "--faces",
        "8,7,6,2,3,6,2,2,5,2,2,2,2,2,2",
    )
    assert data["assist_modifier"] == 3
    assert data["pool"] == 6
    assert [a["level"] for a in data["assists"]] == ["Good Success", "Success"]


def test_luck_reroll_shows_both_rolls(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(
        capsys,
        "fs3",
        "roll",
        "--dice",
        "2",
        "--edition",
        "3.2",
        "--luck",
        "reroll",
        "--faces",
        "2,3,8,2",
    )
    assert code == 0
    assert "not kept: 2 3" in out
    assert "kept:     [8] 2" in out


def test_opposed_names_the_winner(capsys: pytest.CaptureFixture[str]) -> None:
    bob_vs_harry = ["fs3", "opposed", "--dice", "5", "--vs", "5", "--edition", "3.2",
                    "--faces", "8,7,2,3,4,7,7,8,2,3"]  # fmt: skip
    code, out, _ = run(capsys, *bob_vs_harry, "--name", "Bob", "--vs-name", "Harry")
    assert code == 0
    assert "Harry wins by 1: Marginal Victory" in out
    data = run_json(capsys, *bob_vs_harry)
    assert (data["winner"], data["net"], data["margin"]) == ("second", 1, "Marginal Victory")


def test_opposed_roll_strings_per_side(capsys: pytest.CaptureFixture[str]) -> None:
    data = run_json(
        capsys,
        "fs3",
        "opposed",
        "Melee",
        "--rating",
        "Melee=4",
        "--rating",
        "Brawn=3",
        "--vs",
        "Melee",
        "--vs-rating",
        "Melee=1",
        "--vs-rating",
        "Brawn=1",
        "--seed",
        "1",
    )
    assert data["first"]["pool"] == 7
    assert data["second"]["pool"] == 2


def test_odds_json_contract(capsys: pytest.CaptureFixture[str]) -> None:
    data = run_json(capsys, "fs3", "odds", "--dice", "5")
    assert set(data["levels"]) == {
        "Embarrassing Failure",
        "Failure",
        "Success",
        "Good Success",
        "Great Success",
        "Amazing Success",
    }
    assert data["success"] == pytest.approx(0.89410400390625)
    assert sum(data["levels"].values()) == pytest.approx(1)
    vs = run_json(capsys, "fs3", "odds", "--dice", "5", "--vs", "4")
    assert vs["win"] + vs["draw"] + vs["lose"] == pytest.approx(1)


def test_odds_readable_and_table(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "fs3", "odds", "--dice", "5")
    assert code == 0
    assert "Success or better: 89.4%" in out
    code, out, _ = run(capsys, "fs3", "odds", "--table", "1-3", "--edition", "3.2")
    assert code == 0
    assert "43.8%" in out  # two dice, 3.2: 1 - (6/8)^2
    table = run_json(capsys, "fs3", "odds", "--table", "1-3")
    assert [row["pool"] for row in table["pools"]] == [1, 2, 3]


def test_rules_prints_a_loadable_file(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    code, out, _ = run(capsys, "fs3", "rules", "--edition", "3.2")
    assert code == 0
    path = tmp_path / "mine.toml"
    path.write_text(out.replace("luck_bonus = 5", "luck_bonus = 4"))
    data = run_json(
        capsys,
        "fs3",
        "roll",
        "--dice",
        "1",
        "--luck",
        "bonus",
        "--rules",
        str(path),
        "--faces",
        "2,2,2,2,2",
    )
    assert data["pool"] == 5
    assert data["edition"] == "3.2"


@pytest.mark.parametrize(
    ("args", "needle"),
    [
        (["fs3", "roll", "Firearms+Melee", "--rating", "Reflexes=2"], "at most one skill"),
        (["fs3", "roll", "--dice", "-3"], "a pool is 0 or more dice"),
        (["fs3", "roll", "--dice", "100000"], "over the limit of 100"),
        (["fs3", "roll", "--dice", "5", "--faces", "8,7,3"], "not enough faces"),
        (["fs3", "roll", "--dice", "2", "--faces", "8,9"], "is not on a d8"),
        (["fs3", "roll", "--dice", "2", "--faces", "8,x"], "whole numbers separated by commas"),
        (["fs3", "roll", "--dice", "2", "--faces", "8,1,1"], "3 faces given but the roll used 2"),
        (["fs3", "roll", "Firearms++2"], "bad roll string"),
        (["fs3", "roll", "--dice", "abc"], "is not a valid integer"),
        (["fs3", "roll"], "say what to roll"),
        (["fs3", "roll", "--dice", "3", "--edition", "9"], "unknown FS3 edition"),
        (["fs3", "roll", "--dice", "3", "--luck", "reroll"], "FS3.3 has no luck spend"),
        (["fs3", "roll", "--dice", "3", "--rating", "Foo"], "write NAME=NUMBER"),
        (["fs3", "roll", "--dice", "3", "--seed", "1", "--faces", "1,2,3"], "not both"),
        (["fs3", "odds", "--table", "9-2"], "FROM-TO"),
        (["fs3", "roll", "--dice", "3", "--rules", "/nowhere/rules.toml"], "cannot read it"),
        (["fs3", "nonsense"], "No such command"),
        (["fs3", "roll", "9" * 5000], "a pool"),
        (["fs3", "roll", "Firearms", "--rating", "Firearms=" + "9" * 5000], "--rating Firearms"),
        (["fs3", "odds", "--table", "1-" + "9" * 5000], "--table TO"),
    ],
)
def test_bad_input_gets_one_line_and_exit_2(
    capsys: pytest.CaptureFixture[str], args: list[str], needle: str
) -> None:
    assert needle in fails_cleanly(capsys, *args)


def test_demo_runs(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "demo", "--seed", "1")
    assert code == 0
    assert "Zach" in out
    assert "Embarrassing Failure" in out
    assert "Tug" in out
    assert "Exact odds" in out


def test_help_and_version(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "--help")
    assert code == 0
    assert "fs3" in out
    code, out, _ = run(capsys)
    assert code == 0
    assert "fs3" in out
    code, out, _ = run(capsys, "--version")
    assert code == 0
    assert "rollplay" in out


def test_real_processes() -> None:
    # The installed entry point and `python -m rollplay`, as a shell would run them.
    proc = subprocess.run(
        [
            sys.executable,
            "-m",
            "rollplay",
            "fs3",
            "roll",
            "--dice",
            "3",
            "--faces",
            "6,6,1",
            "--json",
        ],
        capture_output=True,
        text=True,
        check=False,
    )
    assert proc.returncode == 0
    assert json.loads(proc.stdout)["successes"] == 2
    bad = subprocess.run(
        [sys.executable, "-m", "rollplay", "fs3", "roll", "--dice", "x"],
        capture_output=True,
        text=True,
        check=False,
    )
    assert bad.returncode == 2
    assert "Traceback" not in bad.stderr


def test_readable_teamwork(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(
        capsys,
        "fs3",
        "roll",
        "--dice",
        "2",
        "--assist",
        "5",
        "--assist",
        "5",
        "--faces",
        "8,8,8,8,8,8,8,8,8,8,2,2,2,2,2,2",
    )
    assert code == 0
    assert "Teamwork modifier +4 (capped from +6)" in out
    assert "2 dice +4 teamwork → 6 dice" in out
