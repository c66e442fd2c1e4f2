"""Live streams are capped per user and per client address (ROLLPLAY_STREAMS_PER_USER,
ROLLPLAY_STREAMS_PER_ADDRESS): one more is a 429 with one line, and closing a stream frees
its slot. The caps hold across every server on one database (issue 39, "caps across
hosts"): two servers on one PostgreSQL count the same streams. Real server processes, so the
streams are real connections."""

from __future__ import annotations

import os
import subprocess
import sys
import time
from contextlib import ExitStack
from pathlib import Path

import httpx
import pytest

from tests.databases import Databases
from tests.people import seat_people
from tests.server.process import serving, token_for

pytestmark = pytest.mark.live  # rollplay serve processes


def test_streams_are_capped_per_user_and_per_address(databases: Databases, tmp_path: Path) -> None:
    db = databases.sqlite("seated", tmp_path / "table.db")
    caps = {"ROLLPLAY_STREAMS_PER_USER": "3", "ROLLPLAY_STREAMS_PER_ADDRESS": "5"}
    with serving(db, env=caps) as (base, _), httpx.Client(base_url=base, timeout=10) as client:
        tokens = {n: token_for(base, n) for n in ("Pia", "Otto", "Stella")}

        def auth(name: str) -> dict[str, str]:
            return {"Authorization": f"Bearer {tokens[name]}"}

        def open_one(streams: ExitStack, name: str, path: str = "/api/v1/games/Pegasus/events"
                     ) -> httpx.Response:  # fmt: skip
            return streams.enter_context(client.stream("GET", path, headers=auth(name)))

        with ExitStack() as pias, ExitStack() as otto:
            assert [open_one(pias, "Pia").status_code for _ in range(3)] == [200, 200, 200]
            fourth = client.get("/api/v1/games/Pegasus/events", headers=auth("Pia"))
            assert fourth.status_code == 429
            assert set(fourth.json()) == {"error"}
            assert "3 live streams" in fourth.json()["error"]
            # The page's feed counts too; another player still has room.
            page_feed = client.get("/games/Pegasus/feed", headers=auth("Pia"))
            assert page_feed.status_code == 429
            assert [open_one(otto, "Otto").status_code for _ in range(2)] == [200, 200]
            crowded = client.get("/api/v1/games/Pegasus/events", headers=auth("Stella"))
            assert crowded.status_code == 429  # the address holds 5
            assert "address" in crowded.json()["error"]
        # Every stream closed: the slots come back (the server notices the close at once).
        with ExitStack() as again:
            tries = 0
            while True:
                answer = open_one(again, "Pia")
                tries += 1  # bounded by tries, not the clock
                if answer.status_code == 200 or tries > 100:
                    break
                answer.close()
                time.sleep(0.1)
            assert answer.status_code == 200
            assert [open_one(again, "Pia").status_code for _ in range(2)] == [200, 200]
            assert [open_one(again, "Stella").status_code for _ in range(2)] == [200, 200]


def test_a_bad_cap_stops_the_server_in_one_line(tmp_path: Path) -> None:
    command = [sys.executable, "-m", "rollplay", "serve", "--db", f"sqlite:///{tmp_path / 'a.db'}"]
    done = subprocess.run(command, check=False, capture_output=True, text=True, timeout=60,
                          env={**os.environ, "ROLLPLAY_STREAMS_PER_USER": "lots"})  # fmt: skip
    assert done.returncode == 2
    assert done.stderr.strip().count("\n") == 0
    assert "ROLLPLAY_STREAMS_PER_USER" in done.stderr


def test_the_caps_hold_across_two_servers_on_one_database(pg_url: str) -> None:
    """Two servers (two hosts' worth) on one PostgreSQL, each on its own 127.0.0.1 port: with
    Pia's 20 streams open on the first, her 21st is refused on the second; closing one frees
    a slot there; a server killed with SIGKILL frees its streams' slots once its lease (3 s
    here, ROLLPLAY_STREAMS_LEASE) runs out."""
    seat_people(pg_url)
    lease = {"ROLLPLAY_STREAMS_LEASE": "3"}
    path = "/api/v1/games/Pegasus/events"
    with serving(pg_url, env=lease) as (first, killed), serving(pg_url, env=lease) as (second, _):
        pia = {"Authorization": f"Bearer {token_for(first, 'Pia')}"}
        on_first = httpx.Client(base_url=first, timeout=10)
        on_second = httpx.Client(base_url=second, timeout=10)
        with on_first, on_second, ExitStack() as streams:
            held = [streams.enter_context(on_first.stream("GET", path, headers=pia))
                    for _ in range(20)]  # fmt: skip
            assert {s.status_code for s in held} == {200}
            refused = _tried(on_second, path, pia)
            assert refused.status_code == 429
            assert set(refused.json()) == {"error"}
            assert "20 live streams" in refused.json()["error"]
            assert _tried(on_second, "/games/Pegasus/feed", pia).status_code == 429
            held.pop().close()  # one closed on the first: its slot is free on the second
            moved = _opened_when_free(streams, on_second, path, pia)
            assert moved.status_code == 200
            assert _tried(on_second, path, pia).status_code == 429  # 19 + 1 again
            killed.kill()  # SIGKILL: the first server frees nothing itself
            killed.wait()
            again = [_opened_when_free(streams, on_second, path, pia) for _ in range(19)]
            assert {s.status_code for s in again} == {200}
            assert _tried(on_second, path, pia).status_code == 429  # 20 on the second now


def _opened_when_free(streams: ExitStack, client: httpx.Client, path: str,
                      headers: dict[str, str]) -> httpx.Response:  # fmt: skip
    """A stream opened as soon as a slot is free: tried until it opens, at most 200 times
    a twentieth of a second apart (bounded by tries, not the clock)."""
    for _ in range(200):
        answer = streams.enter_context(client.stream("GET", path, headers=headers))
        if answer.status_code != 429:
            return answer
        answer.close()
        time.sleep(0.05)
    return answer


def _tried(client: httpx.Client, path: str, headers: dict[str, str]) -> httpx.Response:
    """A stream asked for and closed again: its answer's status, and its body if refused."""
    with client.stream("GET", path, headers=headers) as answer:
        if answer.status_code != 200:
            answer.read()
        return answer
