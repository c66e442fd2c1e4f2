"""The Discord bot's handlers, offline: each slash command driven with a fake interaction,
checking what each person sees (the channel, the one who typed, the GM channel, direct
messages), the ephemeral flags, the deferral, and what reached the table's log."""

from __future__ import annotations

import asyncio
from collections.abc import Coroutine, Iterator
from pathlib import Path
from typing import Any

import pytest

from rollplay.bridges.discord.delivery import _copies
from rollplay.bridges.discord.table import LINK_FIRST, UNBOUND, DiscordTable
from rollplay.render.fs3 import result_line
from rollplay.render.spans import text_of
from rollplay.table import commands as c
from rollplay.table.answers import CombatStatus
from rollplay.table.events.outcomes import FS3Roll
from rollplay.table.events.views import LogEntry, SeenEntry
from rollplay.table.service import Table
from rollplay.table.systems import Request
from tests.bridges.fake_discord import Courier, Interaction
from tests.databases import Databases, opened, template
from tests.typed import of

IDS = {"Stella": 1, "Pia": 2, "Otto": 3, "Olly": 4}
HIDDEN = "roll: its dice and result are hidden"


def run(coroutine: Coroutine[Any, Any, Any]) -> Any:
    """The handler, run to its end (the browser tests, whose Playwright keeps a loop running
    on the main thread, run after every other test: tests/conftest.py)."""
    return asyncio.run(coroutine)


def _seat(t: Table) -> None:
    seats = (("Stella", "storyteller", ()), ("Pia", "player", ("Nikos",)),
             ("Otto", "player", ("Mavros",)), ("Olly", "observer", ()))  # fmt: skip
    for name, role, plays in seats:
        t.add_user(name)
        t.add_member("Pegasus", name, role, plays)
        t.link_account("discord", str(IDS[name]), t.acting_as(name).link_code().code, name)


# The example games, Stella their Storyteller, Pia playing Nikos, Otto Mavros, Olly watching,
# each linked to their Discord account (IDS): seated once a session, copied for each test.
SEATED = template("discord", _seat)


@pytest.fixture
def table(databases: Databases, backend: str, tmp_path: Path) -> Iterator[Table]:
    with opened(databases, backend, SEATED, tmp_path) as t:
        yield t


@pytest.fixture
def bot(table: Table) -> DiscordTable:
    courier = Courier()
    bot = DiscordTable(table, courier)
    said = as_(bot, "Stella", lambda i: bot.bind(i, "Pegasus", "999"))
    assert "This channel plays Pegasus" in said.record.to("me")
    return bot


def as_(bot: DiscordTable, who: str, call: Any, channel: int = 100) -> Interaction:
    interaction = Interaction(IDS.get(who, 77), channel)
    run(call(interaction))
    return interaction


def copies(bot: DiscordTable) -> Any:
    return bot.courier.record  # type: ignore[attr-defined]


def last_roll(table: Table) -> SeenEntry:
    return of(SeenEntry, table.log(game_name="Pegasus", limit=1)[0])


def outcome(entry: LogEntry) -> FS3Roll:
    """An FS3 roll's outcome, as the Storyteller's log shows it."""
    return of(FS3Roll, of(SeenEntry, entry).outcome)


def dice(entry: LogEntry) -> str:
    return text_of(result_line(outcome(entry)))


def test_a_public_roll_answers_in_the_channel_with_every_die(
    bot: DiscordTable, table: Table
) -> None:
    i = as_(bot, "Pia", lambda i: bot.roll(i, "Firearms+Reflexes"))
    entry = last_roll(table)
    assert (entry.character, entry.visibility) == ("Nikos", "public")
    assert len(outcome(entry).dice) == 7
    assert i.record.steps[:2] == ["defer", "edit"]  # deferred, then the answer in place
    assert dice(entry) in i.record.to("channel")
    assert "Nikos" in i.record.to("channel")
    assert i.record.places() == {"channel"}
    assert copies(bot).said == []  # the Storyteller saw it in the channel


def test_a_private_roll_answers_the_roller_and_copies_to_the_gm_channel(
    bot: DiscordTable, table: Table
) -> None:
    i = as_(bot, "Pia", lambda i: bot.roll(i, "Piloting", "private"))
    entry = last_roll(table)
    assert entry.visibility == "private"
    assert i.record.steps[0] == "defer-ephemeral"
    assert i.record.places() == {"me"}
    assert dice(entry) in i.record.to("me")
    assert dice(entry) in copies(bot).to("gm")
    assert "[private]" in copies(bot).to("gm")


def test_without_a_gm_channel_copies_go_to_the_storytellers_dms(
    bot: DiscordTable, table: Table
) -> None:
    as_(bot, "Stella", lambda i: bot.bind(i, "Pegasus"))
    as_(bot, "Pia", lambda i: bot.roll(i, "roll/private Piloting"))
    entry = last_roll(table)
    assert dice(entry) in copies(bot).to("dm:1")
    assert copies(bot).places() == {"dm:1"}


def test_a_players_secret_roll_tells_them_only_that_it_was_made(
    bot: DiscordTable, table: Table
) -> None:
    i = as_(bot, "Pia", lambda i: bot.roll(i, "Alertness", "secret"))
    entry = last_roll(table)
    assert entry.visibility == "secret"
    mine, channel = i.record.to("me"), copies(bot).to("channel:100")
    assert HIDDEN in mine
    assert "Nikos" in mine  # her own character's (rulings T2)
    # The bare fact, as the game announces secret rolls: posted by the bot, not as a reply
    # to her command (which would show "Pia used /roll" above it).
    assert HIDDEN in channel
    assert i.record.places() == {"me"}
    for secret in (dice(entry), outcome(entry).level, "Alertness"):
        assert secret not in mine
        assert secret not in channel
    assert "Nikos" not in channel
    assert dice(entry) in copies(bot).to("gm")


def test_a_storytellers_secret_roll_is_never_posted_in_the_channel(
    bot: DiscordTable, table: Table
) -> None:
    table.set_announce_secret("Pegasus", False)
    i = as_(bot, "Stella", lambda i: bot.roll(i, "roll/secret Raider/4"))
    (entry,) = list(table.log(game_name="Pegasus", limit=1))
    assert entry.visibility == "secret"
    assert i.record.places() == {"me"}  # nothing in the channel, not even the fact
    assert dice(entry) in i.record.to("me")
    assert dice(entry) in copies(bot).to("gm")


def test_a_storytellers_private_roll_for_nikos_reaches_his_player(
    bot: DiscordTable, table: Table
) -> None:
    i = as_(bot, "Stella", lambda i: bot.roll(i, "Nikos/Piloting", "private"))
    entry = last_roll(table)
    assert i.record.places() == {"me"}
    assert dice(entry) in copies(bot).to("dm:2")  # Pia plays Nikos
    assert "dm:3" not in copies(bot).places()


def test_a_contest_shows_both_sides(bot: DiscordTable, table: Table) -> None:
    i = as_(bot, "Pia", lambda i: bot.roll(i, "Firearms vs Mavros/Melee"))
    second, first = table.log(game_name="Pegasus", limit=2)
    said = i.record.to("channel")
    assert dice(first) in said
    assert dice(second) in said
    assert "opposed: " in said


def test_errors_are_one_ephemeral_line(bot: DiscordTable, table: Table) -> None:
    before = len(table.log(game_name="Pegasus", limit=0))
    for line in ("Firearms/cp=1", "Firearms++", "roll/loudly Firearms", ""):
        i = as_(bot, "Pia", lambda i: bot.roll(i, line))  # noqa: B023
        assert i.record.steps == ["reply"]  # refused before deferring
        assert i.record.places() == {"me"}
        assert "\n" not in i.record.to("me")
    assert "cp does not apply" in as_(bot, "Pia", lambda i: bot.roll(i, "Firearms/cp=1")).record.to(
        "me"
    )
    # Refused by the table after deferring: the public "thinking" goes, the error is hers.
    i = as_(bot, "Pia", lambda i: bot.roll(i, "Mavros/Melee"))
    assert i.record.steps == ["defer", "delete", "followup"]
    assert i.record.places() == {"me"}
    assert "only for the characters they play" in i.record.to("me")
    # A listed name mistyped is not a skill missing from the sheet (rulings R28): the table
    # refuses it with the name meant, hers alone, and nothing is logged.
    i = as_(bot, "Pia", lambda i: bot.roll(i, "Pilotting"))
    assert i.record.places() == {"me"}
    assert "(did you mean Piloting?)" in i.record.to("me")
    assert "\n" not in i.record.to("me")
    assert len(table.log(game_name="Pegasus", limit=0)) == before


def test_an_unlinked_account_and_an_unbound_channel_are_told_what_to_do(
    bot: DiscordTable, table: Table
) -> None:
    i = as_(bot, "Nobody", lambda i: bot.roll(i, "Firearms"))
    assert i.record.to("me") == LINK_FIRST
    i = as_(bot, "Pia", lambda i: bot.roll(i, "Firearms"), channel=555)
    assert i.record.to("me") == UNBOUND
    assert table.log(game_name="Pegasus", limit=0) == []


def test_linking_with_a_code(bot: DiscordTable, table: Table) -> None:
    table.add_user("Gil")
    code = table.acting_as("Gil").link_code().code
    i = as_(bot, "Gil", lambda i: bot.link(i, code))  # id 77
    assert i.record.to("me") == "Linked: you play as Gil here."
    again = as_(bot, "Gil", lambda i: bot.link(i, code))
    assert "unknown, used or expired" in again.record.to("me")
    assert "Unlinked" in as_(bot, "Gil", bot.unlink).record.to("me")
    assert table.linked("discord", "77") is None


def test_only_a_storyteller_binds_a_channel(bot: DiscordTable, table: Table) -> None:
    i = as_(bot, "Pia", lambda i: bot.bind(i, "Pegasus"), channel=200)
    assert "only the Storyteller may manage" in i.record.to("me")
    assert table.channel_game("discord", "200") is None
    i = as_(bot, "Stella", lambda i: bot.bind(i, "Pegasus", "200"), channel=200)
    assert "must not be the table's own channel" in i.record.to("me")


def test_sheet_and_odds_answer_only_the_one_who_asked(bot: DiscordTable, table: Table) -> None:
    i = as_(bot, "Otto", bot.sheet)
    assert i.record.steps[0] == "defer-ephemeral"
    assert i.record.places() == {"me"}
    assert "Mavros" in i.record.to("me")
    assert "Melee" in i.record.to("me")
    i = as_(bot, "Pia", lambda i: bot.odds(i, "Firearms+Reflexes"))
    asked = c.Roll("Pegasus", c.Side("Nikos", Request("Firearms+Reflexes")))
    odds = table.acting_as("Pia").odds(asked)
    assert odds.success is not None
    assert f"{odds.success:.1%}" in i.record.to("me")
    assert i.record.places() == {"me"}
    assert table.log(game_name="Pegasus", limit=0) == []  # odds roll nothing


def test_luck_and_xp_by_role(bot: DiscordTable, table: Table) -> None:
    i = as_(bot, "Stella", lambda i: bot.points(i, "luck", "award", "Nikos=2/a fine pose"))
    assert "Nikos gains 2 luck (a fine pose)" in i.record.to("channel")
    assert of(int, table.character("Pegasus", "Nikos").luck) >= 2
    i = as_(bot, "Pia", lambda i: bot.points(i, "luck", "award", "Nikos=5"))
    assert i.record.places() == {"me"}
    assert "only the Storyteller may award" in i.record.to("me")
    i = as_(bot, "Pia", lambda i: bot.points(i, "luck", "spend", "to dodge"))
    assert "Nikos spends 1 luck" in i.record.to("channel")
    as_(bot, "Stella", lambda i: bot.points(i, "xp", "award", "Nikos=3"))
    i = as_(bot, "Pia", lambda i: bot.points(i, "xp", "raise", "Melee"))
    assert "raises Melee" in i.record.to("channel")


def test_a_combat_through_the_bot(bot: DiscordTable, table: Table) -> None:
    i = as_(bot, "Stella", lambda i: bot.combat(i, "start", "Hangar Fight"))
    assert "Hangar Fight: the fight begins" in i.record.to("channel")  # in words (issue 37)
    assert "done" not in i.record.to("channel")
    i = as_(bot, "Pia", lambda i: bot.combat(i, "join", "Nikos"))
    assert "Nikos joins" in i.record.to("channel")
    as_(bot, "Stella", lambda i: bot.combat(i, "join", "Guard/npc=4,team=2"))
    i = as_(bot, "Pia", lambda i: bot.combat(i, "attack", "Guard"))
    assert "Nikos: attack Guard" in i.record.to("channel")
    i = as_(bot, "Stella", lambda i: bot.combat(i, "attack", "Guard=Nikos"))
    assert "attack" not in i.record.to("channel")  # an NPC's plan stays the Storyteller's
    assert "Guard: attack Nikos" in copies(bot).to("gm")
    i = as_(bot, "Stella", lambda i: bot.combat(i, "newturn"))
    assert "turn 1" in i.record.to("channel")
    status = as_(bot, "Otto", lambda i: bot.combat(i, "status"))
    assert status.record.places() == {"me"}
    assert "Nikos [" in status.record.to("me")  # each combatant, with team and stance


def test_the_storyteller_orders_the_npcs_through_the_bot(bot: DiscordTable, table: Table) -> None:
    """``/combat orders`` (rulings W80): every NPC's action at once, kept from the channel as
    one NPC's is; a player is refused in a line only she sees."""
    as_(bot, "Stella", lambda i: bot.combat(i, "start", "Hangar Fight"))
    as_(bot, "Pia", lambda i: bot.combat(i, "join", "Nikos"))
    for npc in ("Guard", "Thug"):
        as_(bot, "Stella", lambda i: bot.combat(i, "join", f"{npc}/npc=4,team=2"))  # noqa: B023
    i = as_(bot, "Pia", lambda i: bot.combat(i, "orders", "Guard=pass"))
    assert i.record.places() == {"me"}
    assert "only the Storyteller" in i.record.to("me")
    i = as_(bot, "Stella", lambda i: bot.combat(i, "orders", "Guard=attack Nikos, Thug=reload"))
    assert "attack" not in i.record.to("channel")  # the NPCs' plans stay the Storyteller's
    assert "Guard: attack Nikos" in copies(bot).to("gm")
    assert "Thug: reload" in copies(bot).to("gm")
    status = of(CombatStatus, table.execute(c.CombatStatus("Pegasus", "Hangar Fight")))
    assert {k: a.kind for k, a in status.actions.items()} == {"Guard": "attack", "Thug": "reload"}


def test_autocomplete_finishes_the_word_being_typed(bot: DiscordTable) -> None:
    def complete(text: str, who: str = "Pia") -> list[str]:
        out: list[str] = run(bot.complete(Interaction(IDS.get(who, 77)), text))
        return out

    assert "Firearms" in complete("Fire")
    assert "Firearms+Reflexes" in complete("Firearms+Ref")
    assert "roll/private Piloting" in complete("roll/private Pil")
    assert len(complete("")) <= 25
    assert complete("Fire", who="Nobody") == []  # unlinked: nothing offered


def test_the_bot_defers_before_the_roll_is_made(bot: DiscordTable, table: Table) -> None:
    steps: list[str] = []
    interaction = Interaction(IDS["Pia"])
    execute = Table.execute

    def watched(self: Table, *args: Any, **kwargs: Any) -> Any:
        steps.append("deferred" if interaction.response.done else "not yet")
        return execute(self, *args, **kwargs)

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(Table, "execute", watched)
        run(bot.roll(interaction, "Firearms"))
    assert steps == ["deferred"]


def test_a_quiet_games_secret_roll_still_tells_the_player_it_was_made(
    bot: DiscordTable, table: Table
) -> None:
    table.set_announce_secret("Pegasus", False)
    for line in ("roll/secret Alertness", "roll Alertness"):
        i = as_(bot, "Pia", lambda i: bot.roll(i, line, "secret"))  # noqa: B023
        assert "Rolled in secret for Nikos" in i.record.to("me")
        assert i.record.places() == {"me"}
    assert "channel:100" not in copies(bot).places()


def test_a_gm_channel_is_never_a_tables_channel(bot: DiscordTable, table: Table) -> None:
    table.add_member("Stars", "Stella", "storyteller")
    i = as_(bot, "Stella", lambda i: bot.bind(i, "Stars", "100"), channel=300)
    assert "is a table's channel" in i.record.to("me")
    i = as_(bot, "Stella", lambda i: bot.bind(i, "Stars"), channel=999)
    assert "is a game's GM channel" in i.record.to("me")
    assert table.channel_game("discord", "999") is None


def test_copies_go_ten_embeds_a_message_and_to_dms_when_the_gm_channel_fails(
    table: Table,
) -> None:
    import discord

    bot = DiscordTable(table, Courier(broken=("999",)))
    as_(bot, "Stella", lambda i: bot.bind(i, "Pegasus", "999"))
    as_(bot, "Pia", lambda i: bot.roll(i, "roll/private Piloting"))
    assert "[private]" in copies(bot).to("dm:1")  # the GM channel refused: her DMs instead
    many = [discord.Embed(title=f"card {n}") for n in range(23)]
    run(_copies(bot.courier, Interaction(IDS["Pia"]), table, "Pegasus", whole=many, views=[]))
    sent = [s for s in copies(bot).said if s.where == "dm:1"][1:]
    assert [s.embeds for s in sent] == [10, 10, 3]  # Courier asserts at most ten each


def test_titles_escape_what_players_typed(bot: DiscordTable) -> None:
    i = as_(bot, "Pia", lambda i: bot.points(i, "luck", "spend", "@everyone **now**"))
    titles = [s.text for s in i.record.said]
    assert "@everyone **now**" in titles[0]  # as typed, once the escapes are read
