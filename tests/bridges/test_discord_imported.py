"""An imported scene (issue 38, "Scene logs") shown in Discord: ``/scene show N`` draws its
entries as every surface does, each marked imported and not provable (rulings A55); the
MUSH markup a room reads says so too."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from rollplay.aresmush.scenes import decode, read
from rollplay.bridges.discord.table import DiscordTable
from rollplay.bridges.evennia.audiences import view_text
from rollplay.table import commands as c
from rollplay.table.service import Table
from tests.bridges.fake_discord import Courier
from tests.bridges.test_discord import SEATED, as_
from tests.bridges.test_discord_scenes import scene
from tests.databases import Databases, opened

LOG = Path(__file__).parents[1] / "aresmush" / "logs" / "archive.txt"


@pytest.fixture
def table(databases: Databases, backend: str, tmp_path: Path) -> Iterator[Table]:
    with opened(databases, backend, SEATED, tmp_path) as t:
        t.acting_as("Stella").execute(
            c.ImportScene("Pegasus", read(decode(LOG.read_bytes())), LOG.name)
        )
        yield t


def test_scene_show_marks_each_imported_entry(table: Table) -> None:
    bot = DiscordTable(table, Courier())
    said = as_(bot, "Stella", lambda i: bot.bind(i, "Pegasus", "999"), 100)
    assert "This channel plays Pegasus" in said.record.to("me")
    shown = scene(bot, "Otto", "show", "1").record.to("me")
    assert "Scene 1 Old Friends (social; finished)" in shown
    assert shown.count("(imported: not provable)") == 6  # the head and five entries
    assert "<OOC> Ivan: brb, dog needs out" in shown
    assert "<System> Bea spends a luck point." in shown


def test_a_room_reads_an_imported_entry_marked(table: Table) -> None:
    _, ledger = table.acting_as("Otto").scene("Pegasus", 1)
    said = [view_text(v) for v in ledger]
    assert all("(imported: not provable)" in text for text in said)
    assert 'says, "You owe me a drink, Bea."' in said[-1]
