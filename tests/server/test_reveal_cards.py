"""A card's Reveal (issue 37; rulings S73): drawn on the Storyteller's card of a secret roll
and of a combat turn an NPC fought in, and on no player's; pressed, the turn's card opens for
the players (the NPC's dice no longer "kept by the Storyteller") and hers says it was
revealed. A player's own page, asked for the same routes, is refused."""

from __future__ import annotations

import re

from fastapi.testclient import TestClient

from rollplay.systems.fs3.combat.state import Action
from rollplay.table import commands as c
from rollplay.table.combat.tracker import Tracker
from rollplay.table.service import Table
from rollplay.table.systems import Request
from tests.server.conftest import sign_in

KEPT = "dice kept by the Storyteller"


def _reveal(server: TestClient, who: str, number: int) -> tuple[int, str]:
    """``who`` presses Reveal on card ``number`` (signed in afresh, as a browser is)."""
    server.cookies.clear()
    headers = {**sign_in(server, who), "Origin": "http://testserver", "HX-Request": "true"}
    answer = server.post(f"/games/Pegasus/rolls/{number}/reveal", headers=headers)
    return answer.status_code, answer.text


def _card(server: TestClient, who: str, number: int) -> str:
    server.cookies.clear()
    sign_in(server, who)
    page = server.get("/games/Pegasus/scenes/1")
    assert page.status_code == 200, page.text
    found = re.search(rf'<li id="e{number}"[^>]*>(.*?)</li>', page.text, re.S)
    assert found is not None, f"#{number} is not on {who}'s page"
    return found.group(1)


def test_the_storytellers_cards_reveal_a_secret_roll_and_an_npcs_turn(
    server: TestClient, server_db: str
) -> None:
    table = Table(server_db)
    stella = table.acting_as("Stella")
    stella.execute(c.SceneStart("Pegasus", "Alley"))
    secret = stella.execute(c.NpcRoll("Pegasus", Request("5"), name="Lookout",
                                      visibility="secret"))  # fmt: skip
    tracker = Tracker(stella)
    tracker.start("Pegasus", "Alley Fight")
    tracker.join("Pegasus", "Alley Fight", "Nikos", weapon="Pistol")
    tracker.join("Pegasus", "Alley Fight", "Thug", rating=4, team="B", weapon="Pistol")
    tracker.act("Pegasus", "Alley Fight", "Thug", Action("attack", target="Nikos"))
    tracker.turn("Pegasus", "Alley Fight")
    turn = max(v.id for v in stella.events_for("Pegasus", limit=1000) if v.kind == "combat_turn")
    roll = getattr(secret, "log_id", 0)
    for number in (roll, turn):
        assert "Reveal to the scene" in _card(server, "Stella", number)
        for player in ("Pia", "Olly"):
            assert "Reveal to the scene" not in _card(server, player, number)
    assert KEPT in _card(server, "Pia", turn)
    assert _reveal(server, "Pia", turn)[0] == 403  # hers alone
    for number in (turn, roll):
        status, said = _reveal(server, "Stella", number)
        assert status == 200, said
        mine = _card(server, "Stella", number)
        assert "Reveal to the scene" not in mine
        assert "Revealed: #" in mine
    status, said = _reveal(server, "Stella", turn)
    assert status == 400
    assert "already revealed" in said
    opened = _card(server, "Pia", turn)
    assert KEPT not in opened  # the NPC's dice, whole
    assert "Thug" in opened
    assert "Lookout" in _card(server, "Olly", roll)
