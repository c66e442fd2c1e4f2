"""The scene page's controls on the server (issue 37): each builds its typed command and
runs it as the viewer, so bad input is one clear line and writes nothing, what it writes
must land in this scene, and a private scene's title reaches no one outside it by them."""

from __future__ import annotations

from html import unescape

from fastapi.testclient import TestClient

from tests.server.conftest import sign_in
from tests.server.forms import luck_of, post_form

SCENE = "/games/Pegasus/scenes/1"


def _ledger(server: TestClient, number: int = 1) -> list[str]:
    server.cookies.clear()
    sign_in(server, "Stella")
    shown = server.get(f"/api/v1/games/Pegasus/scenes/{number}").json()
    return [str(e["kind"]) for e in shown["ledger"]]


def _one_line(code: int, said: str, status: int, words: str) -> None:
    assert code == status, said
    assert words in unescape(said), said
    assert said.count("<p") == 1, said
    assert "\n" not in said, said


def test_the_header_starts_with_the_scene_and_is_edited_in_place(server: TestClient) -> None:
    code, _ = post_form(server, "Stella", "/games/Pegasus/scenes", title="Docks", location="Pier 9",
                    kind="action", summary="Rain")  # fmt: skip
    assert code == 200
    page = server.get(SCENE).text
    assert "An action scene at Pier 9" in page
    assert "Edit where and what kind" in page  # hers: she started it
    assert _ledger(server) == ["scene_start", "scene_set"]
    _one_line(*post_form(server, "Stella", SCENE + "/set", location="Pier 9", kind="action"), 400,
              "nothing to change")  # fmt: skip
    _one_line(*post_form(server, "Stella", SCENE + "/set", location="Pier\x009", kind="plot"), 400,
              "location")  # fmt: skip
    assert _ledger(server) == ["scene_start", "scene_set"]  # the type was not set either
    code, said = post_form(server, "Stella", SCENE + "/set", location="Pier 9", kind="heist")
    assert 400 <= code < 500, said
    assert "\n" not in said
    assert post_form(server, "Stella", SCENE + "/set", location="Pier 10", kind="plot")[0] == 200
    assert _ledger(server) == ["scene_start", "scene_set", "scene_set"]  # one for both
    post_form(server, "Otto", SCENE + "/join")
    _one_line(*post_form(server, "Otto", SCENE + "/set", location="The moon", kind="plot"), 403,
              "only its starter or the Storyteller")  # fmt: skip
    server.cookies.clear()
    sign_in(server, "Otto")
    assert "Edit where and what kind" not in server.get(SCENE).text


def test_ask_and_combat_take_only_what_the_lists_offer_and_land_here(server: TestClient) -> None:
    assert post_form(server, "Stella", "/games/Pegasus/scenes", title="Docks")[0] == 200
    page = server.get(SCENE).text
    assert 'id="ask-ability"' in page
    assert "Ask for a roll" in page
    assert "Start the combat" in page
    asks = SCENE + "/ask"
    for form, words in (
        ({"character": "Mavros", "ability": "Piloting"}, "Mavros does not roll 'Piloting'"),
        ({"character": "Nikos", "ability": "Piloting vs Mavros"}, "does not roll"),
        ({"character": "Nobody", "ability": "Piloting"}, "no character 'Nobody'"),
    ):
        _one_line(*post_form(server, "Stella", asks, **form), 400, words)
    _, sent = post_form(server, "Stella", asks, character="Nobody", ability="Melee")
    server.cookies.clear()
    sign_in(server, "Stella")
    mavros = server.get("/api/v1/games/Pegasus/characters/Mavros").json()["sheet"]
    choices = server.get(asks, params={"character": "Mavros", "ability": "Piloting"}).text
    assert 'value="Medicine"' in choices  # Mavros's list, his first chosen
    assert 'value="Piloting"' not in choices
    # With the odds of his first (000 What to Roll: the skill and its linked attribute).
    dice = mavros["action"]["Melee"] + mavros["attributes"]["Brawn"]
    odds = unescape(choices.split('id="ask-odds"', 1)[1])
    assert f"Melee: {dice} dice" in odds
    assert "any success" in odds
    unknown = server.get(asks, params={"character": "Nobody"})
    assert unknown.status_code == 400
    assert unknown.text == sent  # one refusal, in the same words, for the list and the ask
    for role in ("Pia", "Olly"):
        server.cookies.clear()
        sign_in(server, role)
        assert server.get(asks, params={"character": "Nikos"}).status_code == 403
        assert "Ask for a roll" not in server.get(SCENE).text
    # What lands in a scene lands in this one: Stella's rolls now go to scene 2.
    assert post_form(server, "Stella", "/games/Pegasus/scenes", title="Hangar")[0] == 200
    _one_line(*post_form(server, "Stella", asks, character="Nikos", ability="Piloting"), 400,
              "join scene 1 first")  # fmt: skip
    _one_line(*post_form(server, "Stella", SCENE + "/combat", name="Brawl"), 400,
              "join scene 1 first")  # fmt: skip
    assert _ledger(server) == ["scene_start"]
    assert post_form(server, "Stella", SCENE + "/join")[0] == 200
    assert post_form(server, "Stella", asks, character="Nikos", ability="Piloting", modifier="1",
                 secret="1")[0] == 200  # fmt: skip
    started, said = post_form(server, "Stella", SCENE + "/combat", name="Brawl")
    assert started == 200
    assert "'Brawl'</span> begins: nobody has joined yet." in unescape(said)  # rulings W85
    assert _ledger(server) == ["scene_start", "scene_join", "roll_request", "combat_start"]
    _one_line(
        *post_form(server, "Pia", SCENE + "/combat", name="Mine"), 403, "only the Storyteller"
    )


def test_luck_and_who_sees_it_beside_the_pose_box_are_for_a_roll(
    server: TestClient, server_db: str
) -> None:
    luck = luck_of(server_db)
    assert post_form(server, "Stella", "/games/Pegasus/scenes", title="Docks")[0] == 200
    assert post_form(server, "Pia", SCENE + "/join")[0] == 200
    box = SCENE + "/pose"
    _one_line(*post_form(server, "Pia", box, text="grins.", luck="bonus"), 400, "spent on a roll")
    _one_line(*post_form(server, "Pia", box, text="grins.", visibility="private"), 400,
              "not for a pose")  # fmt: skip
    assert _ledger(server) == ["scene_start", "scene_join"]
    assert post_form(server, "Pia", box, text="roll Piloting", luck="bonus",
                 visibility="private")[0] == 200  # fmt: skip
    server.cookies.clear()
    sign_in(server, "Pia")
    [rolled] = [e for e in server.get("/api/v1/games/Pegasus/scenes/1").json()["ledger"]
                if e["kind"] == "roll"]  # fmt: skip
    assert rolled["visibility"] == "private"
    assert rolled["data"]["outcome"]["luck"] == "bonus"  # the luck chosen, on the roll,
    assert rolled["data"]["spends"] == {"luck": 1}  # and its point spent
    assert luck_of(server_db) == luck - 1


def test_a_private_scenes_controls_are_no_scene_to_those_outside_it(server: TestClient) -> None:
    title = "Vault of Whispers"
    assert post_form(server, "Pia", "/games/Pegasus/scenes", title=title, private="1")[0] == 200
    for path, form in (
        (SCENE + "/set", {"location": "Out", "kind": "plot"}),
        (SCENE + "/pose", {"text": "roll Melee", "visibility": "private"}),
    ):
        code, said = post_form(server, "Otto", path, **form)
        assert code == 404, said
        assert title not in said
    code, said = post_form(server, "Stella", SCENE + "/set", location="The vault", kind="plot")
    assert code == 200, said  # the Storyteller runs every scene
