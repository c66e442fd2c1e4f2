"""A long scene's page (issue 30's speed bars; docs/performance.md "Scenes"): it opens on its
newest entries only, and the earlier ones arrive on request, a page at a time, in order,
none twice, none missing, each as its reader may see it; its order panel, worked out once
for all its viewers, is never stale, and is redrawn after poses, not rolls."""

from __future__ import annotations

import re

import pytest
from fastapi.testclient import TestClient

from rollplay.dice import SeededDice
from rollplay.server import web_scenes
from rollplay.server.cards import sse_card
from rollplay.table import commands as c
from rollplay.table.service import Table
from rollplay.table.systems import Request
from tests.server.conftest import sign_in

pytestmark = pytest.mark.storage

PAGE = 7
CARD = re.compile(r'<li id="e(\d+)"')
EARLIER = re.compile(r'hx-get="(/games/Pegasus/scenes/1/earlier\?before=\d+)"')


def _play(db: str, entries: int) -> None:
    """A scene of ``entries`` entries: Pia's poses and rolls, Otto's private rolls (which
    Pia learns only were made), the Storyteller's secret ones."""
    table = Table(db)
    try:
        stella, pia, otto = (table.acting_as(n) for n in ("Stella", "Pia", "Otto"))
        stella.execute(c.SceneStart("Pegasus", "The long watch"))
        pia.execute(c.SceneJoin("Pegasus", 1))
        otto.execute(c.SceneJoin("Pegasus", 1))
        plays = [
            (pia, c.Pose("Pegasus", "checks the scanners.")),
            (pia, c.Roll("Pegasus", c.Side("Nikos", Request("Firearms")))),
            (otto, c.Roll("Pegasus", c.Side("Mavros", Request("Melee")), "private")),
            (stella, c.NpcRoll("Pegasus", Request("5"), "a guard", "secret")),
        ]
        for i in range(entries - 3):
            who, command = plays[i % len(plays)]
            who.execute(command, dice=SeededDice(i))
    finally:
        table.close()


def test_a_long_scene_opens_on_its_newest_entries_and_pages_back(
    server: TestClient, server_db: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(web_scenes, "PAGE", PAGE)
    _play(server_db, 40)
    sign_in(server, "Pia")
    whole = [e["id"] for e in server.get("/api/v1/games/Pegasus/scenes/1").json()["ledger"]]
    page = server.get("/games/Pegasus/scenes/1").text
    shown = [int(n) for n in CARD.findall(page)]
    assert 0 < len(shown) <= PAGE
    assert shown == whole[-len(shown) :]  # the newest, oldest first
    assert f"feed?after={whole[-1]}" in page  # the live feed resumes after the newest
    paged = server.get(f"/api/v1/games/Pegasus/scenes/1?limit={PAGE}").json()
    assert [e["id"] for e in paged["ledger"]] == shown  # the API's page is the same
    assert paged["earlier"] is not None
    asked = 0
    found = EARLIER.search(page)
    while found is not None:
        asked += 1
        assert asked <= 40 // PAGE + 1  # it ends
        fragment = server.get(found.group(1).replace("&amp;", "&"))
        assert fragment.status_code == 200
        before = [int(n) for n in CARD.findall(fragment.text)]
        assert before
        assert max(before) < min(shown)  # all of it before what is drawn
        shown = before + shown
        found = EARLIER.search(fragment.text)
    assert shown == whole  # in order, none twice, none missing
    assert asked == -(-40 // PAGE) - 1  # a page for each PAGE entries read, seen or not
    server.cookies.clear()
    sign_in(server, "Olly")  # each page is its reader's: a 404 outside a private scene too
    assert server.get("/games/Pegasus/scenes/2/earlier?before=5").status_code == 404


def test_the_order_panel_follows_each_pose_and_only_poses_redraw_it(
    server: TestClient, server_db: str
) -> None:
    """The panel's pose order is worked out once per scene and newest event (web_scenes.py
    ``_order``): each pose shows at once, none is served stale; and the feed tells pages to
    ask again for its controls after a change to the scene, not after a pose or a roll."""
    table = Table(server_db)
    stella, pia = table.acting_as("Stella"), table.acting_as("Pia")
    stella.execute(c.SceneStart("Pegasus", "The long watch"))
    pia.execute(c.SceneJoin("Pegasus", 1))
    sign_in(server, "Pia")
    panel = "/games/Pegasus/scenes/1/order"
    assert 'data-your-turn="true"' in server.get(panel).text  # nobody has posed
    pia.execute(c.Pose("Pegasus", "checks the scanners."))
    assert "Waiting on Stella" in server.get(panel).text
    pia.execute(c.Roll("Pegasus", c.Side("Nikos", Request("Firearms"))), dice=SeededDice(1))
    assert "Waiting on Stella" in server.get(panel).text
    stella.execute(c.Pose("Pegasus", "The fog thickens."))
    assert 'data-your-turn="true"' in server.get(panel).text  # hers is the oldest pose
    ledger, _ = pia.scene_ledger("Pegasus", 1)
    said = {e.kind: sse_card(e) for e in ledger}  # the controls change with the scene alone
    assert "event: controls" in said["scene_join"]
    assert "event: controls" not in said["pose"]
    assert "event: controls" not in said["roll"]
    table.close()
