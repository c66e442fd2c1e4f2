"""``rollplay scene list|show|start|stop`` and ``rollplay do "pose ..."`` (issue 30)."""

from __future__ import annotations

import pytest

from tests.clirun import fails_cleanly, run, run_json


@pytest.fixture
def db(db_url: str, capsys: pytest.CaptureFixture[str]) -> str:
    for args in (
        ["game", "example"],
        ["user", "add", "Pia"],
        ["user", "add", "Otto"],
        ["member", "add", "Pegasus", "Pia", "--role", "player", "--character", "Nikos"],
        ["member", "add", "Pegasus", "Otto", "--role", "player", "--character", "Mavros"],
    ):
        assert run(capsys, *args, "--db", db_url)[0] == 0  # fmt: skip
    return db_url


def test_a_scene_from_the_command_line(capsys: pytest.CaptureFixture[str], db: str) -> None:
    started = run_json(capsys, "--as", "Pia", "scene", "start", "Docks", "--summary", "Rain",
                       "--game", "Pegasus", "--db", db)  # fmt: skip
    assert (started["number"], started["state"], started["people"]) == (1, "running", ["Pia"])
    posed = run_json(capsys, "--as", "Pia", "do", ":leans in.", "--game", "Pegasus", "--db", db)
    assert (posed["command"], posed["pose"]["who"]) == ("Pose", "Nikos")
    code, out, _ = run(capsys, "--as", "Pia", "do", "say Not here.", "--game", "Pegasus",
                       "--db", db)  # fmt: skip
    assert code == 0
    assert 'Nikos says, "Not here."' in out
    listed = run_json(capsys, "scene", "list", "--game", "Pegasus", "--db", db)
    assert [s["title"] for s in listed] == ["Docks"]
    shown = run_json(capsys, "scene", "show", "1", "--game", "Pegasus", "--db", db)
    assert [e["kind"] for e in shown["ledger"]] == ["scene_start", "pose", "pose"]
    code, out, _ = run(capsys, "scene", "show", "1", "--game", "Pegasus", "--db", db)
    assert code == 0
    assert "Nikos leans in." in out
    said = fails_cleanly(capsys, "--as", "Otto", "scene", "stop", "1", "--game", "Pegasus",
                         "--db", db)  # fmt: skip
    assert "only its starter or the Storyteller" in said
    stopped = run_json(capsys, "scene", "stop", "1", "--game", "Pegasus", "--db", db)
    assert stopped["state"] == "finished"
    said = fails_cleanly(capsys, "--as", "Pia", "do", ":again", "--game", "Pegasus", "--db", db)
    assert "join or start a scene first" in said


def test_a_private_scene_is_not_listed_to_others(
    capsys: pytest.CaptureFixture[str], db: str
) -> None:
    run_json(capsys, "--as", "Pia", "scene", "start", "Vault", "--private", "--game", "Pegasus",
             "--db", db)  # fmt: skip
    assert run_json(capsys, "--as", "Otto", "scene", "list", "--game", "Pegasus", "--db", db) == []
    said = fails_cleanly(capsys, "--as", "Otto", "scene", "show", "1", "--game", "Pegasus",
                         "--db", db)  # fmt: skip
    assert "no scene 1" in said


def test_requests_and_the_pose_window_from_the_command_line(
    capsys: pytest.CaptureFixture[str], db: str
) -> None:
    """Issue 30, stage 2: ``rollplay do 'request ...'`` and ``'answer N'``, and the game's
    pose window in ``rollplay game settings``."""
    asked = run_json(capsys, "do", "request Nikos Piloting+1", "--game", "Pegasus", "--db", db)
    assert (asked["command"], asked["event"]["character"]) == ("RequestRoll", "Nikos")
    number = asked["log_id"]
    said = fails_cleanly(capsys, "--as", "Otto", "do", f"answer {number}", "--game", "Pegasus",
                         "--db", db)  # fmt: skip
    assert "only Nikos's player or the Storyteller answers it" in said
    rolled = run_json(capsys, "--as", "Pia", "do", f"answer {number}", "--game", "Pegasus",
                      "--db", db)  # fmt: skip
    assert rolled["request"] == number
    shown = run_json(capsys, "game", "settings", "Pegasus", "--pose-window", "30", "--json",
                     "--db", db)  # fmt: skip
    assert shown["pose_window"] == 30
    said = fails_cleanly(capsys, "game", "settings", "Pegasus", "--pose-window", "-5",
                         "--db", db)  # fmt: skip
    assert "a pose window is 0 to 10,080 minutes" in said
