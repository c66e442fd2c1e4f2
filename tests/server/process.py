"""Real server processes for the live tests: `rollplay serve` on a free 127.0.0.1 port, a
database with the example games and the test's people, and SSE clients that read a stream
as a browser does (reconnecting with Last-Event-ID)."""

from __future__ import annotations

import contextlib
import json
import os
import signal
import socket
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import IO, Any, NamedTuple

import httpx

from tests.people import PASSWORD


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


ROOT = Path(__file__).resolve().parents[2]  # where ``tests`` is imported from


@contextmanager
def serving(
    db: str,
    workers: int = 1,
    output: Path | None = None,
    env: dict[str, str] | None = None,
    *,
    app: str | None = None,
) -> Iterator[tuple[str, subprocess.Popen[bytes]]]:
    """``rollplay serve`` as its own process (with ``env`` added to its environment); yields
    its base URL and the process. Its stdout and stderr go to ``output`` if given. ``app``:
    a test's own app factory (``module:function``, e.g. tests/server/crashing.py's), served
    by uvicorn on the database as ``rollplay serve`` left it, in place of the server's."""
    started = _start(db, workers, output, env, app)
    try:
        wait_healthy(started.base, started.process)
        yield started.base, started.process
    finally:
        _stop(started)


@contextmanager
def servers(db: str, count: int, workers: int = 1) -> Iterator[list[str]]:
    """``count`` servers on one database, started side by side (each process's start-up is
    most of its cost); yields their base URLs."""
    started = [_start(db, workers, None, None, None) for _ in range(count)]
    try:
        for one in started:
            wait_healthy(one.base, one.process)
        yield [one.base for one in started]
    finally:
        for one in started:
            _stop(one)


class Started(NamedTuple):
    base: str
    process: subprocess.Popen[bytes]
    sink: IO[bytes] | None
    grouped: bool = False  # the leader of a process group of its own


def _start(db: str, workers: int, output: Path | None, env: dict[str, str] | None,
           app: str | None, *, host: str = "127.0.0.1", port: int | None = None,
           inside: tuple[str, ...] = ()) -> Started:  # fmt: skip
    """``inside``: what the command runs under (tests/hosts: ``ip netns exec NAME``), in a
    process group of its own, which ``_stop`` ends whole (its workers with it)."""
    port = port or free_port()
    sink = None if output is None else output.open("wb")
    command = [sys.executable, "-m", "rollplay", "serve", "--db", db, "--host", host]
    if app is not None:
        command = [sys.executable, "-m", "uvicorn", app, "--factory", "--app-dir", str(ROOT),
                   "--host", host]  # fmt: skip
    process = subprocess.Popen(
        [*inside, *command, "--port", str(port), "--workers", str(workers)],
        stdout=sink or subprocess.DEVNULL, stderr=subprocess.STDOUT if sink else subprocess.DEVNULL,
        env={**os.environ, "ROLLPLAY_DATABASE_URL": db, **(env or {})},
        start_new_session=bool(inside),
    )  # fmt: skip
    return Started(f"http://{host}:{port}", process, sink, bool(inside))


start = _start  # for tests/hosts, which start servers inside network namespaces


def _stop(started: Started) -> None:
    started.process.terminate()
    try:
        started.process.wait(timeout=10)
    except subprocess.TimeoutExpired:
        started.process.kill()
        started.process.wait()
    if started.grouped:  # its own process group: end what is left of it (its workers)
        with contextlib.suppress(ProcessLookupError):
            os.killpg(started.process.pid, signal.SIGKILL)
    if started.sink is not None:
        started.sink.close()


stop = _stop


def wait_healthy(base: str, process: subprocess.Popen[bytes] | None = None,
                 seconds: float = 180.0) -> None:  # fmt: skip
    """Until the server at ``base`` answers /healthz: a server that exits fails at once;
    one that is only slow to start (a busy machine starts two with two workers each in
    tens of seconds) is waited for, up to ``seconds``, a bound for a server that hangs."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if process is not None and process.poll() is not None:
            raise AssertionError(f"the server for {base} exited ({process.returncode}) "
                                 f"before it answered /healthz")  # fmt: skip
        try:
            if httpx.get(f"{base}/healthz", timeout=1).status_code == 200:
                return
        except httpx.TransportError:
            pass
        time.sleep(0.1)
    raise AssertionError(f"the server at {base} did not answer /healthz in {seconds:g} s")


def signed_in(base: str, name: str) -> tuple[httpx.Client, dict[str, str]]:
    client = httpx.Client(base_url=base, timeout=10)
    answer = client.post("/api/v1/login", json={"name": name, "password": PASSWORD})
    assert answer.status_code == 200, answer.text
    return client, {"X-CSRF-Token": answer.json()["csrf_token"]}


def lines_as(base: str, name: str, *lines: str) -> list[dict[str, Any]]:
    """Run each line of the command language as ``name`` through the API; their answers."""
    client, headers = signed_in(base, name)
    try:
        said = []
        for line in lines:
            done = client.post("/api/v1/games/Pegasus/commands", json={"text": line},
                               headers=headers)  # fmt: skip
            assert done.status_code == 200, f"{name}: {line}: {done.text}"
            said.append(dict(done.json()))
        return said
    finally:
        client.close()


def token_for(base: str, name: str) -> str:
    client, headers = signed_in(base, name)
    try:
        answer = client.post("/api/v1/tokens", json={"label": "test"}, headers=headers)
        assert answer.status_code == 200, answer.text
        return str(answer.json()["token"])
    finally:
        client.close()


class Watcher(threading.Thread):
    """A viewer's event stream in a thread, as a browser's EventSource keeps it: when the
    connection drops it reconnects (to whichever worker answers) with Last-Event-ID. Keeps
    every event and the raw bytes it was sent."""

    def __init__(self, bases: list[str], token: str, game: str = "Pegasus", after: int = 0):
        super().__init__(daemon=True)
        self.bases, self.token, self.game, self.last = bases, token, game, after
        self.events: list[dict[str, Any]] = []
        self.raw = bytearray()
        self.connections = 0
        self.connected = threading.Event()
        self.stopping = threading.Event()

    def run(self) -> None:
        turn = 0
        while not self.stopping.is_set():
            base = self.bases[turn % len(self.bases)]
            turn += 1
            try:
                self._stream(base)
            except (httpx.TransportError, httpx.HTTPStatusError):
                time.sleep(0.05)

    def _stream(self, base: str) -> None:
        headers = {"Authorization": f"Bearer {self.token}", "Last-Event-ID": str(self.last)}
        timeout = httpx.Timeout(5, read=30)
        url = f"{base}/api/v1/games/{self.game}/events"
        with httpx.stream("GET", url, headers=headers, timeout=timeout) as stream:
            stream.raise_for_status()
            self.connections += 1
            self.connected.set()
            for line in stream.iter_lines():
                self.raw += line.encode() + b"\n"
                if line.startswith("data: "):
                    event = json.loads(line[6:])
                    self.events.append(event)
                    self.last = int(event["id"])
                if self.stopping.is_set():
                    return

    def ids(self) -> list[int]:
        return [int(e["id"]) for e in self.events]

    def wait_for(self, event_id: int, seconds: float = 10.0) -> bool:
        deadline = time.monotonic() + seconds
        while time.monotonic() < deadline:
            if self.last >= event_id:
                return True
            time.sleep(0.01)
        return False

    def stop(self) -> None:
        self.stopping.set()
