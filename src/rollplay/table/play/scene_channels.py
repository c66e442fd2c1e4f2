"""Scenes played in chat (issue 30): a chat channel, or a MUSH's room, bound to a scene, and
what a bridge relays there: every event of the scene written anywhere (the web, another
channel, the MUSH), as the channel's readers may see it (rulings S40-S42). Who reads a
channel is its binder's choice, as for a GM channel (rulings T10): the readers of an open
scene's channel are any member; of a private scene's, its people."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from sqlalchemy import select
from sqlalchemy.orm import Session

from rollplay.errors import RollplayError
from rollplay.table.access.authz import Act, Forbidden, Standing
from rollplay.table.access.links import _external, _platform, keep_gm_channels_apart
from rollplay.table.base import ServiceBase
from rollplay.table.events.audiences import project
from rollplay.table.events.ledger import changes, kinds_referred
from rollplay.table.events.views import EventView
from rollplay.table.info import ChannelBinding
from rollplay.table.play.scene_rows import may_see, run_by
from rollplay.table.store.models import (
    ChatChannel,
    ChatLink,
    Event,
    Game,
    Membership,
    Scene,
    ScenePerson,
)

RELAY_BATCH = 200  # events relayed in one read; the rest on the next


@dataclass(frozen=True)
class Relayed:
    """One event of a scene, for one channel that plays it, as its readers see it."""

    channel: str
    game: str
    scene: int
    view: EventView
    scene_id: int = 0
    private: bool = False


@dataclass(frozen=True)
class RelayBatch:
    """What to post, oldest first in each game, and each game's cursor to read on from (its
    id to an event's number)."""

    posts: list[Relayed]
    cursors: dict[int, int]


def readers(game: str, scene_id: int, private: bool) -> Standing:
    """A channel's readers: any member of the game who plays no character there; for a
    private scene, one of its people (rulings S42)."""
    return Standing(game, "the channel", "observer",
                    scenes=frozenset({scene_id}) if private else frozenset())  # fmt: skip


def bind_scene(
    t: ServiceBase, platform: str, channel_id: str, game: str, number: int
) -> ChannelBinding:
    """Play scene ``number`` in a channel (its starter or the Storyteller): a channel bound
    to the game, or, on a MUSH, a room (bound to the game here). A finished scene is not
    played anywhere; a channel plays one scene at a time."""
    platform, channel_id = _platform(platform), _external(channel_id, "a channel's id")
    with t.transaction() as s:
        row = t.game_row(s, game)
        standing = t.require(s, row, Act.POSE)
        scene = s.scalar(select(Scene).where(Scene.game_id == row.id, Scene.number == number))
        if scene is None or not may_see(scene, standing):
            raise RollplayError(f"no scene {number} in {row.name} for {standing.actor}")
        run_by(scene, standing, t.actor.user_id, "play in a channel")
        if scene.state == "finished":
            raise RollplayError(f"scene {scene.number} ({scene.title}) is over: start another")
        bound = s.scalar(select(ChatChannel).where(
            ChatChannel.platform == platform, ChatChannel.channel_id == channel_id))  # fmt: skip
        if bound is None:
            keep_gm_channels_apart(s, platform, channel_id, None)
            bound = ChatChannel(platform=platform, channel_id=channel_id, game_id=row.id)
            s.add(bound)
        elif bound.game_id != row.id:
            raise Forbidden(f"this channel plays {s.get_one(Game, bound.game_id).name}, "
                            f"not {row.name}")  # fmt: skip
        bound.scene_id = scene.id
        return ChannelBinding(platform=platform, channel=channel_id, game=row.name,
                              gm_channel=bound.gm_channel, scene=scene.number,
                              scene_id=scene.id, scene_title=scene.title,
                              scene_private=scene.privacy == "private")  # fmt: skip


def relayed(
    t: ServiceBase, platform: str, after: Mapping[int, int] | None, limit: int = RELAY_BATCH
) -> RelayBatch:
    """The events written in the scenes this platform's channels play after each game's
    cursor, each for each such channel, as its readers see it (what they may not see is
    left out), and the cursors to read on from. ``after`` maps a game's id to the number of
    the last event read in it; None: start from every game's newest (a bridge starting posts
    no history). A game made since starts from its first. The cursors are per game because
    a game's events are committed in the order of their numbers (its event-order lock),
    which ids across games are not on PostgreSQL; and every game's moves on to its newest,
    so a scene bound later gets only what is written after. A bridge holds the database,
    as the server does: only the owner asks."""
    if not t.actor.owner:
        raise Forbidden("only the table's owner (a bridge) relays scenes to channels")
    platform = _platform(platform)
    with t.reading() as s:
        newest = {int(g): int(n) for g, n in s.execute(select(Game.id, Game.events))}
        bound = set(s.scalars(select(ChatChannel.game_id).where(
            ChatChannel.platform == platform, ChatChannel.scene_id.is_not(None))))  # fmt: skip
        cursors: dict[int, int] = {}
        posts: list[Relayed] = []
        for gid, top in sorted(newest.items()):
            start = top if after is None else after.get(gid, 0)
            cursors[gid] = top
            if gid in bound and start < top:
                cursors[gid], found = _game_posts(s, platform, gid, (start, top), limit)
                posts.extend(found)
        return RelayBatch(posts=posts, cursors=cursors)


def _game_posts(
    s: Session, platform: str, game_id: int, span: tuple[int, int], limit: int
) -> tuple[int, list[Relayed]]:
    """One game's events numbered within ``span`` (after its first, up to its last) for its
    scenes' channels, and the game's new cursor (the span's end, or where a full batch
    stopped: an event bound to more channels than a batch holds is read whole)."""
    after, top = span
    rows = s.execute(
        select(Event, ChatChannel.channel_id, Game.name, Scene.number)
        .join(ChatChannel, ChatChannel.scene_id == Event.scene_id)
        .join(Game, Game.id == Event.game_id)
        .join(Scene, Scene.id == Event.scene_id)
        .where(ChatChannel.platform == platform, Event.game_id == game_id,
               Event.number > after, Event.number <= top)
        .order_by(Event.number, ChatChannel.channel_id).limit(limit)
    ).all()  # fmt: skip
    cursor = top
    if len(rows) == limit:  # more to come: read on after the last event read whole
        cursor = int(rows[-1][0].number)
        if rows[0][0].number != cursor:
            rows = [r for r in rows if r[0].number != cursor]
            cursor -= 1
    posts = []
    # Each pose as it stands now: a pose deleted (or edited) before the relay read it is
    # posted as it stands, its old words nowhere (rulings S70).
    name = str(rows[0][2]) if rows else ""
    later = changes(s, game_id, name, kinds_referred(r[0] for r in rows))
    for event, channel, game, number in rows:
        sees = readers(game, event.scene_id or 0, event.scene_private)
        view = project(event, game, sees)
        if view is not None:
            view = later.now(view, sees)
            posts.append(Relayed(channel=channel, game=game, scene=number, view=view,
                                 scene_id=event.scene_id or 0,
                                 private=event.scene_private))  # fmt: skip
    return cursor, posts


def scene_readers(t: ServiceBase, platform: str, game: str, scene_id: int) -> list[str]:
    """The chat ids (on ``platform``) of those who may read a scene: its people and the
    game's Storytellers (a MUSH shows a private scene in its room to them alone)."""
    platform = _platform(platform)
    with t.reading() as s:
        row = t.game_row(s, game)
        people = select(ScenePerson.user_id).where(ScenePerson.scene_id == scene_id)
        tellers = select(Membership.user_id).where(Membership.game_id == row.id,
                                                   Membership.role == "storyteller")  # fmt: skip
        who = ChatLink.user_id.in_(people) | ChatLink.user_id.in_(tellers)
        query = select(ChatLink.external_id).where(ChatLink.platform == platform, who)
        return list(s.scalars(query.order_by(ChatLink.id)))
