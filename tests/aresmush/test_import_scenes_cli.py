"""``rollplay import aresmush-scene FILE... --game NAME [--json]`` (issue 38, "Scene logs"):
a report per file (the scene made, whose poses, what was kept as emits and system lines),
the scenes then listed finished, exported and verified with their imported entries said;
bad input one line, exit 2, nothing made."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.aresmush.bad_logs import BAD_LOGS, LONG_NAME, UNTITLED
from tests.clirun import fails_cleanly, run, run_json

LOGS = Path(__file__).parent / "logs"
DOCKS, ARCHIVE = str(LOGS / "docks.txt"), str(LOGS / "archive.txt")


@pytest.fixture
def db(db_url: str, capsys: pytest.CaptureFixture[str]) -> str:
    for args in (
        ["game", "example"],
        ["user", "add", "Pia"],
        ["member", "add", "Pegasus", "Pia", "--role", "player", "--character", "Nikos"],
    ):
        code, out, err = run(capsys, *args, "--db", db_url)
        assert code == 0, (args, out, err)
    return db_url


def _scenes(capsys: pytest.CaptureFixture[str], db: str) -> list[dict[str, object]]:
    listed = run_json(capsys, "scene", "list", "--game", "Pegasus", "--db", db)
    assert isinstance(listed, list)
    return listed


def test_two_logs_import_with_a_report_each(
    capsys: pytest.CaptureFixture[str], db: str, tmp_path: Path
) -> None:
    code, said, err = run(capsys, "import", "aresmush-scene", DOCKS, ARCHIVE, "--game",
                          "Pegasus", "--db", db)  # fmt: skip
    assert (code, err) == (0, ""), said
    lines = said.splitlines()
    assert lines[0] == ("docks.txt: scene 1, Trouble at the Docks (finished; 9 entries "
                        "imported, not provable)")  # fmt: skip
    assert lines[1] == "  poses by: Nikos 2, Pia 2 (not a character here), Kara 1 " \
        "(not a character here)"  # fmt: skip
    assert lines[2] == "  kept as emits (no name matched): 1; set poses: 1"
    assert lines[3] == "  OOC lines: 0; system lines (text, never rolls): 2"
    assert lines[4].startswith("archive.txt: scene 2, Old Friends")
    listed = [(s["number"], s["state"]) for s in _scenes(capsys, db)]
    assert listed == [(2, "finished"), (1, "finished")]
    code, shown, _ = run(capsys, "--as", "Pia", "scene", "show", "1", "--game", "Pegasus",
                         "--db", db)  # fmt: skip
    assert code == 0
    assert "Nikos pries the lid loose with a crowbar." in shown
    assert shown.count("(imported: not provable)") == 10
    out = tmp_path / "docks.jsonl"
    code, _, _ = run(capsys, "--as", "Pia", "scene", "export", "1", "--game", "Pegasus",
                     "--format", "jsonl", "--out", str(out), "--db", db)  # fmt: skip
    assert code == 0
    code, verdict, _ = run(capsys, "verify", str(out))
    assert code == 0, verdict
    # scene 1's ten lines, and scene 2's six as placeholders: all another table's text
    assert "16 imported entries (another table's log: text, not provable, not checked)" \
        in verdict  # fmt: skip


def test_the_json_report(capsys: pytest.CaptureFixture[str], db: str) -> None:
    said = run_json(capsys, "import", "aresmush-scene", ARCHIVE, "--game", "Pegasus",
                    "--json", "--db", db)  # fmt: skip
    assert isinstance(said, dict)
    [scene] = said["scenes"]
    assert said["game"] == "Pegasus"
    assert (scene["scene"], scene["title"], scene["file"]) == (1, "Old Friends", "archive.txt")
    assert scene["attributed"] == [{"name": "Ivan", "poses": 2, "character": False},
                                   {"name": "Bea", "poses": 1, "character": False}]  # fmt: skip
    assert (scene["emits"], scene["ooc"], scene["system"]) == (0, 1, 1)


@pytest.mark.parametrize(
    ("content", "says"),
    [
        (b"", "empty.txt is empty"),
        (b"A shopping list\nmilk\neggs\n", "not an AresMUSH scene log"),
        (b"T\nDate: x\nParticipants: A\n", "holds no poses"),
    ],
)
def test_bad_input_is_one_line_and_makes_nothing(
    capsys: pytest.CaptureFixture[str], db: str, tmp_path: Path, content: bytes, says: str
) -> None:  # fmt: skip
    bad = tmp_path / "empty.txt"
    bad.write_bytes(content)
    # the good log first: the bad one after it still makes nothing (all are read first)
    err = fails_cleanly(capsys, "import", "aresmush-scene", DOCKS, str(bad), "--game",
                        "Pegasus", "--db", db)  # fmt: skip
    assert says in err
    assert _scenes(capsys, db) == []


def test_an_unknown_game_or_a_file_too_large_is_one_line(
    capsys: pytest.CaptureFixture[str], db: str, tmp_path: Path
) -> None:
    err = fails_cleanly(capsys, "import", "aresmush-scene", DOCKS, "--game", "Nowhere",
                        "--db", db)  # fmt: skip
    assert "Nowhere" in err
    big = tmp_path / "big.txt"
    big.write_bytes(b"x" * 4_000_001)
    err = fails_cleanly(capsys, "import", "aresmush-scene", str(big), "--game", "Pegasus",
                        "--db", db)  # fmt: skip
    assert "big.txt is 4,000,001 bytes: a scene log may be at most 4,000,000" in err
    err = fails_cleanly(capsys, "--as", "Pia", "import", "aresmush-scene", DOCKS, "--game",
                        "Pegasus", "--db", db)  # fmt: skip
    assert "only the Storyteller may import another table's scene logs" in err
    assert _scenes(capsys, db) == []


@pytest.mark.parametrize("case", BAD_LOGS, ids=[c[0] for c in BAD_LOGS])
def test_a_good_log_with_one_the_service_refuses_is_one_line_and_makes_nothing(
    capsys: pytest.CaptureFixture[str], db: str, tmp_path: Path, case: tuple[str, bytes, str]
) -> None:
    name, content, says = case
    bad = tmp_path / name
    bad.write_bytes(content)
    err = fails_cleanly(capsys, "import", "aresmush-scene", ARCHIVE, str(bad), "--game",
                        "Pegasus", "--db", db)  # fmt: skip
    assert says in err
    assert _scenes(capsys, db) == []


def test_a_title_from_a_long_file_name_is_trimmed(
    capsys: pytest.CaptureFixture[str], db: str, tmp_path: Path
) -> None:
    log = tmp_path / LONG_NAME
    log.write_bytes(UNTITLED)
    said = run_json(capsys, "import", "aresmush-scene", str(log), "--game", "Pegasus",
                    "--json", "--db", db)  # fmt: skip
    assert isinstance(said, dict)
    assert said["scenes"][0]["title"] == "N" * 200
