"""A scene's record on the server (issue 30, "The record"): the API's export and search, the
web's download links, the read-only page of a finished scene and the search page, each
handing a reader only what the service gives them (a secret or a private scene never), and a
bad request one line and a 4xx, never a 500."""

from __future__ import annotations

import re
from html import unescape

import pytest
from fastapi.testclient import TestClient

from rollplay.table import commands as c
from rollplay.table.dice.provable_log import read_log, verify_log
from rollplay.table.service import Table
from rollplay.table.systems import Request
from tests.server.conftest import sign_in

pytestmark = pytest.mark.storage  # the search index is each database's own

ALERT = re.compile(r'<p class="error" role="alert">(.*?)</p>', re.S)


@pytest.fixture
def played(server: TestClient, server_db: str) -> TestClient:
    """Scene 1 (open, finished): a pose of Pia's and the Storyteller's secret NPC roll; scene
    2 (private, Pia's, running): a pose no one else may read."""
    table = Table(server_db)
    pia, stella = table.acting_as("Pia"), table.acting_as("Stella")
    pia.execute(c.SceneStart("Pegasus", "Docks", "A rainy night"))
    pia.execute(c.Pose("Pegasus", "leans on the <i>crane</i>."))
    stella.execute(c.SceneJoin("Pegasus", 1))
    stella.execute(c.NpcRoll("Pegasus", Request("7"), name="Smuggler", visibility="secret"))
    pia.execute(c.Roll("Pegasus", c.Side("Nikos", Request("Firearms"))))
    stella.execute(c.SceneStop("Pegasus", 1))
    pia.execute(c.SceneStart("Pegasus", "Hangar", private=True))
    pia.execute(c.Pose("Pegasus", "hides the stolen codes."))
    table.rotate_seed("Pegasus", "public")
    table.close()
    return server


def _as(server: TestClient, who: str) -> TestClient:
    server.cookies.clear()
    sign_in(server, who)
    return server


def test_the_api_exports_and_searches_as_the_caller_may_see(played: TestClient) -> None:
    pia = _as(played, "Pia")
    got = pia.get("/api/v1/games/Pegasus/scenes/1/export?format=jsonl")
    assert got.status_code == 200
    assert got.headers["content-disposition"] == 'attachment; filename="Pegasus-scene-1.jsonl"'
    assert "Smuggler" not in got.text
    report = verify_log(read_log(got.text))
    assert report.summary().endswith("1 verified; 0 await a reveal; 1 hidden from you")
    markdown = pia.get("/api/v1/games/Pegasus/scenes/1/export").text
    assert "**Nikos** leans on the \\<i\\>crane\\</i\\>." in markdown
    bad = pia.get("/api/v1/games/Pegasus/scenes/1/export?format=pdf")
    said = "unknown scene export format 'pdf'; accepted: markdown, html, jsonl"
    assert (bad.status_code, bad.json()) == (400, {"error": said})
    otto = _as(played, "Otto")
    hidden = otto.get("/api/v1/games/Pegasus/scenes/2/export?format=html")
    assert hidden.status_code == 404  # as a scene that does not exist
    assert hidden.json() == {"error": "no scene 2 in Pegasus for Otto"}
    assert otto.get("/api/v1/games/Pegasus/scenes?q=stolen codes").json() == []
    assert otto.get("/api/v1/games/Pegasus/scenes?q=smuggler").json() == []
    [hit] = otto.get("/api/v1/games/Pegasus/scenes?q=CRANE").json()
    assert (hit["scene"], hit["kind"], hit["said"]) == (1, "pose", "Nikos: leans on the "
                                                        "<i>crane</i>.")  # fmt: skip
    assert [s["number"] for s in otto.get("/api/v1/games/Pegasus/scenes").json()] == [1]
    for query in ('"', "NEAR(crane", "*", "crane)", "'; DROP TABLE events; --"):
        answer = otto.get("/api/v1/games/Pegasus/scenes", params={"q": query})
        assert answer.status_code in (200, 400), query
        if answer.status_code == 400:
            assert "no word to search for" in answer.json()["error"]
    assert otto.get("/api/v1/games/Pegasus/scenes", params={"q": "x" * 201}).status_code == 422


def test_the_record_page_the_downloads_and_the_search_page(played: TestClient) -> None:
    olly = _as(played, "Olly")  # an observer: a member who reads
    page = olly.get("/games/Pegasus/scenes/1/record")
    assert page.status_code == 200
    assert "leans on the &lt;i&gt;crane&lt;/i&gt;." in page.text
    assert "Smuggler" not in page.text
    assert "<textarea" not in page.text  # no pose box
    assert 'class="scene-export"' in page.text
    links = re.findall(r'href="(/games/Pegasus/scenes/1/export\?format=\w+)"', page.text)
    assert len(links) == 3
    for link in links:
        got = olly.get(link)  # with the session cookie alone, as the browser sends it
        assert got.status_code == 200
        assert "crane" in got.text
        assert "Smuggler" not in got.text
    running = olly.get("/games/Pegasus/scenes/2/record")  # private: not even its state
    assert running.status_code == 404
    assert ALERT.findall(running.text) == ["no scene 2 in Pegasus for Olly"]
    pia = _as(played, "Pia")
    running = pia.get("/games/Pegasus/scenes/2/record")
    assert ALERT.findall(running.text) == ["scene 2 (Hangar) is running: its record is shared "
                                           "once it is finished"]  # fmt: skip
    assert "stolen codes" in pia.get("/games/Pegasus/scenes/search?q=stolen").text
    otto = _as(played, "Otto")
    found = otto.get("/games/Pegasus/scenes/search?q=stolen")
    assert found.status_code == 200
    assert "0 found" in found.text
    assert "stolen" not in found.text.replace('value="stolen"', "")
    found = otto.get("/games/Pegasus/scenes/search?q=crane")
    assert 'href="/games/Pegasus/scenes/1/record#e' in found.text
    bad = otto.get("/games/Pegasus/scenes/search", params={"q": "(*)"})
    assert bad.status_code == 400
    assert [unescape(a) for a in ALERT.findall(bad.text)] == [
        "'(*)' holds no word to search for (letters or digits)"
    ]
    played.cookies.clear()
    assert played.get("/games/Pegasus/scenes/1/export").status_code == 401
