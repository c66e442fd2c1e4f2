"""A private scene leaks nothing, not even that a roll was made in it (issue 37; rulings S5,
V1, H10): a public roll in a private scene takes no nonce of the public chain, whose count
every member reads (``/seeds``) and whose nonces every public roll shows, so an outsider's
count and their own next roll's nonce say nothing happened; the roll draws from the hidden
chain, and those who may see it verify it once that chain is revealed. A real ``rollplay
serve`` process, SQLite and PostgreSQL."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest

from rollplay.table.dice.provable_log import read_log, verify_log
from tests.server.process import serving, signed_in

pytestmark = [pytest.mark.live, pytest.mark.storage]
API = "/api/v1/games/Pegasus"


@pytest.fixture
def base(server_db: str, tmp_path: Path) -> Iterator[str]:
    with serving(server_db, output=tmp_path / "server.log") as (url, _):
        yield url


def _said(client: httpx.Client, headers: dict[str, str], text: str) -> dict[str, Any]:
    done = client.post(f"{API}/commands", json={"text": text}, headers=headers)
    assert done.status_code == 200, done.text
    return dict(done.json())


def _public_count(client: httpx.Client) -> int:
    seeds = client.get(f"{API}/seeds").json()
    return int(next(r["nonces"] for r in seeds["current"] if r["chain"] == "public"))


def test_a_roll_in_a_private_scene_takes_no_public_nonce(base: str) -> None:
    otto, ot = signed_in(base, "Otto")  # outside the scene
    pia, pi = signed_in(base, "Pia")
    stella, st = signed_in(base, "Stella")
    first = _said(otto, ot, "roll Mavros/Firearms")["provable"]
    assert first["chain"] == "public"
    before = _public_count(otto)
    _said(pia, pi, "scene/private Vault")
    hers = _said(pia, pi, "roll Nikos/Firearms")  # a public roll, in the private scene
    assert hers["visibility"] == "public"
    assert hers["provable"]["chain"] == "hidden"
    assert _public_count(otto) == before  # was before + 1: the scene's roll, counted
    after = _said(otto, ot, "roll Mavros/Firearms")["provable"]
    assert after["nonce"] == first["nonce"] + 1  # no gap where the scene's roll was
    # Those who may see it verify it, once the Storyteller reveals the hidden chain; the
    # outsider's export judges the public chain whole and finds nothing missing.
    for chain in ("hidden", "public"):
        done = stella.post(f"{API}/seeds/rotate", json={"chain": chain}, headers=st)
        assert done.status_code == 200, done.text
    report = verify_log(read_log(pia.get(f"{API}/log?format=jsonl").text))
    verdicts = {v.id: v.status for v in report.verdicts}
    assert verdicts[hers["log_id"]] == "verified"
    assert report.seed_problems == []
    outside = verify_log(read_log(otto.get(f"{API}/log?format=jsonl").text))
    assert hers["log_id"] not in {v.id for v in outside.verdicts}
    assert all(v.status == "verified" for v in outside.verdicts), outside.verdicts
    assert outside.seed_problems == []
