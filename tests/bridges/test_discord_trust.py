"""The Discord bot and trust (issue 29), offline: /seed shows each member their client seed
and the game's commitments and sets a client seed; its roll cards name their nonce; each
user's commands are rate limited; a bad token ends the bot with one line, not a traceback."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import discord
import pytest

from rollplay.bridges.discord.limits import DEFAULT, Limiter, Rate
from rollplay.bridges.discord.table import LINK_FIRST, DiscordTable
from rollplay.errors import RollplayError
from rollplay.table.events.payloads import Provable
from rollplay.table.events.views import SeenEntry
from rollplay.table.service import Table
from tests.bridges import test_discord as base
from tests.bridges.fake_discord import Courier
from tests.bridges.test_discord import IDS, as_
from tests.clirun import fails_cleanly
from tests.typed import of

table, bot = base.table, base.bot  # the fixtures: a table seated with the four, a bound bot


def _provable(t: Table) -> Provable:
    return of(Provable, of(SeenEntry, t.log(game_name="Pegasus", limit=1)[0]).provable)


def test_seed_shows_each_member_the_commitments_and_their_client_seed(
    bot: DiscordTable, table: Table
) -> None:
    current = {r.chain: r.commitment for r in table.seeds("Pegasus").current}
    for who in ("Stella", "Pia", "Olly"):
        i = as_(bot, who, bot.seed)
        assert i.record.places() == {"me"}, who  # ephemeral: only the one who asked
        said = i.record.to("me")
        assert "Pegasus: verifiable dice on" in said
        assert f"public seed commitment (0 rolls so far): {current['public']}" in said
        # How many hidden rolls a seed has served is the Storyteller's to know.
        hidden = "hidden seed commitment (0 rolls so far)" if who == "Stella" else \
            "hidden seed commitment"  # fmt: skip
        assert f"{hidden}: {current['hidden']}" in said, (who, said)
        # A member gets a client seed when they join (rulings V4), and sees their own.
        mine = table.acting_as(who).seeds("Pegasus").client_seed
        assert f"your client seed: {mine or 'none yet'}" in said
        assert mine or "/seed client:VALUE" in said


def test_a_player_sets_a_client_seed_and_their_next_roll_uses_it(
    bot: DiscordTable, table: Table
) -> None:
    i = as_(bot, "Pia", lambda i: bot.seed(i, "Pia's:lucky!7"))
    assert i.record.places() == {"me"}
    said = i.record.to("me")
    assert "Your client seed in Pegasus is now Pia's:lucky!7" in said
    assert "your client seed: Pia's:lucky!7" in said
    assert table.acting_as("Pia").seeds("Pegasus").client_seed == "Pia's:lucky!7"
    roll = as_(bot, "Pia", lambda i: bot.roll(i, "Firearms"))
    block = _provable(table)
    assert block.client_seed == "Pia's:lucky!7"
    # The card in the channel names what a verifier looks the roll up by.
    assert f"public nonce {block.nonce}" in roll.record.to("channel")


def test_a_bad_client_seed_and_a_seed_not_theirs_to_set_are_one_line(
    bot: DiscordTable, table: Table
) -> None:
    table.add_user("Xena")  # linked, but not in the game
    table.link_account("discord", "5", table.acting_as("Xena").link_code().code, "Xena")
    IDS["Xena"] = 5
    cases = [("Pia", "two words", "a client seed is 1 to 64 printable ASCII"),
             ("Pia", "x" * 65, "a client seed is 1 to 64 printable ASCII"),
             ("Stella", "caf\u00e9", "a client seed is 1 to 64 printable ASCII"),
             ("Olly", "watching", "observer"),
             ("Xena", "outsider", "Xena"),
             ("Nobody", "anything", LINK_FIRST)]  # fmt: skip
    given = {who: table.acting_as(who).seeds("Pegasus").client_seed for who in ("Pia", "Olly")}
    try:
        for who, value, why in cases:
            i = as_(bot, who, lambda i: bot.seed(i, value))  # noqa: B023
            said = i.record.to("me")
            assert i.record.places() == {"me"}, who
            assert "\n" not in said, (who, said)
            assert why in said, (who, said)
        as_(bot, "Stella", lambda i: bot.seed(i, "Stella-1"))
        for who in ("Pia", "Olly"):  # as they were given when they joined (rulings V4)
            assert table.acting_as(who).seeds("Pegasus").client_seed == given[who]
        assert table.acting_as("Stella").seeds("Pegasus").client_seed == "Stella-1"
        assert "Xena" in as_(bot, "Xena", bot.seed).record.to("me")
    finally:
        del IDS["Xena"]


class Clock:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


def test_each_discord_user_is_rate_limited(table: Table) -> None:
    clock = Clock()
    limited = DiscordTable(table, Courier(), Limiter(Rate(3, 6), clock))
    as_(limited, "Stella", lambda i: limited.bind(i, "Pegasus", "999"))  # Stella's first
    for _ in range(3):
        assert "Nikos" in as_(limited, "Pia", lambda i: limited.roll(i, "Firearms")).record.to(
            "channel"
        )
    logged = len(table.log(game_name="Pegasus", limit=0))
    for command in (lambda i: limited.roll(i, "Firearms"), lambda i: limited.seed(i, "abc"),
                    lambda i: limited.odds(i, "Firearms")):  # fmt: skip
        i = as_(limited, "Pia", command)
        assert i.record.places() == {"me"}
        assert i.record.to("me") == ("slow down: at most 3 commands per 6 s; try again in 2 s")
    assert len(table.log(game_name="Pegasus", limit=0)) == logged  # no work done
    assert table.acting_as("Pia").seeds("Pegasus").client_seed != "abc"
    # Someone else is not slowed by her; and her bucket refills, a command every 2 s.
    assert "Mavros" in as_(limited, "Otto", lambda i: limited.roll(i, "Melee")).record.to("channel")
    clock.now += 2
    assert "Nikos" in as_(limited, "Pia", lambda i: limited.roll(i, "Firearms")).record.to(
        "channel"
    )
    assert "slow down" in as_(limited, "Pia", lambda i: limited.roll(i, "Firearms")).record.to("me")


def test_the_default_rate_and_its_option(capsys: pytest.CaptureFixture[str],
                                         monkeypatch: pytest.MonkeyPatch) -> None:  # fmt: skip
    assert Rate.parse(DEFAULT) == Rate(10, 10.0)
    assert DiscordTable(Table("sqlite://"), Courier()).limiter.rate == Rate(10, 10.0)
    assert Rate.parse("off") == Rate(0, 1.0)
    assert Limiter(Rate.parse("off")).allow("x")
    monkeypatch.setenv("DISCORD_TOKEN", "MTA.Gx1y2z.abcdefghijklmnopqrstuvwxyz012")
    err = fails_cleanly(capsys, "discord", "--rate", "lots", "--db", "sqlite://")
    assert "a rate limit is N/SECONDS with both above 0, like 10/10, or off" in err


@pytest.mark.parametrize("spec", ["0/10", "0/1", "00/5s"])
def test_a_rate_of_none_is_refused_not_turned_off(
    spec: str, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """Only ``off`` lifts the limit: ``0/10`` would have, silently."""
    with pytest.raises(RollplayError, match="N/SECONDS with both above 0"):
        Rate.parse(spec)
    monkeypatch.setenv("DISCORD_TOKEN", "MTA.Gx1y2z.abcdefghijklmnopqrstuvwxyz012")
    err = fails_cleanly(capsys, "discord", "--rate", spec, "--db", "sqlite://")
    assert err.count("\n") <= 1
    assert f"or off; got {spec!r}" in err


# -- a bad token ------------------------------------------------------------------------------

WELL_FORMED = "MTA5ODc2NTQzMjEwOTg3NjU0.Gx1y2z.abcdefghijklmnopqrstuvwxyz0123456789AB"


def test_a_malformed_token_ends_the_real_bot_with_one_line(tmp_path: Path) -> None:
    """``rollplay discord`` as a user starts it, in its own process: nothing reaches the
    network (the token is refused before the bot connects)."""
    env = {**os.environ, "DISCORD_TOKEN": "not-a-token", "NO_COLOR": "1"}
    done = subprocess.run(
        [sys.executable, "-m", "rollplay", "discord", "--db", f"sqlite:///{tmp_path / 'b.db'}"],
        env=env, capture_output=True, text=True, timeout=60, check=False,
    )  # fmt: skip
    assert done.returncode == 2, done.stderr
    assert done.stdout == ""
    assert done.stderr.count("\n") == 1
    assert "Traceback" not in done.stderr
    assert done.stderr.startswith("error: DISCORD_TOKEN does not hold a bot token")


REFUSED = """
import sys, discord.http
from rollplay.cli.app import main

async def refused(self, token):  # what Discord answers a token it does not know (a 401)
    raise discord.LoginFailure("Improper token has been passed.")

discord.http.HTTPClient.static_login = refused
main(sys.argv[1:])
"""


def test_a_token_discord_refuses_ends_the_real_bot_with_one_line(tmp_path: Path) -> None:
    """The whole stderr of a bot whose token Discord refuses, in its own process (the login
    stubbed at discord.py's HTTP layer): one line, no log lines or warnings before it."""
    env = {**os.environ, "DISCORD_TOKEN": WELL_FORMED, "NO_COLOR": "1"}
    done = subprocess.run(
        [sys.executable, "-c", REFUSED, "discord", "--db", f"sqlite:///{tmp_path / 'b.db'}"],
        env=env, capture_output=True, text=True, timeout=60, check=False,
    )  # fmt: skip
    assert done.returncode == 2, done.stderr
    assert done.stderr == (
        "error: Discord refused the bot's token: copy it again from the Discord Developer "
        "Portal (Bot, Reset Token); see docs/discord.md\n"
    )


@pytest.mark.parametrize(
    ("failure", "said"),
    [(discord.LoginFailure("Improper token has been passed."), "Discord refused the bot's token"),
     (OSError("Name or service not known"), "cannot reach Discord: Name or service not known")],
)  # fmt: skip
def test_a_token_discord_refuses_or_an_unreachable_discord_is_one_line(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, tmp_path: Path,
    failure: Exception, said: str,
) -> None:  # fmt: skip
    """Discord's answer to a login, stubbed at discord.py's HTTP layer (no network)."""

    async def login(self: object, token: str) -> None:
        raise failure

    monkeypatch.setattr(discord.http.HTTPClient, "static_login", login)
    monkeypatch.setenv("DISCORD_TOKEN", WELL_FORMED)
    err = fails_cleanly(capsys, "discord", "--db", f"sqlite:///{tmp_path / 'b.db'}")
    assert said in err


def test_seed_is_a_slash_command_discord_accepts() -> None:
    from rollplay.bridges.discord.bot import RollplayBot

    bot = RollplayBot(Table("sqlite://"))
    commands = {c.name: c for c in bot.tree.get_commands()}
    seed = commands["seed"]
    assert isinstance(seed, discord.app_commands.Command)
    assert [(p.name, p.required) for p in seed.parameters] == [("client", False)]
    for command in commands.values():  # Discord refuses a description past 100 characters
        assert isinstance(command, discord.app_commands.Command)
        assert len(command.description) <= 100
        assert all(len(p.description) <= 100 for p in command.parameters)


def test_the_limiter_forgets_idle_users() -> None:
    """Memory is bounded by the users busy at once, not by every user ever seen."""
    clock = Clock()
    limiter = Limiter(Rate(2, 1), clock)
    for n in range(10_001):
        assert limiter.allow(str(n))
    clock.now += 1  # everyone's bucket is full again
    assert limiter.allow("one more")
    assert len(limiter.buckets) == 1
