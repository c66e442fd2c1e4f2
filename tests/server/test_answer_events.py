"""A command's answer names only the events its actor may see (issue 37; rulings S5, R32,
S78): Pia's raise of Nikos's Firearms gives a request for Nikos that waits in a private scene
she is not in its new odds, an event of that scene; her answer names her raise, not the
scene's event, whose number would tell her the scene is there and busy. A chat bridge,
which posts each event to its own audience, is still handed every event written. A real
``rollplay serve`` process, SQLite and PostgreSQL."""

from __future__ import annotations

from contextlib import closing
from typing import Any

import httpx
import pytest

from tests.server.process import serving, signed_in

pytestmark = [pytest.mark.live, pytest.mark.storage]
API = "/api/v1/games/Pegasus"


def _said(client: httpx.Client, headers: dict[str, str], line: str) -> dict[str, Any]:
    done = client.post(f"{API}/commands", json={"text": line}, headers=headers)
    assert done.status_code == 200, f"{line}: {done.text}"
    return dict(done.json())


def _events(client: httpx.Client) -> dict[int, str]:
    listed = client.get(f"{API}/events?format=json&limit=1000").json()
    return {int(e["id"]): str(e["kind"]) for e in listed}


def test_a_raise_names_only_what_its_player_may_see(server_db: str) -> None:
    with serving(server_db) as (base, _):
        stella, st = signed_in(base, "Stella")
        pia, pi = signed_in(base, "Pia")
        with closing(stella), closing(pia):
            _said(stella, st, "xp/award Nikos=10")  # before the scene: Pia sees it
            _said(stella, st, "scene/private Vault")  # Stella's, without Pia
            asked = _said(stella, st, "request Nikos Firearms")
            raised = _said(pia, pi, "xp/raise Firearms")
            seen_by_pia, seen_by_stella = _events(pia), _events(stella)
            odds = [n for n, kind in seen_by_stella.items()
                    if kind == "request_odds" and n > asked["log_id"]]  # fmt: skip
            assert odds, "the raise gave the request no new odds: nothing to hide"
            ids = [int(n) for n in raised["event_ids"]]
            assert ids, raised
            assert [seen_by_pia.get(n) for n in ids] == ["raise"]
            assert not set(odds) & set(ids)
