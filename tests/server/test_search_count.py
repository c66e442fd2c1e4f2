"""A search shows as many hits as there are to show, whatever was deleted (issue 37; rulings
S11, S61, S79): with more than MAX_HITS poses holding a word, a reader is shown MAX_HITS of
them, never fewer because some poses that held it were deleted or edited away. Before, the
query stopped at MAX_HITS rows and the replaced ones were dropped after, so how many hits a
search showed told a reader (word by word: a search finds the words a prefix begins) what a
deleted pose had said. A real ``rollplay serve`` process, SQLite and PostgreSQL."""

from __future__ import annotations

import os
from contextlib import closing
from unittest import mock

import pytest

from rollplay.table import commands as c
from rollplay.table.play.search import MAX_HITS
from rollplay.table.service import Table
from tests.server.process import serving, signed_in

pytestmark = [pytest.mark.live, pytest.mark.storage]
TAKEN_BACK = 6  # poses deleted, and as many edited away from the word


def _seed(db: str) -> None:
    """Pia's poses in a scene: first those she took back (deleted, or edited to say
    something else), each holding the word and a secret one, then MAX_HITS + 5 that keep
    the word. Written faster than a user may pose (the pace, rulings S72, off meanwhile)."""
    with mock.patch.dict(os.environ, {"ROLLPLAY_POSE_RATE": "off"}):  # read as it starts
        table = Table(db)
    try:
        stella, pia = table.acting_as("Stella"), table.acting_as("Pia")
        stella.execute(c.SceneStart("Pegasus", "Rooftops"))
        pia.execute(c.SceneJoin("Pegasus", 1))
        for n in range(TAKEN_BACK):
            gone = pia.execute(c.Pose("Pegasus", f"Xylophone Quincunx {n}"))
            pia.execute(c.PoseDelete("Pegasus", getattr(gone, "log_id", 0)))
            edited = pia.execute(c.Pose("Pegasus", f"Xylophone Quincunx {n}, again"))
            pia.execute(c.PoseEdit("Pegasus", getattr(edited, "log_id", 0), f"Rain {n}"))
        for n in range(MAX_HITS + 5):
            pia.execute(c.Pose("Pegasus", f"Xylophone {n}"))
    finally:
        table.close()


def test_words_taken_back_do_not_change_how_many_hits_a_search_shows(server_db: str) -> None:
    _seed(server_db)
    with serving(server_db) as (base, _):
        otto, _ = signed_in(base, "Otto")
        with closing(otto):
            hits = otto.get("/api/v1/games/Pegasus/scenes?q=xylophone").json()
            assert len(hits) == MAX_HITS
            assert all("Quincunx" not in hit["said"] for hit in hits)
            assert otto.get("/api/v1/games/Pegasus/scenes?q=quincunx").json() == []
            # The same count whether or not the words taken back are searched for too.
            assert len(otto.get("/api/v1/games/Pegasus/scenes?q=xylo").json()) == MAX_HITS
