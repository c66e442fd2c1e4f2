"""The pages' words (issue 31, point 5) and a seed event's one short line on the surfaces
without details (point 7): text, Markdown and a MUSH shorten its hash; JSON keeps it whole."""

from __future__ import annotations

import re

from fastapi.testclient import TestClient

from rollplay.render.events import event_line
from rollplay.render.markdown import line_markdown
from rollplay.render.mush import line_mush
from rollplay.render.spans import text_of
from rollplay.server.app import create_app
from rollplay.table.events import payloads as p
from rollplay.table.service import Table

NEW = "correct horse staple"
ISO = re.compile(r"\d{4}-\d\d-\d\dT\d\d:\d\d")


def test_the_first_run_pages_read_as_sentences(db_url: str) -> None:
    table = Table(db_url)
    table.add_examples()
    token = table.new_invite(None, "storyteller").token
    with TestClient(create_app(db_url), base_url="http://testserver") as client:
        page = client.get(f"/invite/{token}").text
        assert "first Storyteller. The link works once, until <time datetime=" in page
        shown = re.sub(r"<[^>]+>", "", page)
        assert not ISO.search(shown)  # the moment is in the tag's datetime, readable here
        assert re.search(r"until \d{1,2} \w{3} \d{4}, \d\d:\d\d UTC\.", shown)
        joined = client.post(f"/invite/{token}", data={"name": "Stella", "password": NEW}).text
        said = " ".join(re.sub(r"<[^>]+>", " ", joined).split())  # home, what to do next (W90)
        assert "Welcome, Stella: what to do next" in said
        assert "Make a game below: its name and its system." in said
        assert "The games listed here already are examples to try things in" in said


def test_a_seed_event_is_one_short_line_off_the_web() -> None:
    full = "ab" * 32
    for event in (p.SeedCommitted(chain="public", commitment=full),
                  p.SeedRevealed(chain="public", seed=full, commitment=full, nonces=3),
                  p.ClientSeedSet(user="Pia", client_seed=full)):  # fmt: skip
        line = event_line(event, None)
        for drawn in (text_of(line), line_markdown(line), line_mush(line)):
            assert full not in drawn
            assert full[:12] + "\u2026" in drawn
        assert full in event.model_dump_json()
