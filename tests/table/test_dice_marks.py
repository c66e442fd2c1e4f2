"""Every card of a roll not dealt from the provable dice says so, on every surface (issue 29):
OS dice (a game that turned verifiable dice off), typed dice and seeded dice, in the same
words in the terminal, on the web, in Discord and on a MUSH; a provable roll's card names its
chain and nonce instead, what a verifier looks it up by."""

from __future__ import annotations

import re

import pytest

from rollplay.bridges.discord.embeds import event_embed
from rollplay.dice import Dice, ScriptedDice, SeededDice
from rollplay.render.answers import answer_lines
from rollplay.render.events import event_card
from rollplay.render.html import card_html
from rollplay.render.markdown import card_markdown
from rollplay.render.mush import card_mush
from rollplay.render.spans import text_of
from rollplay.table.answers import FS3Rolled, OneRolled
from rollplay.table.events.views import EventView
from rollplay.table.service import Table
from rollplay.table.systems import Request
from tests.typed import of

pytestmark = [pytest.mark.storage, pytest.mark.examples]


@pytest.fixture
def game(table: Table) -> Table:
    for name in ("Stella", "Pia"):
        table.add_user(name)
    table.add_member("Pegasus", "Stella", "storyteller")
    table.add_member("Pegasus", "Pia", "player", ("Nikos",))
    return table


def _surfaces(view: EventView) -> dict[str, str]:
    """One event's card as each surface writes it."""
    lines = event_card(view)
    embed = event_embed(view)
    return {
        "text": "\n".join(text_of(line) for line in lines),
        "html": str(card_html(lines, visibility=view.visibility)),
        "markdown": card_markdown(lines),
        "mush": card_mush(lines),
        "discord": f"{embed.title}\n{embed.description}",
    }


def _rolls(game: Table) -> dict[str, FS3Rolled]:
    def roll(dice: Dice | None = None) -> FS3Rolled:
        return of(FS3Rolled, game.roll("Pegasus", "Nikos", Request("Firearms"), dice=dice))

    made = {"provable": roll(), "typed": roll(dice=ScriptedDice([8] * 7)),
            "seeded": roll(dice=SeededDice(7))}  # fmt: skip
    game.game_settings("Pegasus", provable=False)
    made["secure"] = roll()
    game.game_settings("Pegasus", provable=True)
    return made


MARKS = {"typed": "typed dice", "seeded": "seeded dice", "secure": "OS dice"}


def test_every_surface_marks_every_card_not_dealt_from_the_provable_dice(game: Table) -> None:
    made = _rolls(game)
    views = {e.id: e for e in game.events_for("Pegasus", after=0, limit=1000)}
    for source, rolled in made.items():
        assert rolled.dice_source == source
        for surface, card in _surfaces(views[rolled.log_id]).items():
            for other, mark in MARKS.items():
                assert (mark in card) == (other == source), (source, surface, card)
            said_nonce = "public nonce" in card
            assert said_nonce == (source == "provable"), (source, surface, card)
    provable = views[made["provable"].log_id]
    assert "public nonce 0" in _surfaces(provable)["discord"]


def test_a_roll_answer_says_where_its_dice_came_from(game: Table) -> None:
    made = _rolls(game)
    heads = {s: text_of(answer_lines(r)[0]) for s, r in made.items()}
    assert heads["secure"].endswith("· public · OS dice"), heads
    assert heads["typed"].endswith("· public · typed dice"), heads
    assert heads["seeded"].endswith("· public · seeded dice"), heads
    # A provable roll's answer names its chain and nonce, as its card in the log does.
    assert re.search(r"· public · public nonce \d+$", heads["provable"]), heads


def test_a_hidden_roll_shows_neither_mark_nor_nonce(game: Table) -> None:
    rolled = of(OneRolled, game.roll("Pegasus", "Nikos", Request("Firearms"),
                                     visibility="secret", dice=SeededDice(3)))  # fmt: skip
    pia = game.acting_as("Pia")
    views = {e.id: e for e in pia.events_for("Pegasus", after=0, limit=1000)}
    card = _surfaces(views[rolled.log_id])["text"]
    assert "dice" not in card.split("\n")[0]
    assert "nonce" not in card


def test_a_combat_turn_says_where_its_dice_came_from(game: Table) -> None:
    from rollplay.systems.fs3.combat.state import Action
    from rollplay.table.combat.tracker import Tracker

    tracker = Tracker(game)
    tracker.start("Pegasus", "Hangar")
    tracker.join("Pegasus", "Hangar", "Nikos", weapon="Pistol")
    tracker.join("Pegasus", "Hangar", "Mavros", weapon="Pistol", team="B")
    heads = {}
    for source in ("provable", "seeded"):
        tracker.act("Pegasus", "Hangar", "Nikos", Action("attack", target="Mavros"))
        dice = SeededDice(5) if source == "seeded" else None
        answer = tracker.turn("Pegasus", "Hangar", dice)
        turn = [e for e in game.events_for("Pegasus", after=0, limit=1000)
                if e.kind == "combat_turn"][-1]  # fmt: skip
        heads[source] = (text_of(event_card(turn)[0]), text_of(answer_lines(answer)[0]))
    # The stream's card names the nonce; the answer, which carries no provable block, is
    # unmarked (provable dice are the unmarked ones).
    assert heads["provable"][0].endswith("turn 1 · public nonce 0"), heads
    assert heads["provable"][1] == "Hangar: turn 1", heads
    assert all(h.endswith("· seeded dice") for h in heads["seeded"]), heads
