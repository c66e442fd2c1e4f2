"""Nothing a request parses blocks the event loop (issue 37; rulings H13): a character sheet
uploaded as a large YAML file takes seconds to read, and while it is read, rolls made on
other connections are answered and reach a live stream. Before, the upload route parsed on
the event loop and every roll and stream of the worker waited for it. A real ``rollplay
serve`` process, SQLite and PostgreSQL; what is asserted is order (rolls' events arrive
before the upload's answer), not time.

A sheet fixed from its page (web_characters.fix) is at most 20,000 characters, a tenth of a
second to read: too short for rolls to be counted around it, so for it what is asserted is
where its work runs (never on the event loop) and in what order (who may, before the sheet
is read)."""

from __future__ import annotations

import asyncio
import threading
import uuid
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from fastapi.testclient import TestClient
from sqlalchemy import event

from rollplay.rulesfile import parse_text
from rollplay.server.parts import Parts
from tests.server.conftest import sign_in
from tests.server.process import Watcher, serving, signed_in, token_for


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


@pytest.mark.live
@pytest.mark.storage
def test_rolls_and_streams_go_on_while_a_large_sheet_is_read(base: str) -> None:
    watcher = Watcher([base], token_for(base, "Stella"))
    watcher.start()
    assert watcher.connected.wait(10)
    pia, pia_headers = signed_in(base, "Pia")
    otto, otto_headers = signed_in(base, "Otto")
    sent, answered = threading.Event(), threading.Event()
    seen_then: list[int] = []
    statuses: list[tuple[int, str]] = []  # asserted here, not in the thread (only a warning)
    kind, body = _multipart("big.yaml", _big_sheet(384 * 1024), sent)

    def upload() -> None:
        try:
            done = pia.post("/games/Pegasus/new-character/upload", content=body,
                            headers={**pia_headers, "Content-Type": kind},
                            timeout=httpx.Timeout(120))  # fmt: skip
            statuses.append((done.status_code, done.text[:200]))
        finally:
            seen_then.extend(watcher.ids())  # what the stream had when the upload answered
            answered.set()

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
    [(status, said)] = statuses  # the upload was answered, not cut off
    assert status < 500, said
    # Several of those rolls reached the stream before the upload was answered: the worker
    # went on serving while it read the file (before, at most the one or two taken in before
    # the parse began).
    arrived = [number for number in rolled if number in seen_then]
    assert len(arrived) >= 3, (rolled, seen_then[-5:])


def _on_the_loop() -> bool:
    """Whether this runs on an event loop (a route's thread has none)."""
    try:
        asyncio.get_running_loop()
    except RuntimeError:
        return False
    return True


def test_a_sheet_fix_is_refused_before_it_is_read_and_read_off_the_event_loop(
    server: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Before, the fix route awaited the form and then, on the event loop, read the
    character, parsed the sheet and changed it, and parsed before the service said who may:
    an observer's 20,000 characters were read, each post holding up the worker, and then
    refused."""
    on_loop: list[str] = []
    parsed: list[str] = []
    parts: Parts = server.app.state.parts  # type: ignore[attr-defined]

    def statement(*_: Any) -> None:
        if _on_the_loop():
            on_loop.append("a database statement")

    def parse(text: str, *args: Any, **kwargs: Any) -> dict[str, Any]:
        parsed.append(text[:20])
        if _on_the_loop():
            on_loop.append("the sheet's parse")
        return parse_text(text, *args, **kwargs)

    monkeypatch.setattr("rollplay.server.web_characters.parse_text", parse)
    event.listen(parts.service.engine, "before_cursor_execute", statement)
    try:
        fix = "/games/Pegasus/characters/Nikos/fix"
        sheet = server.get("/api/v1/games/Pegasus/characters/Nikos",
                           headers=sign_in(server, "Pia")).json()["sheet"]  # fmt: skip
        text = "concept: A pilot who fixed her sheet\n" + "".join(
            f"{k}: {v!r}\n" if not isinstance(v, dict) else f"{k}: {v}\n"
            for k, v in sheet.items() if k in ("system", "attributes", "action", "background")
        )  # fmt: skip
        page = {"Origin": "http://testserver", "HX-Request": "true"}
        server.cookies.clear()
        headers = {**sign_in(server, "Pia"), **page}
        done = server.post(fix, data={"source": "text", "sheet": text}, headers=headers)
        assert done.status_code == 200, done.text
        assert parsed  # the sheet was read,
        assert on_loop == []  # and all of it off the loop
        parsed.clear()
        server.cookies.clear()
        headers = {**sign_in(server, "Olly"), **page}
        junk = "attributes: [" * 40 + "x" * 19_000  # nothing a sheet reader would take
        refused = server.post(fix, data={"source": "text", "sheet": junk}, headers=headers)
    finally:
        event.remove(parts.service.engine, "before_cursor_execute", statement)
    assert refused.status_code == 403, refused.text
    assert "observer" in refused.text  # who may, not what is wrong with the YAML
    assert parsed == []  # refused before it was read
    assert on_loop == []
