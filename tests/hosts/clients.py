"""The clients of the host tests, as they behave behind a proxy in front of several hosts: a
viewer (``Follower``) that keeps a stream open as EventSource does (a clean end: it waits as
long as the server's last ``retry:`` said, then reconnects with Last-Event-ID; a connection
cut or refused: the next host after a moment), and a writer (``Poster``) that sends each roll
once with an ``Idempotency-Key`` and, when the connection fails, sends it again with the same
key to the next host. Every wait is bounded; they stop when told."""

from __future__ import annotations

import contextlib
import itertools
import socket
import threading
import time
import uuid
from dataclasses import dataclass

import httpx

LONGEST_RETRY = 5.0  # seconds: a ``retry:`` past this is a server's mistake, not a wait


@dataclass
class Frame:
    """One SSE message: its id, event name and data (the data lines joined)."""

    id: int
    event: str
    data: str


@dataclass
class Ending:
    """How one connection of a stream ended: cleanly (the server finished the response) or
    cut, and the last ``retry:`` it had said (milliseconds)."""

    base: str
    clean: bool
    retry: int | None


class Follower(threading.Thread):
    """A viewer's stream of ``path`` (``{game}`` filled in), reconnecting across ``bases``:
    first ``bases[0]``, then on each end the next in turn that answers, as a proxy would
    send it. Keeps every frame, how each connection ended, and the raw lines."""

    def __init__(self, bases: list[str], token: str, game: str, after: int,
                 path: str = "/api/v1/games/{game}/events") -> None:  # fmt: skip
        super().__init__(daemon=True)
        self.bases, self.token, self.game, self.last = list(bases), token, game, after
        self.url = path.format(game=game)
        self.frames: list[Frame] = []
        self.endings: list[Ending] = []
        self.opened: list[str] = []  # the base of each connection that was answered
        self.connected = threading.Event()
        self.stopping = threading.Event()
        self.socket: socket.socket | None = None

    def run(self) -> None:
        for turn in itertools.count():
            if self.stopping.is_set():
                return
            base = self.bases[turn % len(self.bases)]
            ending = self._stream(base)
            if self.stopping.is_set():  # told to stop: how it ended is ours, not the server's
                return
            if ending is None:  # refused or not answered: the proxy tries the next host
                self.stopping.wait(0.05)
                continue
            self.endings.append(ending)
            if ending.clean and ending.retry is not None:
                self.stopping.wait(min(ending.retry / 1000, LONGEST_RETRY))
            else:
                self.stopping.wait(0.05)

    def _stream(self, base: str) -> Ending | None:
        headers = {"Authorization": f"Bearer {self.token}", "Last-Event-ID": str(self.last),
                   "Accept": "text/event-stream"}  # fmt: skip
        retry: int | None = None
        answered = False
        fields: dict[str, str] = {}
        data: list[str] = []
        try:
            with httpx.stream("GET", base + self.url, headers=headers,
                              timeout=httpx.Timeout(5, read=30)) as stream:  # fmt: skip
                if stream.status_code != 200:
                    return None
                answered = True
                # stop() shuts it from outside: a quiet stream's read would wait for the
                # next heartbeat.
                self.socket = stream.extensions["network_stream"].get_extra_info("socket")
                self.opened.append(base)
                self.connected.set()
                for line in stream.iter_lines():
                    if line.startswith("retry: "):
                        retry = int(line[7:])
                    elif line.startswith("data: "):
                        data.append(line[6:])
                    elif line.startswith(("id: ", "event: ")):
                        name, _, value = line.partition(": ")
                        fields[name] = value
                    elif not line and "id" in fields:  # a message ends
                        self.frames.append(Frame(int(fields["id"]), fields.get("event", ""),
                                                 "\n".join(data)))  # fmt: skip
                        self.last = int(fields["id"])
                        fields, data = {}, []
                    elif not line:
                        fields, data = {}, []
                    if self.stopping.is_set():
                        return Ending(base, True, retry)
        except httpx.TransportError:
            if not answered:
                return None
            return Ending(base, False, retry)
        return Ending(base, True, retry)

    def ids(self) -> list[int]:
        return [frame.id for frame in self.frames]

    def wait_for(self, event_id: int, seconds: float = 30.0) -> bool:
        deadline = time.monotonic() + seconds
        while time.monotonic() < deadline:
            if self.last >= event_id:
                return True
            time.sleep(0.02)
        return False

    def stop(self) -> None:
        self.stopping.set()
        if self.socket is not None:
            with contextlib.suppress(OSError):
                self.socket.shutdown(socket.SHUT_RDWR)
        self.join(timeout=40)
        assert not self.is_alive()


class Poster(threading.Thread):
    """Rolls by ``token`` in ``game``, one every ``pace`` seconds until stopped (at most
    ``most``), each with an Idempotency-Key of its own, sent to the hosts in turn; a
    connection that fails (the host is restarting or dead), a 409 (the first attempt is
    still being answered) or a 503 sends it again with the same key to the next host, a
    bounded number of times. ``answered``: each key's event id."""

    def __init__(self, bases: list[str], token: str, game: str = "Pegasus", *,
                 text: str = "roll Firearms", pace: float = 0.05,
                 most: int = 400) -> None:  # fmt: skip
        super().__init__(daemon=True)
        self.bases, self.token, self.game, self.text = list(bases), token, game, text
        self.pace, self.most = pace, most
        self.answered: dict[str, int] = {}
        self.failed: list[str] = []  # what was never answered, and why
        self.stopping = threading.Event()

    def run(self) -> None:
        turn = itertools.count()
        headers = {"Authorization": f"Bearer {self.token}"}
        with httpx.Client(timeout=10, headers=headers) as client:
            for _ in range(self.most):
                if self.stopping.is_set():
                    return
                key = uuid.uuid4().hex
                self._send(client, key, turn)
                self.stopping.wait(self.pace)

    def _send(self, client: httpx.Client, key: str, turn: itertools.count[int]) -> None:
        said = "no attempt"
        for _ in range(60):  # each a host tried: some seconds of a restart, bounded
            base = self.bases[next(turn) % len(self.bases)]
            try:
                answer = client.post(f"{base}/api/v1/games/{self.game}/commands",
                                     json={"text": self.text},
                                     headers={"Idempotency-Key": key})  # fmt: skip
            except httpx.TransportError as exc:
                said = f"{base}: {type(exc).__name__}"
                time.sleep(0.1)
                continue
            if answer.status_code in (409, 503):  # still being answered, or closing
                said = f"{base}: {answer.status_code}"
                time.sleep(0.1)
                continue
            if answer.status_code != 200:
                self.failed.append(f"{key}: {answer.status_code} {answer.text}")
                return
            self.answered[key] = int(answer.json()["log_id"])
            return
        self.failed.append(f"{key}: never answered ({said})")

    def stop(self) -> None:
        self.stopping.set()
        self.join(timeout=60)
