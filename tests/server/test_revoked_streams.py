"""A live stream ends when the sign-in that opened it ends (issue 29, revocation): a stolen API
token's open stream of Pegasus is closed when Pia revokes the token, when she changes her
password, and when the owner sets it from the command line (another process), and the roll
written after never reaches it. Real `rollplay serve` processes; traffic only to 127.0.0.1."""

from __future__ import annotations

import json
import subprocess
import sys
import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path

import httpx
import pytest

from tests.people import PASSWORD, seat_people
from tests.server.process import serving, signed_in, token_for

pytestmark = pytest.mark.live  # rollplay serve processes

NEW = "a new and longer password"
PATIENCE = 30.0  # only a guard against a hung test: nothing here is timed


class Stream(threading.Thread):
    """One SSE stream of Pegasus opened with a Bearer token (or, with ``cookies``, a session),
    read to its end (no reconnect)."""

    def __init__(self, base: str, token: str, after: int, cookies: httpx.Cookies | None = None):
        super().__init__(daemon=True)
        self.base, self.token, self.after, self.cookies = base, token, after, cookies
        self.ids: list[int] = []
        self.opened, self.ended, self.news = threading.Event(), threading.Event(), threading.Event()

    def run(self) -> None:
        headers = {"Last-Event-ID": str(self.after)}
        if self.cookies is None:
            headers["Authorization"] = f"Bearer {self.token}"
        url = f"{self.base}/api/v1/games/Pegasus/events"
        try:
            with httpx.stream("GET", url, headers=headers, cookies=self.cookies,
                              timeout=httpx.Timeout(5, read=PATIENCE)) as stream:  # fmt: skip
                stream.raise_for_status()
                self.opened.set()  # the server joined the viewer before it answered
                for line in stream.iter_lines():
                    if line.startswith("data: "):
                        self.ids.append(int(json.loads(line[6:])["id"]))
                        self.news.set()
        finally:
            self.ended.set()
            self.news.set()

    def until(self, event_id: int) -> None:
        """Wait until the stream has ended or has carried ``event_id``, whichever is first."""
        while not self.ended.is_set() and event_id not in self.ids:
            assert self.news.wait(PATIENCE), "the stream neither ended nor carried the roll"
            self.news.clear()


@contextmanager
def _pia_streaming(tmp_path: Path) -> Iterator[tuple[str, str, httpx.Client, dict[str, str],
                                                    Stream, Callable[[], int]]]:  # fmt: skip
    """A server; Pia signed in; her token's open stream; a way to write a roll (Stella's)."""
    db = f"sqlite:///{tmp_path / 'revoked.db'}"
    seat_people(db)
    with serving(db) as (base, _):
        stella, st_headers = signed_in(base, "Stella")
        pia, pia_headers = signed_in(base, "Pia")
        token = token_for(base, "Pia")
        start = int(stella.get("/api/v1/games/Pegasus/events?format=json&limit=1000")
                    .json()[-1]["id"])  # fmt: skip
        stream = Stream(base, token, start)
        stream.start()
        assert stream.opened.wait(PATIENCE), "the stream did not open"

        def roll() -> int:
            posted = stella.post("/api/v1/games/Pegasus/commands", json={"text": "roll 5"},
                                 headers=st_headers)  # fmt: skip
            assert posted.status_code == 200, posted.text
            return int(posted.json()["log_id"])

        first = roll()  # the stream works: it carries a roll made before any revocation
        stream.until(first)
        assert stream.ids == [first]
        assert not stream.ended.is_set()
        try:
            yield base, db, pia, pia_headers, stream, roll
        finally:
            stella.close()
            pia.close()


def _after_revocation(stream: Stream, roll: Callable[[], int], base: str | None = None) -> None:
    """A roll written now never reaches the stream, which ends; with ``base``, the token is
    refused there too (a worker's memory of sign-ins may keep it for seconds otherwise)."""
    if base is not None:
        assert httpx.get(f"{base}/api/v1/games/Pegasus", headers={
            "Authorization": f"Bearer {stream.token}"}).status_code == 401  # fmt: skip
    later = roll()
    stream.until(later)
    assert stream.ended.is_set()
    assert later not in stream.ids


def test_revoking_a_token_ends_the_stream_it_opened(tmp_path: Path) -> None:
    with _pia_streaming(tmp_path) as (base, _, pia, headers, stream, roll):
        (listed,) = pia.get("/api/v1/tokens").json()
        assert pia.delete(f"/api/v1/tokens/{listed['id']}", headers=headers).status_code == 200
        assert stream.ended.wait(PATIENCE)  # closed by the revoking request, before any event
        _after_revocation(stream, roll, base)


def test_a_password_change_ends_the_streams_of_every_other_sign_in(tmp_path: Path) -> None:
    with _pia_streaming(tmp_path) as (base, _, pia, headers, stream, roll):
        changed = pia.post("/api/v1/password", headers=headers,
                           json={"current_password": PASSWORD, "new_password": NEW})  # fmt: skip
        assert changed.status_code == 200, changed.text
        assert changed.json()["tokens"] == 1
        assert stream.ended.wait(PATIENCE)
        _after_revocation(stream, roll, base)


def test_a_password_set_from_the_command_line_ends_the_stream(tmp_path: Path) -> None:
    """Another process revokes: the server learns of it from the database, before it hands
    out the next event."""
    with _pia_streaming(tmp_path) as (_, db, _, _, stream, roll):
        done = subprocess.run(
            [sys.executable, "-m", "rollplay", "user", "password", "Pia", "--password-stdin",
             "--db", db], input=NEW + "\n", capture_output=True, text=True, check=False,
        )  # fmt: skip
        assert done.returncode == 0, done.stderr
        _after_revocation(stream, roll)


def test_signing_out_everywhere_ends_a_browsers_stream(tmp_path: Path) -> None:
    """A stolen session cookie's stream ends when Pia signs out everywhere from the page."""
    with _pia_streaming(tmp_path) as (base, _, _, _, token_stream, roll):
        thief, _ = signed_in(base, "Pia")  # a second session of Pia's, as a stolen cookie
        stream = Stream(base, "", token_stream.after, thief.cookies)
        stream.start()
        assert stream.opened.wait(PATIENCE)
        again, headers = signed_in(base, "Pia")
        out = again.post("/logout", data={"everywhere": "1"}, headers=headers)
        assert out.status_code == 303, out.text
        assert stream.ended.wait(PATIENCE)
        assert token_stream.ended.wait(PATIENCE)  # the tokens too
        assert thief.get("/api/v1/games/Pegasus").status_code == 401
        later = roll()
        stream.until(later)
        assert later not in stream.ids
        thief.close()
        again.close()


def test_removing_a_member_on_the_members_page_ends_their_stream(tmp_path: Path) -> None:
    """The Storyteller's members page (issue 31): Pia taken out of Pegasus there, her open
    stream closes when the server reads the change, and no later event reaches it."""
    with _pia_streaming(tmp_path) as (base, _, _, _, stream, roll):
        stella, headers = signed_in(base, "Stella")
        out = stella.post("/games/Pegasus/members/remove", data={"user": "Pia"},
                          headers={**headers, "HX-Request": "true"})  # fmt: skip
        assert out.status_code == 200, out.text
        assert "Pia is out of Pegasus" in out.text
        _after_revocation(stream, roll)
        stella.close()
