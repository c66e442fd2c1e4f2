"""A private scene on the live stream (issue 30; rulings S5): its poses never reach a viewer
outside it, while what follows it does; invited, the viewer's stream is asked again and the
scene's next pose reaches them. Real ``rollplay serve`` processes, 127.0.0.1 only."""

from __future__ import annotations

import json
import threading
import time
from collections.abc import Callable
from pathlib import Path

import httpx
import pytest

from tests.people import seat_people
from tests.server.process import serving, signed_in

pytestmark = pytest.mark.live


def _read(
    client: httpx.Client, last_id: int, found: list[dict[str, object]], first: threading.Event
) -> None:
    """Three events from one stream after ``last_id``; ``first`` is set at the first."""
    headers = {"Last-Event-ID": str(last_id), "Accept": "text/event-stream"}
    with client.stream("GET", "/api/v1/games/Pegasus/events", headers=headers) as stream:
        for line in stream.iter_lines():
            if line.startswith("data: "):
                found.append(json.loads(line[6:]))
                first.set()
                if len(found) == 3:
                    return


def test_a_private_scene_stays_off_an_outsiders_stream(tmp_path: Path) -> None:
    db = f"sqlite:///{tmp_path / 'live.db'}"
    seat_people(db)
    with serving(db) as (base, _):
        otto, _ = signed_in(base, "Otto")
        pia, pia_headers = signed_in(base, "Pia")
        stella, st_headers = signed_in(base, "Stella")
        start = int(stella.get("/api/v1/games/Pegasus/events?format=json&limit=1000")
                    .json()[-1]["id"])  # fmt: skip

        def say(client: httpx.Client, headers: dict[str, str], text: str) -> None:
            posted = client.post("/api/v1/games/Pegasus/commands",
                                 json={"text": text}, headers=headers)  # fmt: skip
            assert posted.status_code == 200, posted.text

        say(pia, pia_headers, "scene/private Vault")
        say(pia, pia_headers, ":cracks the vault.")
        say(pia, pia_headers, "roll/secret Firearms")
        say(stella, st_headers, "roll 5")  # a public roll, outside any scene
        found: list[dict[str, object]] = []
        first = threading.Event()
        reader = threading.Thread(target=_read, args=(otto, start, found, first))
        reader.start()  # one stream, open across the invitation
        assert first.wait(30)
        say(pia, pia_headers, "scene/invite Otto")
        say(pia, pia_headers, ":smiles at Otto.")
        reader.join(30)
        seen, invited, posed = found
        assert seen["kind"] == "roll"
        assert seen["id"] == start + 4  # the scene's start, pose and roll were skipped
        assert invited["kind"] == "scene_invite"
        assert posed["kind"] == "pose"
        assert "smiles at Otto." in str(posed)


def _until(done: Callable[[], bool]) -> None:
    """Wait for what another thread reads (a safety bound, not a measure of speed)."""
    deadline = time.monotonic() + 30
    while not done():
        assert time.monotonic() < deadline, "nothing arrived in 30 s"
        time.sleep(0.01)


def _frames(client: httpx.Client, path: str, wanted: int, found: list[str],
            ready: threading.Event) -> None:  # fmt: skip
    """The first ``wanted`` SSE messages (blank-line separated) of ``path``, as text."""
    with client.stream("GET", path, headers={"Accept": "text/event-stream"}) as stream:
        lines: list[str] = []
        for line in stream.iter_lines():
            if line.startswith("retry:"):
                ready.set()
            elif line:
                lines.append(line)
            elif lines:
                found.append("\n".join(lines))
                lines = []
                if len(found) == wanted:
                    return


def test_each_scene_page_gets_the_pose_order_with_the_pose(tmp_path: Path) -> None:
    """Issue 30's fan-out: after a pose, the scene page's feed carries the panel's new pose
    order itself (drawn once, the same for every viewer), so no page asks for it, and its
    header (issue 37); a roll changes neither and sends none, and a change to the scene's
    state tells pages to ask again for their controls."""
    db = f"sqlite:///{tmp_path / 'order.db'}"
    seat_people(db)
    with serving(db) as (base, _):
        pia, pia_headers = signed_in(base, "Pia")
        stella, st_headers = signed_in(base, "Stella")
        otto, _ = signed_in(base, "Otto")
        for client, headers, line in ((stella, st_headers, "scene/start Dock=Rain"),
                                      (pia, pia_headers, "scene/join 1")):  # fmt: skip
            done = client.post("/api/v1/games/Pegasus/commands", json={"text": line},
                               headers=headers)  # fmt: skip
            assert done.status_code == 200, done.text
        feed = "/games/Pegasus/scenes/1/feed?after=" + str(
            stella.get("/api/v1/games/Pegasus/events?format=json&limit=1000").json()[-1]["id"]
        )
        seen: dict[str, list[str]] = {"Stella": [], "Otto": []}
        readers = []
        for name, client in (("Stella", stella), ("Otto", otto)):
            ready = threading.Event()
            reader = threading.Thread(target=_frames, args=(client, feed, 8, seen[name], ready))
            reader.start()
            assert ready.wait(30)
            readers.append(reader)
        for line in (":checks the mooring.", "roll Alertness", "scene/pause 1"):
            if line == "roll Alertness":  # the pose's order first (rulings S52: an order is
                _until(lambda: all(len(f) >= 3 for f in seen.values()))  # as of its event)
            done = pia.post("/api/v1/games/Pegasus/commands", json={"text": line},
                            headers=pia_headers)  # fmt: skip
            if line.startswith("scene/pause"):  # hers to start: Stella pauses it
                done = stella.post("/api/v1/games/Pegasus/commands", json={"text": line},
                                   headers=st_headers)  # fmt: skip
            assert done.status_code == 200, done.text
        for reader in readers:
            reader.join(30)
    for frames in seen.values():  # a pose's order is as of the pose: not yet paused
        kinds = [f.split("event: ", 1)[1].split("\n", 1)[0] for f in frames]
        assert kinds == ["card", "order", "head", "card", "card", "controls", "order", "head"]
        posed, paused = frames[1], frames[6]
        assert "Waiting on Stella" in posed
        assert "Nikos" in posed
        assert 'data-your-turn="false"' in posed  # each page marks its own turn
        assert "Paused" in paused
        assert 'data-state="running"' in frames[2]
        assert 'data-state="paused"' in frames[7]
    assert seen["Stella"][1] == seen["Otto"][1]  # one drawing for every viewer
