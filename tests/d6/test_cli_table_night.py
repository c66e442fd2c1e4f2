"""`rollplay d6 roll` and `d6 opposed` with the options a table uses each evening, as a
player sees them: points after the roll, untrained skills, carried result points, second
chances, actions, and both sides of a contest."""

from __future__ import annotations

import io
from pathlib import Path

import pytest

from rollplay.cli import d6 as d6_cli
from tests.clirun import fails_cleanly, run, run_json

KARA = str(Path(__file__).parents[2] / "examples" / "d6" / "kara.yaml")


def test_003_cp_after_shows_the_roll_then_the_extra_dice(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """003 Character Points: "before or after he makes a roll ... but always before the
    gamemaster determines the result": the first total comes without a verdict."""
    code, out, _ = run(
        capsys, "d6", "roll", "3D", "--difficulty", "15", "--cp-after", "1", "--faces", "3,4,5,6,3"
    )
    assert code == 0
    first, after = out.splitlines()[1:3]
    assert first == "dice 3 4 | Wild Die 5 = 12 (before Character Points after the roll)"
    assert "failure" not in first
    assert (
        after
        == "1 Character Point after the roll: CP die 6 → 3 = 21 vs 15: success, +6 result points"
    )


def test_cp_after_json_has_both_rolls(capsys: pytest.CaptureFixture[str]) -> None:
    data = run_json(
        capsys,
        "d6", "roll", "3D", "--difficulty", "15", "--cp", "1", "--cp-after", "1",
        "--faces", "3,4,5,2,6,3",
    )  # fmt: skip
    assert data["cp_after"] == 1
    assert (data["first_roll"]["total"], data["first_roll"]["success"]) == (14, False)
    assert data["first_roll"]["cp_dice"] == [[2]]
    assert (data["total"], data["success"], data["character_points"]) == (23, True, 2)
    assert data["cp_dice"] == [[2], [6, 3]]


@pytest.mark.parametrize(
    ("args", "needle"),
    [
        (["--cp", "4", "--cp-after", "2"], "has 5 Character Points; cannot spend 6"),
        (["--fate", "--cp-after", "1"], "unless the GM allows"),
        (["--cp-after", "-1"], "0 or more"),
        (["--cp-after", "1", "--ask-cp"], "use one"),
    ],
)
def test_cp_after_limits_are_checked_before_the_roll(
    capsys: pytest.CaptureFixture[str], args: list[str], needle: str
) -> None:
    """003 Improving a Roll: never more points than the sheet holds, counting the roll's own."""
    err = fails_cleanly(
        capsys, "d6", "roll", "Search", "--sheet", KARA, "--difficulty", "15", *args
    )
    assert needle in err


def test_ask_cp_prompts_on_a_terminal(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(d6_cli, "_interactive", lambda: True)
    monkeypatch.setattr("sys.stdin", io.StringIO("9\n2\n"))  # 9 is more than Kara has left
    code, out, err = run(
        capsys,
        "d6", "roll", "Search", "--sheet", KARA, "--difficulty", "20", "--cp", "3", "--ask-cp",
        "--faces", "1,1,1,2,1,1,1,5,4",
    )  # fmt: skip
    assert code == 0, err
    lines = out.splitlines()
    assert lines[1].endswith("= 9 (before Character Points after the roll)")
    assert "(0-2)" in out + err
    assert lines[-2].startswith("2 Character Points after the roll: CP die 5 | CP die 4 = 18")


def test_ask_cp_is_skipped_without_a_terminal(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(
        capsys, "d6", "roll", "2D", "--difficulty", "5", "--ask-cp", "--faces", "3,4"
    )
    assert code == 0
    assert out.splitlines()[-2] == "dice 3 | Wild Die 4 = 7 vs 5: success, +2 result points"


def test_003_untrained_roll_from_a_sheet_says_so(capsys: pytest.CaptureFixture[str]) -> None:
    """003 Untrained Skill Use: Kara lacks Lockpicking; it falls under Coordination (2D+1)."""
    code, out, _ = run(
        capsys, "d6", "roll", "Lockpicking", "--sheet", KARA, "--difficulty", "easy",
        "--unskilled", "--faces", "3,4",
    )  # fmt: skip
    assert code == 0
    assert out.splitlines()[0] == "Kara Voss: Lockpicking untrained, from Coordination 2D+1"
    assert "vs 15 (with +5 unskilled): failure" in out


def test_evening_modifiers_are_named(capsys: pytest.CaptureFixture[str]) -> None:
    """003 Result Points, Second Chances; the multi-action penalty (rulings D15)."""
    code, out, _ = run(
        capsys, "d6", "roll", "3D", "--difficulty", "15", "--carry", "7", "--second-chance",
        "3", "--actions", "2", "--attack", "--faces", "5,6,4",
    )  # fmt: skip
    assert code == 0
    head, line, damage, dice = out.splitlines()
    assert dice == "(typed dice: not provable)"
    assert head == "3D, -1D multi-action penalty (2 actions), +4 carried result points (7)"
    assert line.endswith("= 19 vs 18 (with +3 second chance): success, +1 result points")
    assert damage.startswith("Damage bonus +1")
    data = run_json(capsys, "d6", "roll", "2D", "--damage-from", "11", "--faces", "1,1")
    assert data["total"] == 2 + 3
    assert data["bonuses"][0]["reason"] == "from the attack's 11 result points"


def test_opposed_sides_take_their_own_options(capsys: pytest.CaptureFixture[str]) -> None:
    """003 Opposed Difficulties, each side with its own sheet, points and modifiers."""
    data = run_json(
        capsys,
        "d6", "opposed", "Sneak", "Search", "--sheet", KARA, "--unskilled",
        "--vs-sheet", KARA, "--vs-cp", "1", "--vs-bonus=+1", "--faces", "5,5,5,1,2,3,4,5",
    )  # fmt: skip
    first, second = data["initiator"], data["resister"]
    assert (first["skill"], first["attribute"], first["total"]) == ("Sneak", "Reflexes", 15)
    assert second["cp_dice"] == [[5]]
    assert second["total"] == 1 + 2 + 3 + 4 + 5 + 1 + 1
    assert data["scores"] == {"initiator": 10, "resister": 17}
    assert data["winner"] == "resister"
    code, out, _ = run(
        capsys, "d6", "opposed", "2D", "2D", "--vs-name", "Guard", "--faces", "3,4,2,5"
    )
    assert code == 0
    assert out.splitlines()[-2] == "Initiator wins by 0 (a tie goes to the initiator)"


@pytest.mark.parametrize(
    ("args", "needle"),
    [
        (["d6", "roll", "4D", "--difficulty", "moderate=20"], "moderate runs from 11 to 15"),
        (["d6", "roll", "4D", "--difficulty", "99999"], "up to 1000"),
        (["d6", "roll", "4D", "--related", "999999999:1"], "at most 10000"),
        (["d6", "roll", "4D", "--related", "19:5000"], "at most 1000"),
        (["d6", "roll", "4D", "--carry", "-2"], "no result points to give"),
        (["d6", "roll", "4D", "--actions", "50"], "accepted: 1 to 20"),
        (["d6", "roll", "4D", "--rush", "fast"], "rushing"),
        (["d6", "roll", "4D", "--difficulty", "5", "--rush", "80"], "accepted 25, 50, 75"),
        (["d6", "roll", "4D", "--difficulty", "5", "--unskilled=99999"], "at most 1000"),
        (["d6", "roll", "4D", "--cp", str(2**63)], "accepted: 0 to 9999"),
        (["d6", "roll", "4D", "--bonus=+9999"], "a number from -1000 to +1000"),
        (["d6", "roll", "4D", "--bonus", "+1 " + "x" * 101], "at most 100 characters"),
        (["d6", "roll", "4D", "--name", "x" * 101], "at most 100 characters"),
        (["d6", "roll", "4D", "--attribute", "Reflexes"], "--attribute"),
        (["d6", "roll", "Juggling", "--sheet", KARA, "--unskilled", "--difficulty", "5"],
         "which attribute"),
        (["d6", "roll", "Search", "--sheet", KARA, "--unskilled", "--difficulty", "5"],
         "without --unskilled"),
        (["d6", "roll", "4D", "--prepare", "1", "--actions", "2"], "can do nothing else"),
        (["d6", "opposed", "4D", "3D", "--vs-cp", "-1"], "0 or more"),
        (["d6", "opposed", "4D", "Search", "--vs-sheet", KARA, "--vs-cp", "9"], "cannot spend 9"),
    ],
)  # fmt: skip
def test_bad_evening_input_gets_one_line(
    capsys: pytest.CaptureFixture[str], args: list[str], needle: str
) -> None:
    assert needle in fails_cleanly(capsys, *args)


def test_003_rushing_rows_of_a_house_rule_on_the_command_line(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """003 Rushing (+10 for 50% less time); a game's own rows reach the command line too."""
    assert (
        run_json(capsys, "d6", "roll", "2D", "--difficulty", "5", "--rush", "50%")["difficulty"]
        == 15
    )
    house = tmp_path / "hurry.toml"
    house.write_text("rushing = [[25, 5], [50, 10], [75, 20], [90, 40]]\n")
    data = run_json(
        capsys, "d6", "roll", "2D", "--difficulty", "5", "--rush", "90", "--rules", str(house)
    )
    assert data["difficulty_modifiers"] == [{"reason": "rushing (90% less time)", "value": 40}]
