"""The MUSH and the web table on one database, as real processes: ``rollplay serve`` runs
beside Evennia's test, a player's stream (an API token, as a client holds it) is open, and a
roll typed on the MUSH arrives on it; a secret one arrives as the bare fact, without its dice.
Traffic goes only to 127.0.0.1."""

from __future__ import annotations

import json
import os
import socket
import subprocess
import sys
import tempfile
import threading
import time
import urllib.request
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from rollplay.bridges.evennia.commands import CmdRoll
from rollplay.table.events.outcomes import FS3Roll
from rollplay.table.events.views import SeenEntry
from rollplay.table.service import Table
from tests.evennia.seating import GAME, TableTest
from tests.typed import of


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@contextmanager
def serving(db: str) -> Iterator[str]:
    """``rollplay serve`` on ``db`` as a process of its own; yields its base URL."""
    port = free_port()
    with tempfile.TemporaryFile() as log:
        process = subprocess.Popen(
            [sys.executable, "-m", "rollplay", "serve", "--db", db, "--port", str(port)],
            stdout=log, stderr=subprocess.STDOUT,
            env={**os.environ, "ROLLPLAY_DATABASE_URL": db},
        )  # fmt: skip
        base = f"http://127.0.0.1:{port}"
        try:
            deadline = time.monotonic() + 30
            while not _healthy(base):
                if time.monotonic() > deadline or process.poll() is not None:
                    log.seek(0)
                    raise AssertionError(f"rollplay serve did not start:\n{log.read().decode()}")
                time.sleep(0.1)
            yield base
        finally:
            process.terminate()
            try:
                process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                process.kill()
                process.wait()


def _healthy(base: str) -> bool:
    try:
        with urllib.request.urlopen(f"{base}/healthz", timeout=1) as answer:
            return bool(answer.status == 200)
    except OSError:
        return False


class Stream(threading.Thread):
    """A viewer's event stream (server-sent events), read as a browser reads it."""

    def __init__(self, base: str, token: str, after: int) -> None:
        super().__init__(daemon=True)
        self.request = urllib.request.Request(
            f"{base}/api/v1/games/{GAME}/events",
            headers={"Authorization": f"Bearer {token}", "Last-Event-ID": str(after),
                     "Accept": "text/event-stream"},
        )  # fmt: skip
        self.events: list[dict[str, Any]] = []
        self.open = threading.Event()
        self.error: OSError | None = None

    def run(self) -> None:
        try:
            with urllib.request.urlopen(self.request, timeout=30) as stream:
                self.open.set()
                for raw in stream:
                    line = raw.decode().rstrip("\r\n")
                    if line.startswith("data: "):
                        self.events.append(json.loads(line[6:]))
        except OSError as error:  # refused, or the server stopping at the test's end
            self.error = error

    def wait_for(self, event_id: int, seconds: float = 15.0) -> dict[str, Any]:
        deadline = time.monotonic() + seconds
        while time.monotonic() < deadline:
            for event in list(self.events):
                if event["id"] == event_id:
                    return event
            time.sleep(0.02)
        raise AssertionError(f"event {event_id} never reached the stream: {self.events}")


class LiveTest(TableTest):
    def test_a_roll_on_the_mush_reaches_the_web_tables_live_feed(self) -> None:
        table = Table(self.db)
        try:
            token = table.acting_as("Otto").new_token("evennia test").token
            start = max(e.id for e in table.events_for(GAME, 0, 1000))
        finally:
            table.close()
        with serving(self.db) as base:
            stream = Stream(base, str(token), start)
            stream.start()
            assert stream.open.wait(15), f"the stream did not open: {stream.error}"
            self.heard(CmdRoll(), " Firearms")
            self.heard(CmdRoll(), "/secret Mavros/Alertness", caller=self.char2)
            table = Table(self.db)
            try:
                secret, public = table.log(game_name=GAME, limit=2)
            finally:
                table.close()
            seen = stream.wait_for(public.id)
            hidden = stream.wait_for(secret.id)
        assert (seen["kind"], seen["character"]) == ("roll", "Nikos")
        rolled = of(FS3Roll, of(SeenEntry, public).outcome)
        assert seen["data"]["outcome"]["dice"] == list(rolled.dice)

        assert (hidden["visibility"], hidden["hidden"]) == ("secret", True)
        assert "Alertness" not in json.dumps(hidden)
        assert "outcome" not in (hidden["data"] or {})
