"""The full circle of verifiable dice, as a user runs it: rolls of every kind made at the
table, the log exported (``rollplay log --export jsonl``), the seeds rotated (``rollplay seed
rotate``), and ``rollplay verify`` re-deriving every revealed roll: exit 0 when all match, 1
naming each roll a tampered export changed, 2 for what is not an export at all."""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from rollplay.dice import ScriptedDice
from rollplay.systems.fs3.combat.state import Action
from rollplay.table.answers import D6Rolled
from rollplay.table.combat.tracker import Tracker
from rollplay.table.play.after import add_character_points
from rollplay.table.service import Table
from rollplay.table.systems import Request
from tests.clirun import fails_cleanly, run
from tests.databases import Databases, opened, template
from tests.typed import of

pytestmark = pytest.mark.examples  # every test starts from the example games

GAMES = ("Pegasus", "Stars", "Dungeon", "Caprica")
ADA = {"name": "Ada", "system": "fs3", "concept": "A medic with a steady hand.",
       "attributes": {"Academic": 2, "Athletic": 2, "Creative": 1, "Reactive": 2, "Social": 2},
       "action": {"Firearms": 2, "Medicine": 3}, "languages": ["English"]}  # fmt: skip
Line = dict[str, Any]


def _played(table: Table) -> None:
    """Every kind of logged roll, each drawn from the seeds (but one typed in)."""
    for name in ("Stella", "Pia", "Otto"):
        table.add_user(name)
    table.add_member("Pegasus", "Stella", "storyteller")
    table.add_member("Pegasus", "Pia", "player", ("Nikos",))
    table.add_member("Pegasus", "Otto", "player", ("Mavros",))
    pia, stella = table.acting_as("Pia"), table.acting_as("Stella")
    pia.set_client_seed("Pegasus", "pia-chose-this")
    pia.roll("Pegasus", "Nikos", Request("Firearms"))
    pia.roll("Pegasus", "Nikos", Request("Piloting"), visibility="private")
    stella.roll("Pegasus", "Mavros", Request("Alertness"), visibility="secret")
    stella.npc_roll("Pegasus", Request("5"), name="Raider", visibility="secret")
    pia.opposed("Pegasus", ("Nikos", Request("Melee")), ("Mavros", Request("Melee")))
    pia.teamwork("Pegasus", ("Nikos", Request("Piloting")), [("Mavros", Request("Athletics"))])
    pia.roll("Pegasus", "Nikos", Request("Firearms"), dice=ScriptedDice([8, 7, 6, 5, 4, 3, 2]))
    tracker = Tracker(table)
    tracker.start("Pegasus", "Hangar")
    tracker.join("Pegasus", "Hangar", "Nikos", weapon="Pistol")
    tracker.join("Pegasus", "Hangar", "Mavros", weapon="Pistol", team="B")
    tracker.act("Pegasus", "Hangar", "Nikos", Action("attack", target="Mavros"))
    tracker.turn("Pegasus", "Hangar")
    for _ in range(2):  # the Wild Die explodes now and then: its tosses are draws of their own
        table.roll("Stars", "Kara Voss", Request("Search", cp=1))
    rolled = table.roll("Stars", "Kara Voss", Request("Search"))
    add_character_points(table, "Stars", of(D6Rolled, rolled).log_id, 1)

    table.roll("Dungeon", "Inspector Vance", Request("Detect Lies"))
    table.new_game("Caprica", "fs3", "3.2")  # FS3 3.2's luck re-roll keeps the better roll
    table.new_character("Caprica", ADA)
    table.award_luck("Caprica", "Ada", 3)
    for _ in range(3):
        table.roll("Caprica", "Ada", Request("Firearms", luck="reroll"))


VERIFY_PLAYED = template("verify_played", _played)  # made once a session, copied for each test


@pytest.fixture
def played(databases: Databases, backend: str, tmp_path: Path) -> Iterator[Table]:
    with opened(databases, backend, VERIFY_PLAYED, tmp_path) as table:
        yield table


def _export(capsys: pytest.CaptureFixture[str], db: str, path: Path, *who: str) -> list[Line]:
    code, out, err = run(capsys, *who, "log", "--export", "jsonl", "--db", db)
    assert code == 0, err
    lines = [json.loads(line) for line in out.splitlines()]
    _write(path, lines)
    return lines


def _rotate_all(capsys: pytest.CaptureFixture[str], db: str) -> None:
    for game in GAMES:
        for chain in ("public", "hidden"):
            code, out, err = run(capsys, "seed", "rotate", "--game", game, "--chain", chain,
                                 "--db", db)  # fmt: skip
            assert code == 0, err
            assert f"New {chain} commitment: " in out


def _write(path: Path, lines: list[Line]) -> None:
    path.write_text("".join(json.dumps(line) + "\n" for line in lines), encoding="utf-8")


def test_every_revealed_roll_verifies(
    played: Table, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    db, log = played.url, tmp_path / "log.jsonl"
    _export(capsys, db, log)
    code, out, _ = run(capsys, "verify", str(log))
    assert code == 3, out  # nothing failed, but nothing could be proven yet
    assert out.startswith("UNPROVEN 17 not proven, awaiting a reveal (its seed is not revealed")
    assert "0 revealed rolls checked: 0 verified; 17 await a reveal" in out
    assert "not from a committed seed: 1 typed" in out
    _rotate_all(capsys, db)
    lines = _export(capsys, db, log)
    code, out, _ = run(capsys, "verify", str(log))
    assert code == 3, out  # the typed-in roll is not proven
    assert out.splitlines()[-1] == ("17 revealed rolls checked: 17 verified; 0 await a reveal; "
                                    "not from a committed seed: 1 typed")  # fmt: skip
    assert "UNPROVEN 1 not proven, typed-in dice (not drawn from a committed seed): #" in out
    assert sum(line["kind"] == "seed_reveal" for line in lines) == 8
    code, out, _ = run(capsys, "verify", str(log), "--json")
    report = json.loads(out)
    assert (code, report["ok"], report["code"]) == (3, True, 3)
    statuses = {r["name"].split(" ")[0]: r["status"] for r in report["rolls"]}
    assert set(statuses.values()) == {"verified", "typed"}
    code, out, _ = run(capsys, "verify", "--game", "Pegasus", "--db", db)  # read now
    assert code == 3, out
    assert out.splitlines()[-1].startswith("9 revealed rolls checked: 9 verified")


def test_a_player_verifies_what_they_see(
    played: Table, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """Pia sees neither Otto's private rolls nor the Storyteller's secret ones: her check
    judges what she can, and finds no gap where a roll is only hidden from her."""
    db, log = played.url, tmp_path / "pia.jsonl"
    played.acting_as("Otto").roll("Pegasus", "Mavros", Request("Melee"), visibility="private")
    _rotate_all(capsys, db)
    lines = _export(capsys, db, log, "--as", "Pia")
    code, out, _ = run(capsys, "--as", "Pia", "verify", str(log))
    assert code == 3, out  # what is hidden from her she cannot prove
    assert "verified; 0 await a reveal" in out
    assert out.rstrip().endswith("2 hidden from you")  # the two secret rolls
    hidden = next(line for line in lines if line["kind"] == "seed_reveal"
                  and line["chain"] == "hidden" and line["game"] == "Pegasus")  # fmt: skip
    assert hidden["complete"] is False  # she cannot see every hidden roll
    code, out, _ = run(capsys, "--as", "Pia", "verify", "--game", "Pegasus", "--db", db)
    assert code == 3, out


def _roll(lines: list[Line], test: Callable[[Line], bool]) -> Line:
    return next(line for line in lines if line["kind"] == "roll" and test(line))


def _public(line: Line) -> bool:
    """Nikos's public Firearms roll (not Ada's luck re-roll of Firearms in Caprica)."""
    return (line["game"] == "Pegasus" and line.get("expression") == "Firearms"
            and line["dice_source"] == "provable")  # fmt: skip


def _tamper_die(lines: list[Line]) -> list[int]:
    roll = _roll(lines, _public)
    roll["dice"][0] = roll["dice"][0] % 8 + 1  # the card shows another die
    return [roll["id"]]


def _tamper_draw(lines: list[Line]) -> list[int]:
    roll = _roll(lines, _public)
    face = roll["dice"][0] % 8 + 1  # the die changed everywhere the entry holds it
    roll["dice"][0] = roll["outcome"]["dice"][0] = roll["provable"]["draws"][0][1][0] = face
    return [roll["id"]]


def _tamper_seed(lines: list[Line]) -> list[int]:
    reveal = next(line for line in lines if line["kind"] == "seed_reveal"
                  and line["game"] == "Dungeon" and line["chain"] == "public")  # fmt: skip
    reveal["seed"] = reveal["seed"][:-1] + ("0" if reveal["seed"][-1] != "0" else "1")
    return [_roll(lines, lambda r: r["game"] == "Dungeon")["id"]]


def _tamper_nonce(lines: list[Line]) -> list[int]:
    roll = _roll(lines, _public)
    roll["provable"]["nonce"] += 100
    return [roll["id"]]


def _tamper_order(lines: list[Line]) -> list[int]:
    sides = [line for line in lines if line["kind"] == "roll"
             and (line["outcome"] or {}).get("opposed") is not None]  # fmt: skip

    for side in sides:  # the contest's two draws swapped in both entries
        side["provable"]["draws"].reverse()
    return [side["id"] for side in sides]


def _leave_out(lines: list[Line]) -> list[int]:
    lines.remove(_roll(lines, _public))
    return []  # no roll to name: its event number is missing


@pytest.mark.parametrize("tamper", [_tamper_die, _tamper_draw, _tamper_seed, _tamper_nonce,
                                    _tamper_order, _leave_out])  # fmt: skip
def test_a_tampered_export_fails_naming_the_roll(
    played: Table, capsys: pytest.CaptureFixture[str], tmp_path: Path,
    tamper: Callable[[list[Line]], list[int]],
) -> None:  # fmt: skip
    db, log = played.url, tmp_path / "log.jsonl"
    _rotate_all(capsys, db)
    lines = _export(capsys, db, log)
    named = tamper(lines)
    _write(log, lines)
    code, out, err = run(capsys, "verify", str(log))
    assert code == 1, out
    assert err == ""
    for roll_id in named:
        assert f"MISMATCH #{roll_id} " in out, out
    wrong = [line for line in out.splitlines() if line.startswith(("MISMATCH", "PROBLEM"))]
    if named:
        assert len([w for w in wrong if w.startswith("MISMATCH")]) == len(named), out
    else:
        assert wrong == [line for line in wrong if "are not in the file" in line], out
        assert wrong, out
    assert f"{len(named)} MISMATCH" in out.splitlines()[-1] or not named


def test_the_reasons_are_named(
    played: Table, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    db, log = played.url, tmp_path / "log.jsonl"
    _rotate_all(capsys, db)
    honest = _export(capsys, db, log)
    said = {}
    for tamper in (_tamper_die, _tamper_draw, _tamper_seed, _tamper_nonce, _tamper_order):
        lines = json.loads(json.dumps(honest))
        tamper(lines)
        _write(log, lines)
        said[tamper.__name__] = run(capsys, "verify", str(log))[1]
    assert "are not its draws" in said["_tamper_die"]
    assert "die 1 is" in said["_tamper_draw"]
    assert "does not match the commitment" in said["_tamper_seed"]
    assert "does not hash to its commitment" in said["_tamper_seed"]
    assert re.search(r"its nonce 10\d is past the \d the reveal says were used",
                     said["_tamper_nonce"])  # fmt: skip
    assert "out of order" in said["_tamper_order"]


@pytest.mark.parametrize("text", ["not json\n", '["a list"]\n', '{"no": "id"}\n'])
def test_what_is_not_an_export_is_refused_in_one_line(
    played: Table, capsys: pytest.CaptureFixture[str], tmp_path: Path, text: str
) -> None:
    path = tmp_path / "bad.jsonl"
    path.write_text(text, encoding="utf-8")
    err = fails_cleanly(capsys, "verify", str(path))
    assert "line 1" in err
    assert "not an exported log" in err
    fails_cleanly(capsys, "verify", str(tmp_path / "missing.jsonl"))
    fails_cleanly(capsys, "verify")  # neither a file nor a game
    path.write_bytes(b"\xff\xfe\n")
    fails_cleanly(capsys, "verify", str(path))


def test_a_nonce_used_twice_names_both_rolls(
    played: Table, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    db, log = played.url, tmp_path / "log.jsonl"
    _rotate_all(capsys, db)
    lines = _export(capsys, db, log)
    roll = _roll(lines, _public)
    copy = {**json.loads(json.dumps(roll)), "id": max(line["id"] for line in lines) + 1}
    _write(log, [*lines, copy])  # the same roll logged again, as if rolled twice
    code, out, _ = run(capsys, "verify", str(log))
    assert code == 1
    assert f"MISMATCH #{roll['id']} " in out
    assert f"MISMATCH #{copy['id']} " in out
    assert f"its nonce 0 is used by #{copy['id']} too: a nonce serves one roll" in out
