"""How the bot answers: one line to the one who typed, errors after deferring, copies that
may fail, and embeds ten a message."""

from __future__ import annotations

import logging
from typing import Any

from rollplay.bridges.discord.embeds import PER_MESSAGE

log = logging.getLogger("rollplay.discord")


def chunks(embeds: list[Any]) -> list[list[Any]]:
    return [embeds[i : i + PER_MESSAGE] for i in range(0, len(embeds), PER_MESSAGE)]


async def say(interaction: Any, text: str) -> None:
    """One line to the one who typed, only: a reply, or a follow-up once deferred."""
    line = " ".join(text.split())[:2000]
    if interaction.response.is_done():
        await interaction.followup.send(content=line, ephemeral=True)
    else:
        await interaction.response.send_message(content=line, ephemeral=True)


async def failed(interaction: Any, public: bool, text: str) -> None:
    """An error after deferring: a public "thinking" message is taken away first, so the
    error reaches only the one who typed."""
    line = " ".join(text.split())[:2000]
    if public:
        await interaction.delete_original_response()
        await interaction.followup.send(content=line, ephemeral=True)
    else:
        await interaction.edit_original_response(content=line)


async def safely(sending: Any, where: str) -> bool:
    """A copy that cannot be delivered (DMs closed, the GM channel gone) is logged, not
    raised: the roll is made and logged either way. Says whether it went."""
    try:
        await sending
    except Exception:
        log.warning("a copy to %s could not be delivered", where, exc_info=True)
        return False
    return True
