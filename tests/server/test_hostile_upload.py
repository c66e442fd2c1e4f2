"""Nothing a request parses blocks the event loop (issue 37; rulings H13): a character sheet
uploaded as a large YAML file takes seconds to read, and while it is read, rolls made on
other connections are answered and reach a live stream. Before, the upload route parsed on
the event loop and every roll and stream of the worker waited for it. A real ``rollplay
serve`` process, SQLite and PostgreSQL; what is asserted is order (rolls' events arrive
before the upload's answer), not time."""

from __future__ import annotations

import threading
import uuid
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest

from tests.server.process import Watcher, serving, signed_in, token_for

pytestmark = [pytest.mark.live, pytest.mark.storage]


def _big_sheet(size: int) -> bytes:
    """A YAML sheet file of about ``size`` bytes: slow to parse (many small mappings)."""
    lines = ["system: fs3", "name: Big", "background:"]
    total, i = 0, 0
    while total < size:
        line = f"  k{i}: [a, b, {{c: d}}]"
        lines.append(line)
        total += len(line) + 1
        i += 1
    return ("\n".join(lines) + "\n").encode()


def _multipart(name: str, data: bytes, sent: threading.Event) -> tuple[str, Iterator[bytes]]:
    """A form with one file, as a body that says when its last byte has been handed on."""
    boundary = uuid.uuid4().hex
    head = (f"--{boundary}\r\nContent-Disposition: form-data; name=\"file\"; "
            f"filename=\"{name}\"\r\nContent-Type: application/x-yaml\r\n\r\n")  # fmt: skip

    def body() -> Iterator[bytes]:
        yield head.encode()
        for at in range(0, len(data), 64 * 1024):
            yield data[at : at + 64 * 1024]
        yield f"\r\n--{boundary}--\r\n".encode()
        sent.set()

    return f"multipart/form-data; boundary={boundary}", body()


@pytest.fixture
def base(server_db: str, tmp_path: Path) -> Iterator[str]:
    with serving(server_db, output=tmp_path / "server.log") as (url, _):
        yield url


def test_rolls_and_streams_go_on_while_a_large_sheet_is_read(base: str) -> None:
    watcher = Watcher([base], token_for(base, "Stella"))
    watcher.start()
    assert watcher.connected.wait(10)
    pia, pia_headers = signed_in(base, "Pia")
    otto, otto_headers = signed_in(base, "Otto")
    sent, answered = threading.Event(), threading.Event()
    seen_then: list[int] = []
    kind, body = _multipart("big.yaml", _big_sheet(384 * 1024), sent)

    def upload() -> None:
        done = pia.post("/games/Pegasus/new-character/upload", content=body,
                        headers={**pia_headers, "Content-Type": kind},
                        timeout=httpx.Timeout(120))  # fmt: skip
        seen_then.extend(watcher.ids())  # what the stream had when the upload answered
        answered.set()
        assert done.status_code < 500, done.text

    uploading = threading.Thread(target=upload)
    uploading.start()
    assert sent.wait(30)
    rolled: list[int] = []
    while not answered.is_set():  # rolls on another connection while the sheet is read
        done = otto.post("/api/v1/games/Pegasus/commands", json={"text": "roll Mavros/Firearms"},
                         headers=otto_headers)  # fmt: skip
        assert done.status_code == 200, done.text
        rolled.append(int(done.json()["log_id"]))
    uploading.join(120)
    watcher.stop()
    # Several of those rolls reached the stream before the upload was answered: the worker
    # went on serving while it read the file (before, at most the one or two taken in before
    # the parse began).
    arrived = [number for number in rolled if number in seen_then]
    assert len(arrived) >= 3, (rolled, seen_then[-5:])
