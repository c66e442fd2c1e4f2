"""Verifiable dice over HTTP (server/seeds.py): the seeds as each member may see them, a
player's client seed, the Storyteller's rotation, the Verify page's forms for each role, and
the log's JSON Lines export carrying what ``rollplay verify`` needs."""

from __future__ import annotations

from fastapi.testclient import TestClient

from rollplay.table.dice.provable_log import read_log, verify_log
from tests.server.conftest import sign_in

API = "/api/v1/games/Pegasus"


def _as(server: TestClient, who: str) -> dict[str, str]:
    server.cookies.clear()
    return {**sign_in(server, who), "Origin": "http://testserver"}


def _roll(server: TestClient, headers: dict[str, str], text: str, visibility: str) -> int:
    done = server.post(f"{API}/commands", json={"text": text, "visibility": visibility},
                       headers=headers)  # fmt: skip
    assert done.status_code == 200, done.text
    return int(done.json()["log_id"])


def test_each_member_sees_the_seeds_as_they_may(server: TestClient) -> None:
    stella = _as(server, "Stella")
    _roll(server, stella, "roll Zorblax/5", "secret")
    _roll(server, stella, "roll Mavros/Melee", "public")
    mine = server.get(f"{API}/seeds").json()
    assert {r["chain"]: r["nonces"] for r in mine["current"]} == {"public": 1, "hidden": 1}
    _as(server, "Pia")
    hers = server.get(f"{API}/seeds").json()
    assert {r["chain"]: r["nonces"] for r in hers["current"]} == {"public": 1, "hidden": None}
    assert len(hers["client_seed"]) == 16  # made when she joined, in a public event (V10)
    assert [r["commitment"] for r in hers["current"]] == [r["commitment"]
                                                          for r in mine["current"]]  # fmt: skip
    assert all(set(row) == {"chain", "commitment", "nonces", "since"} for row in hers["current"])
    assert set(hers) == {"game", "provable", "current", "revealed", "client_seed"}


def test_a_player_sets_her_client_seed(server: TestClient) -> None:
    pia = _as(server, "Pia")
    done = server.put(f"{API}/seeds/client", json={"client_seed": "pia:42"}, headers=pia)
    assert done.status_code == 200, done.text
    assert done.json() == {"game": "Pegasus", "client_seed": "pia:42"}
    rolled = _roll(server, pia, "roll Nikos/Firearms", "public")
    entry = next(e for e in server.get(f"{API}/log").json() if e["id"] == rolled)
    assert entry["provable"]["client_seed"] == "pia:42"
    bad = server.put(f"{API}/seeds/client", json={"client_seed": "two words"}, headers=pia)
    assert bad.status_code == 400
    assert bad.json()["error"].startswith("a client seed is 1 to 64 printable ASCII")
    olly = _as(server, "Olly")
    refused = server.put(f"{API}/seeds/client", json={"client_seed": "x"}, headers=olly)
    assert refused.status_code == 403
    assert "Olly is an observer in Pegasus" in refused.json()["error"]


def test_the_storyteller_rotates_a_chain(server: TestClient) -> None:
    pia = _as(server, "Pia")
    rolled = _roll(server, pia, "roll Nikos/Firearms", "public")
    refused = server.post(f"{API}/seeds/rotate", json={"chain": "public"}, headers=pia)
    assert refused.status_code == 403
    stella = _as(server, "Stella")
    done = server.post(f"{API}/seeds/rotate", json={"chain": "public"}, headers=stella)
    assert done.status_code == 200, done.text
    said = done.json()
    assert (said["chain"], said["revealed"]["nonces"]) == ("public", 1)
    bad = server.post(f"{API}/seeds/rotate", json={"chain": "secret"}, headers=stella)
    assert bad.status_code == 400
    assert bad.json()["error"] == "unknown seed chain 'secret'; accepted: public, hidden"
    _as(server, "Pia")  # her export verifies the roll she made, and finds nothing amiss
    report = verify_log(read_log(server.get(f"{API}/log?format=jsonl").text))
    assert all(v.status != "mismatch" for v in report.verdicts)
    assert report.seed_problems == []  # each game's events numbered 1, 2, 3, ... (rulings T8)
    assert [(v.id, v.status) for v in report.verdicts] == [(rolled, "verified")]


def test_the_verify_page_offers_each_role_its_forms(server: TestClient) -> None:
    forms = {}
    for who in ("Olly", "Pia", "Stella"):
        _as(server, who)
        page = server.get("/games/Pegasus/verify")
        assert page.status_code == 200
        assert 'src="/static/verify_page.js"' in page.text
        assert 'data-export="/games/Pegasus/log/export?format=jsonl"' in page.text
        forms[who] = ("/seeds/client" in page.text, "/seeds/rotate" in page.text)
    assert forms == {"Olly": (False, False), "Pia": (True, False), "Stella": (True, True)}
    stella = _as(server, "Stella")
    done = server.post("/games/Pegasus/seeds/rotate", data={"chain": "hidden"},
                       headers={**stella, "HX-Request": "true"})  # fmt: skip
    assert done.status_code == 200
    assert "The hidden seed is revealed (0 rolls to verify)" in done.text
    assert done.headers["HX-Trigger"] == "done"  # the page checks the log again
    wrong = server.post("/games/Pegasus/seeds/client", data={"value": "a b"},
                        headers={**stella, "HX-Request": "true"})  # fmt: skip
    assert wrong.status_code == 400
    assert 'role="alert"' in wrong.text
