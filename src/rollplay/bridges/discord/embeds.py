"""Cards as Discord embeds: the card's first line as the title, the rest as Markdown (every
die shown; what a player typed escaped, so a name cannot format or ping anything), coloured
by who sees it."""

from __future__ import annotations

import discord

from rollplay.render.markdown import card_markdown, escape
from rollplay.render.spans import Line, text_of
from rollplay.table.events.views import EventView

COLOURS = {"public": 0x2F6FDE, "private": 0xC98A00, "secret": 0x7A3FB0, "answer": 0x5B6770}
TITLE, DESCRIPTION = 256, 4096  # Discord's limits
PER_MESSAGE = 10  # embeds in one message


def card_embed(lines: list[Line], kind: str = "public", footer: str = "") -> discord.Embed:
    """One card. ``kind`` is the event's visibility (or "answer" for a command's answer)."""
    title = text_of(lines[0]) if lines else ""
    body = card_markdown(lines[1:]) if len(lines) > 1 else ""
    if len(body) > DESCRIPTION:
        body = body[: DESCRIPTION - 1] + "…"
    embed = discord.Embed(title=_cut(escape(title), TITLE), description=body or None,
                          colour=COLOURS.get(kind, COLOURS["answer"]))  # fmt: skip
    if kind in ("private", "secret"):
        embed.set_author(name=f"[{kind}]")
    if footer:
        embed.set_footer(text=_cut(footer, 2048))
    return embed


def event_embed(view: EventView) -> discord.Embed:
    """A projected event (table/events/) as its card."""
    from rollplay.render.events import event_card

    return card_embed(event_card(view), view.visibility, f"rollplay · {view.game}")


def _cut(text: str, limit: int) -> str:
    return text if len(text) <= limit else text[: limit - 1] + "…"
