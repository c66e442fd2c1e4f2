"""A private scene on the live stream (issue 30; rulings S5): its poses never reach a viewer
outside it, while what follows it does; invited, the viewer's stream is asked again and the
scene's next pose reaches them. Real ``rollplay serve`` processes, 127.0.0.1 only."""

from __future__ import annotations

import json
import threading
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
