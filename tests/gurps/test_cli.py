"""`rollplay gurps ...` as a user meets it: the JSON contract, readable output, one-line
errors with exit code 2."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.clirun import fails_cleanly, run, run_json

VANCE = str(Path(__file__).parents[2] / "examples" / "gurps" / "vance.yaml")


def test_roll_json_contract(capsys: pytest.CaptureFixture[str]) -> None:
    data = run_json(capsys, "gurps", "roll", "9", "--mod=-5", "--mod=+10", "--faces", "6,5,3")
    assert data["dice"] == [6, 5, 3]
    assert data["roll"] == 14
    assert data["effective"] == 14
    assert data["success"] is True
    assert data["critical"] is False
    assert data["margin"] == 0
    assert data["source"] == "scripted"


def test_roll_critical_and_difficulty(capsys: pytest.CaptureFixture[str]) -> None:
    data = run_json(capsys, "gurps", "roll", "12", "--difficulty", "hard", "--faces", "6,5,5")
    assert data["effective"] == 8
    assert (data["success"], data["critical"], data["critical_failure"]) == (False, False, False)
    assert data["margin"] == -8
    assert data["modifiers"] == [{"value": -4, "reason": "hard (task difficulty)"}]
    assert run_json(capsys, "gurps", "roll", "6", "--faces", "6,5,5")["critical"] is True


def test_roll_is_readable(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(
        capsys, "gurps", "roll", "9", "--mod", "-5 working by touch", "--faces", "1,1,2"
    )
    assert code == 0
    assert "working by touch" in out
    assert "effective 4" in out
    assert "1 1 2 = 4" in out
    assert "CRITICAL SUCCESS" in out


def test_seeded_rolls_repeat(capsys: pytest.CaptureFixture[str]) -> None:
    first = run_json(capsys, "gurps", "roll", "11", "--seed", "table-7")
    again = run_json(capsys, "gurps", "roll", "11", "--seed", "table-7")
    assert first == again
    assert first["seed"] == "table-7"


def test_defense_below_three(capsys: pytest.CaptureFixture[str]) -> None:
    data = run_json(capsys, "gurps", "roll", "2", "--defense", "--faces", "2,1,1")
    assert (data["defense"], data["success"], data["effective"]) == (True, True, 2)


def test_roll_from_a_sheet(capsys: pytest.CaptureFixture[str]) -> None:
    data = run_json(capsys, "gurps", "roll", "Interrogation", "--sheet", VANCE, "--faces", "4,4,3")
    assert (data["skill"], data["default"], data["base"]) == ("Interrogation", "Intimidation-3", 11)
    assert data["name"] == "Inspector Vance"
    assert data["success"] is True
    lock = run_json(capsys, "gurps", "roll", "Lockpicking", "--sheet", VANCE, "--faces", "1,2,3")
    assert (lock["base"], lock["default"]) == (9, None)


def test_secret_roll_keeps_the_result_from_the_player(capsys: pytest.CaptureFixture[str]) -> None:
    data = run_json(
        capsys, "gurps", "roll", "Search", "--sheet", VANCE, "--secret", "--faces", "2,1,1"
    )
    assert data["player"] == {
        "system": "gurps",
        "secret": True,
        "name": "Inspector Vance",
        "skill": "Search",
        "message": "The GM rolled Search for Inspector Vance in secret.",
    }
    assert data["gm"]["dice"] == [2, 1, 1]
    assert data["gm"]["information"]["grade"] == "complete"
    code, out, _ = run(capsys, "gurps", "roll", "12", "--secret", "--faces", "6,6,5")
    assert code == 0
    assert "for the GM's eyes only" in out
    assert "Tell the player: The GM rolled in secret." in out


def test_odds_json_contract(capsys: pytest.CaptureFixture[str]) -> None:
    data = run_json(capsys, "gurps", "odds", "12")
    assert data["success"] == pytest.approx(160 / 216)
    assert data["critical_success"] == pytest.approx(4 / 216)
    assert data["critical_failure"] == pytest.approx(4 / 216)
    assert data["exact"]["success"] == "20/27"
    assert sum(data["margins"].values()) == pytest.approx(1)
    assert run_json(capsys, "gurps", "odds", "9", "--mod=-5", "--mod=+10")["effective"] == 14


def test_odds_table(capsys: pytest.CaptureFixture[str]) -> None:
    data = run_json(capsys, "gurps", "odds", "--table", "3-20")
    assert [row["effective"] for row in data["skills"]] == list(range(3, 21))
    code, out, _ = run(capsys, "gurps", "odds", "--table", "3-20")
    assert code == 0
    assert "98.1%" in out


def test_odds_readable(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "gurps", "odds", "Interrogation", "--sheet", VANCE)
    assert code == 0
    assert "Effective skill 11: success 62.5%" in out


def test_difficulties_and_rules(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    data = run_json(capsys, "gurps", "difficulties")
    assert data["difficulties"][9] == {
        "name": "hard",
        "modifier": -4,
        "lowest": -5,
        "highest": -4,
        "description": data["difficulties"][9]["description"],
    }
    code, out, _ = run(capsys, "gurps", "rules")
    assert code == 0
    path = tmp_path / "mine.toml"
    path.write_text(out.replace("minimum_effective = 3", "minimum_effective = 1"))
    ok = run_json(capsys, "gurps", "roll", "2", "--rules", str(path), "--faces", "1,1,1")
    assert ok["success"] is True


@pytest.mark.parametrize(
    ("args", "needle"),
    [
        (["gurps", "roll", "2"], "below 3"),
        (["gurps", "roll", "12", "--mod", "dark"], "bad modifier"),
        (["gurps", "roll", "12", "--difficulty", "hrad"], "did you mean hard"),
        (["gurps", "roll", "12", "--difficulty", "hard=-9"], "hard is -5 to -4"),
        (["gurps", "roll", "12", "--faces", "1,2"], "not enough faces"),
        (["gurps", "roll", "12", "--faces", "1,2,7"], "is not on a d6"),
        (["gurps", "roll", "12", "--faces", "1,2,3,4"], "4 faces given but the roll used 3"),
        (["gurps", "roll", "Lockpicking"], "with --sheet FILE"),
        (["gurps", "roll", "Alchemy", "--sheet", VANCE], "no default"),
        (["gurps", "roll", "Lockpiking", "--sheet", VANCE], "did you mean Lockpicking"),
        (["gurps", "roll", "12", "--sheet", VANCE], "with --sheet, SKILL is"),
        (["gurps", "roll", "Search", "--sheet", "/nowhere/x.yaml"], "cannot read it"),
        (["gurps", "roll", "12", "--secret", "--defense"], "defense roll is made openly"),
        (["gurps", "roll", "1000"], "accepted -99 to 999"),
        (["gurps", "odds"], "say which skill"),
        (["gurps", "odds", "--table", "x"], "FROM-TO"),
        (["gurps", "odds", "--table", "20-3"], "must not be higher"),
        (["gurps", "odds", "2"], "below 3"),
        (["gurps", "roll", "12", "--rules", "/nowhere/r.toml"], "cannot read it"),
        (["gurps", "roll", "9" * 5000], "SKILL 99999"),
        (["gurps", "odds", "--table", "1-" + "9" * 5000], "--table TO"),
        (["gurps", "roll", "12", "--difficulty", "hard=" + "9" * 5000], "difficulty hard"),
        (["gurps", "roll", "12", "--difficulty", "hard="], "must be a whole number"),
        (["gurps", "roll", "12", "--faces", "1,2," + "9" * 5000], "a face"),
    ],
)
def test_bad_input_gets_one_line_and_exit_2(
    capsys: pytest.CaptureFixture[str], args: list[str], needle: str
) -> None:
    assert needle in fails_cleanly(capsys, *args)


def test_bad_sheet_is_one_line(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    path = tmp_path / "bad.yaml"
    path.write_text("attributes: {ST: 10}\nskills: {Search: high}\n")
    err = fails_cleanly(capsys, "gurps", "roll", "Search", "--sheet", str(path))
    assert "bad.yaml" in err
