"""Poses edited and deleted, against a real ``rollplay serve`` process on SQLite and
PostgreSQL (issue 37; rulings S70-S72): once a pose is deleted no reader but the Storyteller
is handed any of its versions, and once it is edited only the text in force, by any path
that hands out a pose (the scene API, ``/events`` as JSON and as a stream replayed from
``Last-Event-ID: 0``, the game's feed page and its stream, the scene page and its stream,
the permalink page, search, the exports); a pose of zero-width characters alone is refused
as empty; a flood of poses from one user is refused (429, one line) while others post on.

Every text is a word used nowhere else, so a search of the bytes finds any trace of it; the
Storyteller's answers hold the old versions (rulings S11), so the same search could fail."""

from __future__ import annotations

import os
import subprocess
import sys
from contextlib import closing
from pathlib import Path

import httpx
import pytest

from tests.server.process import free_port, serving, signed_in

pytestmark = [pytest.mark.live, pytest.mark.storage]

GONE = ("Quokkafirst", "Quokkasecond", "Wombatone", "Wombattwo")  # replaced or deleted
KEPT = "Quokkathird"  # the text in force


def _do(client: httpx.Client, headers: dict[str, str], line: str) -> httpx.Response:
    return client.post("/api/v1/games/Pegasus/commands", json={"text": line}, headers=headers)


def _ok(client: httpx.Client, headers: dict[str, str], line: str) -> int:
    done = _do(client, headers, line)
    assert done.status_code == 200, f"{line}: {done.text}"
    return int(done.json().get("log_id") or 0)


def _replayed(client: httpx.Client, path: str, last: int) -> bytes:
    """A stream read from its start (``Last-Event-ID: 0``, as a browser that lost its
    place sends) until the event numbered ``last``: every byte of it."""
    out = bytearray()
    headers = {"Last-Event-ID": "0", "Accept": "text/event-stream"}
    with client.stream("GET", path, headers=headers, timeout=httpx.Timeout(10, read=30)) as got:
        assert got.status_code == 200, path
        reached = False
        for line in got.iter_lines():
            out += line.encode() + b"\n"
            reached = reached or line == f"id: {last}"
            if reached and not line:  # the end of that message
                break
    return bytes(out)


def _everything(client: httpx.Client, last: int, pose: int) -> dict[str, bytes]:
    """Every read of the game that could hand a reader a pose, answered whole."""
    paths = ["/api/v1/games/Pegasus/scenes/1",
             "/api/v1/games/Pegasus/events?format=json&limit=1000",
             "/api/v1/games/Pegasus/log?format=jsonl",
             "/api/v1/games/Pegasus/scenes?q=Quokkafirst",
             "/api/v1/games/Pegasus/scenes?q=Quokkathird",
             "/games/Pegasus", "/games/Pegasus/scenes/1", f"/games/Pegasus/log/{pose}",
             *(f"/api/v1/games/Pegasus/scenes/1/export?format={f}"
               for f in ("markdown", "html", "jsonl"))]  # fmt: skip
    out = {}
    for path in paths:
        answer = client.get(path)
        assert answer.status_code == 200, (path, answer.text)
        out[path] = answer.content
    for stream in ("/api/v1/games/Pegasus/events", "/games/Pegasus/feed",
                   "/games/Pegasus/scenes/1/feed"):  # fmt: skip
        out[stream] = _replayed(client, stream, last)
    return out


def test_no_reader_is_handed_a_pose_its_author_replaced_or_took_back(server_db: str) -> None:
    with serving(server_db) as (base, _):
        stella, st = signed_in(base, "Stella")
        pia, pi = signed_in(base, "Pia")
        _ok(stella, st, "scene/start Docks=Rain")
        _ok(pia, pi, "scene/join 1")
        kept = _ok(pia, pi, ":Quokkafirst")
        _ok(pia, pi, f"pose/edit {kept}=Quokkasecond")
        _ok(pia, pi, f"pose/edit {kept}=Quokkathird")
        gone = _ok(pia, pi, ":Wombatone")
        _ok(pia, pi, f"pose/edit {gone}=Wombattwo")
        last = _ok(pia, pi, f"pose/delete {gone}")
        for name in ("Otto", "Olly", "Pia"):  # a player, an observer, the author
            client, _ = signed_in(base, name)
            with closing(client):
                for path, said in _everything(client, last, kept).items():
                    for word in GONE:
                        assert word.encode() not in said, (name, path, word)
                    if "q=" not in path and "/log?" not in path:
                        assert KEPT.encode() in said, (name, path)  # the pose as it stands
        with closing(stella):
            shown = _everything(stella, last, kept)
        # The Storyteller is shown every version (rulings S11): the search above could fail.
        for word in GONE:
            assert word.encode() in shown["/api/v1/games/Pegasus/scenes/1"], word
        # Search lands on the pose an edit gave its words, and finds nothing deleted.
        otto, _ = signed_in(base, "Otto")
        with closing(otto):
            [hit] = otto.get("/api/v1/games/Pegasus/scenes?q=Quokkathird").json()
            assert (hit["id"], hit["kind"]) == (kept, "pose")
            assert otto.get("/api/v1/games/Pegasus/scenes?q=Wombattwo").json() == []
        pia.close()


def test_a_pose_of_invisible_characters_is_empty(server_db: str) -> None:
    """Rulings S71: zero-width spaces, joiners, a BOM, a word joiner, a Hangul filler: a pose
    that shows nothing is refused as an empty one is, and nothing is written."""
    with serving(server_db) as (base, _):
        pia, pi = signed_in(base, "Pia")
        with closing(pia):
            _ok(pia, pi, "scene/start Docks=Rain")
            before = pia.get("/api/v1/games/Pegasus/events?format=json&limit=1000").json()
            for text in ("\u200b", "\u200b\u200c\u200d\u2060\ufeff", "\u3164 \u200b\n\u2800"):
                for line in (f":{text}", f"pose {text}"):
                    refused = _do(pia, pi, line)
                    assert refused.status_code == 400, (line, refused.text)
                    assert refused.json()["error"] == "a pose is empty: say what happens"
                page = pia.post("/games/Pegasus/scenes/1/pose", data={"text": text},
                                headers={**pi, "HX-Request": "true"})  # fmt: skip
                assert page.status_code == 400, page.text
                assert "a pose is empty" in page.text
            after = pia.get("/api/v1/games/Pegasus/events?format=json&limit=1000").json()
            assert after == before


def test_a_flood_of_poses_is_refused_and_others_post_on(server_db: str, tmp_path: Path) -> None:
    """Rulings S72: at most 10 poses (edits and deletions count) a user in any 30 seconds
    in a game, from any surface; the next is a 429 with Retry-After and one line, on the
    API and on the page, and another player's pose is not held up."""
    with serving(server_db) as (base, _):
        pia, pi = signed_in(base, "Pia")
        otto, ot = signed_in(base, "Otto")
        with closing(pia), closing(otto):
            _ok(pia, pi, "scene/start Docks=Rain")
            _ok(otto, ot, "scene/join 1")
            first = _ok(pia, pi, ":one")
            for n in range(8):
                _ok(pia, pi, f":pose {n}")
            _ok(pia, pi, f"pose/edit {first}=one, again")  # the tenth change of a pose
            refused = _do(pia, pi, ":one too many")
            assert refused.status_code == 429, refused.text
            assert int(refused.headers["Retry-After"]) >= 1
            said = refused.json()["error"]
            assert said.startswith("Pia is posing too fast: at most 10 poses in 30 seconds"), said
            page = pia.post("/games/Pegasus/scenes/1/pose", data={"text": "and again"},
                            headers={**pi, "HX-Request": "true"})  # fmt: skip
            assert page.status_code == 429, page.text
            assert "posing too fast" in page.text
            assert _do(pia, pi, "roll Alertness").status_code == 200  # a roll is no pose
            _ok(otto, ot, ":is not held up.")
            texts = [str(e["data"].get("text")) for e in
                     pia.get("/api/v1/games/Pegasus/events?format=json&limit=1000").json()
                     if e["kind"] == "pose"]  # fmt: skip
            assert "one too many" not in texts
            assert "and again" not in texts
            assert "is not held up." in texts


def test_a_bad_pose_rate_stops_the_server_at_its_start(server_db: str) -> None:
    """Rulings S72: ROLLPLAY_POSE_RATE is read once, when the service starts; a bad value
    stops ``rollplay serve`` there, in one line naming the setting and what it takes (exit
    2). It was read on every pose, so the server started and refused every player's pose."""
    env = {**os.environ, "ROLLPLAY_POSE_RATE": "ten a minute", "ROLLPLAY_DATABASE_URL": server_db}
    done = subprocess.run([sys.executable, "-m", "rollplay", "serve", "--db", server_db,
                           "--port", str(free_port())], env=env, capture_output=True,
                          timeout=120, check=False)  # fmt: skip
    said = done.stderr.decode().strip()
    assert done.returncode == 2, said
    assert len(said.splitlines()) == 1, said
    assert "ROLLPLAY_POSE_RATE is N/SECONDS with both above 0, like 10/30, or off" in said
    assert "'ten a minute'" in said
