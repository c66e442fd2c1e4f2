"""Scenes played in chat (issue 30): a chat channel, or a MUSH's room, bound to a scene, and
what a bridge relays there: every event of the scene written anywhere (the web, another
channel, the MUSH), as the channel's readers may see it (rulings S40-S42). Who reads a
channel is its binder's choice, as for a GM channel (rulings T10): the readers of an open
scene's channel are any member; of a private scene's, its people."""

from __future__ import annotations

from dataclasses import dataclass

from sqlalchemy import func, select

from rollplay.errors import RollplayError
from rollplay.table.access.authz import Act, Forbidden, Standing
from rollplay.table.access.links import _external, _platform, keep_gm_channels_apart
from rollplay.table.base import ServiceBase
from rollplay.table.events.audiences import project
from rollplay.table.events.views import EventView
from rollplay.table.info import ChannelBinding
from rollplay.table.play.scenes import _may_see, _run_by
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
    """What to post, oldest first, and the cursor to read on from (an event's id)."""

    posts: list[Relayed]
    cursor: int


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
        if scene is None or not _may_see(scene, standing):
            raise RollplayError(f"there is no scene {number} in {row.name} for {standing.actor}")
        _run_by(scene, standing, t.actor.user_id, "play in a channel")
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


def relayed(t: ServiceBase, platform: str, after: int, limit: int = RELAY_BATCH) -> RelayBatch:
    """The events written after id ``after`` in the scenes this platform's channels play,
    each for each such channel, as its readers see it (those they may not see are left
    out). A bridge holds the database, as the server does: only the owner asks."""
    if not t.actor.owner:
        raise Forbidden("only the table's owner (a bridge) relays scenes to channels")
    platform = _platform(platform)
    with t.reading() as s:
        top = int(s.scalar(select(func.max(Event.id))) or 0)
        rows = s.execute(
            select(Event, ChatChannel.channel_id, Game.name, Scene.number)
            .join(ChatChannel, ChatChannel.scene_id == Event.scene_id)
            .join(Game, Game.id == Event.game_id)
            .join(Scene, Scene.id == Event.scene_id)
            .where(ChatChannel.platform == platform, Event.id > after, Event.id <= top)
            .order_by(Event.id, ChatChannel.channel_id).limit(limit)
        ).all()  # fmt: skip
        cursor = top
        if len(rows) == limit:  # more to come: read on from the last event whole
            last = int(rows[-1][0].id)
            if rows[0][0].id != last:
                rows = [r for r in rows if r[0].id != last]
                last -= 1
            cursor = last
        posts = []
        for event, channel, game, number in rows:
            seen = readers(game, event.scene_id or 0, event.scene_private)
            view = project(event, game, seen)
            if view is not None:
                posts.append(Relayed(channel=channel, game=game, scene=number, view=view,
                                     scene_id=event.scene_id or 0,
                                     private=event.scene_private))  # fmt: skip
        return RelayBatch(posts=posts, cursor=cursor)


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
