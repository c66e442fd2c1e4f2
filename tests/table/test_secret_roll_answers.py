"""A player's own secret roll (rulings T9), in every system and as every surface shows it
(issue 28: it threw a traceback after it was logged, so a player who tried again logged it
twice): the roller is told only that it was made, once, and the roll is logged once."""

from __future__ import annotations

import json

import pytest

from rollplay.render.answers import answer_lines
from rollplay.render.html import card_html
from rollplay.render.markdown import card_markdown
from rollplay.render.mush import card_mush
from rollplay.render.text import line_text
from rollplay.table import commands as c
from rollplay.table.answers import SecretRollMade
from rollplay.table.service import Table
from rollplay.table.systems import Request
from tests.clirun import run

pytestmark = pytest.mark.examples

# A character of each system and what they roll; Pia plays all three.
ROLLS = {"fs3": ("Pegasus", "Nikos", "Piloting"), "gurps": ("Dungeon", "Inspector Vance",
         "Search"), "d6": ("Stars", "Kara Voss", "Search")}  # fmt: skip


@pytest.fixture
def pia(table: Table) -> Table:
    table.add_user("Pia")
    for game, who, _ in ROLLS.values():
        table.add_member(game, "Pia", "player", (who,))
    return table


@pytest.mark.parametrize("system", sorted(ROLLS))
def test_the_command_line_says_it_was_made_and_logs_it_once(
    pia: Table, system: str, capsys: pytest.CaptureFixture[str]
) -> None:
    game, who, what = ROLLS[system]
    before = len(pia.log(game_name=game, limit=None))
    code, out, err = run(capsys, "--as", "pia", "do", f"roll/secret {who}/{what}", "--game",
                         game, "--db", pia.url)  # fmt: skip
    assert (code, err) == (0, "")
    assert out == f"Rolled in secret for {who}: the Storyteller sees how it went.\n"
    code, out, err = run(capsys, "--as", "pia", "do", f"roll/secret {who}/{what}", "--game",
                         game, "--db", pia.url, "--json")  # fmt: skip
    said = json.loads(out)
    assert said["secret"] is True
    assert not {"dice", "outcome", "level", "successes", "total"} & set(said)
    assert len(pia.log(game_name=game, limit=None)) == before + 2  # one entry a roll


@pytest.mark.parametrize("system", sorted(ROLLS))
def test_every_surface_draws_only_the_message(pia: Table, system: str) -> None:
    game, who, what = ROLLS[system]
    told = pia.acting_as("Pia").execute(
        c.Roll(game, c.Side(who, Request(what)), "secret")
    )  # fmt: skip
    assert isinstance(told, SecretRollMade)
    for beside_feed in (False, True):
        lines = answer_lines(told, beside_feed)
        for shown in ("\n".join(map(line_text, lines)), str(card_html(lines)),
                      card_markdown(lines), card_mush(lines)):  # fmt: skip
            assert "the Storyteller sees how it went" in shown
            assert what not in shown
