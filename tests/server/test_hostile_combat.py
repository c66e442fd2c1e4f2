"""A combat started in a private scene is that scene's (issue 37; rulings S5, S50, H9): only
its people and the Storyteller see it anywhere: the game's combats (the API and the page),
its tracker and status, the command language, the events and the live stream. Before, its
name, combatants, gear and wounds were listed to everyone in the game. A real ``rollplay
serve`` process, SQLite and PostgreSQL. Names used nowhere else mark the combat and its NPC,
so a search for them finds any trace."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest

from tests.server.process import Watcher, serving, signed_in, token_for

pytestmark = [pytest.mark.live, pytest.mark.storage]
API = "/api/v1/games/Pegasus"
MARKS = ("Zephyrion", "Krellborn")  # the combat, and its NPC


@pytest.fixture
def base(server_db: str, tmp_path: Path) -> Iterator[str]:
    with serving(server_db, output=tmp_path / "server.log") as (url, _):
        yield url


def _line(client: httpx.Client, headers: dict[str, str], text: str) -> httpx.Response:
    return client.post(f"{API}/commands", json={"text": text}, headers=headers)


def _said(client: httpx.Client, headers: dict[str, str], text: str) -> dict[str, Any]:
    done = _line(client, headers, text)
    assert done.status_code == 200, f"{text}: {done.text}"
    return dict(done.json())


def _everything(client: httpx.Client, headers: dict[str, str]) -> bytes:
    """What a member may ask of the game without naming the combat: every answer, whole."""
    out = bytearray()
    for path in (f"{API}/combats", "/games/Pegasus/combats", "/games/Pegasus",
                 f"{API}/events?format=json&limit=1000", f"{API}/log?format=jsonl",
                 "/games/Pegasus/scenes"):  # fmt: skip
        answer = client.get(path)
        assert answer.status_code < 500, (path, answer.text)
        out += answer.content
    answer = _line(client, headers, "combat")  # the one under way, if only one
    assert answer.status_code < 500, answer.text
    return bytes(out + answer.content)


def _as_unknown(client: httpx.Client, headers: dict[str, str]) -> None:
    """Naming the combat is answered as naming one that never was (the name asked for is
    said back, as it is for any name)."""

    def probes(name: str) -> list[httpx.Response]:
        return [client.get(f"{API}/combats/{name}"),
                client.get(f"/games/Pegasus/combats/{name}"),
                _line(client, headers, f"combat/status {name}"),
                _line(client, headers, f"combat/join Mavros/combat={name}")]  # fmt: skip

    for real, never in zip(probes("Zephyrion"), probes("Nowhere"), strict=True):
        assert real.status_code == never.status_code, real.text
        assert real.text.replace("Zephyrion", "Nowhere") == never.text
        assert "Krellborn" not in real.text


def test_a_private_scenes_combat_is_seen_by_its_people_alone(base: str) -> None:
    stella, st = signed_in(base, "Stella")
    pia, pi = signed_in(base, "Pia")
    otto, ot = signed_in(base, "Otto")  # a player outside the scene
    olly, ol = signed_in(base, "Olly")  # an observer outside the scene
    outside = {name: Watcher([base], token_for(base, name)) for name in ("Otto", "Olly")}
    inside = Watcher([base], token_for(base, "Pia"))
    for watcher in (*outside.values(), inside):
        watcher.start()
        assert watcher.connected.wait(10)
    scene = _said(stella, st, "scene/private Vault")
    number = scene["number"]
    _said(stella, st, "scene/invite Pia")
    _said(pia, pi, f"scene/join {number}")
    _said(stella, st, "combat/start Zephyrion")
    _said(pia, pi, "combat/join Nikos/combat=Zephyrion")
    _said(stella, st, "combat/join Krellborn/npc=5,team=B,weapon=Rifle,combat=Zephyrion")
    _said(pia, pi, "combat/attack Nikos=Krellborn/combat=Zephyrion")
    turn = _said(stella, st, "combat/newturn Zephyrion")
    last = max(turn["event_ids"])
    # Those in the scene, and the Storyteller, see it: listed, tracked, on their stream.
    for client in (pia, stella):
        listed = client.get(f"{API}/combats").json()
        assert "Zephyrion" in [c["combat"] for c in listed]
        status = client.get(f"{API}/combats/Zephyrion")
        assert status.status_code == 200, status.text
        assert {"Nikos", "Krellborn"} <= {c["name"] for c in status.json()["combatants"]}
        assert "Zephyrion" in client.get("/games/Pegasus/combats").text
    assert inside.wait_for(last)
    assert any("Zephyrion" in str(e) for e in inside.events)
    # Those outside it learn nothing of it, anywhere; an unknown combat's answer is theirs.
    for name, (client, headers) in {"Otto": (otto, ot), "Olly": (olly, ol)}.items():
        seen = _everything(client, headers)
        for mark in MARKS:
            assert mark.encode() not in seen, (name, mark)
        _as_unknown(client, headers)
    # Their streams went on past the combat's events and carried none of them.
    _said(otto, ot, "roll Mavros/Firearms")
    for name, watcher in outside.items():
        assert watcher.wait_for(last + 1), name
        for mark in MARKS:
            assert mark.encode() not in bytes(watcher.raw), (name, mark)
    for watcher in (*outside.values(), inside):
        watcher.stop()
