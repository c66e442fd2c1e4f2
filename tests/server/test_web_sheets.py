"""Character sheets on the web table: read as a sheet, raised with XP by their player where
the rules allow, approved by the Storyteller; every system's sheet."""

from __future__ import annotations

from fastapi.testclient import TestClient

from rollplay.table.service import Table
from tests.server.conftest import PASSWORD, sign_in

HX = {"HX-Request": "true", "Origin": "http://testserver"}


def _headers(server: TestClient, name: str, page: str) -> tuple[str, dict[str, str]]:
    sign_in(server, name)
    text = server.get(page).text
    token = text.split('"X-CSRF-Token": "', 1)[1].split('"', 1)[0]
    return text, {**HX, "X-CSRF-Token": token}


def test_a_sheet_reads_as_a_sheet(server: TestClient) -> None:
    page, _ = _headers(server, "Otto", "/games/Pegasus/characters/Nikos")
    assert "<h1>Nikos</h1>" in page
    assert "6 (Proficient)" in page  # Piloting, as FS3 names the rating
    assert "<td>10</td>" in page  # and the dice it gives
    assert "(Viper)" in page  # her specialty
    assert "Never Forgets a Face" in page
    assert "Luck <strong>1</strong>" in page
    assert "XP</button>" not in page  # Otto may read her sheet, not raise it
    listed = server.get("/games/Pegasus/characters").text
    assert 'href="/games/Pegasus/characters/Nikos"' in listed
    assert "Pia" in listed  # who plays whom
    missing = server.get("/games/Pegasus/characters/Nobody")
    assert missing.status_code == 404


def test_a_player_raises_a_skill_with_xp(server: TestClient, server_db: str) -> None:
    page, headers = _headers(server, "Pia", "/games/Pegasus/characters/Nikos")
    assert 'aria-label="Raise Firearms for 4 XP"' in page
    assert "disabled" in page  # no XP yet
    short = server.post("/games/Pegasus/characters/Nikos/raise", data={"skill": "Firearms"},
                        headers=headers)  # fmt: skip
    assert short.status_code == 400
    assert "costs 4 XP; Nikos has 0" in short.text
    table = Table(server_db)
    table.award_xp("Pegasus", "Nikos", 5)
    table.close()
    done = server.post("/games/Pegasus/characters/Nikos/raise", data={"skill": "Firearms"},
                       headers=headers)  # fmt: skip
    assert done.status_code == 200, done.text
    sheet = server.get("/games/Pegasus/characters/Nikos/sheet").text
    assert "4 (" in sheet
    assert "XP <strong>1</strong>" in sheet
    learned = server.post("/games/Pegasus/characters/Nikos/raise",
                          data={"learn": "language:Spanish"}, headers=headers)  # fmt: skip
    assert learned.status_code == 200, learned.text
    assert "Spanish" in server.get("/games/Pegasus/characters/Nikos/sheet").text
    nothing = server.post("/games/Pegasus/characters/Nikos/raise", data={}, headers=headers)
    assert nothing.status_code == 400
    server.cookies.clear()
    _, otto = _headers(server, "Otto", "/games/Pegasus")
    refused = server.post("/games/Pegasus/characters/Nikos/raise", data={"skill": "Melee"},
                          headers=otto)  # fmt: skip
    assert refused.status_code == 403


def test_the_storyteller_approves_a_sheet(server: TestClient) -> None:
    page, headers = _headers(server, "Stella", "/games/Pegasus/characters/Nikos")
    assert "Approve this sheet" in page
    assert "not yet approved" in page
    done = server.post("/games/Pegasus/characters/Nikos/approve", headers=headers)
    assert done.status_code == 200, done.text
    after = server.get("/games/Pegasus/characters/Nikos").text
    assert "<strong>approved</strong>" in after
    assert "Approve this sheet" not in after
    new = server.post(
        "/api/v1/games/Pegasus/characters",
        headers=headers,
        json={
            "sheet": {
                "name": "Big Spender",
                "system": "fs3",
                "attributes": {"Brawn": 4, "Reflexes": 4, "Grit": 4, "Wits": 4, "Presence": 4},
                "action": {
                    "Firearms": 8,
                    "Melee": 8,
                    "Athletics": 8,
                    "Stealth": 8,
                    "Medicine": 8,
                    "Alertness": 1,
                },
            }
        },
    )
    assert new.status_code == 200, new.text
    listed = server.get("/games/Pegasus/characters").text
    assert "1 problem" in listed  # a sheet with character-creation problems says so
    said = server.get("/games/Pegasus/characters/Big Spender").text
    assert "61 ability points spent" in said
    assert "(002 Abilities)" in said
    refused = server.post("/games/Pegasus/characters/Big Spender/approve", headers=headers)
    assert refused.status_code == 400
    assert "cannot be approved" in refused.text


def test_gurps_and_d6_sheets(server: TestClient, server_db: str) -> None:
    table = Table(server_db)
    for game in ("Dungeon", "Stars"):
        table.add_member(game, "Stella", "storyteller")
    table.close()
    sign_in(server, "Stella")
    gurps = server.get("/games/Dungeon/characters/Inspector Vance").text
    assert "Lockpicking" in gurps
    assert "<td>9</td>" in gurps
    assert "no default" in gurps  # Thaumatology
    d6 = server.get("/games/Stars/characters/Kara Voss").text
    assert "<td>4D+1</td>" in d6  # Search
    assert "Character Points <strong>5</strong>" in d6
    assert "XP</button>" not in d6  # raising with XP is FS3's
    assert PASSWORD not in d6


def test_a_sheet_past_its_limits_is_refused_on_every_way_in(
    server: TestClient, server_db: str
) -> None:
    """The API's POST and PATCH, a command line, and the sheet's own raise form all refuse a
    sheet past docs/limits.md in one line, and change nothing."""
    headers = sign_in(server, "Stella")
    page = "/api/v1/games/Pegasus/characters"
    lore = {f"Lore {i}": 1 for i in range(498)}  # with Singing and Poker: the limit, 500
    attributes = dict.fromkeys(("Brawn", "Reflexes", "Grit", "Wits", "Presence"), 2)
    lyra = {"name": "Lyra", "attributes": attributes, "background": {**lore, "A": 1, "B": 1,
                                                                       "C": 1}}  # fmt: skip
    made = server.post(page, headers=headers, json={"sheet": lyra})
    assert made.status_code == 400, made.text
    assert made.json() == {"error": "sheet: 501 background skills; a sheet has at most 500 "
                                    "(docs/limits.md)"}  # fmt: skip
    grown = server.patch(f"{page}/Nikos", headers=headers, json={"changes": {"background": lore}})
    assert grown.status_code == 200, grown.text
    past = server.patch(
        f"{page}/Nikos", headers=headers, json={"changes": {"background": {"Extra": 1}}}
    )
    assert past.status_code == 400
    assert "501 background skills; a sheet has at most 500" in past.json()["error"]
    line = {"text": 'sheet/set Nikos=quirks=["a","b","c","d","e","f","g","h","i","j","k","l",'
                    '"m","n","o","p","q","r","s","t","u","v","w","x","y","z","A","B","C","D",'
                    '"E","F","G","H","I","J","K","L","M","N","O","P","Q","R","S","T","U","V",'
                    '"W","X","Y"]'}  # fmt: skip
    said = server.post("/api/v1/games/Pegasus/commands", headers=headers, json=line)
    assert said.status_code == 400
    assert "51 quirks; a sheet has at most 50" in said.json()["error"]
    table = Table(server_db)
    table.award_xp("Pegasus", "Nikos", 100)
    table.close()
    server.cookies.clear()
    _, pia = _headers(server, "Pia", "/games/Pegasus/characters/Nikos")
    learned = server.post("/games/Pegasus/characters/Nikos/raise",
                          data={"learn": "background:Sailing"}, headers=pia)  # fmt: skip
    assert learned.status_code == 400
    assert "at most 500" in learned.text
    sheet = server.get(f"{page}/Nikos").json()["sheet"]
    assert len(sheet["background"]) == 500
    assert "Sailing" not in sheet["background"]
    assert len(sheet["quirks"]) == 2
