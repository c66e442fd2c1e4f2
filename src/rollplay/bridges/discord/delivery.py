"""How a command's events reach Discord: the answer in place of the "thinking" message, the
channel's bare facts, the Storytellers' copies (the GM channel, or their direct messages)
and the character's player's, each as the table projected it for them."""

from __future__ import annotations

import asyncio
from typing import Any, Protocol

from rollplay.bridges.discord.embeds import PER_MESSAGE, card_embed, event_embed
from rollplay.bridges.discord.replies import chunks, safely
from rollplay.table.access.links import Audience
from rollplay.table.answers import AnyAnswer
from rollplay.table.service import Service

PLATFORM = "discord"


class Courier(Protocol):
    """Where copies go besides the answer: a channel (the GM channel) or a user's DMs."""

    async def to_channel(self, channel_id: str, embeds: list[Any]) -> None: ...
    async def to_user(self, user_id: str, embeds: list[Any]) -> None: ...


async def deliver(courier: Courier, interaction: Any, service: Service, game: str, *,
                  result: AnyAnswer, views: list[Audience], public: bool) -> None:  # fmt: skip
    """The answer in place of the "thinking" message; a secret roll's bare fact posted to
    the channel by the bot itself (a follow-up would show "Pia used /roll" above it,
    which says whose it was); then the copies."""
    open_ = [event_embed(v.everyone) for v in views
             if v.everyone is not None and v.visibility == "public"]  # fmt: skip
    facts = [event_embed(v.everyone) for v in views
             if v.everyone is not None and v.visibility != "public"]  # fmt: skip
    mine = [event_embed(v.actor) for v in views if v.actor is not None
            and not (public and open_ and v.actor == v.everyone)]  # fmt: skip
    if not any(v.actor is not None for v in views):
        # A sheet, a page of the log, a combat's status; or a secret roll a player
        # asked for in a game that keeps them quiet: what the service told them.
        mine = [_answer(result, game)]
    if public and open_:
        await interaction.edit_original_response(embeds=open_[:PER_MESSAGE])
        for chunk in chunks(open_[PER_MESSAGE:]):
            await interaction.followup.send(embeds=chunk, ephemeral=False)
        for chunk in chunks(mine):
            await interaction.followup.send(embeds=chunk, ephemeral=True)
    else:
        if public:  # nothing the channel may see as the command's answer (a Sense roll)
            await interaction.delete_original_response()
            for chunk in chunks(mine):
                await interaction.followup.send(embeds=chunk, ephemeral=True)
        else:
            await interaction.edit_original_response(embeds=mine[:PER_MESSAGE])
            for chunk in chunks(mine[PER_MESSAGE:]):
                await interaction.followup.send(embeds=chunk, ephemeral=True)
        for chunk in chunks(open_):
            await interaction.followup.send(embeds=chunk, ephemeral=False)
    for chunk in chunks(facts):
        await safely(courier.to_channel(str(interaction.channel_id), chunk),
                      "the channel")  # fmt: skip
    whole = [event_embed(v.storyteller) for v in views
             if v.storyteller is not None and v.storyteller != v.everyone]  # fmt: skip
    await _copies(courier, interaction, service, game, whole=whole, views=views)


async def _copies(courier: Courier, interaction: Any, service: Service, game: str, *,
                  whole: list[Any], views: list[Audience]) -> None:  # fmt: skip
    """The Storytellers' copies (the GM channel; without one, or when it cannot be
    reached, their DMs) and the character's player's, at most ten embeds a message."""
    me = str(interaction.user.id)
    if whole:
        bound = await asyncio.to_thread(service.channel_game, PLATFORM,
                                        str(interaction.channel_id))  # fmt: skip
        gm: str | None = None if bound is None else bound.gm_channel
        sent = gm is not None
        for chunk in chunks(whole):
            if gm is not None:
                went = await safely(courier.to_channel(gm, chunk), "the GM channel")
                sent = sent and went
        if not sent:
            tellers = await asyncio.to_thread(service.linked_ids, PLATFORM, game)
            for teller in tellers:
                if teller != me or gm is not None:  # a failed GM channel: theirs too
                    for chunk in chunks(whole):
                        await safely(courier.to_user(teller, chunk), "a Storyteller")
    for v in views:
        player = v.player
        if player is None or player.view is None or player.view == v.everyone:
            continue
        for someone in player.ids:
            if someone != me:
                embeds = [event_embed(player.view)]
                await safely(courier.to_user(someone, embeds), "a player")


def _answer(result: AnyAnswer, game: str) -> Any:
    from rollplay.render.answers import answer_lines

    return card_embed(answer_lines(result, beside_feed=True), "answer", f"rollplay · {game}")
