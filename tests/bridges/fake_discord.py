"""A fake Discord interaction and courier that record what the bot sends and where, so the
handlers run offline (no connection to Discord). What is recorded is what each person would
see: ``channel`` (everyone in the channel), ``me`` (the one who typed: ephemeral), and the
courier's copies (``gm`` for the GM channel, ``dm:ID`` for a direct message)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import discord


def embed_text(embed: discord.Embed) -> str:
    """What a reader sees of an embed: its Markdown read (marks gone, escapes undone)."""
    parts = [embed.author.name or "", unmark(embed.title or ""), unmark(embed.description or ""),
             embed.footer.text or ""]  # fmt: skip
    return "\n".join(p for p in parts if p)


def unmark(markdown: str) -> str:
    out, i = [], 0
    while i < len(markdown):
        c = markdown[i]
        if c == "\\" and i + 1 < len(markdown):
            out.append(markdown[i + 1])
            i += 2
            continue
        if c not in "*~":
            out.append(c)
        i += 1
    return "".join(out)


@dataclass
class Said:
    where: str  # "channel", "me", "gm" or "dm:ID"
    text: str
    embeds: int = 0


@dataclass
class Record:
    said: list[Said] = field(default_factory=list)
    steps: list[str] = field(default_factory=list)  # "defer", "defer-ephemeral", ...

    def to(self, where: str) -> str:
        return "\n".join(s.text for s in self.said if s.where == where)

    def places(self) -> set[str]:
        return {s.where for s in self.said}


class Response:
    def __init__(self, record: Record) -> None:
        self.record = record
        self.done = False
        self.ephemeral = False

    def is_done(self) -> bool:
        return self.done

    async def defer(self, *, ephemeral: bool = False, thinking: bool = False) -> None:
        assert not self.done, "answered twice"
        self.done, self.ephemeral = True, ephemeral
        self.record.steps.append("defer-ephemeral" if ephemeral else "defer")

    async def send_message(self, content: str | None = None, *, embed: Any = None,
                           ephemeral: bool = False) -> None:  # fmt: skip
        assert not self.done, "answered twice"
        self.done = True
        self.record.steps.append("reply")
        _say(self.record, "me" if ephemeral else "channel", content, [embed] if embed else [])


class Followup:
    def __init__(self, record: Record) -> None:
        self.record = record

    async def send(self, content: str | None = None, *, embeds: list[Any] | None = None,
                   ephemeral: bool = False) -> None:  # fmt: skip
        self.record.steps.append("followup")
        _say(self.record, "me" if ephemeral else "channel", content, embeds or [])


@dataclass
class User:
    id: int
    name: str


class Interaction:
    """One slash command by ``user_id`` in ``channel_id``."""

    def __init__(self, user_id: int, channel_id: int = 100, name: str = "") -> None:
        self.record = Record()
        self.user = User(user_id, name or f"user{user_id}")
        self.channel_id = channel_id
        self.response = Response(self.record)
        self.followup = Followup(self.record)

    async def edit_original_response(self, *, content: str | None = None,
                                     embeds: list[Any] | None = None) -> None:  # fmt: skip
        assert self.response.done, "edited before answering"
        self.record.steps.append("edit")
        _say(self.record, "me" if self.response.ephemeral else "channel", content, embeds or [])

    async def delete_original_response(self) -> None:
        self.record.steps.append("delete")


class Courier:
    """Copies, recorded; ``broken`` names channels that refuse them (the bot may not post)."""

    def __init__(self, broken: tuple[str, ...] = ()) -> None:
        self.record = Record()
        self.broken = broken

    async def to_channel(self, channel_id: str, embeds: list[Any]) -> None:
        assert len(embeds) <= 10, "Discord takes at most ten embeds a message"
        if channel_id in self.broken:
            raise RuntimeError(f"403 Forbidden: channel {channel_id}")
        _say(self.record, "gm" if channel_id == "999" else f"channel:{channel_id}", None, embeds)

    async def to_user(self, user_id: str, embeds: list[Any]) -> None:
        assert len(embeds) <= 10, "Discord takes at most ten embeds a message"
        _say(self.record, f"dm:{user_id}", None, embeds)


def _say(record: Record, where: str, content: str | None, embeds: list[Any]) -> None:
    text = "\n".join([content or "", *(embed_text(e) for e in embeds)]).strip()
    record.said.append(Said(where, text, len(embeds)))
