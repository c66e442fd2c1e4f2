"""Scene logs brought in on the web (issue 38, "Scene logs"): the scenes page's upload and
the API's, answered with the report per file; bad input one line (the form's error, the
API's 4xx ``{"error"}``) and nothing made."""

from __future__ import annotations

import html
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from tests.aresmush.bad_logs import BAD_LOGS
from tests.server.conftest import sign_in

pytestmark = [pytest.mark.storage]

LOGS = Path(__file__).parents[1] / "aresmush" / "logs"
WRITE = {"Origin": "http://testserver", "HX-Request": "true"}


def _files(*names: str) -> list[tuple[str, tuple[str, bytes]]]:
    return [("files", (n, (LOGS / n).read_bytes())) for n in names]


def test_the_upload_reports_each_log_and_links_its_scene(server: TestClient) -> None:
    headers = {**sign_in(server, "Stella"), **WRITE}
    page = server.get("/games/Pegasus/scenes").text
    assert 'id="scene-import"' in page
    answer = server.post("/games/Pegasus/scenes/import", headers=headers,
                         files=_files("docks.txt", "archive.txt"))  # fmt: skip
    assert answer.status_code == 200, answer.text
    assert answer.text.count('<a href="/games/Pegasus/scenes/') == 2
    assert "Trouble at the Docks" in answer.text
    assert "poses by: Nikos 2, Pia 2 (not a character here)" in answer.text
    record = server.get("/games/Pegasus/scenes/1/record").text
    assert record.count("(imported: not provable)") == 10
    # The game's feed: each card marked, the head's leading to the scene's record.
    table = server.get("/games/Pegasus").text
    assert "(imported: not provable)" in table
    assert '<a href="/games/Pegasus/scenes/1/record" tabindex="-1">Read scene 1</a>' in table
    events = server.get("/api/v1/games/Pegasus/events?format=json&limit=1000").json()
    imported = [e for e in events if e["kind"] in ("scene_import", "imported")]
    assert len(imported) == 16  # both logs: 1 + 9 and 1 + 5
    assert all(e["data"]["imported"] is True and e["data"]["provable"] is False
               for e in imported)  # fmt: skip


def test_the_api_imports_and_refuses_bad_input_with_one_error(server: TestClient) -> None:
    headers = {**sign_in(server, "Stella"), "Origin": "http://testserver"}
    bad = server.post("/api/v1/games/Pegasus/scenes/import", headers=headers,
                      files=[("files", ("notes.txt", b"milk\neggs\n"))])  # fmt: skip
    assert bad.status_code == 400
    assert bad.json() == {"error": "notes.txt, line 2: not an AresMUSH scene log: its header is "
                          "the title, then 'Date: ...', then Summary:, Location:, Plot: (each "
                          "if set) and 'Participants: ...' (a scene not yet shared downloads "
                          "without it: share it, then download it again)"}  # fmt: skip
    # a good log before a bad one: nothing is made
    both = server.post("/api/v1/games/Pegasus/scenes/import", headers=headers,
                       files=[*_files("docks.txt"), ("files", ("e.txt", b""))])  # fmt: skip
    assert both.status_code == 400
    assert set(both.json()) == {"error"}
    nowhere = server.post("/api/v1/games/Nowhere/scenes/import", headers=headers,
                          files=_files("docks.txt"))  # fmt: skip
    assert nowhere.status_code == 404
    assert set(nowhere.json()) == {"error"}
    huge = server.post("/api/v1/games/Pegasus/scenes/import", headers=headers,
                       files=[("files", ("huge.txt", b"x" * (2 * 1024 * 1024)))])  # fmt: skip
    assert huge.status_code == 413
    assert set(huge.json()) == {"error"}
    assert server.get("/api/v1/games/Pegasus/scenes").json() == []
    made = server.post("/api/v1/games/Pegasus/scenes/import", headers=headers,
                       files=_files("docks.txt"))  # fmt: skip
    assert made.status_code == 200, made.text
    assert made.json()["scenes"][0]["attributed"][0] == {"name": "Nikos", "poses": 2,
                                                         "character": True}  # fmt: skip
    listed = server.get("/api/v1/games/Pegasus/scenes").json()
    assert [(s["number"], s["state"]) for s in listed] == [(1, "finished")]


def test_the_form_refuses_a_player_and_bad_files_in_one_line(server: TestClient) -> None:
    pia = {**sign_in(server, "Pia"), **WRITE}
    assert 'id="scene-import"' not in server.get("/games/Pegasus/scenes").text
    refused = server.post("/games/Pegasus/scenes/import", headers=pia, files=_files("docks.txt"))
    assert refused.status_code == 403
    assert "only the Storyteller may import another table&#39;s scene logs" in refused.text
    stella = {**sign_in(server, "Stella"), **WRITE}
    bad = server.post("/games/Pegasus/scenes/import", headers=stella,
                      files=[("files", ("x.txt", b"\xff\xfe"))])  # fmt: skip
    assert bad.status_code == 400
    assert bad.text == '<p class="error" role="alert">x.txt is not UTF-8 text (byte 0): an ' \
        "AresMUSH scene log is the text its portal&#39;s Download saves</p>"  # fmt: skip
    assert server.get("/api/v1/games/Pegasus/scenes").json() == []


@pytest.mark.parametrize(("name", "content", "says"), BAD_LOGS, ids=[c[0] for c in BAD_LOGS])
def test_a_good_log_with_one_the_service_refuses_is_one_line_and_makes_nothing(
    server: TestClient, name: str, content: bytes, says: str
) -> None:
    files = [*_files("archive.txt"), ("files", (name, content))]
    stella = sign_in(server, "Stella")
    api = server.post("/api/v1/games/Pegasus/scenes/import",
                      headers={**stella, "Origin": "http://testserver"}, files=files)  # fmt: skip
    assert api.status_code == 400, api.text
    assert set(api.json()) == {"error"}
    assert says in api.json()["error"]
    form = server.post("/games/Pegasus/scenes/import", headers={**stella, **WRITE}, files=files)
    assert form.status_code == 400, form.text
    assert form.text.count("<p") == 1
    assert says in html.unescape(form.text)
    assert server.get("/api/v1/games/Pegasus/scenes").json() == []


def test_under_an_idempotency_key_a_refused_log_still_makes_nothing(server: TestClient) -> None:
    """A keyed request's first command runs in its own held transaction: held with the other
    logs, it joins theirs, so the good log is not kept when a later one is refused (A57)."""
    blank = next(case for case in BAD_LOGS if case[0] == "blank.txt")
    headers = {**sign_in(server, "Stella"), "Origin": "http://testserver",
               "Idempotency-Key": "logs-1"}  # fmt: skip
    answer = server.post("/api/v1/games/Pegasus/scenes/import", headers=headers,
                         files=[*_files("archive.txt"), ("files", blank[:2])])  # fmt: skip
    assert answer.status_code == 400, answer.text
    assert server.get("/api/v1/games/Pegasus/scenes").json() == []
    again = {**headers, "Idempotency-Key": "logs-2"}
    made = server.post("/api/v1/games/Pegasus/scenes/import", headers=again,
                       files=_files("archive.txt", "docks.txt"))  # fmt: skip
    assert made.status_code == 200, made.text
    listed = server.get("/api/v1/games/Pegasus/scenes").json()
    assert sorted(s["number"] for s in listed) == [1, 2]
