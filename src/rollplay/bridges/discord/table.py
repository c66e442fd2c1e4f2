"""The bot's handlers: each slash command becomes a line of the command language, run at the
table as the Discord user's linked rollplay user, in the game the channel is bound to.

What goes where is the service's (links.py ``audiences``), never decided here:

- a public roll answers the command in the channel, as an embed with every die;
- a private roll answers the one who typed, ephemerally (only they see it), and copies to the
  game's GM channel (or the Storytellers' direct messages);
- a secret roll answers the one who typed with their own view (a player: only that a roll was
  made), the channel gets the bare fact if the game announces secret rolls, the GM channel
  gets the result;
- the player of a character the Storyteller rolled for gets their view in a direct message.

Each Discord user may make so many commands in so many seconds (limits.py; ``--rate``):
past that they are told to slow down, and the table does no work for them.

Discord wants an answer within three seconds: the line is parsed first (a quick read), then
the answer is deferred (ephemerally unless the roll is public) before the roll is made.
Errors are one line, ephemeral."""

from __future__ import annotations

import asyncio
import logging
import math
from collections.abc import Awaitable, Callable
from dataclasses import replace
from typing import Any

from rollplay.bridges.discord.delivery import PLATFORM, Courier, deliver
from rollplay.bridges.discord.embeds import card_embed
from rollplay.bridges.discord.limits import DEFAULT, Limiter, Rate
from rollplay.bridges.discord.lines import complete_line, roll_line
from rollplay.bridges.discord.replies import failed, say
from rollplay.bridges.shown import Shown
from rollplay.errors import RollplayError
from rollplay.render.spans import plain
from rollplay.table.access.actors import Actor, SceneAt
from rollplay.table.answers import AnyAnswer
from rollplay.table.service import Service

ANSWERS = ("ShowSheet", "ShowLog", "CombatStatus")  # answered to the one who asked only
LINK_FIRST = ("link your Discord account first: make a code on the rollplay web page (Make a "
              "link code) or with `rollplay --as YOU link code`, then type /link CODE")  # fmt: skip
UNBOUND = "this channel plays no game: its Storyteller binds it with /bind GAME"
SET_SEED = "set one with /seed client:VALUE"
FAULT = "something went wrong at the table; it is in the bot's log"
log = logging.getLogger("rollplay.discord")


Then = Callable[[Service, str, AnyAnswer], Awaitable[int | None]]


class DiscordTable:
    """The handlers, on one service (the bridge's database) and a courier."""

    def __init__(self, service: Service, courier: Courier, limiter: Limiter | None = None) -> None:
        self.service = service
        self.courier = courier
        self.limiter = limiter or Limiter(Rate.parse(DEFAULT))
        self.shown = Shown()  # what each channel's commands posted (the relay posts the rest)

    # -- commands ----------------------------------------------------------------------------

    async def roll(self, interaction: Any, line: str, secrecy: str | None = None) -> None:
        await self.run_line(interaction, roll_line(line, secrecy))

    async def odds(self, interaction: Any, line: str) -> None:
        """The exact odds of a roll, before it is made: for the one who asked."""
        from rollplay.render.odds import odds_lines

        found = await self.seated(interaction)
        if found is None:
            return
        service, game = found
        try:
            command = await self._parse(service, game, roll_line(line, None))
            odds = await asyncio.to_thread(service.odds, command)
        except RollplayError as exc:
            await say(interaction, str(exc))
            return
        embed = card_embed(odds_lines(odds), "answer", f"rollplay · {game} · odds")
        await interaction.response.send_message(embed=embed, ephemeral=True)

    async def sheet(self, interaction: Any, name: str | None = None) -> None:
        await self.run_line(interaction, f"sheet {name}" if name else "sheet")

    async def points(self, interaction: Any, kind: str, action: str, args: str = "") -> None:
        """/luck and /xp: ``kind/action args`` (luck/spend, xp/award Nikos=2...)."""
        await self.run_line(interaction, f"{kind}/{action} {args}".strip())

    async def combat(self, interaction: Any, action: str, args: str = "") -> None:
        await self.run_line(interaction, f"combat/{action} {args}".strip())

    async def seed(self, interaction: Any, client: str | None = None) -> None:
        """/seed: the channel's game's commitments and the caller's client seed; with
        ``client``, set it first (checked as the service checks it), for their next roll on.
        Only the one who asked sees the answer."""
        from rollplay.render.seeds import seeds_lines

        found = await self.seated(interaction)
        if found is None:
            return
        service, game = found
        try:
            if client is not None:
                await asyncio.to_thread(service.set_client_seed, game, client)
            data = await asyncio.to_thread(service.seeds, game)
        except RollplayError as exc:
            await say(interaction, str(exc))
            return
        lines = seeds_lines(data, SET_SEED)
        if client is not None:
            lines.insert(0, [plain(f"Your client seed in {game} is now {client}: it applies "
                                   "from your next roll.")])  # fmt: skip
        embed = card_embed(lines, "answer", f"rollplay · {game} · seeds")
        await interaction.response.send_message(embed=embed, ephemeral=True)

    async def link(self, interaction: Any, code: str) -> None:
        if not await self._allowed(interaction):
            return
        user = interaction.user
        try:
            done = await asyncio.to_thread(self.service.link_account, PLATFORM, str(user.id),
                                           code, str(user.name))  # fmt: skip
        except RollplayError as exc:
            await say(interaction, str(exc))
            return
        await say(interaction, f"Linked: you play as {done.user} here.")

    async def unlink(self, interaction: Any) -> None:
        if not await self._allowed(interaction):
            return
        try:
            await asyncio.to_thread(self.service.unlink_account, PLATFORM,
                                    str(interaction.user.id))  # fmt: skip
        except RollplayError as exc:
            await say(interaction, str(exc))
            return
        await say(interaction, "Unlinked: this Discord account no longer plays as anyone.")

    async def bind(self, interaction: Any, game: str, gm_channel: str | None = None) -> None:
        """Play ``game`` in this channel (its Storyteller); ``gm_channel`` gets the copies
        only Storytellers may read (none: their direct messages)."""
        if not await self._allowed(interaction):
            return
        actor = await self._actor(interaction)
        if actor is None:
            return
        try:
            done = await asyncio.to_thread(self.service.acting(actor).bind_channel, PLATFORM,
                                           str(interaction.channel_id), game,
                                           gm_channel)  # fmt: skip
        except RollplayError as exc:
            await say(interaction, str(exc))
            return
        where = f"<#{done.gm_channel}>" if done.gm_channel else "your direct messages"
        await say(interaction, f"This channel plays {done.game}; what only the "
                                f"Storyteller sees goes to {where}.")  # fmt: skip

    async def complete(self, interaction: Any, current: str) -> list[str]:
        """Lines for /roll's autocomplete: the word being typed finished as one of the
        game's abilities, the caller's own characters' first."""
        found = await self._seat(interaction, quiet=True)
        if found is None:
            return []
        service, game = found
        try:
            words = await asyncio.to_thread(service.vocabulary, game)
        except RollplayError:
            return []
        return complete_line(current, words.abilities)

    # -- the common path ---------------------------------------------------------------------

    async def run_line(
        self, interaction: Any, line: str | Callable[[Service], str], then: Then | None = None
    ) -> None:
        """Run ``line`` as the caller in the channel's game (and scene): a line, or one made
        from the seated service (``/scene join`` means the channel's scene). ``then`` runs
        after it, with its answer (``/scene start`` binds the channel to the new scene), and
        may name the scene whose readers the channel now has."""
        found = await self.seated(interaction)
        if found is None:
            return
        service, game = found
        if not isinstance(line, str):
            line = line(service)
        try:
            command = await self._parse(service, game, line)
        except RollplayError as exc:
            await say(interaction, str(exc))
            return
        public = (getattr(command, "visibility", "public") == "public"
                  and type(command).__name__ not in ANSWERS)  # fmt: skip
        await interaction.response.defer(ephemeral=not public, thinking=True)
        here = service.actor.scene
        try:
            async with self.shown.command():
                result = await asyncio.to_thread(service.execute, command)
                self.shown.mark(str(interaction.channel_id), game, result.wrote)
            scene_id = None if here is None else here.id
            if then is not None:
                scene_id = await then(service, game, result) or scene_id
            views = await asyncio.to_thread(
                service.audiences, game, list(result.wrote), PLATFORM, scene_id
            )
        except RollplayError as exc:
            await failed(interaction, public, str(exc))
            return
        except Exception:
            log.exception("a Discord command failed: %r", line)
            await failed(interaction, public, FAULT)
            return
        await deliver(self.courier, interaction, service, game, result=result, views=views,
                      public=public)  # fmt: skip

    async def _allowed(self, interaction: Any) -> bool:
        """Whether the caller may make a command now (their bucket has a token); if not,
        one line to them alone, and no work at the table."""
        who = str(interaction.user.id)
        if self.limiter.allow(who):
            return True
        wait = max(1, math.ceil(self.limiter.wait(who)))
        await say(interaction, f"slow down: at most {self.limiter.rate}; try again in "
                                f"{wait} s")  # fmt: skip
        return False

    async def seated(self, interaction: Any) -> tuple[Service, str] | None:
        """A command's start: the rate limit, then the caller's seat (or one line why not)."""
        if not await self._allowed(interaction):
            return None
        return await self._seat(interaction)

    async def _actor(self, interaction: Any, quiet: bool = False) -> Actor | None:
        """Who the Discord user plays as (or, unless ``quiet``, one line how to link)."""
        actor = await asyncio.to_thread(self.service.linked, PLATFORM, str(interaction.user.id))
        if actor is None and not quiet:
            await say(interaction, LINK_FIRST)
        return actor

    async def _seat(self, interaction: Any, quiet: bool = False) -> tuple[Service, str] | None:
        """The service acting for the caller (in the channel's scene, if it plays one: what
        they do must land there, rulings S41), and the channel's game (or one line why
        not)."""
        actor = await self._actor(interaction, quiet)
        if actor is None:
            return None
        bound = await asyncio.to_thread(self.service.channel_game, PLATFORM,
                                        str(interaction.channel_id))  # fmt: skip
        if bound is None:
            if not quiet:
                await say(interaction, UNBOUND)
            return None
        if bound.scene is not None and bound.scene_id is not None:
            actor = replace(actor, scene=SceneAt(bound.scene_id, bound.scene))
        return self.service.acting(actor), bound.game

    @staticmethod
    async def _parse(service: Service, game: str, line: str) -> Any:
        from rollplay.grammar import parse

        words = await asyncio.to_thread(service.vocabulary, game)
        return parse(line, system=words.system, game=game, abilities=words.abilities,
                     characters=words.characters)  # fmt: skip
