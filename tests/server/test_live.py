"""The server as a real process (`rollplay serve`): a roll posted by one client arrives on
another's event stream, and a client that reconnects with Last-Event-ID gets exactly what it
missed, in order, once. Traffic goes only to 127.0.0.1."""

from __future__ import annotations

import json
import os
import socket
import subprocess
import sys
import time
from collections.abc import Iterator

import httpx
import pytest

from rollplay.table.service import Table
from tests.server.conftest import PASSWORD


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@pytest.fixture(scope="module")
def served(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    db = f"sqlite:///{tmp_path_factory.mktemp('live') / 'live.db'}"
    table = Table(db)
    table.add_examples()
    for name, role, plays in (("Stella", "storyteller", ()), ("Pia", "player", ("Nikos",))):
        table.add_user(name)
        table.set_password(name, PASSWORD)
        table.add_member("Pegasus", name, role, plays)
    table.close()
    port = _free_port()
    process = subprocess.Popen(
        [sys.executable, "-m", "rollplay", "serve", "--db", db, "--port", str(port)],
        stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
        env={**os.environ, "ROLLPLAY_DATABASE_URL": db},
    )  # fmt: skip
    base = f"http://127.0.0.1:{port}"
    try:
        for _ in range(100):
            try:
                if httpx.get(f"{base}/healthz", timeout=1).status_code == 200:
                    break
            except httpx.TransportError:
                time.sleep(0.1)
        else:
            pytest.fail("the server did not start")
        yield base
    finally:
        process.terminate()
        process.wait(timeout=10)


def _client(base: str, name: str) -> tuple[httpx.Client, dict[str, str]]:
    client = httpx.Client(base_url=base, timeout=5)
    answer = client.post("/api/v1/login", json={"name": name, "password": PASSWORD})
    assert answer.status_code == 200, answer.text
    return client, {"X-CSRF-Token": answer.json()["csrf_token"]}


def _read_events(client: httpx.Client, count: int, last_id: int) -> list[dict[str, object]]:
    """``count`` events from the stream, after ``last_id`` (sent as Last-Event-ID)."""
    found: list[dict[str, object]] = []
    headers = {"Last-Event-ID": str(last_id), "Accept": "text/event-stream"}
    with client.stream("GET", "/api/v1/games/Pegasus/events", headers=headers) as stream:
        for line in stream.iter_lines():
            if line.startswith("data: "):
                found.append(json.loads(line[6:]))
                if len(found) == count:
                    break
    return found


def test_a_roll_reaches_another_viewer_and_a_reconnect_misses_nothing(served: str) -> None:
    storyteller, st_headers = _client(served, "Stella")
    pia, pia_headers = _client(served, "Pia")
    start = int(storyteller.get("/api/v1/games/Pegasus/events?format=json&limit=1000")
                .json()[-1]["id"])  # fmt: skip
    posted = pia.post("/api/v1/games/Pegasus/commands", json={"text": "roll Firearms"},
                      headers=pia_headers)  # fmt: skip
    assert posted.status_code == 200, posted.text
    (seen,) = _read_events(storyteller, 1, start)
    assert (seen["id"], seen["kind"]) == (posted.json()["log_id"], "roll")
    # The Storyteller "drops" and, meanwhile, three more rolls are made (one secret).
    for text, visibility in (("roll 5", None), ("roll Mavros/Alertness", "secret"),
                             ("roll Nikos/Piloting", None)):  # fmt: skip
        body = {"text": text, **({"visibility": visibility} if visibility else {})}
        assert storyteller.post("/api/v1/games/Pegasus/commands", json=body,
                                headers=st_headers).status_code == 200  # fmt: skip
    missed = _read_events(storyteller, 3, int(str(seen["id"])))
    ids = [int(str(e["id"])) for e in missed]
    assert ids == sorted(set(ids))
    assert ids[0] > int(str(seen["id"]))
    # Pia's stream: the secret roll arrives as the bare fact of it, never its dice.
    as_pia = _read_events(pia, 3, int(str(seen["id"])))
    assert [e["id"] for e in as_pia] == [e["id"] for e in missed]
    secret = next(e for e in as_pia if e["visibility"] == "secret")
    assert secret["hidden"] is True
    assert "Alertness" not in json.dumps(as_pia)
