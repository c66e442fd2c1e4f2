"""A slow or stalled reader costs a bounded amount (issue 37; rulings H12): a live feed that
catches up from the first event sends the game a page at a time, reading the next page only
once the last is sent; a scene's export is sent as it is read, in pieces; and a user has at
most two exports under way at once. Before, a feed read and drew a thousand events at a
time and held them until its reader took them, and an export was made whole before its
first byte left (20 unread feeds took a worker from 90 MB to 856 MB; 12 exports of a 58 MB
scene, to 1.88 GB: docs/performance.md). A real ``rollplay serve`` process, SQLite and
PostgreSQL; what is asserted is how the answers arrive (pages, pieces, refusals), not time
or memory, which bench/stream_memory.py measures. What waits in the hub for a stalled feed
is tests/server/test_stalled_viewer.py's."""

from __future__ import annotations

import os
import socket
import time
from collections.abc import Iterator
from pathlib import Path
from unittest import mock

import httpx
import pytest

from rollplay.server.live import REPLAY
from rollplay.server.streams import CHUNK, EXPORTS_PER_USER
from rollplay.table import commands as c
from rollplay.table.service import Table
from tests.server.process import serving, token_for

pytestmark = [pytest.mark.live, pytest.mark.storage]
POSES = 320
TEXT = "The rain keeps on. " * 210  # about 4,000 characters a pose
# The export whose readers stall must outlast what the kernel buffers for a socket that is
# not read (here up to 4 MiB: net.ipv4.tcp_wmem), or it is all sent and frees its place.
LONG = 840


def _seed(db: str, poses: int, text: str) -> None:
    """A scene of ``poses`` poses of ``text``, written as the Storyteller (faster than a user
    may pose: the pace, rulings S72, is off while it is written)."""
    with mock.patch.dict(os.environ, {"ROLLPLAY_POSE_RATE": "off"}):  # read as it starts
        table = Table(db)
    try:
        stella = table.acting_as("Stella")
        stella.execute(c.SceneStart("Pegasus", "Long Night"))
        for number in range(poses):
            stella.execute(c.Pose("Pegasus", f"{number}: {text}"))
    finally:
        table.close()


@pytest.fixture
def base(server_db: str, tmp_path: Path) -> Iterator[str]:
    """A scene of POSES poses of about 4,000 characters (about 1.3 MB)."""
    _seed(server_db, POSES, TEXT)
    with serving(server_db, output=tmp_path / "server.log") as (url, _):
        yield url


@pytest.fixture
def long_scene(server_db: str, tmp_path: Path) -> Iterator[str]:
    """A scene of LONG poses of about 7,900 characters (about 6.6 MB)."""
    _seed(server_db, LONG, TEXT * 2)
    with serving(server_db, output=tmp_path / "server.log") as (url, _):
        yield url


def _ask(base: str, path: str, headers: dict[str, str], buffer: int | None = None) -> socket.socket:
    """A GET sent on a socket of its own (with a receive buffer of ``buffer`` bytes: a reader
    that does not read), its answer left unread."""
    host, port = base.removeprefix("http://").split(":")
    sock = socket.socket()
    if buffer is not None:
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, buffer)
    sock.connect((host, int(port)))
    said = "".join(f"{k}: {v}\r\n" for k, v in headers.items())
    sock.sendall(f"GET {path} HTTP/1.1\r\nHost: {host}\r\n{said}\r\n".encode())
    return sock


class Chunked:
    """An HTTP/1.1 answer read off a socket: its head, then its body one chunk at a time
    (the pieces the server sent it in)."""

    def __init__(self, sock: socket.socket) -> None:
        sock.settimeout(30)
        self.file = sock.makefile("rb")
        self.head = b""
        while not self.head.endswith(b"\r\n\r\n"):
            self.head += self.file.readline()

    @property
    def status(self) -> int:
        return int(self.head.split(b" ", 2)[1])

    def chunks(self) -> Iterator[bytes]:
        assert b"transfer-encoding: chunked" in self.head.lower(), self.head
        while True:
            size = int(self.file.readline().strip(), 16)
            if size == 0:
                return
            chunk = self.file.read(size)
            self.file.readline()
            yield chunk


def test_a_feed_from_the_first_event_is_sent_a_page_at_a_time(base: str) -> None:
    token = token_for(base, "Olly")
    sock = _ask(base, "/api/v1/games/Pegasus/events", {"Authorization": f"Bearer {token}",
                                                        "Last-Event-ID": "0"})  # fmt: skip
    answer = Chunked(sock)
    assert answer.status == 200
    poses, pages = 0, 0
    for chunk in answer.chunks():
        count = chunk.count(b"\nevent: pose\n")
        assert chunk.count(b"id: ") <= REPLAY  # never more than a page at once
        if count:
            pages += 1
            poses += count
        if poses == POSES:
            break
    sock.close()
    assert poses == POSES
    assert pages >= 3  # the poses came in pages of REPLAY (before: all in one)


def test_an_export_is_sent_in_pieces_and_each_user_has_two_at_once(long_scene: str) -> None:
    base = long_scene
    token = token_for(base, "Olly")
    bearer = {"Authorization": f"Bearer {token}"}
    path = "/api/v1/games/Pegasus/scenes/1/export?format=markdown"
    whole = httpx.get(base + path, headers=bearer, timeout=60)
    assert whole.status_code == 200, whole.text
    assert whole.text.count("The rain keeps on.") == LONG * 420
    answer = Chunked(_ask(base, path, bearer))
    sizes = [len(chunk) for chunk in answer.chunks()]
    assert sum(sizes) == len(whole.content)
    assert max(sizes) <= CHUNK * 4  # pieces of at most CHUNK characters (UTF-8: 4 bytes each)
    assert len(sizes) >= len(whole.content) // (CHUNK * 4)
    # Two exports whose readers have stopped reading hold Olly's two places; a third is
    # refused at once, and Stella's is not hers to wait for.
    stalled = [_ask(base, path, bearer, buffer=4096) for _ in range(EXPORTS_PER_USER)]
    for sock in stalled:
        assert Chunked(sock).status == 200
    third = httpx.get(base + path, headers=bearer, timeout=60)
    assert third.status_code == 429, third.text[:200]
    assert "exports under way" in third.json()["error"]
    stella = {"Authorization": f"Bearer {token_for(base, 'Stella')}"}
    theirs = httpx.get(base + path, headers=stella, timeout=60)
    assert theirs.status_code == 200
    for sock in stalled:  # gone: their places are free again
        sock.close()
    deadline = time.monotonic() + 30  # a bound on the wait, not a measure of speed
    while (again := httpx.get(base + path, headers=bearer, timeout=60)).status_code == 429:
        assert time.monotonic() < deadline, "the stalled exports' places were never freed"
        time.sleep(0.2)
    assert again.status_code == 200
