"""The bot: discord.py's client and slash-command tree, each command handed to table.py.
Slash commands need no privileged intent (the bot never reads messages)."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable
from typing import Any

import discord
from discord import app_commands

from rollplay.bridges.discord import scenes
from rollplay.bridges.discord.limits import DEFAULT, Limiter, Rate
from rollplay.bridges.discord.relay import Relay
from rollplay.bridges.discord.table import DiscordTable
from rollplay.errors import RollplayError
from rollplay.table.service import Service

log = logging.getLogger("rollplay.discord")


class _NoVoice(logging.Filter):
    """discord.py warns at every start that voice needs PyNaCl: the bot never joins a voice
    channel, so the warning says nothing but noise (before a one-line error, too)."""

    def filter(self, record: logging.LogRecord) -> bool:
        return "voice will NOT be supported" not in record.getMessage()


logging.getLogger("discord.client").addFilter(_NoVoice())
Choice = app_commands.Choice
SECRECY = [Choice(name="everyone", value="public"),
           Choice(name="me and the Storyteller", value="private"),
           Choice(name="the Storyteller only", value="secret")]  # fmt: skip
COMBAT = ("status", "start", "join", "leave", "stance", "attack", "aim", "suppress", "subdue",
          "rally", "treat", "reload", "escape", "pass", "orders", "newturn", "stop")  # fmt: skip


class ClientCourier:
    """Copies sent through the connected client: to a channel, or to a user's DMs."""

    def __init__(self, client: discord.Client) -> None:
        self.client = client

    async def to_channel(self, channel_id: str, embeds: list[Any]) -> None:
        channel = self.client.get_channel(int(channel_id)) or await self.client.fetch_channel(
            int(channel_id)
        )
        await channel.send(embeds=embeds)  # type: ignore[union-attr]

    async def to_user(self, user_id: str, embeds: list[Any]) -> None:
        user = await self.client.fetch_user(int(user_id))
        await user.send(embeds=embeds)


class RollplayBot(discord.Client):
    """One bot on one table (the service's database); ``guild`` syncs the commands to one
    server at once (a global sync can take an hour to show)."""

    def __init__(self, service: Service, guild: int | None = None, rate: Rate | None = None,
                 on_login: Callable[[], None] | None = None) -> None:  # fmt: skip
        super().__init__(intents=discord.Intents.none() | discord.Intents(guilds=True))
        self.guild_id = guild
        self.on_login = on_login
        limiter = Limiter(rate or Rate.parse(DEFAULT))
        self.table = DiscordTable(service, ClientCourier(self), limiter)
        self.tree = app_commands.CommandTree(self)
        add_commands(self.tree, self.table)
        add_scene_commands(self.tree, self.table)
        self.relay = Relay(self.table)
        self.relaying: asyncio.Task[None] | None = None

    async def setup_hook(self) -> None:
        if self.on_login is not None:  # logged in: from here on the bot logs as it runs
            self.on_login()
        await self.relay.start()
        self.relaying = asyncio.create_task(self.relay.forever())
        guild = None if self.guild_id is None else discord.Object(id=self.guild_id)
        if guild is not None:
            self.tree.copy_global_to(guild=guild)
        synced = await self.tree.sync(guild=guild)
        log.info("%d slash commands synced", len(synced))


def add_commands(tree: app_commands.CommandTree[Any], table: DiscordTable) -> None:
    """Every slash command, each a thin call into the table's handlers."""

    @tree.command(name="roll", description="Roll a line: Firearms+Reflexes-1, or A vs B")
    @app_commands.describe(line="What to roll (the command language)", secrecy="Who sees it")
    @app_commands.choices(secrecy=SECRECY)
    async def roll(interaction: discord.Interaction, line: str,
                   secrecy: Choice[str] | None = None) -> None:  # fmt: skip
        await table.roll(interaction, line, None if secrecy is None else secrecy.value)

    @roll.autocomplete("line")
    async def roll_line(interaction: discord.Interaction, current: str) -> list[Choice[str]]:
        return [Choice(name=c, value=c) for c in await table.complete(interaction, current)]

    @tree.command(name="odds", description="The exact odds of a roll, before it is made")
    @app_commands.describe(line="What you would roll")
    async def odds(interaction: discord.Interaction, line: str) -> None:
        await table.odds(interaction, line)

    @odds.autocomplete("line")
    async def odds_line(interaction: discord.Interaction, current: str) -> list[Choice[str]]:
        return [Choice(name=c, value=c) for c in await table.complete(interaction, current)]

    @tree.command(name="sheet", description="A character's sheet (only you see it)")
    async def sheet(interaction: discord.Interaction, character: str | None = None) -> None:
        await table.sheet(interaction, character)

    @tree.command(name="luck", description="Spend luck, or award it (Storyteller)")
    @app_commands.describe(args="spend: [NAME=][REASON]; award: NAME[=N][/REASON]")
    @app_commands.choices(action=[Choice(name=a, value=a) for a in ("spend", "award")])
    async def luck(interaction: discord.Interaction, action: Choice[str],
                   args: str = "") -> None:  # fmt: skip
        await table.points(interaction, "luck", action.value, args)

    @tree.command(name="xp", description="Raise a skill with XP, or award XP (Storyteller)")
    @app_commands.describe(args="raise: [NAME=]SKILL[/KIND]; award: NAME=N[/REASON]")
    @app_commands.choices(action=[Choice(name=a, value=a) for a in ("raise", "award")])
    async def xp(interaction: discord.Interaction, action: Choice[str], args: str) -> None:
        await table.points(interaction, "xp", action.value, args)

    @tree.command(name="combat", description="The FS3 combat tracker")
    @app_commands.describe(args="As after combat/ACTION: a target, a stance, a combat...")
    @app_commands.choices(action=[Choice(name=a, value=a) for a in COMBAT])
    async def combat(interaction: discord.Interaction, action: Choice[str],
                     args: str = "") -> None:  # fmt: skip
        await table.combat(interaction, action.value, args)

    @tree.command(name="seed", description="Your client seed and the game's dice commitments")
    @app_commands.describe(client="Set your client seed: 1 to 64 printable characters, no spaces")
    async def seed(interaction: discord.Interaction, client: str | None = None) -> None:
        await table.seed(interaction, client)

    @tree.command(name="link", description="Link your Discord account with a rollplay code")
    async def link(interaction: discord.Interaction, code: str) -> None:
        await table.link(interaction, code)

    @tree.command(name="unlink", description="Unlink your Discord account")
    async def unlink(interaction: discord.Interaction) -> None:
        await table.unlink(interaction)

    @tree.command(name="bind", description="Play a game in this channel (Storyteller)")
    @app_commands.describe(game="The game", gm_channel="Where only Storytellers read copies")
    async def bind(interaction: discord.Interaction, game: str,
                   gm_channel: discord.TextChannel | None = None) -> None:  # fmt: skip
        await table.bind(interaction, game, None if gm_channel is None else str(gm_channel.id))


def add_scene_commands(tree: app_commands.CommandTree[Any], table: DiscordTable) -> None:
    """/pose, /say, /ooc and /scene (issue 30; bridges/discord/scenes.py)."""

    @tree.command(name="pose", description="Pose in the channel's scene: Nikos leans in.")
    @app_commands.describe(text="What your character does", style="pose, semipose or emit",
                           as_="A Storyteller's NPC to pose as")  # fmt: skip
    @app_commands.rename(as_="as")
    @app_commands.choices(style=[Choice(name=s, value=s) for s in scenes.STYLES])
    async def pose(interaction: discord.Interaction, text: str,
                   style: Choice[str] | None = None, as_: str | None = None) -> None:  # fmt: skip
        await scenes.pose(table, interaction, text, "pose" if style is None else style.value,
                          as_)  # fmt: skip

    @tree.command(name="say", description='Say something in the scene: Nikos says, "..."')
    async def say_(interaction: discord.Interaction, text: str) -> None:
        await scenes.pose(table, interaction, text, "say")

    @tree.command(name="ooc", description="An out-of-character remark in the scene")
    async def ooc(interaction: discord.Interaction, text: str) -> None:
        await scenes.pose(table, interaction, text, "ooc")

    @tree.command(name="scene", description="Start, join, stop or show the channel's scene")
    @app_commands.describe(args="start: TITLE[=SUMMARY]; join/stop/show/bind: [N]; invite: NAME")
    @app_commands.choices(action=[Choice(name=a, value=a) for a in scenes.ACTIONS])
    async def scene(interaction: discord.Interaction, action: Choice[str],
                    args: str = "") -> None:  # fmt: skip
        await scenes.scene(table, interaction, action.value, args)


def run(service: Service, token: str, guild: int | None = None, rate: Rate | None = None,
        on_login: Callable[[], None] | None = None) -> None:  # fmt: skip
    """Connect and serve until stopped; ``on_login`` once Discord took the token (where the
    command line starts its log). What stops the bot from starting (a token Discord refuses,
    Discord out of reach) is one line (a ``RollplayError``), not a traceback."""
    import aiohttp

    try:
        RollplayBot(service, guild, rate, on_login).run(token, log_handler=None)
    except discord.LoginFailure:
        raise RollplayError(
            "Discord refused the bot's token: copy it again from the Discord "
            "Developer Portal (Bot, Reset Token); see docs/discord.md"
        ) from None
    except discord.PrivilegedIntentsRequired:
        raise RollplayError("Discord refused the bot's intents; see docs/discord.md") from None
    except (discord.HTTPException, discord.ConnectionClosed) as exc:
        raise RollplayError(f"Discord refused the bot: {exc}") from None
    except (aiohttp.ClientError, OSError) as exc:
        raise RollplayError(f"cannot reach Discord: {exc}") from None
