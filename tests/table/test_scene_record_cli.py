"""``rollplay scene export`` and ``rollplay scene search`` (issue 30, "The record"): the
export written to a file passes ``rollplay verify``; bad input is one line and exit 2."""

from __future__ import annotations

import re
from pathlib import Path

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
        ["--as", "Pia", "scene", "start", "Docks", "--summary", "Rain", "--game", "Pegasus"],
        ["--as", "Pia", "do", ":leans in.", "--game", "Pegasus"],
        ["--as", "Pia", "do", "roll Firearms", "--game", "Pegasus"],
        ["--as", "Pia", "scene", "start", "Vault", "--private", "--game", "Pegasus"],
        ["--as", "Pia", "do", ":cracks the safe.", "--game", "Pegasus"],
        ["seed", "rotate", "--game", "Pegasus", "--chain", "public"],
    ):
        code, out, err = run(capsys, *args, "--db", db_url)
        assert code == 0, (args, out, err)
    return db_url


def test_a_scene_exported_to_a_file_passes_verify(
    capsys: pytest.CaptureFixture[str], db: str, tmp_path: Path
) -> None:
    out = tmp_path / "docks.jsonl"
    code, said, err = run(capsys, "--as", "Otto", "scene", "export", "1", "--game", "Pegasus",
                          "--format", "jsonl", "--out", str(out), "--db", db)  # fmt: skip
    assert (code, said) == (0, "")
    assert err.startswith(f"Scene 1 of Pegasus written to {out} (jsonl).\nNote: a scene's export")
    code, said, _ = run(capsys, "verify", str(out))
    assert code == 0, said
    assert said.splitlines()[-1].startswith("1 revealed roll checked: 1 verified")
    code, said, _ = run(capsys, "--as", "Otto", "scene", "export", "1", "--game", "Pegasus",
                        "--db", db)  # fmt: skip
    assert code == 0
    assert said.startswith("# Scene 1: Docks\n\n> Rain\n")
    assert "**Nikos** leans in." in said


def test_scene_search_from_the_command_line(capsys: pytest.CaptureFixture[str], db: str) -> None:
    code, said, _ = run(capsys, "--as", "Otto", "scene", "search", "leans", "--game", "Pegasus",
                        "--db", db)  # fmt: skip
    assert code == 0
    assert re.fullmatch(r"Scene 1 \(Docks\) #\d+ pose: Nikos: leans in\.\n", said), said
    assert run_json(capsys, "--as", "Otto", "scene", "search", "safe", "--game", "Pegasus",
                    "--db", db) == []  # fmt: skip
    [hit] = run_json(capsys, "--as", "Pia", "scene", "search", "safe", "--game", "Pegasus",
                     "--db", db)  # fmt: skip
    assert (hit["scene"], hit["kind"]) == (2, "pose")


def test_bad_input_is_one_line(capsys: pytest.CaptureFixture[str], db: str) -> None:
    said = fails_cleanly(capsys, "--as", "Otto", "scene", "export", "2", "--game", "Pegasus",
                         "--db", db)  # fmt: skip
    assert said == "error: no scene 2 in Pegasus for Otto\n"
    said = fails_cleanly(capsys, "scene", "search", '"(*', "--game", "Pegasus", "--db", db)
    assert said == "error: '\"(*' holds no word to search for (letters or digits)\n"
    code, _, err = run(capsys, "scene", "export", "1", "--game", "Pegasus", "--format", "pdf",
                       "--db", db)  # fmt: skip
    assert code == 2
    assert "'pdf' is not one of 'markdown', 'html', 'jsonl'" in err
