"""A write whose worker is killed after it commits and before its answer is kept runs once
(issue 37; rulings H2, H11): the command stores its answer with its write, in its own
transaction, so the Idempotency-Key's retry, after the stale-claim limit and a restart, is
answered with what the write answered, and writes nothing again. Before, the claim was
taken over as if nothing had happened and the pose was posed twice. A real server process
killed with SIGKILL at that moment (``rollplay serve``'s app with the crash of
tests/server/crashing.py innermost), SQLite and PostgreSQL."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from datetime import timedelta
from pathlib import Path
from typing import Any

import httpx
import pytest
import sqlalchemy as sa

from rollplay.table.store.db import open_engine
from rollplay.table.store.idempotency import ABANDONED
from rollplay.table.store.models import IdempotencyKey, now
from tests.server.crashing import APP
from tests.server.process import serving, signed_in

pytestmark = [pytest.mark.live, pytest.mark.storage]
API = "/api/v1/games/Pegasus"
Headers = dict[str, str]


def _events(client: httpx.Client, kind: str, mark: str) -> list[dict[str, Any]]:
    events = client.get(f"{API}/events", params={"format": "json", "limit": 1000}).json()
    return [e for e in events if e["kind"] == kind and mark in str(e)]


@contextmanager
def _after_a_crash(db: str, folder: Path, line: str) -> Iterator[tuple[httpx.Client, Headers]]:
    """``line`` sent to the commands with a key, to a worker that dies once it has run and
    before its answer is kept; then, past the stale-claim limit, a new server: Pia's client
    there, and the headers that send the same key again."""
    with serving(db, output=folder / "first.log", app=APP) as (base, process):
        pia, headers = signed_in(base, "Pia")
        started = pia.post(f"{API}/commands", json={"text": "scene/start Dock"}, headers=headers)
        assert started.status_code == 200, started.text  # no key: nothing to crash on
        with pytest.raises(httpx.TransportError):  # the worker dies before it answers
            pia.post(f"{API}/commands", json={"text": line},
                     headers={**headers, "Idempotency-Key": "k1"})  # fmt: skip
        assert process.wait(30) != 0
    engine = open_engine(db)
    try:  # the claim left by the dead worker, as it stands after the stale-claim limit
        with engine.begin() as conn:
            conn.execute(sa.update(IdempotencyKey).values(
                created_at=now() - ABANDONED - timedelta(seconds=5)))  # fmt: skip
    finally:
        engine.dispose()
    with serving(db, output=folder / "second.log") as (base, _):
        pia, headers = signed_in(base, "Pia")
        yield pia, {**headers, "Idempotency-Key": "k1"}


def test_a_pose_whose_answer_was_lost_in_a_crash_is_posed_once(
    server_db: str, tmp_path: Path
) -> None:
    line = ":counts the crates twice, to be sure."
    with _after_a_crash(server_db, tmp_path, line) as (pia, keyed):
        retried = pia.post(f"{API}/commands", json={"text": line}, headers=keyed)
        assert retried.status_code == 200, retried.text
        (pose,) = _events(pia, "pose", "counts the crates")  # once: before the crash
        answer = retried.json()
        assert answer["command"] == "Pose"
        assert answer["event_ids"] == [pose["id"]]  # the original answer: that pose's
        assert "counts the crates twice" in str(answer)
        again = pia.post(f"{API}/commands", json={"text": line}, headers=keyed)
        assert again.status_code == 200
        assert again.content == retried.content  # kept now, as any answer is
        assert len(_events(pia, "pose", "counts the crates")) == 1


def test_a_roll_whose_answer_was_lost_in_a_crash_is_rolled_once(
    server_db: str, tmp_path: Path
) -> None:
    """A roll too: its dice, nonce and spent luck are the first roll's, not a second's."""
    line = "roll Nikos/Firearms"
    with _after_a_crash(server_db, tmp_path, line) as (pia, keyed):
        retried = pia.post(f"{API}/commands", json={"text": line}, headers=keyed)
        assert retried.status_code == 200, retried.text
        (roll,) = _events(pia, "roll", "Firearms")
        answer = retried.json()
        assert answer["log_id"] == roll["id"]
        assert answer["dice"] == roll["data"]["dice"]
        assert answer["provable"]["nonce"] == roll["data"]["provable"]["nonce"]
