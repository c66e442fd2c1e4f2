"""AresMUSH characters into a game (issue 38 §2): ``rollplay import aresmush-sheet`` makes
each sheet's character, unapproved, with where it came from and a report of every line;
approval holds it to the game's rules, not a fresh character's budget (rulings A44); bad
input is one line, exit 2, and nothing made (A48); only the Storyteller imports (A47)."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from rollplay.table.events.sheets import FS3Sheet
from rollplay.table.service import Table
from tests.aresmush.fixtures import needs_configs
from tests.aresmush.games import ares_rules
from tests.aresmush.sheet_text import Drawn, render
from tests.clirun import fails_cleanly, run, run_json
from tests.people import THREE, seat

pytestmark = needs_configs
SAMPLES = Path(__file__).parent / "samples"
MIRA, TOBIN = str(SAMPLES / "mira.txt"), str(SAMPLES / "tobin_screen_reader.txt")

# A veteran of years of play, far past any creation budget: every action skill at 7 or 8.
VETERAN = Drawn(
    name="Adama", status="Approved",
    attributes=[("Reflexes", 4), ("Brawn", 4), ("Wits", 4), ("Grit", 4), ("Perception", 4),
                ("Presence", 4)],
    action=[(s, 8 if i % 2 else 7) for i, s in enumerate(
        ("Alertness", "Athletics", "Composure", "Demolitions", "Firearms", "Gunnery",
         "Medicine", "Melee", "Piloting", "Stealth", "Technician"))],
    background=[("Command", 3), ("Politics", 3)], languages=[("Standard", 3)], xp=40, luck=3,
)  # fmt: skip


@pytest.fixture
def game(db_url: str) -> str:
    table = Table(db_url)
    table.new_game("Caprica", "fs3", "3.3", ares_rules())
    seat(table, "Caprica", {k: (r, ()) for k, (r, _) in THREE.items()})
    table.add_user("Dora")  # a member of no game here
    table.close()
    return db_url


def names(db: str) -> list[str]:
    table = Table(db)
    try:
        return sorted(table.game("Caprica").characters)
    finally:
        table.close()


def test_two_sheets_arrive_unapproved_with_their_origin_and_a_report(
    game: str, capsys: pytest.CaptureFixture[str]
) -> None:
    done = run_json(capsys, "import", "aresmush-sheet", MIRA, TOBIN, "--game", "Caprica",
                    "--db", game)  # fmt: skip
    assert done["game"] == "Caprica"
    mira, tobin = done["characters"]
    assert (mira["name"], mira["file"], mira["form"]) == ("Mira", "mira.txt", "sheet")
    assert tobin["form"] == "screen reader"
    assert "imported from AresMUSH (sheet) mira.txt on " in mira["origin"]
    statuses = {i["key"]: i["status"] for i in mira["items"]}
    assert statuses["action.Piloting"] == "kept"
    assert statuses["background.Starship Engin"] == "converted"  # cut at 14 columns: A43
    assert statuses["status"] == "converted"  # AresMUSH's Approved arrives unapproved
    tobin_items = {i["key"]: (i["status"], i["note"]) for i in tobin["items"]}
    assert tobin_items["action.Tightrope Walking"][0] == "unsupported"  # not this game's
    assert tobin_items["languages.Klingon"][0] == "unsupported"
    assert tobin_items["advantages.Rank"][0] == "unsupported"  # this game uses none (A4)
    assert tobin["advantages"] == {"Rank": 2, "Resources": 1}  # as AresMUSH rated them
    sheet = run_json(capsys, "char", "show", "Mira", "--game", "Caprica", "--db", game)
    assert sheet["approved"] is False
    assert sheet["origin"] == mira["origin"]
    assert (sheet["xp"], sheet["luck"]) == (14.0, 2)  # XP and luck came with her
    assert sheet["sheet"]["action"]["Piloting"] == 7
    assert sheet["sheet"]["specialties"] == {"Medicine": ["Surgeon"],
                                             "Piloting": ["Viper", "Raptor"]}  # fmt: skip
    assert sheet["sheet"]["background"]["Starship Engin"] == {"rating": 2}
    code, out, _ = run(capsys, "char", "show", "Tobin", "--game", "Caprica", "--db", game)
    assert code == 0
    assert "imported from AresMUSH (screen reader) tobin_screen_reader.txt" in out


def test_an_imported_veteran_is_approved_where_a_new_one_would_not_be(
    game: str, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """A44: approval checks the game's rules, not 002 Character Creation's budget."""
    path = tmp_path / "adama.txt"
    path.write_text(render(VETERAN))
    run_json(capsys, "import", "aresmush-sheet", str(path), "--game", "Caprica", "--db", game)
    table = Table(game)
    try:
        stored = table.character("Caprica", "Adama").sheet
        fresh = {**stored, "name": "Adama Two"}
        assert any("ability points" in p for p in table.draft_problems("Caprica", fresh))
        assert table.approve("Caprica", "Adama").approved
    finally:
        table.close()


def test_approval_still_asks_a_32_background_skill_for_its_ruling_attribute(
    db_url: str, capsys: pytest.CaptureFixture[str]
) -> None:
    """A46: an AresMUSH sheet names no ruling attribute; where each character chooses one
    (002 Ruling Attribute), approval waits for it."""
    table = Table(db_url)
    table.new_game("Caprica", "fs3", "3.2")  # 002's own attributes, not the sheet's

    table.close()
    done = run_json(capsys, "import", "aresmush-sheet", MIRA, "--game", "Caprica",
                    "--db", db_url)  # fmt: skip
    notes = {i["key"]: i["note"] for i in done["characters"][0]["items"]}
    assert "choose one before approval" in notes["background.Poker"]
    assert "not one of this game's attributes" in notes["attributes.Perception"]
    assert "set to 2, the game's default" in notes["attributes.Academic"]  # A42
    assert "not one of this game's languages" in notes["languages.Standard"]
    err = fails_cleanly(capsys, "char", "approve", "Mira", "--game", "Caprica", "--db", db_url)
    assert "background skill Poker needs a ruling attribute" in err
    table = Table(db_url)
    try:
        sheet = table.character("Caprica", "Mira").typed_sheet
        assert isinstance(sheet, FS3Sheet)
        ruled = {k: {"rating": b.rating, "attribute": "Academic"}
                 for k, b in sheet.background.items()}  # fmt: skip
        table.set_character("Caprica", "Mira", {"background": ruled})
        assert table.approve("Caprica", "Mira").approved
    finally:
        table.close()


def test_xp_spent_toward_a_level_comes_back_to_spend(
    game: str, capsys: pytest.CaptureFixture[str]
) -> None:
    """A49: AresMUSH learns a point at a time, rollplay raises a level whole; the xp page
    saved with the sheet says what was spent toward levels not reached."""
    done = run_json(capsys, "import", "aresmush-sheet", str(SAMPLES / "mira_with_xp.txt"),
                    "--game", "Caprica", "--db", game)  # fmt: skip
    items = {i["key"]: i for i in done["characters"][0]["items"]}
    assert items["xp.learning.Medicine"]["status"] == "converted"
    assert "3 XP spent toward its next level (of 6)" in items["xp.learning.Medicine"]["note"]
    assert "xp.learning.Brawn" not in items  # (0/6): nothing spent
    sheet = run_json(capsys, "char", "show", "Mira", "--game", "Caprica", "--db", game)
    assert sheet["xp"] == 14 + 2 + 1 + 3 + 1  # Reflexes, Firearms, Medicine, Poker
    assert "Colonial History" in sheet["sheet"]["background"]  # whole, from the xp page


def test_a_sheet_with_no_luck_left_arrives_with_none(
    game: str, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """A49: the sheet's luck replaces the game's starting luck (1), down as well as up."""
    path = tmp_path / "spent.txt"
    path.write_text(render(Drawn(name="Spent", attributes=VETERAN.attributes, luck=0)))
    run_json(capsys, "import", "aresmush-sheet", str(path), "--game", "Caprica", "--db", game)
    assert run_json(capsys, "char", "show", "Spent", "--game", "Caprica", "--db", game)[
        "luck"] == 0  # fmt: skip


def test_a_player_is_given_the_characters_with_player(
    game: str, capsys: pytest.CaptureFixture[str]
) -> None:
    run_json(capsys, "import", "aresmush-sheet", MIRA, "--game", "Caprica", "--player", "Pia",
             "--db", game)  # fmt: skip
    assert run_json(capsys, "char", "show", "Mira", "--game", "Caprica", "--db", game)[
        "player"] == "Pia"  # fmt: skip


@pytest.mark.parametrize(
    ("make", "says"),
    [
        (lambda p: p.write_text("Just a pose, not a sheet.\n"), "not an AresMUSH FS3 sheet"),
        (lambda p: p.write_text(json.dumps({"type": "character", "version": 5})), "a JSON file"),
        (
            lambda p: os.truncate(p, 20_000_001) if p.touch() is None else None,
            "larger than 20,000,000 bytes",
        ),
    ],
)
def test_what_is_not_a_sheet_makes_nothing(
    game: str, capsys: pytest.CaptureFixture[str], tmp_path: Path, make: object, says: str
) -> None:
    bad = tmp_path / "bad.gcs"
    make(bad)  # type: ignore[operator]
    err = fails_cleanly(capsys, "import", "aresmush-sheet", MIRA, str(bad), "--game",
                        "Caprica", "--db", game)  # fmt: skip
    assert says in err
    assert names(game) == []  # Mira, before it, was not made either (A48)


@pytest.mark.storage
def test_a_name_the_game_has_makes_none_of_the_sheets(
    game: str, capsys: pytest.CaptureFixture[str]
) -> None:
    run_json(capsys, "import", "aresmush-sheet", TOBIN, "--game", "Caprica", "--db", game)
    err = fails_cleanly(capsys, "import", "aresmush-sheet", MIRA, TOBIN, "--game", "Caprica",
                        "--db", game)  # fmt: skip
    assert "tobin_screen_reader.txt: Caprica already has a character called 'Tobin'" in err
    assert names(game) == ["Tobin"]  # Mira, made first in the same import, was rolled back


@pytest.mark.parametrize(
    ("args", "says"),
    [
        (("--player", "Nobody"), "no user called 'Nobody'"),
        (("--player", "Olly"), "Olly does not play in Caprica"),
        (("--game", "Atlantis"), "Atlantis"),
    ],
)
def test_an_unknown_player_or_game_makes_nothing(
    game: str, capsys: pytest.CaptureFixture[str], args: tuple[str, ...], says: str
) -> None:
    cmd = ["import", "aresmush-sheet", MIRA, "--db", game]
    if "--game" not in args:
        cmd += ["--game", "Caprica"]
    err = fails_cleanly(capsys, *cmd, *args)
    assert says in err
    assert names(game) == []


def test_the_same_character_twice_in_one_import_is_refused(
    game: str, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    copy = tmp_path / "mira-again.txt"
    copy.write_bytes(Path(MIRA).read_bytes())
    err = fails_cleanly(capsys, "import", "aresmush-sheet", MIRA, str(copy), "--game",
                        "Caprica", "--db", game)  # fmt: skip
    assert "mira-again.txt and mira.txt are both Mira" in err
    assert names(game) == []


def test_a_game_of_another_system_takes_no_aresmush_sheet(
    db_url: str, capsys: pytest.CaptureFixture[str]
) -> None:
    table = Table(db_url)
    table.new_game("Dungeon", "gurps")
    table.close()
    err = fails_cleanly(capsys, "import", "aresmush-sheet", MIRA, "--game", "Dungeon",
                        "--db", db_url)  # fmt: skip
    assert "Dungeon plays gurps; an AresMUSH sheet is an FS3 sheet" in err


@pytest.mark.parametrize("who", ["Pia", "Olly", "Dora"])
def test_only_the_storyteller_imports(
    game: str, capsys: pytest.CaptureFixture[str], who: str
) -> None:
    """A47: an imported sheet brings XP and luck, which a player cannot give themself (R29)."""
    err = fails_cleanly(capsys, "--as", who, "import", "aresmush-sheet", MIRA, "--game",
                        "Caprica", "--player", who, "--db", game)  # fmt: skip
    assert who in err
    assert "Storyteller" in err
    assert names(game) == []
    assert "Caprica" in run(capsys, "--as", "Stella", "import", "aresmush-sheet", MIRA,
                            "--game", "Caprica", "--db", game)[1]  # fmt: skip
