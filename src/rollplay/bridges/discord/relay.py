"""The relay: what a scene's other surfaces write (a pose on the web, a roll on the MUSH, a
pose in another channel) posted in each channel that plays the scene, as the channel's
readers may see it (the service decides: ``Service.relayed``), but what a command typed in
that channel posted there already (bridges/shown.py). It reads the table every ``every``
seconds from where it left off; a restart goes on from the newest event, not back."""

from __future__ import annotations

import asyncio
import logging
from typing import Any

from rollplay.bridges.discord.embeds import card_embed
from rollplay.bridges.discord.replies import chunks, safely
from rollplay.render.events import event_card
from rollplay.table.play.scene_channels import Relayed

log = logging.getLogger("rollplay.discord")
EVERY = 1.0  # seconds between reads


def relayed_embed(post: Relayed) -> Any:
    view = post.view
    footer = f"rollplay · {post.game} · scene {post.scene}"
    return card_embed(event_card(view), view.visibility, footer)


class Relay:
    """One bot's relay, on its handlers' table (their service, courier and marks)."""

    def __init__(self, table: Any, platform: str = "discord", every: float = EVERY) -> None:
        self.table = table
        self.platform = platform
        self.every = every
        self.cursors: dict[int, int] | None = None  # a game's id: its last event relayed

    async def start(self) -> None:
        """From each game's newest event on: what came before the bot started is not news."""
        batch = await asyncio.to_thread(self.table.service.relayed, self.platform, None)
        self.cursors = batch.cursors

    async def step(self) -> int:
        """Read once and post what is due; returns how many events were posted."""
        if self.cursors is None:
            await self.start()
        service, shown = self.table.service, self.table.shown
        batch = await asyncio.to_thread(service.relayed, self.platform, self.cursors)
        await shown.settled()  # commands that wrote what was read have marked it
        due: dict[str, list[Any]] = {}
        for post in batch.posts:
            if not shown.seen(post.channel, post.game, post.view.id):
                due.setdefault(post.channel, []).append(relayed_embed(post))
        for channel, embeds in due.items():
            for chunk in chunks(embeds):
                await safely(self.table.courier.to_channel(channel, chunk), "a scene's channel")
        self.cursors = batch.cursors
        return sum(len(e) for e in due.values())

    async def forever(self) -> None:
        while True:
            try:
                await self.step()
            except Exception:  # the table out of reach a moment: try again next time
                log.warning("the scene relay could not read the table", exc_info=True)
            await asyncio.sleep(self.every)
