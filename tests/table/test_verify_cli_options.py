"""``rollplay verify``'s options and exit statuses as a player uses them (issue 29): a
commitment recorded earlier (--commitment), the client seed they chose (--client-seed with
--roller), exit 3 with a line saying what could not be proven. The forgeries come from the
shared corpus (tests/verify_corpus/forge.py), on a one-game database."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from rollplay.table.service import Table
from tests.clirun import fails_cleanly, run
from tests.verify_corpus import forge


@pytest.fixture
def export(table: Table, tmp_path: Path) -> tuple[str, list[forge.Line]]:
    forge.play(table)
    recorded = table.acting_as("Pia").seeds(forge.GAME).current[0].commitment  # seed show
    forge.rotate(table)
    lines = forge.lines_of(table.acting_as("Stella").export_log("jsonl", game_name=forge.GAME))
    return recorded, lines


def _verify(capsys: pytest.CaptureFixture[str], path: Path, *options: str) -> tuple[int, str]:
    code, out, err = run(capsys, "verify", str(path), *options)
    assert err == ""
    return code, out


def test_a_recorded_commitment_catches_a_log_rewritten_from_its_first_seed(
    export: tuple[str, list[forge.Line]], capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    recorded, lines = export
    path = tmp_path / "log.jsonl"
    path.write_text(forge.text_of(lines), encoding="utf-8")
    assert _verify(capsys, path, "--commitment", recorded.upper())[0] == 0
    forged = forge.corpus(forge.text_of(lines), "", "")["fake_reveal_and_commit"].lines
    assert isinstance(forged, list)
    path.write_text(forge.text_of(forged), encoding="utf-8")
    code, out = _verify(capsys, path, "--commitment", recorded)
    assert code == 1
    assert f"PROBLEM the commitment you recorded, {recorded}, is not published in this log" in out


def test_the_client_seed_a_player_chose_catches_a_ground_one(
    export: tuple[str, list[forge.Line]], capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    _, lines = export
    path = tmp_path / "log.jsonl"
    forged = forge.corpus(forge.text_of(lines), "", "")["ground_client_seed_and_its_event"].lines
    assert isinstance(forged, list)
    path.write_text(forge.text_of(forged), encoding="utf-8")
    assert _verify(capsys, path)[0] == 0  # the file agrees with itself: only Pia can tell
    code, out = _verify(capsys, path, "--client-seed", forge.PIAS_SEED, "--roller", "Pia")
    assert code == 1
    assert f"Pia chose the client seed {forge.PIAS_SEED}, which the log never sets" in out
    report = json.loads(_verify(capsys, path, "--client-seed", forge.PIAS_SEED, "--roller",
                                "Pia", "--json")[1])  # fmt: skip
    assert report["code"] == 1
    assert "--roller" in fails_cleanly(capsys, "verify", str(path), "--client-seed", "x")


def test_what_could_not_be_proven_exits_3_saying_which_and_why(
    table: Table, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    forge.play(table)  # nothing revealed yet
    path = tmp_path / "log.jsonl"
    path.write_text(table.acting_as("Stella").export_log("jsonl", game_name=forge.GAME))
    code, out = _verify(capsys, path)
    assert code == 3
    (said,) = [line for line in out.splitlines() if line.startswith("UNPROVEN")]
    assert said.startswith("UNPROVEN 10 not proven, awaiting a reveal (its seed is not "
                           "revealed yet): #")  # fmt: skip
    path.write_text('{"id": 1, "kind": "roll", "nonce": 2.0}\n{"id": 2.0}\n')
    assert "line 2 is not a log entry" in fails_cleanly(capsys, "verify", str(path))


@pytest.mark.examples
def test_a_chosen_client_seed_is_checked_in_the_game_that_sets_it(
    table: Table, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """Pia chose her seed in Pegasus; in Stars she kept the one she got on joining: her honest
    Stars roll is not a forgery for it (numbers and seeds are each game's own)."""
    from rollplay.table.systems import Request

    table.add_user("Pia")
    table.add_member("Pegasus", "Pia", "player", ("Nikos",))
    table.add_member("Stars", "Pia", "player", ("Kara Voss",))
    pia = table.acting_as("Pia")
    pia.set_client_seed("Pegasus", "mine")
    pia.roll("Pegasus", "Nikos", Request("Firearms"))
    pia.roll("Stars", "Kara Voss", Request("Search"))
    for game in ("Pegasus", "Stars"):
        for chain in ("public", "hidden"):
            table.rotate_seed(game, chain)
    path = tmp_path / "log.jsonl"
    path.write_text(pia.export_log("jsonl"), encoding="utf-8")
    code, out = _verify(capsys, path, "--client-seed", "mine", "--roller", "Pia")
    assert code in (0, 3), out
    assert "MISMATCH" not in out, out
    assert "PROBLEM" not in out, out
    code, out = _verify(capsys, path, "--client-seed", "not-mine", "--roller", "Pia")
    assert code == 1
    assert "Pia chose the client seed not-mine, which the log never sets" in out
