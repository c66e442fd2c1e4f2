"""A private scene's fight tells its news to its people alone, a request's new odds too
(issue 37; rulings R32, H9, H16). The Storyteller asks Nikos for a roll in the game's log;
then, in a private scene, a fight wounds him. His open request gets its odds again, and that
event said to the whole game, right after the hidden turn, that something had happened to
Nikos, and when: Otto and Olly, outside the scene, saw a ``request_odds`` event and the
request's card with a wound modifier in its odds. Now the new odds are told in the scene the
wound was dealt in: those in it (and the Storyteller) see them, on the request's card and on
their streams; no reader outside learns of them by any path (the events JSON, the feed page,
the live stream, the log). A real ``rollplay serve`` process, SQLite and PostgreSQL."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import closing
from pathlib import Path
from typing import Any

import httpx
import pytest

from tests.server.process import Watcher, serving, signed_in, token_for

pytestmark = [pytest.mark.live, pytest.mark.storage]
API = "/api/v1/games/Pegasus"
TURNS = 40  # a bounded wait for the dice to wound Nikos (a rating-8 rifleman shoots him)


@pytest.fixture
def base(server_db: str, tmp_path: Path) -> Iterator[str]:
    with serving(server_db, output=tmp_path / "server.log") as (url, _):
        yield url


def _said(client: httpx.Client, headers: dict[str, str], text: str) -> dict[str, Any]:
    done = client.post(f"{API}/commands", json={"text": text}, headers=headers)
    assert done.status_code == 200, f"{text}: {done.text}"
    return dict(done.json())


def _events(client: httpx.Client) -> list[dict[str, Any]]:
    answer = client.get(f"{API}/events?format=json&limit=1000")
    assert answer.status_code == 200, answer.text
    return list(answer.json())


def _request(client: httpx.Client, number: int) -> dict[str, Any]:
    """Request ``number`` as the reader's events hand it, its odds as they stand for them."""
    (found,) = [e for e in _events(client) if e["id"] == number]
    return dict(found["data"])


def test_a_private_fights_wounds_move_a_requests_odds_for_its_people_alone(base: str) -> None:
    stella, st = signed_in(base, "Stella")
    pia, pi = signed_in(base, "Pia")
    asked = _said(stella, st, "request Nikos Firearms")["log_id"]  # in the game's log
    before = _request(pia, asked)["odds"]
    assert "wounds" not in before["check"]
    outside = {name: Watcher([base], token_for(base, name)) for name in ("Otto", "Olly")}
    inside = Watcher([base], token_for(base, "Pia"))
    for watcher in (*outside.values(), inside):
        watcher.start()
        assert watcher.connected.wait(10)
    number = _said(stella, st, "scene/private Vault")["number"]
    _said(stella, st, "scene/invite Pia")
    _said(pia, pi, f"scene/join {number}")
    _said(stella, st, "combat/start Zephyrion")
    _said(pia, pi, "combat/join Nikos/combat=Zephyrion")
    _said(stella, st, "combat/join Krellborn/npc=8,team=B,weapon=Rifle,combat=Zephyrion")
    moved: list[dict[str, Any]] = []
    for _ in range(TURNS):  # until a wound changes his odds
        _said(stella, st, "combat/newturn Zephyrion")
        moved = [e for e in _events(stella) if e["kind"] == "request_odds"]
        if moved:
            break
    assert moved, "no turn wounded Nikos"
    last = max(e["id"] for e in _events(stella))
    # Nikos's player and the Storyteller see the new odds: the card and the event.
    for client in (pia, stella):
        now = _request(client, asked)["odds"]
        assert "wounds" in now["check"], now
        assert [e["id"] for e in _events(client) if e["kind"] == "request_odds"]
    told = now["check"].partition(":")[0].encode()  # "Firearms+Reflexes, -1 wounds"
    assert inside.wait_for(last)
    assert any(e["kind"] == "request_odds" for e in inside.events)
    # Otto (a player) and Olly (an observer) learn nothing of it by any path: the request's
    # card keeps the odds they were told, and no event tells them of a change.
    otto, ot = signed_in(base, "Otto")
    with closing(otto):
        after = _said(otto, ot, "roll Mavros/Firearms")["log_id"]  # public: their streams go on
    for name, watcher in outside.items():
        client, _ = signed_in(base, name)
        with closing(client):
            seen = _events(client)
            assert "request_odds" not in [e["kind"] for e in seen], name
            assert _request(client, asked)["odds"] == before, name
            for path in ("/games/Pegasus", f"{API}/log?format=jsonl",
                         f"/games/Pegasus/log/{asked}"):  # fmt: skip
                answer = client.get(path)
                assert answer.status_code == 200, (name, path)
                assert told not in answer.content, (name, path)
                assert b"as the sheet changed" not in answer.content, (name, path)
        assert watcher.wait_for(after), name
        assert "request_odds" not in [e["kind"] for e in watcher.events], name
        assert told not in bytes(watcher.raw), name
    for watcher in (*outside.values(), inside):
        watcher.stop()
    pia.close()
    stella.close()
