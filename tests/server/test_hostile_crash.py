"""A write whose worker is killed after it commits and before its answer is kept runs once
(issue 37; rulings H2, H11): the command stores its answer with its write, in its own
transaction, so the Idempotency-Key's retry, after the stale-claim limit and a restart, is
answered with what the write answered, and writes nothing again. Before, the claim was
taken over as if nothing had happened and the pose was posed twice. A real ``rollplay
serve`` process killed with SIGKILL at that moment (the tests' switch in
server/idempotency.py), SQLite and PostgreSQL."""

from __future__ import annotations

from datetime import timedelta
from pathlib import Path
from typing import Any

import httpx
import pytest
import sqlalchemy as sa

from rollplay.table.store.db import open_engine
from rollplay.table.store.idempotency import ABANDONED
from rollplay.table.store.models import IdempotencyKey, now
from tests.server.process import serving, signed_in

pytestmark = [pytest.mark.live, pytest.mark.storage]
API = "/api/v1/games/Pegasus"
POSE = {"text": ":counts the crates twice, to be sure."}


def _poses(client: httpx.Client) -> list[dict[str, Any]]:
    events = client.get(f"{API}/events", params={"format": "json", "limit": 1000}).json()
    return [e for e in events if e["kind"] == "pose" and "counts the crates" in str(e)]


def test_a_pose_whose_answer_was_lost_in_a_crash_is_posed_once(
    server_db: str, tmp_path: Path
) -> None:
    crash = {"ROLLPLAY_TEST_CRASH_BEFORE_KEEPING": "1"}
    with serving(server_db, output=tmp_path / "first.log", env=crash) as (base, process):
        pia, headers = signed_in(base, "Pia")
        started = pia.post(f"{API}/commands", json={"text": "scene/start Dock"}, headers=headers)
        assert started.status_code == 200, started.text  # no key: nothing to crash on
        with pytest.raises(httpx.TransportError):  # the worker dies before it answers
            pia.post(f"{API}/commands", json=POSE, headers={**headers, "Idempotency-Key": "p1"})
        assert process.wait(30) != 0
    engine = open_engine(server_db)
    try:  # the claim left by the dead worker, as it stands after the stale-claim limit
        with engine.begin() as conn:
            conn.execute(sa.update(IdempotencyKey).values(
                created_at=now() - ABANDONED - timedelta(seconds=5)))  # fmt: skip
    finally:
        engine.dispose()
    with serving(server_db, output=tmp_path / "second.log") as (base, _):
        pia, headers = signed_in(base, "Pia")
        keyed = {**headers, "Idempotency-Key": "p1"}
        retried = pia.post(f"{API}/commands", json=POSE, headers=keyed)
        assert retried.status_code == 200, retried.text
        (pose,) = _poses(pia)  # posed once: the write that committed before the crash
        answer = retried.json()
        assert answer["command"] == "Pose"
        assert answer["event_ids"] == [pose["id"]]  # the original answer: that pose's
        assert "counts the crates twice" in str(answer)
        again = pia.post(f"{API}/commands", json=POSE, headers=keyed)
        assert again.status_code == 200
        assert again.content == retried.content  # kept now, as any answer is
        assert len(_poses(pia)) == 1
