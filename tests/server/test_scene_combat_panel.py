"""The scene page's combat panel (issue 30): its place on the page asks for it; the answer
is the combat the scene plays, drawn with the combat page's tracker and only the forms the
reader may use (the Storyteller's turn and NPCs, a player's own character's action, none
for an observer), or 204 while the page already shows it."""

from __future__ import annotations

from fastapi.testclient import TestClient

from tests.server.conftest import sign_in

PANEL = "/games/Pegasus/scenes/1/combat"


def _as(server: TestClient, role: str) -> dict[str, str]:
    server.cookies.clear()
    return {**sign_in(server, role), "Origin": "http://testserver", "HX-Request": "true"}


def _line(server: TestClient, role: str, text: str) -> None:
    done = server.post("/api/v1/games/Pegasus/commands", json={"text": text},
                       headers=_as(server, role))  # fmt: skip
    assert done.status_code == 200, done.text


def test_the_panel_shows_the_scenes_combat_to_each_as_they_may_use_it(
    server: TestClient,
) -> None:
    _line(server, "Stella", "scene/start Docks")
    _line(server, "Stella", "combat/start Outside")  # in the scene: before the page asks
    _line(server, "Pia", "scene/join 1")
    _as(server, "Pia")
    page = server.get("/games/Pegasus/scenes/1").text
    assert f'hx-get="{PANEL}?shown="' in page  # an empty place, asking on load
    assert 'hx-trigger="load, sse:combat"' in page
    assert "/games/Pegasus/scenes/1/export?format=jsonl" in page  # the record's links too
    panel = server.get(PANEL).text
    assert f'hx-get="{PANEL}?shown=Outside"' in panel
    assert 'hx-get="/games/Pegasus/combats/Outside/tracker"' in panel
    assert "Join the fight" in panel  # Nikos may join
    assert "Resolve the turn" not in panel
    assert server.get(PANEL, params={"shown": "Outside"}).status_code == 204
    _line(server, "Stella", "combat/join Nikos/weapon=Pistol,combat=Outside")
    _line(server, "Stella", "combat/join Raider/npc=3,team=B,combat=Outside")
    _as(server, "Pia")
    panel = server.get(PANEL).text
    assert "Set action" in panel  # for Nikos, hers
    assert '<option value="Nikos">' in panel
    assert "Add NPC" not in panel
    _as(server, "Stella")
    panel = server.get(PANEL).text
    assert "Resolve the turn" in panel
    assert "Add NPC" in panel
    _as(server, "Olly")  # an observer reads it and may use none of it
    panel = server.get(PANEL).text
    assert "Raider" in panel
    assert "<form" not in panel
    _line(server, "Stella", "combat/stop Outside")
    _as(server, "Pia")
    assert server.get(PANEL, params={"shown": "Outside"}).text.count("<section") == 0
    assert server.get(PANEL).status_code == 204  # none to show, and none shown
