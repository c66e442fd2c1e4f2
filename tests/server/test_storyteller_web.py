"""The Storyteller's pages on the web table (issue 31), in process: a character made on a
form checked as it is typed, a sheet file uploaded (a real GCS file for GURPS), a sheet sent
back with a comment and fixed, and the NPC roster with its quick roll and "add to combat"."""

from __future__ import annotations

import html
import re

import pytest
from fastapi.testclient import TestClient

from rollplay.server.web_characters import STARTERS, replacing
from rollplay.table.combat.tracker import Tracker
from rollplay.table.service import Table
from tests.gurps.fixtures import GCS, needs_fixtures
from tests.server.forms import page_as

FS3 = "attributes: {Brawn: 2, Reflexes: 3, Grit: 2, Wits: 3, Presence: 2}\n"


def test_a_player_makes_a_character_checked_as_typed_and_it_is_sent_back(
    server: TestClient,
) -> None:
    page, pia = page_as(server, "Pia", "/games/Pegasus/new-character")
    assert "Submit for approval" in page
    assert 'hx-trigger="input changed delay:300ms' in page  # checked as it is typed
    too_high = FS3.replace("Brawn: 2", "Brawn: 0")  # below 002's 1 to 4, refused as typed
    checked = server.post("/games/Pegasus/new-character/check",
                          data={"name": "Ada", "sheet": too_high}, headers=pia)  # fmt: skip
    assert checked.status_code == 200
    assert "attribute Brawn is 0; FS3.3 rates attributes 1 to 4 (002 Attributes)" in checked.text
    broken = server.post(
        "/games/Pegasus/new-character/check",
        data={"name": "Ada", "sheet": "attributes: [unclosed"},
        headers=pia,
    )
    assert "not valid YAML" in broken.text  # a line still being typed: one line
    fine = server.post("/games/Pegasus/new-character/check",
                       data={"name": "Ada", "sheet": FS3}, headers=pia)  # fmt: skip
    assert "No problems" in fine.text
    refused = server.post("/games/Pegasus/new-character",
                          data={"name": "Ada", "sheet": too_high}, headers=pia)  # fmt: skip
    assert refused.status_code == 400  # not made: a sheet the reader refuses
    over = (
        FS3 + "action: {Firearms: 8, Piloting: 8, Melee: 8, Athletics: 8, Stealth: 8, "
        "Medicine: 8, Repair: 8}\n"
    )  # fmt: skip  (68 of 60 points: a problem, made)
    made = server.post("/games/Pegasus/new-character",
                       data={"name": "Ada", "sheet": over}, headers=pia)  # fmt: skip
    assert made.status_code == 200, made.text
    assert made.headers["HX-Redirect"] == "/games/Pegasus/characters/Ada"
    listed = server.get("/games/Pegasus/characters").text
    assert "Create a character" in listed
    sheet = server.get("/games/Pegasus/characters/Ada").text
    assert "Change the sheet in the character form" in sheet
    assert "Send back" not in sheet
    # The Storyteller sends it back with a comment, which Pia reads on her sheet.
    page, stella = page_as(server, "Stella", "/games/Pegasus/characters/Ada")
    assert "Send back" in page
    assert "NPCs</a>" in page
    empty = server.post("/games/Pegasus/characters/Ada/send-back", data={"comment": " "},
                        headers=stella)  # fmt: skip
    assert empty.status_code == 400
    sent = server.post(
        "/games/Pegasus/characters/Ada/send-back",
        data={"comment": "68 points is past the limit"},
        headers=stella,
    )
    assert sent.status_code == 200, sent.text
    assert "sent back" in server.get("/games/Pegasus/characters").text
    _, otto = page_as(server, "Otto", "/games/Pegasus/characters/Ada")
    assert "past the limit" not in server.get("/games/Pegasus/characters/Ada/sheet").text
    assert "NPCs</a>" not in server.get("/games/Pegasus/characters").text
    refused = server.post("/games/Pegasus/characters/Ada/send-back",
                          data={"comment": "no"}, headers=otto)  # fmt: skip
    assert refused.status_code == 403
    page, pia = page_as(server, "Pia", "/games/Pegasus/characters/Ada")
    assert "68 points is past the limit" in page
    assert "Fix the sheet, as the Storyteller asks" in page
    form = server.get("/games/Pegasus/characters/Ada/fix").text  # the form, filled in
    assert "68 points is past the limit" in form
    assert 'name="attr.Brawn" type="number" inputmode="numeric" min="1" max="4" value="2"' in form
    assert 'name="attr.Wits" type="number" inputmode="numeric" min="1" max="4" value="3"' in form
    fixed = server.post("/games/Pegasus/characters/Ada/fix", data={"sheet": FS3}, headers=pia)
    assert fixed.status_code == 200, fixed.text
    assert "Resubmitted: Ada goes back to the Storyteller for approval" in fixed.text
    assert "sent back" not in server.get("/games/Pegasus/characters").text  # answered
    assert "past the limit" not in server.get("/games/Pegasus/characters/Ada/sheet").text
    _, stella = page_as(server, "Stella", "/games/Pegasus/characters/Ada")
    approved = server.post("/games/Pegasus/characters/Ada/approve", headers=stella)
    assert approved.status_code == 200, approved.text
    shown = server.get("/games/Pegasus/characters/Ada/sheet").text
    assert "<strong>approved</strong>" in shown
    assert "past the limit" not in shown


def test_an_observer_may_not_make_a_character(server: TestClient) -> None:
    page, olly = page_as(server, "Olly", "/games/Pegasus/characters")
    assert "Create a character" not in page
    assert server.get("/games/Pegasus/new-character").status_code == 403
    made = server.post("/games/Pegasus/new-character", data={"name": "Ola", "sheet": FS3},
                       headers=olly)  # fmt: skip
    assert made.status_code == 403


def test_a_sheet_file_is_uploaded_and_a_bad_one_is_one_line(server: TestClient) -> None:
    _, stella = page_as(server, "Stella", "/games/Pegasus/new-character")
    up = server.post(
        "/games/Pegasus/new-character/upload",
        headers=stella,
        files={"file": ("bo.yaml", b"name: Bo\nsystem: fs3\n" + FS3.encode())},
    )
    assert up.status_code == 200, up.text
    assert up.headers["HX-Redirect"] == "/games/Pegasus/characters/Bo"
    for name, body, said in (
        ("x.gcs", b"{}", "a GCS file is a GURPS character"),
        ("x.txt", b"hello", "upload a .gcs"),
        ("x.yaml", b"\xff\xfe", "not UTF-8"),
    ):
        bad = server.post("/games/Pegasus/new-character/upload", headers=stella,
                          files={"file": (name, body)})  # fmt: skip
        assert bad.status_code == 400
        assert said in bad.text
        assert bad.text.count("<p") == 1


@needs_fixtures
def test_a_real_gcs_file_is_uploaded(server: TestClient, server_db: str) -> None:
    table = Table(server_db)
    table.add_member("Dungeon", "Stella", "storyteller", ())
    table.close()
    _, stella = page_as(server, "Stella", "/games/Dungeon/new-character")
    data = (GCS / "orc-leader.gcs").read_bytes()
    up = server.post("/games/Dungeon/new-character/upload", headers=stella,
                     files={"file": ("orc-leader.gcs", data)})  # fmt: skip
    assert up.status_code == 200, up.text
    big = (GCS / "louis-dantares.gcs").read_bytes()
    assert len(big) > 64 * 1024  # past the body limit of every other route
    up = server.post("/games/Dungeon/new-character/upload", headers=stella,
                     files={"file": ("louis.gcs", big)})  # fmt: skip
    assert up.status_code == 200, up.text
    bad = server.post("/games/Dungeon/new-character/upload", headers=stella,
                      files={"file": ("broken.gcs", b'{"version": 5}')})  # fmt: skip
    assert bad.status_code == 400
    assert "no attributes" in bad.text


@pytest.mark.storage
def test_the_npc_roster_rolls_and_joins_a_combat(server: TestClient, server_db: str) -> None:
    table = Table(server_db)
    Tracker(table).start("Pegasus", "Hangar")
    table.close()
    page, stella = page_as(server, "Stella", "/games/Pegasus/npcs")
    assert "No NPCs yet" in page
    added = server.post("/games/Pegasus/npcs", data={"name": "Raider", "rating": "5"},
                        headers=stella)  # fmt: skip
    assert added.status_code == 200
    assert added.headers["HX-Refresh"] == "true"
    bad = server.post("/games/Pegasus/npcs", data={"name": "Grunt", "rating": "Firearms"},
                      headers=stella)  # fmt: skip
    assert bad.status_code == 400
    assert "not an NPC&#39;s rating" in bad.text
    page = server.get("/games/Pegasus/npcs").text
    assert "<td>5</td>" in page
    assert '<option value="secret" selected>' in page  # a quick roll is secret by default
    assert "Add Raider to Hangar" in page
    assert 'hx-post="/games/Pegasus/combats/Hangar/npc"' in page  # the combat's own join
    assert 'aria-label="Raider\'s armor"><option>None</option><option>Flak Vest' in page
    assert '<a href="/games/Pegasus/combats/Hangar">Hangar</a>' in page  # the way to it
    rolled = server.post(
        "/games/Pegasus/npc",
        headers=stella,
        data={"name": "Raider", "what": "5", "visibility": "secret"},
    )
    assert rolled.status_code == 200, rolled.text
    joined = server.post("/games/Pegasus/combats/Hangar/npc", headers=stella,
                         data={"name": "Raider", "rating": "5", "weapon": "Rifle",
                               "armor": "Flak Vest"})  # fmt: skip
    assert joined.status_code == 200, joined.text
    assert "Raider joins Hangar" in joined.text
    tracker = server.get("/games/Pegasus/combats/Hangar/tracker").text
    cell = r"\s*<td[^>]*>"
    assert re.search(rf"Raider <span[^>]*>\(NPC\)</span></th>{cell}B</td>{cell}Normal</td>"
                     rf"{cell}Rifle \(\d+\)</td>{cell}Flak Vest</td>", tracker)  # fmt: skip
    removed = server.post("/games/Pegasus/npcs/Raider/remove", headers=stella)
    assert removed.status_code == 200
    assert "No NPCs yet" in server.get("/games/Pegasus/npcs").text
    _, pia = page_as(server, "Pia", "/games/Pegasus")
    assert server.get("/games/Pegasus/npcs").status_code == 403
    assert server.post("/games/Pegasus/npcs", data={"name": "X", "rating": "5"},
                       headers=pia).status_code == 403  # fmt: skip


@pytest.mark.parametrize(("game", "bad", "said"), [
    ("Dungeon", ("ST: 10", "ST: many"), "attribute ST must be a whole number"),
    ("Stars", ("Strength: 3D", "Strength: banana"), "bad die code"),
])  # fmt: skip
def test_gurps_and_d6_sheets_are_checked_as_typed_and_made(
    server: TestClient, server_db: str, game: str, bad: tuple[str, str], said: str
) -> None:
    table = Table(server_db)
    table.add_member(game, "Stella", "storyteller", ())
    table.close()
    page, stella = page_as(server, "Stella", f"/games/{game}/new-character")
    starter = STARTERS[table_system(page)]
    assert html.escape(starter.split("\n", 1)[0]) in page  # the form starts from the system's
    wrong = server.post(f"/games/{game}/new-character/check", headers=stella,
                        data={"name": "Ada", "sheet": starter.replace(*bad)})  # fmt: skip
    assert said in html.unescape(wrong.text)
    fine = server.post(f"/games/{game}/new-character/check", headers=stella,
                       data={"name": "Ada", "sheet": starter})  # fmt: skip
    assert "No problems" in fine.text
    made = server.post(f"/games/{game}/new-character", headers=stella,
                       data={"name": "Ada", "sheet": starter})  # fmt: skip
    assert made.headers["HX-Redirect"] == f"/games/{game}/characters/Ada"


def table_system(page: str) -> str:
    """The system a game page names in its header (GURPS 4e, D6 ...)."""
    return "gurps" if "GURPS" in page else "d6"


def test_a_fix_is_the_change_that_makes_the_sheet_the_typed_one() -> None:
    old = {"name": "Ada", "action": {"Firearms": 3, "Melee": 2}, "quirks": ["Loud"],
           "concept": "A pilot"}  # fmt: skip
    new = {"name": "Ada", "action": {"Firearms": 4}, "quirks": []}
    # Only what changed (issue 37): the name, the same, is no change.
    assert replacing(old, new) == {"action": {"Firearms": 4, "Melee": None},
                                   "quirks": [], "concept": None}  # fmt: skip
    # From the form, which has no field for the wounds: they are kept.
    hurt = {**old, "wounds": [{"location": "Chest", "severity": "Light"}]}
    kept = replacing(hurt, new, ("action", "quirks", "concept"))
    assert "wounds" not in kept
    assert replacing(old, old) == {}
