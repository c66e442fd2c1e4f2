"""The web table's combat tracker (web_combat.py): the game's combats, a combat's page, its
tracker and forms as fragments, and the forms' writes, for the Storyteller and a player; what
FS3 keeps from the players stays off their pages; bad input is a one-line 4xx fragment; every
write needs the page's CSRF token and this site's Origin."""

from __future__ import annotations

import re
from html import unescape

from fastapi.testclient import TestClient

from rollplay.table import commands as c
from rollplay.table.service import Table
from tests.server.conftest import sign_in

HX = {"HX-Request": "true", "Origin": "http://testserver"}
HANGAR = "/games/Pegasus/combats/Hangar"


def page_headers(client: TestClient, name: str) -> dict[str, str]:
    """Sign ``name`` in; the headers the page's htmx writes carry (the token drawn into it)."""
    sign_in(client, name)
    page = client.get("/games/Pegasus/combats").text
    token = page.split('"X-CSRF-Token": "', 1)[1].split('"', 1)[0]
    return {**HX, "X-CSRF-Token": token}


def post(client: TestClient, path: str, headers: dict[str, str], **form: str) -> str:
    answer = client.post(path, data=form, headers=headers)
    assert answer.status_code == 200, answer.text
    return str(answer.text)


def set_up_hangar(client: TestClient) -> dict[str, str]:
    """Stella starts Hangar with Nikos and an NPC, Raider, whose plan is a called shot."""
    st = page_headers(client, "Stella")
    post(client, "/games/Pegasus/combats", st, name="Hangar")
    post(client, f"{HANGAR}/join", st, who="Nikos", weapon="Pistol")
    post(client, f"{HANGAR}/npc", st, name="Raider", rating="7", team="B", weapon="Shotgun",
         armor="Flak Vest")  # fmt: skip
    post(client, f"{HANGAR}/action", st, who="Raider", kind="attack", target="Nikos",
         called="Left_Leg", range="medium")  # fmt: skip
    return st


def options(html: str, select: str) -> list[str]:
    """The options of the select with id ``select``."""
    inside = html.split(f'id="{select}"', 1)[1].split("</select>", 1)[0]
    return re.findall(r"<option[^>]*>([^<]*)</option>", inside)


def words(fragment: str) -> str:
    """A fragment's text, as a reader reads it (tags out, entities read)."""
    return unescape(re.sub(r"<[^>]+>", "", fragment))


def one_line_error(text: str) -> None:
    assert re.fullmatch(r'<p class="error" role="alert">[^\n<]+</p>', text), text


def test_the_storyteller_runs_a_combat_from_its_page(server: TestClient) -> None:
    st = page_headers(server, "Stella")
    assert "Start a combat" in server.get("/games/Pegasus/combats").text
    started = server.post("/games/Pegasus/combats", data={"name": " Hangar "}, headers=st)
    assert started.status_code == 200, started.text
    assert started.headers["HX-Redirect"] == HANGAR  # the page goes to the new combat
    assert "HX-Trigger" in started.headers
    post(server, f"{HANGAR}/join", st, who="Nikos", weapon="Pistol", armor="Flak Vest")
    post(server, f"{HANGAR}/npc", st, name="Raider", rating="5", weapon="Rifle")
    post(server, f"{HANGAR}/action", st, who="Raider", kind="attack", target="Nikos",
         called="Head")  # fmt: skip
    page = server.get(HANGAR)
    assert page.status_code == 200
    assert "Turn 1" in page.text
    assert "attack Nikos, called Head" in page.text  # she sees the NPC's plan
    assert "Pistol (12)" in page.text  # weapon and ammo
    assert 'aria-current="page">Combat</a>' in page.text
    assert 'sse-connect="/games/Pegasus/feed?after=' in page.text
    assert 'hx-trigger="sse:combat, done from:body"' in page.text
    assert "Add NPC" in page.text
    assert ">Resolve the turn</button>" in page.text
    assert "Turn resolved" in post(server, f"{HANGAR}/turn", st)
    tracker = server.get(f"{HANGAR}/tracker").text
    assert "Turn 2" in tracker
    # An attack carries to the next turn unless its target is out (rulings W40).
    assert "attack Nikos, called Head" in words(tracker) or "knocked out" in tracker
    listed = server.get("/games/Pegasus/combats").text
    assert f'href="{HANGAR}"' in listed
    assert "under way" in listed
    assert "over" in post(server, f"{HANGAR}/stop", st)
    stopped = server.get(HANGAR).text
    assert "stopped at turn 2" in stopped
    assert "Set action" not in stopped  # a stopped combat no longer changes
    assert "Resolve the turn" not in stopped


def test_a_player_sees_no_npc_secrets_and_acts_for_her_character(server: TestClient) -> None:
    set_up_hangar(server)
    storyteller = words(server.get(f"{HANGAR}/tracker").text)
    assert "attack Nikos, called Left Leg, medium range" in storyteller
    server.cookies.clear()
    pia = page_headers(server, "Pia")
    for text in (words(server.get(HANGAR).text), words(server.get(f"{HANGAR}/tracker").text)):
        assert "Raider" in text
        assert "hidden" in text
        assert "attack Nikos" not in text  # the NPC's plan
        assert "Left Leg," not in text
        assert "rating" not in text.lower().replace('name="rating"', "")
    page = server.get(HANGAR).text
    assert "Add NPC" not in page  # the Storyteller's forms are not drawn
    assert "Resolve the turn" not in page
    assert options(page, "act-who") == ["Nikos"]  # she acts for Nikos only
    assert "Join the fight" not in page  # Nikos is in; she plays no one else
    said = post(server, f"{HANGAR}/action", pia, who="nikos", kind="attack", target="raider",
                range="long")  # fmt: skip
    assert "Nikos: action attack" in said
    post(server, f"{HANGAR}/stance", pia, who="Nikos", stance="cover")
    tracker = server.get(f"{HANGAR}/tracker").text
    assert "attack Raider, long range" in words(tracker)
    assert 'data-label="Stance">Cover</td>' in tracker
    # The Storyteller's writes and other people's combatants are refused, in one line.
    for path, form in ((f"{HANGAR}/turn", {}), (f"{HANGAR}/stop", {}),
                       (f"{HANGAR}/npc", {"name": "Thug", "rating": "3"}),
                       (f"{HANGAR}/action", {"who": "Raider", "kind": "pass"}),
                       (f"{HANGAR}/join", {"who": "Mavros"}),
                       ("/games/Pegasus/combats", {"name": "Mine"})):  # fmt: skip
        refused = server.post(path, data=form, headers=pia)
        assert refused.status_code == 403, (path, refused.text)
        one_line_error(refused.text)
    missing = server.post(f"{HANGAR}/stance", data={"who": "Mavros", "stance": "Cover"},
                          headers=pia)  # fmt: skip
    assert missing.status_code == 404
    one_line_error(missing.text)


def test_a_player_joins_her_own_character(server: TestClient) -> None:
    st = page_headers(server, "Stella")
    post(server, "/games/Pegasus/combats", st, name="Hangar")
    server.cookies.clear()
    otto = page_headers(server, "Otto")
    page = server.get(HANGAR).text
    assert "Join the fight" in page
    assert options(page, "join-who") == ["Mavros"]  # only his own
    post(server, f"{HANGAR}/join", otto, who="Mavros", team="Blue", weapon="Rifle")
    tracker = server.get(f"{HANGAR}/tracker").text
    assert "Rifle (30)" in tracker
    assert 'data-label="Team">Blue</td>' in tracker
    assert "Mavros: left" in post(server, f"{HANGAR}/leave", otto, who="mavros")
    assert "Nobody has joined yet" in server.get(f"{HANGAR}/tracker").text


def test_bad_input_is_a_one_line_fragment(server: TestClient) -> None:
    st = set_up_hangar(server)
    for path, form, status in (
        (f"{HANGAR}/npc", {"name": "Thug", "rating": "lots"}, 400),
        (f"{HANGAR}/npc", {"name": "Thug", "rating": "99"}, 400),
        (f"{HANGAR}/npc", {"name": "Thug"}, 400),
        (f"{HANGAR}/npc", {"name": "Thug", "rating": "3", "weapon": "Banana"}, 400),
        (f"{HANGAR}/action", {"who": "Nikos", "kind": "dance"}, 400),
        (f"{HANGAR}/action", {"who": "Nikos", "kind": "attack"}, 400),  # no target
        (f"{HANGAR}/action", {"who": "Nobody", "kind": "pass"}, 404),
        (f"{HANGAR}/stance", {"who": "Nikos", "stance": "Sideways"}, 400),
        (f"{HANGAR}/join", {"who": "Nikos"}, 400),  # already in
        ("/games/Pegasus/combats", {"name": ""}, 400),
        ("/games/Pegasus/combats", {"name": "hangar"}, 400),  # taken
        ("/games/Pegasus/combats/Nowhere/turn", {}, 404),
    ):
        answer = server.post(path, data=form, headers=st)
        assert answer.status_code == status, (path, form, answer.text)
        one_line_error(answer.text)
    assert server.get("/games/Pegasus/combats/Nowhere").status_code == 404


def test_writes_need_the_pages_token_and_origin(server: TestClient) -> None:
    st = page_headers(server, "Stella")
    no_token = {k: v for k, v in st.items() if k != "X-CSRF-Token"}
    forged = {**st, "Origin": "https://evil.example"}
    for headers in (no_token, forged):
        answer = server.post("/games/Pegasus/combats", data={"name": "Hangar"}, headers=headers)
        assert answer.status_code == 403
    assert "No combats yet" in server.get("/games/Pegasus/combats").text


def test_the_forms_redraw_only_when_the_roster_changes(server: TestClient) -> None:
    st = page_headers(server, "Stella")
    post(server, "/games/Pegasus/combats", st, name="Hangar")
    roster = server.get(HANGAR).text.split('name="roster" value="', 1)[1].split('"', 1)[0]
    assert server.get(f"{HANGAR}/forms", params={"roster": roster}).status_code == 204
    post(server, f"{HANGAR}/npc", st, name="Raider", rating="4")
    fresh = server.get(f"{HANGAR}/forms", params={"roster": roster})
    assert fresh.status_code == 200
    assert "Raider" in options(fresh.text, "act-target")
    assert roster not in fresh.text


def selected(html: str, select: str) -> str | None:
    """The value of the option drawn selected in the select with id ``select``."""
    inside = html.split(f'id="{select}"', 1)[1].split("</select>", 1)[0]
    found = re.search(r'<option value="([^"]*)"[^>]* selected>', inside)
    return found.group(1) if found else None


def test_the_forms_start_from_the_orders_in_force(server: TestClient) -> None:
    """Rulings W84: the action form is drawn filled with the chosen combatant's action (its
    target, called shot and range), each NPC's row with its order, and a changed order
    redraws the forms; a player's forms hold only her own orders."""
    st = set_up_hangar(server)  # the Raider: attack Nikos, called Left_Leg, medium range
    forms = server.get(f"{HANGAR}/forms", params={"who": "raider"}).text
    assert "Raider's action for turn 1: attack Nikos, called Left Leg, medium range" in forms
    parts = ("who", "kind", "target", "called", "range", "luck")
    assert [selected(forms, f"act-{part}") for part in parts] == [
        "Raider", "attack", "Nikos", "Left_Leg", "medium", None]  # fmt: skip
    assert (selected(forms, "npc-kind-1"), selected(forms, "npc-target-1")) == ("attack", "Nikos")
    assert "the tracker chooses" not in options(forms, "npc-kind-1")  # it has an order
    drawn = server.get(f"{HANGAR}/forms").text  # no one chosen: the first, Nikos, unset
    assert "Nikos has no action for turn 1 yet" in drawn
    assert selected(drawn, "act-target") is None
    roster = drawn.split('name="roster" value="', 1)[1].split('"', 1)[0]
    post(server, f"{HANGAR}/action", st, who="Nikos", kind="suppress", target="Raider")
    again = server.get(f"{HANGAR}/forms", params={"roster": roster})
    assert again.status_code == 200  # an order changed: redrawn, filled with it
    assert (selected(again.text, "act-kind"), selected(again.text, "act-target")) == (
        "suppress", "Raider")  # fmt: skip
    server.cookies.clear()
    sign_in(server, "Pia")
    hers = server.get(f"{HANGAR}/forms", params={"who": "Raider"}).text
    assert options(hers, "act-who") == ["Nikos"]  # not the Raider's, whoever is asked for
    assert "Nikos's action for turn 1: suppress Raider" in hers
    assert "called Left Leg" not in words(hers)  # nothing of the Raider's plan


def test_the_start_says_the_fight_begins_and_a_knife_has_no_rounds(server: TestClient) -> None:
    st = page_headers(server, "Stella")
    started = post(server, "/games/Pegasus/combats", st, name="Hangar")
    assert "The fight 'Hangar' begins: nobody has joined yet." in words(started)
    post(server, f"{HANGAR}/npc", st, name="Cutter", rating="3", weapon="Knife")
    post(server, f"{HANGAR}/join", st, who="Nikos", weapon="Pistol")
    tracker = server.get(f"{HANGAR}/tracker").text
    assert 'data-label="Weapon">Knife</td>' in tracker  # no "(0)": a knife takes no rounds
    assert 'data-label="Weapon">Pistol (12)</td>' in tracker
    stopped = post(server, f"{HANGAR}/stop", st)
    assert "The fight 'Hangar' is over: stopped at turn 1." in words(stopped)


def test_a_wound_reads_with_its_space_on_the_sheet_page(server: TestClient, server_db: str) -> None:
    """Rulings W83: the web sheet writes a wound's location as every surface does."""
    table = Table(server_db)
    try:
        table.execute(c.SetSheet("Pegasus", "Nikos", {"wounds": [
            {"location": "Left_Arm", "severity": "Moderate"}]}))  # fmt: skip
    finally:
        table.close()
    sign_in(server, "Pia")
    sheet = words(server.get("/games/Pegasus/characters/Nikos").text)
    assert "Left Arm: Moderate" in sheet  # (the sheet as text, to fix, keeps the data's name)


def test_someone_signed_out_is_sent_to_sign_in(server: TestClient) -> None:
    answer = server.get(HANGAR, follow_redirects=False)
    assert answer.status_code == 303
    assert answer.headers["location"] == "/"
    assert server.get(f"{HANGAR}/tracker").status_code == 401


def test_a_game_of_another_system_has_no_tracker(server: TestClient) -> None:
    sign_in(server, "Dora")
    page = server.get("/games/Dungeon/combats")
    assert page.status_code == 200
    assert "The combat tracker is FS3's; Dungeon plays GURPS" in page.text
    assert server.get("/games/Pegasus/combats").status_code == 403  # not her game
