"""Rules read again (issue 37) on the server's surfaces: a misspelt ability is refused alike
by the roll box, its odds and the API (000 Untrained Rolls; rulings R28); a request card's
Roll control offers the points its roller may spend (002 Luck, 000 Hail Mary Rolls, 003;
R31); the sheet learns a background skill with its ruling attribute (002 Ruling Attribute;
R30); the character form bounds attributes by the game's range (002 Attributes)."""

from __future__ import annotations

import html
import re

import pytest
from fastapi.testclient import TestClient

from rollplay.table.service import Table
from tests.server.conftest import sign_in
from tests.server.forms import luck_of, page_as

pytestmark = pytest.mark.storage
ADA = {"name": "Ada", "system": "fs3",
       "attributes": {"Academic": 2, "Athletic": 3, "Creative": 2, "Reactive": 3, "Social": 2},
       "action": {"Firearms": 4}, "background": {"Singing": {"rating": 2, "attribute": "Creative"}},
       "languages": ["English"]}  # fmt: skip


def _events(server: TestClient) -> int:
    return len(server.get("/api/v1/games/Pegasus/events", params={"format": "json"}).json())


def test_a_misspelt_ability_is_refused_by_the_box_its_odds_and_the_api(
    server: TestClient,
) -> None:
    """`roll Nikos/Pilotting` is refused before rolling, and said the same way by the odds
    shown as it is typed, the box's answer and the API (the service decides)."""
    _, headers = page_as(server, "Pia")
    before = _events(server)
    said = "(did you mean Piloting?)"
    odds = server.get("/games/Pegasus/odds", params={"text": "roll Nikos/Pilotting"})
    assert said in html.unescape(odds.text)
    box = server.post("/games/Pegasus/roll", data={"text": "roll Nikos/Pilotting"},
                      headers=headers)  # fmt: skip
    assert box.status_code == 400
    assert said in html.unescape(box.text)
    api = server.post("/api/v1/games/Pegasus/commands", json={"text": "roll Nikos/Pilotting"},
                      headers={"X-CSRF-Token": headers["X-CSRF-Token"]})  # fmt: skip
    assert api.status_code == 400
    error = api.json()["error"]
    assert said in error
    assert "\n" not in error
    assert _events(server) == before  # nothing rolled, nothing logged
    rolled = server.post("/games/Pegasus/roll", data={"text": "roll Nikos/Piloting"},
                         headers=headers)  # fmt: skip
    assert rolled.status_code == 200, rolled.text


def _asked(server: TestClient, line: str) -> int:
    _, gm = page_as(server, "Stella")
    done = server.post("/games/Pegasus/roll", data={"text": line}, headers=gm)
    assert done.status_code == 200, done.text
    return int(re.findall(r"#(\d+)", html.unescape(done.text))[0])


def test_a_request_cards_roll_control_spends_luck_as_her_own_roll_would(
    server: TestClient, server_db: str
) -> None:
    """FS3.3 (000 Modifiers): a luck point is +3 on one's own roll, or buys a Hail Mary;
    3.3 has no re-roll (rulings R11). The card offers those, and the Roll posts them."""
    number = _asked(server, "request Nikos Firearms")
    page, headers = page_as(server, "Pia")
    control = re.search(rf'<form id="answer-{number}".*?</form>', page, re.S)
    assert control is not None
    offered = re.findall(r'<option value="([^"]*)">', control.group(0))
    assert offered == ["", "bonus", "hail-mary"]
    before = luck_of(server_db)
    answer = {"text": f"answer {number}", "luck": "bonus"}
    done = server.post("/games/Pegasus/roll", data=answer, headers=headers)
    assert done.status_code == 200, done.text
    assert luck_of(server_db) == before - 1
    events = server.get("/api/v1/games/Pegasus/events", params={"format": "json"}).json()
    roll = [e for e in events if e["kind"] == "roll"][-1]
    assert roll["data"]["request"] == number
    assert roll["data"]["outcome"]["luck"] == "bonus"
    assert {"reason": "luck", "value": 3} in roll["data"]["outcome"]["modifiers"]
    # A roll only a Hail Mary allows (000: no Everyman Demolitions) asks for one, which
    # needs a luck point to have.
    _, gm = page_as(server, "Stella")
    refused = server.post("/games/Pegasus/roll", data={"text": "request Nikos Demolitions"},
                          headers=gm)  # fmt: skip
    assert refused.status_code == 400
    assert "(Nikos has no luck points to spend)" in refused.text
    table = Table(server_db)
    table.award_luck("Pegasus", "Nikos", 1)
    table.close()
    hail = _asked(server, "request Nikos Demolitions")
    page, _ = page_as(server, "Pia")
    control = re.search(rf'<form id="answer-{hail}".*?</form>', page, re.S)
    assert control is not None
    assert 'name="luck" value="hail-mary"' in control.group(0)
    assert "A Hail Mary" in control.group(0)


def test_the_sheet_learns_a_background_skill_with_its_ruling_attribute(
    server: TestClient, server_db: str
) -> None:
    """002 Ruling Attribute: a 3.2 character chooses a background skill's; the sheet's
    Learn form asks for it, and the sheet stays approvable. A 3.3 one links to Wits."""
    table = Table(server_db)
    try:
        table.new_game("Galactica", "fs3", "3.2")
        table.add_member("Galactica", "Pia", "player")
        table.acting_as("Pia").new_character("Galactica", ADA)
        table.approve("Galactica", "Ada")
        table.award_xp("Galactica", "Ada", 3)
    finally:
        table.close()
    sign_in(server, "Pia")
    page = server.get("/games/Galactica/characters/Ada").text
    token = page.split('"X-CSRF-Token": "', 1)[1].split('"', 1)[0]
    headers = {"HX-Request": "true", "Origin": "http://testserver", "X-CSRF-Token": token}
    form = re.search(r'<form id="learn-background".*?</form>', page, re.S)
    assert form is not None
    assert "Learn for 0.5 XP" in form.group(0)  # 002: a background skill's cost halved
    assert re.findall(r"<option>(\w+)</option>", form.group(0)) == [
        "Academic", "Athletic", "Creative", "Reactive", "Social"]  # fmt: skip
    url = "/games/Galactica/characters/Ada/raise"
    bare = server.post(url, data={"kind": "background", "skill": "Cooking"}, headers=headers)
    assert bare.status_code == 400
    assert "choose its ruling attribute" in bare.text
    done = server.post(url, data={"kind": "background", "skill": "Cooking",
                                  "attribute": "Creative"}, headers=headers)  # fmt: skip
    assert done.status_code == 200, done.text
    sheet = server.get("/games/Galactica/characters/Ada/sheet").text
    assert "Cooking" in sheet
    assert "character-creation problem" not in sheet
    nikos = server.get("/games/Pegasus/characters/Nikos").text
    learn = re.search(r'<form id="learn-background".*?</form>', nikos, re.S)
    assert learn is not None
    assert 'name="attribute"' not in learn.group(0)  # 000: Wits, not chosen


def test_the_character_form_bounds_attributes_by_the_games_range(
    server: TestClient, server_db: str
) -> None:
    """002 Attributes: "rated on a 1-4 scale"; a house range is honoured at both ends, on
    the form's fields and by the check that reads them."""
    table = Table(server_db)
    try:
        table.new_game("Titans", "fs3", "3.3", {"attribute_range": [2, 5]})
        table.add_member("Titans", "Pia", "player")
    finally:
        table.close()
    sign_in(server, "Pia")
    plain = server.get("/games/Pegasus/new-character").text
    assert re.search(r'name="attr.Brawn" type="number" inputmode="numeric" min="1" max="4"',
                     plain)  # fmt: skip
    page = server.get("/games/Titans/new-character").text
    field = re.search(r'name="attr.Brawn" type="number" inputmode="numeric" min="(\d+)" '
                      r'max="(\d+)" value="(\d+)"', page)  # fmt: skip
    assert field is not None
    assert field.groups() == ("2", "5", "2")
    token = page.split('"X-CSRF-Token": "', 1)[1].split('"', 1)[0]
    headers = {"HX-Request": "true", "Origin": "http://testserver", "X-CSRF-Token": token}
    attributes = ("Brawn", "Reflexes", "Grit", "Wits", "Presence")
    for low, said in (("1", "Brawn is 1"), ("6", "Brawn is 6")):
        fields = [("name", "Tess"), ("source", "form"),
                  *((f"attr.{a}", low if a == "Brawn" else "3") for a in attributes)]  # fmt: skip
        check = server.post("/games/Titans/new-character/check", data=dict(_grouped(fields)),
                            headers=headers)  # fmt: skip
        assert f"attribute {said}; FS3.3 (the game's rules) rates attributes 2 to 5" in (
            html.unescape(check.text)
        )


def _grouped(fields: list[tuple[str, str]]) -> dict[str, list[str]]:
    out: dict[str, list[str]] = {}
    for k, v in fields:
        out.setdefault(k, []).append(v)
    return out


def test_a_d6_request_cards_roll_control_spends_character_and_fate_points(
    server: TestClient, server_db: str
) -> None:
    """003: Character Points "before or after" a roll, a Fate Point only before: the card of
    a D6 request offers both, and its Roll spends what was chosen from Kara's sheet."""
    table = Table(server_db)
    try:
        table.add_member("Stars", "Stella", "storyteller")
        table.add_member("Stars", "Pia", "player", ("Kara Voss",))
        points = table.character("Stars", "Kara Voss").character_points or 0
    finally:
        table.close()
    sign_in(server, "Stella")
    page = server.get("/games/Stars").text
    token = page.split('"X-CSRF-Token": "', 1)[1].split('"', 1)[0]
    gm = {"HX-Request": "true", "Origin": "http://testserver", "X-CSRF-Token": token}
    asked = server.post("/games/Stars/roll", data={"text": "request Kara Voss/Search vs 15"},
                        headers=gm)  # fmt: skip
    assert asked.status_code == 200, asked.text
    number = int(re.findall(r"#(\d+)", html.unescape(asked.text))[0])
    server.cookies.clear()
    sign_in(server, "Pia")
    page = server.get("/games/Stars").text
    token = page.split('"X-CSRF-Token": "', 1)[1].split('"', 1)[0]
    headers = {"HX-Request": "true", "Origin": "http://testserver", "X-CSRF-Token": token}
    control = re.search(rf'<form id="answer-{number}".*?</form>', page, re.S)
    assert control is not None
    assert 'name="cp" type="number"' in control.group(0)
    assert 'name="fate" type="checkbox"' in control.group(0)
    assert 'name="luck"' not in control.group(0)  # luck is FS3's
    done = server.post("/games/Stars/roll", data={"text": f"answer {number}", "cp": "1"},
                       headers=headers)  # fmt: skip
    assert done.status_code == 200, done.text
    events = server.get("/api/v1/games/Stars/events", params={"format": "json"}).json()
    roll = [e for e in events if e["kind"] == "roll"][-1]
    assert roll["data"]["request"] == number
    assert len(roll["data"]["outcome"]["cp_dice"]) == 1
    table = Table(server_db)
    try:
        assert table.character("Stars", "Kara Voss").character_points == points - 1
    finally:
        table.close()
