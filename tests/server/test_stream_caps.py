"""Live streams are capped per user and per client address (ROLLPLAY_STREAMS_PER_USER,
ROLLPLAY_STREAMS_PER_ADDRESS): one more is a 429 with one line, and closing a stream frees
its slot. A real server process, so the streams are real connections."""

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
