"""The web scene pages (issue 30): the pose box (a plain line is a pose, a command's whole
word runs it, HTML in a pose is text, *emphasis* is drawn), the pose order panel, the API's
scene; and a private scene by every route, for every role: 404 (or the sign-in redirect)
for those outside it, its title never in what they are sent."""

from __future__ import annotations

from fastapi.testclient import TestClient

from tests.server.conftest import sign_in
from tests.server.forms import post_form

TITLE = "Vault of Whispers"


def test_the_pose_box_and_the_order_panel(server: TestClient) -> None:
    server.cookies.clear()
    headers = {**sign_in(server, "Stella"), "Origin": "http://testserver", "HX-Request": "true"}
    started = server.post("/games/Pegasus/scenes", data={"title": "Docks"}, headers=headers)
    assert started.headers["HX-Redirect"] == "/games/Pegasus/scenes/1"  # on to its page
    assert 'href="/games/Pegasus/scenes"' in server.get("/games/Pegasus").text
    assert 'href="/games/Pegasus/scenes/1">1. Docks' in server.get("/games/Pegasus/scenes").text
    box = "/games/Pegasus/scenes/1/pose"
    code, said = post_form(server, "Pia", box, text="leans in.")
    assert code == 400
    assert "join scene 1 first" in said
    assert post_form(server, "Pia", box, text="scene/join")[0] == 200  # means this scene
    assert post_form(server, "Pia", box, text="she <b>smiles</b>, *slowly*.\nThen waits.")[0] == 200
    assert post_form(server, "Pia", box, text="roll Nikos/Firearms")[0] == 200  # a command
    page = server.get("/games/Pegasus/scenes/1").text
    assert "Nikos</span> she &lt;b&gt;smiles&lt;/b&gt;, <em>slowly</em>." in page
    assert "<b>smiles" not in page
    assert page.index("smiles") < page.index("Firearms")  # in the ledger's order
    order = server.get("/games/Pegasus/scenes/1/order").text
    assert "Waiting on Stella" in order
    assert 'data-your-turn="false"' in order
    server.cookies.clear()
    sign_in(server, "Stella")
    assert 'data-your-turn="true"' in server.get("/games/Pegasus/scenes/1/order").text
    shown = server.get("/api/v1/games/Pegasus/scenes/1").json()
    assert (shown["order"]["waiting"], shown["order"]["last"]) == (["Stella"], "Nikos")
    assert [e["kind"] for e in shown["ledger"]] == ["scene_start", "scene_join", "pose", "roll"]
    code, said = post_form(server, "Pia", "/games/Pegasus/scenes/1/stop")
    assert code == 403
    assert "only its starter or the Storyteller" in said


def test_a_private_scene_is_no_scene_to_those_outside_it(server: TestClient) -> None:
    assert post_form(server, "Pia", "/games/Pegasus/scenes", title=TITLE, private="1")[0] == 200
    assert (
        post_form(server, "Pia", "/games/Pegasus/scenes/1/pose", text="cracks the safe.")[0] == 200
    )
    reads = ["/games/Pegasus/scenes/1", "/games/Pegasus/scenes/1/order",
             "/games/Pegasus/scenes/1/feed", "/api/v1/games/Pegasus/scenes/1"]  # fmt: skip
    writes = ["/games/Pegasus/scenes/1/pose", "/games/Pegasus/scenes/1/join",
              "/games/Pegasus/scenes/1/stop"]  # fmt: skip
    for role in ("Otto", "Olly", "Dora"):  # another player, an observer, an outsider
        for path in reads:
            server.cookies.clear()
            sign_in(server, role)
            answer = server.get(path)
            assert answer.status_code in (403, 404), (role, path, answer.status_code)
            assert TITLE not in answer.text
            assert "cracks the safe" not in answer.text
        for path in writes:
            code, said = post_form(server, role, path, text="peeks in.")
            assert code in (403, 404), (role, path, code)
            assert TITLE not in said
        lists = [server.get("/games/Pegasus/scenes"), server.get("/api/v1/games/Pegasus/scenes")]
        assert all(TITLE not in listed.text for listed in lists)
    server.cookies.clear()
    for path in reads:  # signed out: sent to sign in, or a 401
        answer = server.get(path, follow_redirects=False)
        assert answer.status_code in (303, 401)
        assert TITLE not in answer.text
    for role in ("Pia", "Stella"):  # its starter, and the Storyteller
        server.cookies.clear()
        sign_in(server, role)
        page = server.get("/games/Pegasus/scenes/1")
        assert page.status_code == 200
        assert "cracks the safe" in page.text
    assert (
        post_form(server, "Pia", "/games/Pegasus/scenes/1/pose", text="scene/invite Otto")[0] == 200
    )
    server.cookies.clear()
    sign_in(server, "Otto")
    assert "cracks the safe" in server.get("/games/Pegasus/scenes/1").text
