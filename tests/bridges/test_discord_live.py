"""The bot and the web table on one database, as the issue's "done" asks: ``rollplay serve``
runs as its own process with a player's live stream open, the bot's handler rolls, and the
roll arrives on the stream (a secret one as the bare fact, without its dice). Traffic goes
only to 127.0.0.1. Also: the bot's command tree offers every command the issue names."""

from __future__ import annotations

from pathlib import Path

import pytest

from rollplay.bridges.discord.bot import RollplayBot
from rollplay.bridges.discord.table import DiscordTable
from rollplay.table.events.views import SeenEntry
from rollplay.table.service import Table
from tests.bridges.fake_discord import Courier, Interaction
from tests.bridges.test_discord import run
from tests.people import seat_people
from tests.server.process import Watcher, serving, token_for
from tests.typed import dumped, of

pytestmark = pytest.mark.live  # a rollplay serve process


def test_a_discord_roll_reaches_the_web_tables_live_feed(tmp_path: Path) -> None:
    db = f"sqlite:///{tmp_path / 'live.db'}"
    seat_people(db)
    table = Table(db)
    for name, discord_id in (("Stella", "1"), ("Pia", "2")):
        table.link_account("discord", discord_id, table.acting_as(name).link_code().code)
    table.acting_as("Stella").bind_channel("discord", "100", "Pegasus", gm_channel="999")
    bot = DiscordTable(table, Courier())
    with serving(db) as (base, _):
        newest = table.latest_event(table.watch("Pegasus")[0])  # the game's own numbering
        watcher = Watcher([base], token_for(base, "Otto"), after=newest)
        watcher.start()
        try:
            assert watcher.connected.wait(10)
            run(bot.roll(Interaction(2), "Firearms"))
            public = of(SeenEntry, table.log(game_name="Pegasus", limit=1)[0])
            run(bot.roll(Interaction(1), "roll/secret Nikos/Alertness"))
            secret = table.log(game_name="Pegasus", limit=1)[0]
            assert watcher.wait_for(secret.id)
        finally:
            watcher.stop()
    seen = {e["id"]: e for e in watcher.events}
    assert public.outcome is not None
    assert seen[public.id]["data"]["outcome"] == dumped(public.outcome)
    assert seen[public.id]["character"] == "Nikos"
    hidden = seen[secret.id]
    assert hidden["hidden"]
    assert hidden["data"] == {"system": "fs3"}
    assert b"Alertness" not in bytes(watcher.raw)


def test_the_bot_offers_every_command(tmp_path: Path) -> None:
    bot = RollplayBot(Table(f"sqlite:///{tmp_path / 'tree.db'}"))
    names = {c.name for c in bot.tree.get_commands()}
    assert {"roll", "odds", "sheet", "luck", "xp", "combat", "link", "unlink", "bind",
            "seed"} <= names  # fmt: skip
    roll = bot.tree.get_command("roll")
    assert roll is not None
    line = next(p for p in roll.parameters if p.name == "line")  # type: ignore[union-attr]
    assert line.autocomplete
    secrecy = next(p for p in roll.parameters if p.name == "secrecy")  # type: ignore[union-attr]
    assert [c.value for c in secrecy.choices] == ["public", "private", "secret"]
