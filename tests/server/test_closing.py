"""What a proxy in front of several hosts asks of one (docs/deploy.md, "Several hosts"): its
/healthz answers 503 once the server is closing (SIGTERM), while, for ROLLPLAY_DRAIN_SECONDS,
it still serves what the proxy sends it before its check sees that; then each live stream is
told when to come back and ends cleanly. ``/healthz?db=1`` also reads the database, and
answers 503 while the database does not answer. Real server processes."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import httpx
import pytest
import sqlalchemy as sa

from rollplay.server.closing import COME_BACK, SPREAD
from tests.databases import POSTGRES, Databases
from tests.hosts.clients import Follower
from tests.people import seat_people
from tests.server.process import serving, token_for

pytestmark = pytest.mark.live


def _health(url: str) -> httpx.Response | None:
    try:
        return httpx.get(url, timeout=5)
    except httpx.TransportError:
        return None


def test_a_closing_server_says_so_on_healthz_and_serves_while_it_drains(
    databases: Databases, tmp_path: Path
) -> None:
    db = databases.sqlite("seated", tmp_path / "table.db")
    with serving(db, env={"ROLLPLAY_DRAIN_SECONDS": "8"}) as (base, process):
        assert httpx.get(f"{base}/healthz", timeout=5).json() == {"ok": True}
        pia = token_for(base, "Pia")
        viewer = Follower([base], token_for(base, "Stella"), "Pegasus", after=0)
        viewer.start()
        try:
            assert viewer.connected.wait(20)
            process.send_signal(signal.SIGTERM)
            said = None
            for _ in range(100):  # bounded: the signal is taken in a moment
                said = _health(f"{base}/healthz")
                if said is None or said.status_code != 200:
                    break
                time.sleep(0.05)
            assert said is not None, "the server stopped answering at once: no drain"
            assert (said.status_code, said.json()) == (503, {"ok": False, "closing": True})
            # A second SIGTERM (systemd's to every process of the unit) is the same request:
            # the drain goes on (rulings N7).
            process.send_signal(signal.SIGTERM)
            # Draining: what the proxy still sends it is answered, and reaches the stream.
            rolled = httpx.post(f"{base}/api/v1/games/Pegasus/commands",
                                json={"text": "roll Firearms"},
                                headers={"Authorization": f"Bearer {pia}"}, timeout=10)  # fmt: skip
            assert rolled.status_code == 200, rolled.text
            assert viewer.wait_for(int(rolled.json()["log_id"]))
            process.wait(timeout=60)  # then it ends (a bounded wait)
            for _ in range(100):
                if viewer.endings:
                    break
                time.sleep(0.05)
        finally:
            viewer.stop()
    (ending, *_) = viewer.endings
    assert ending.clean  # ended by the server, not cut
    assert ending.retry is not None
    assert COME_BACK <= ending.retry <= COME_BACK + SPREAD


def test_healthz_with_db_answers_503_while_the_database_does_not(pg_url: str) -> None:
    assert POSTGRES
    seat_people(pg_url)
    name = sa.make_url(pg_url).database
    admin = sa.create_engine(POSTGRES, isolation_level="AUTOCOMMIT")
    try:
        with serving(pg_url) as (base, _):
            assert httpx.get(f"{base}/healthz?db=1", timeout=10).json() == {"ok": True}
            with admin.connect() as conn:  # the database goes away: no one may connect
                conn.execute(sa.text(f'ALTER DATABASE "{name}" ALLOW_CONNECTIONS false'))
                conn.execute(sa.text("SELECT pg_terminate_backend(pid) FROM pg_stat_activity "
                                     "WHERE datname = :name"), {"name": name})  # fmt: skip
            down = httpx.get(f"{base}/healthz?db=1", timeout=10)
            assert (down.status_code, down.json()) == (503, {"ok": False, "database": False})
            # Without ?db the check does not touch the database: the server itself is up.
            assert httpx.get(f"{base}/healthz", timeout=10).status_code == 200
            with admin.connect() as conn:
                conn.execute(sa.text(f'ALTER DATABASE "{name}" ALLOW_CONNECTIONS true'))
            assert httpx.get(f"{base}/healthz?db=1", timeout=10).status_code == 200
    finally:
        with admin.connect() as conn:
            conn.execute(sa.text(f'ALTER DATABASE "{name}" ALLOW_CONNECTIONS true'))
        admin.dispose()


def test_a_bad_drain_stops_the_server_in_one_line(tmp_path: Path) -> None:
    command = [sys.executable, "-m", "rollplay", "serve", "--db", f"sqlite:///{tmp_path / 'a.db'}"]
    done = subprocess.run(command, check=False, capture_output=True, text=True, timeout=60,
                          env={**os.environ, "ROLLPLAY_DRAIN_SECONDS": "soon"})  # fmt: skip
    assert done.returncode == 2
    assert done.stderr.strip().count("\n") == 0
    assert "ROLLPLAY_DRAIN_SECONDS='soon': give seconds, 0 to 600" in done.stderr
