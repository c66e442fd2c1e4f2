"""Chat bridges at the table: chat accounts linked to users, channels bound to games, and who
in a chat sees which part of each event a command wrote.

A player links a chat account (Discord, a MUSH) by making a one-time code on the web page or
the command line and typing it to the bot: the code proves the account is theirs, so the
bridge (which holds the database, like the server) may act as them from then on. A code is
short enough to type, single-use and expires in minutes; only its SHA-256 is stored.

``audiences`` is where a bridge learns what to post where: the same projection as the live
feeds (events.project), made here once, so no bridge decides a secret itself."""

from __future__ import annotations

import secrets
from dataclasses import dataclass
from datetime import timedelta

from sqlalchemy import select, update
from sqlalchemy.orm import Session

from rollplay.errors import RollplayError
from rollplay.table.access.actors import Actor
from rollplay.table.access.authz import Act, Forbidden, Standing
from rollplay.table.access.shown_once import made
from rollplay.table.base import ServiceBase
from rollplay.table.events.audiences import project
from rollplay.table.events.views import EventView
from rollplay.table.info import ChannelBinding, Unlinked
from rollplay.table.info import ChatLink as ChatLinkInfo
from rollplay.table.info import LinkCode as LinkCodeInfo
from rollplay.table.store.models import (
    ChatChannel,
    ChatLink,
    Event,
    Game,
    LinkCode,
    Membership,
    User,
    aware,
    now,
)

CODE_MINUTES = 15
_ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789"  # no 0/O, 1/I: typed from a screen
_PLATFORM_CHARS = set("abcdefghijklmnopqrstuvwxyz0123456789-_")
_GONE = "this link code is unknown, used or expired: make a new one on the web page or with " \
        "`rollplay --as YOU link code`"  # fmt: skip


@dataclass(frozen=True)
class PlayerPart:
    """An event as the player of its character sees it, and their chat accounts' ids."""

    user_id: int
    ids: list[str]
    view: EventView | None


@dataclass(frozen=True)
class Audience:
    """One event a command wrote, as each audience in a chat sees it (None: they do not
    learn of it): any member (``everyone``), the one who typed (``actor``), a Storyteller,
    and the character's player when that is someone else (``player``)."""

    id: int
    kind: str
    visibility: str
    everyone: EventView | None
    actor: EventView | None
    storyteller: EventView | None
    player: PlayerPart | None


class LinkError(RollplayError):
    """A link code that cannot be used, or a chat account that is not linked."""


def _code() -> str:
    raw = "".join(secrets.choice(_ALPHABET) for _ in range(8))
    return f"{raw[:4]}-{raw[4:]}"


def _digest(code: str) -> str:
    from rollplay.table.access.accounts import digest

    return digest(code.strip().upper().replace("-", "").replace(" ", ""))


def _channel(s: Session, platform: str, channel_id: str) -> ChatChannel | None:
    return s.scalar(
        select(ChatChannel).where(
            ChatChannel.platform == platform, ChatChannel.channel_id == channel_id
        )
    )


def _platform(platform: str) -> str:
    if not (0 < len(platform) <= 20 and set(platform) <= _PLATFORM_CHARS):
        raise RollplayError(f"a chat platform is 1 to 20 lowercase letters, digits, - or _ "
                            f"(like discord or evennia), not {platform[:30]!r}")  # fmt: skip
    return platform


def _external(external_id: str, what: str = "a chat account's id") -> str:
    text = str(external_id).strip()
    if not 0 < len(text) <= 100:
        raise RollplayError(f"{what} is 1 to 100 characters")
    return text


def link_code(t: ServiceBase) -> LinkCodeInfo:
    """A one-time code that links a chat account to the acting user (shown only here)."""
    if t.actor.user_id is None:
        raise RollplayError("a link code is a user's: run it as them (rollplay --as NAME)")
    code = _code()
    with t.transaction() as s:
        # One open code at a time: a new one replaces any left unused.
        s.execute(update(LinkCode).where(LinkCode.user_id == t.actor.user_id,
                                         LinkCode.used_at.is_(None))
                  .values(expires_at=now()))  # fmt: skip
        expires = now() + timedelta(minutes=CODE_MINUTES)
        s.add(LinkCode(secret_hash=_digest(code), user_id=t.actor.user_id,
                       expires_at=expires))  # fmt: skip
    made("link code")
    return LinkCodeInfo(code=code, user=t.actor.name, minutes=CODE_MINUTES,
                        expires_at=expires.isoformat(timespec="seconds"))  # fmt: skip


def link_account(
    t: ServiceBase, platform: str, external_id: str, code: str, label: str = ""
) -> ChatLinkInfo:
    """Link a chat account to the user whose code this is (the bridge calls it for
    whoever typed the code). A code works once; the account's earlier link is replaced."""
    platform, external_id = _platform(platform), _external(external_id)
    with t.transaction() as s:
        row = s.scalar(select(LinkCode).where(LinkCode.secret_hash == _digest(code))
                       .with_for_update())  # fmt: skip
        if row is None or row.used_at is not None or \
                aware(row.expires_at) <= now():  # fmt: skip
            raise LinkError(_GONE)
        claimed = s.execute(update(LinkCode).where(LinkCode.id == row.id,
                                                   LinkCode.used_at.is_(None))
                            .values(used_at=now()))  # fmt: skip
        if claimed.rowcount != 1:  # type: ignore[attr-defined]
            raise LinkError(_GONE)
        link = _link(s, platform, external_id)
        if link is None:
            link = ChatLink(platform=platform, external_id=external_id, user_id=row.user_id)
            s.add(link)
        link.user_id, link.label = row.user_id, label[:100]
        user = s.get_one(User, row.user_id)
        return ChatLinkInfo(platform=platform, external_id=external_id, label=link.label,
                            user=user.name)  # fmt: skip


def unlink_account(t: ServiceBase, platform: str, external_id: str) -> Unlinked:
    """Forget a chat account's link (the bridge, for the account; or its user)."""
    with t.transaction() as s:
        link = _link(s, _platform(platform), _external(external_id))
        if link is None:
            raise LinkError("this chat account is not linked")
        if t.actor.user_id is not None and t.actor.user_id != link.user_id:
            raise Forbidden(f"{t.actor.name} may not unlink another user's account")
        s.delete(link)
        return Unlinked(platform=link.platform, external_id=link.external_id)


def linked(t: ServiceBase, platform: str, external_id: str) -> Actor | None:
    """Who a chat account acts as (None: not linked)."""
    with t.reading() as s:
        link = _link(s, _platform(platform), _external(external_id))
        if link is None:
            return None
        user = s.get_one(User, link.user_id)
        return Actor(user.name, user.id)


def links(t: ServiceBase) -> list[ChatLinkInfo]:
    """The acting user's linked chat accounts."""
    with t.reading() as s:
        rows = s.scalars(select(ChatLink).where(ChatLink.user_id == t.actor.user_id)
                         .order_by(ChatLink.id))  # fmt: skip
        return [ChatLinkInfo(platform=r.platform, external_id=r.external_id, label=r.label)
                for r in rows]  # fmt: skip


def linked_ids(t: ServiceBase, platform: str, game: str, role: str = "storyteller") -> list[str]:
    """The chat ids (on ``platform``) of the game's members with ``role`` who linked
    one: where a bridge sends what only they may see."""
    with t.reading() as s:
        row = t.game_row(s, game)
        return list(s.scalars(
            select(ChatLink.external_id).join(Membership,
                                              Membership.user_id == ChatLink.user_id)
            .where(ChatLink.platform == _platform(platform), Membership.game_id == row.id,
                   Membership.role == role).order_by(ChatLink.id)))  # fmt: skip


def _link(s: Session, platform: str, external_id: str) -> ChatLink | None:
    return s.scalar(
        select(ChatLink).where(ChatLink.platform == platform, ChatLink.external_id == external_id)
    )


# -- channels ----------------------------------------------------------------------------


def bind_channel(
    t: ServiceBase, platform: str, channel_id: str, game: str, gm_channel: str | None = None
) -> ChannelBinding:
    """Play ``game`` in a chat channel (its Storyteller binds it). ``gm_channel`` gets
    what only the Storyteller sees; without one, the bridge sends it to them directly."""
    platform, channel_id = _platform(platform), _external(channel_id, "a channel's id")
    gm = None if gm_channel is None else _external(gm_channel, "a GM channel's id")
    if gm == channel_id:
        raise RollplayError("the GM channel must not be the table's own channel: "
                            "everyone there would see the secret rolls")  # fmt: skip
    with t.transaction() as s:
        row = t.game_row(s, game)
        t.require(s, row, Act.MANAGE)
        keep_gm_channels_apart(s, platform, channel_id, gm)
        bound = _channel(s, platform, channel_id)
        if bound is None:
            bound = ChatChannel(platform=platform, channel_id=channel_id, game_id=row.id)
            s.add(bound)
        elif bound.game_id != row.id:
            t.require(s, s.get_one(Game, bound.game_id), Act.MANAGE)
            bound.scene_id = None  # another game's scene is not played here
        bound.game_id, bound.gm_channel = row.id, gm
        return ChannelBinding(platform=platform, channel=channel_id, game=row.name,
                              gm_channel=gm)  # fmt: skip


def keep_gm_channels_apart(s: Session, platform: str, channel: str, gm: str | None) -> None:
    """A GM channel is never a table's channel, nor a table's channel anyone's GM
    channel: secret results would be posted where players read."""
    if gm is not None and _channel(s, platform, gm) is not None:
        raise RollplayError("that GM channel is a table's channel, where players read: "
                            "choose one only Storytellers read")  # fmt: skip
    someones_gm = select(ChatChannel.id).where(ChatChannel.platform == platform,
                                               ChatChannel.gm_channel == channel,
                                               ChatChannel.channel_id != channel)  # fmt: skip
    if s.scalar(someones_gm) is not None:
        raise RollplayError("this channel is a game's GM channel: a table there would "
                            "show players its secret rolls")  # fmt: skip


def channel_game(t: ServiceBase, platform: str, channel_id: str) -> ChannelBinding | None:
    """The game a channel is bound to, its GM channel, and the scene played there while it
    runs or is paused (None: not bound)."""
    from rollplay.table.store.models import Scene

    with t.reading() as s:
        bound = _channel(s, platform := _platform(platform), _external(channel_id))
        if bound is None:
            return None
        scene = None if bound.scene_id is None else s.get(Scene, bound.scene_id)
        if scene is not None and scene.state == "finished":
            scene = None  # a finished scene's channel plays the game again (rulings S40)
        return ChannelBinding(platform=platform, channel=bound.channel_id,
                              game=s.get_one(Game, bound.game_id).name,
                              gm_channel=bound.gm_channel,
                              scene=None if scene is None else scene.number,
                              scene_id=None if scene is None else scene.id,
                              scene_title="" if scene is None else scene.title,
                              scene_private=scene is not None
                              and scene.privacy == "private")  # fmt: skip


# -- who sees what -----------------------------------------------------------------------


def audiences(
    t: ServiceBase,
    game: str,
    event_ids: list[int],
    platform: str | None = None,
    scene_id: int | None = None,
) -> list[Audience]:
    """Each event, as everyone in the game sees it (``everyone``: any member who plays
    none of its characters; None when they do not learn of it), as the acting user sees
    it (``actor``) and as a Storyteller does (``storyteller``); and, when the event is a
    character's and someone else plays it, that player's view with the ids of their
    chat accounts on ``platform`` (``player``: a Storyteller's private roll for Nikos
    reaches Nikos's player). A bridge posts each part only where those people are; it
    runs beside the server, and no part goes to anyone the part is not for. ``scene_id``:
    the channel plays that scene, and ``everyone`` is its readers (a private scene's people,
    not the game's: rulings S42)."""
    with t.reading() as s:
        row = t.game_row(s, game)
        mine = t.standing(s, row)
        mine.require(Act.READ)
        rows = list(s.scalars(select(Event).where(Event.game_id == row.id,
                                                  Event.number.in_(event_ids))
                              .order_by(Event.number)))  # fmt: skip
        anyone = Standing(
            row.name,
            "everyone",
            "observer",
            scenes=frozenset() if scene_id is None else frozenset({scene_id}),
        )
        teller = Standing(row.name, "storyteller", "storyteller")
        out = []
        for e in rows:
            out.append(Audience(
                id=e.number, kind=e.kind, visibility=e.visibility,
                everyone=project(e, row.name, anyone), actor=project(e, row.name, mine),
                storyteller=project(e, row.name, teller),
                player=_player_part(t, s, e, row.name, platform),
            ))  # fmt: skip
        return out


def _player_part(
    t: ServiceBase, s: Session, e: Event, game: str, platform: str | None
) -> PlayerPart | None:
    from rollplay.table.store.models import Character

    character = None if e.character_id is None else s.get(Character, e.character_id)
    player = None if character is None else character.player_id
    if player is None or player == t.actor.user_id:
        return None
    plays = Standing(game, "player", "player", frozenset({e.character_id or 0}))
    ids = [] if platform is None else list(s.scalars(
        select(ChatLink.external_id).where(ChatLink.user_id == player,
                                           ChatLink.platform == _platform(platform))
        .order_by(ChatLink.id)))  # fmt: skip
    return PlayerPart(user_id=player, ids=ids, view=project(e, game, plays))
