"""Scenes (issue 30): a game's scenes, who is in each, and the poses that tell their story.
A scene is a ledger: the game's events that carry its id (a pose, and any roll its people
make while it runs: core.py ``record``). A private scene's events reach only its people and
the Storyteller (authz.py ``Standing.in_scene``, decided where events are projected)."""

from __future__ import annotations

from typing import Any, NamedTuple

from sqlalchemy import func, select
from sqlalchemy.orm import Session

from rollplay.dice import Dice
from rollplay.errors import RollplayError
from rollplay.table import commands as c
from rollplay.table.access.actors import Actor
from rollplay.table.access.authz import Act, Forbidden, Standing
from rollplay.table.access.members import user_row
from rollplay.table.answers import PoseMade, SceneShown
from rollplay.table.base import ServiceBase
from rollplay.table.events import scenes as sc
from rollplay.table.events.audiences import project
from rollplay.table.events.ledger import fold
from rollplay.table.events.payloads import LuckAwarded
from rollplay.table.events.views import EventView
from rollplay.table.handlers import handles
from rollplay.table.limits import MAX_SUMMARY, MAX_TITLE
from rollplay.table.play import scene_luck
from rollplay.table.play.names import clean_name
from rollplay.table.play.pace import keep_pace
from rollplay.table.play.scene_rows import (
    at,
    find_scene,
    may_see,
    person_is,
    run_by,
    scene_they_run,
    shown,
)
from rollplay.table.play.scene_text import one_line, scene_kind
from rollplay.table.play.scene_text import pose_text as pose_text  # noqa: PLC0414 - web_scenes.py
from rollplay.table.store.db import StorageError
from rollplay.table.store.models import Character, Event, Game, Scene, ScenePerson, now

# Where server/web_scenes.py and scene_reads.py still take them (scene_text.py, scene_rows.py).
_shown = shown
START_FIRST = "join or start a scene first: scene/start TITLE"


class _Who(NamedTuple):
    """Who an event names: a character's row, or a name with no row (an NPC, a Storyteller)."""

    id: int | None
    name: str


def _join(s: Session, scene: Scene, user_id: int | None) -> None:
    """Join (again): the last scene joined is the one poses and rolls go to (rulings S2)."""
    for row in s.scalars(select(ScenePerson).where(ScenePerson.scene_id == scene.id,
                                                   person_is(user_id))):  # fmt: skip
        s.delete(row)
    s.flush()
    s.add(ScenePerson(scene_id=scene.id, user_id=user_id, role="participant"))
    s.flush()


@handles(c.SceneStart, act=Act.POSE, writes=(sc.SceneStarted, sc.SceneSet))
def run_scene_start(t: ServiceBase, cmd: c.SceneStart, dice: Dice | None) -> SceneShown:
    """A new scene, running, its starter in it; its type in its start, and a location given
    told by a ``scene_set`` after it, in the same transaction (issue 37's Start form)."""
    title = one_line(cmd.title, "a scene's title", MAX_TITLE)
    summary = one_line(cmd.summary, "a scene's summary", MAX_SUMMARY, empty=True)
    location = one_line(cmd.location, "a scene's location", MAX_TITLE, empty=True)
    kind = scene_kind(cmd.kind)
    with t.transaction() as s:
        game = t.game_row(s, t.game_for(cmd.game))
        t.require(s, game, Act.POSE)
        number = (s.scalar(select(func.max(Scene.number)).where(Scene.game_id == game.id))
                  or 0) + 1  # fmt: skip
        scene = Scene(game_id=game.id, number=number, title=title, summary=summary,
                      privacy="private" if cmd.private else "open", kind=kind,
                      location=location, started_by=t.actor.user_id)  # fmt: skip
        s.add(scene)
        s.flush()
        _join(s, scene, t.actor.user_id)
        t.record(s, game, sc.SceneStarted(scene=number, title=title, summary=summary,
                                          scene_kind=kind, privacy=scene.privacy),
                 scene=at(scene))  # fmt: skip
        if location:
            t.record(s, game, sc.SceneSet(scene=number, title=title, location=location),
                     scene=at(scene))  # fmt: skip
        return shown(s, game, scene)


@handles(c.SceneJoin, act=Act.POSE, writes=(sc.SceneJoined,))
def run_scene_join(t: ServiceBase, cmd: c.SceneJoin, dice: Dice | None) -> SceneShown:
    """Join a running or paused scene: an open one, or a private one they are invited to."""
    with t.transaction() as s:
        game = t.game_row(s, t.game_for(cmd.game))
        standing = t.require(s, game, Act.POSE)
        uid = t.actor.user_id
        if cmd.number is None:
            open_ = [sc_ for sc_ in s.scalars(select(Scene).where(
                Scene.game_id == game.id, Scene.state == "running").order_by(Scene.number))
                if may_see(sc_, standing)]  # fmt: skip
            if len(open_) != 1:
                listed = ", ".join(f"{x.number} {x.title}" for x in open_)
                raise RollplayError(
                    f"say which scene: scene/join N ({listed})"
                    if open_
                    else f"no scene is running in {game.name}: {START_FIRST}"
                )
            scene = open_[0]
        else:
            scene = find_scene(s, game, cmd.number, standing, user_id=uid, states=(), verb="join")
        if scene.state == "finished":
            raise RollplayError(f"scene {scene.number} ({scene.title}) is over: {START_FIRST}")
        _join(s, scene, uid)
        t.record(s, game, sc.SceneJoined(scene=scene.number, title=scene.title,
                                         user=t.actor.name), scene=at(scene))  # fmt: skip
        return shown(s, game, scene)


def _change(t: ServiceBase, cmd: Any, states: tuple[str, ...], verb: str, *, to: str,
            payload: type[sc.SceneStep]) -> SceneShown:  # fmt: skip
    with t.transaction() as s:
        game = t.game_row(s, t.game_for(cmd.game))
        standing = t.require(s, game, Act.POSE)
        scene = find_scene(
            s, game, cmd.number, standing, user_id=t.actor.user_id, states=states, verb=verb
        )
        run_by(scene, standing, t.actor.user_id, verb)
        if scene.state not in states:
            raise RollplayError(f"scene {scene.number} ({scene.title}) is {scene.state}: "
                                f"it cannot {verb}")  # fmt: skip
        scene.state = to
        if to == "finished":
            scene.finished_at = now()
        s.flush()
        t.record(s, game, payload(scene=scene.number, title=scene.title), scene=at(scene))
        if to == "finished":  # a game's luck for scenes (an AresMUSH config's; rulings A17)
            scene_luck.award(t, s, game, scene)
        return shown(s, game, scene)


@handles(c.ScenePause, act=Act.POSE, writes=(sc.ScenePaused,))
def run_scene_pause(t: ServiceBase, cmd: c.ScenePause, dice: Dice | None) -> SceneShown:
    """Pause a running scene (its starter or the Storyteller)."""
    return _change(t, cmd, ("running",), "pause", to="paused", payload=sc.ScenePaused)


@handles(c.SceneResume, act=Act.POSE, writes=(sc.SceneResumed,))
def run_scene_resume(t: ServiceBase, cmd: c.SceneResume, dice: Dice | None) -> SceneShown:
    """Resume a paused scene (its starter or the Storyteller)."""
    return _change(t, cmd, ("paused",), "resume", to="running", payload=sc.SceneResumed)


@handles(c.SceneStop, act=Act.POSE, writes=(sc.SceneStopped, LuckAwarded))
def run_scene_stop(t: ServiceBase, cmd: c.SceneStop, dice: Dice | None) -> SceneShown:
    """Finish a scene for good (its starter or the Storyteller)."""
    return _change(t, cmd, ("running", "paused"), "stop", to="finished", payload=sc.SceneStopped)


@handles(c.SceneInvite, act=Act.POSE, writes=(sc.SceneInvited,))
def run_scene_invite(t: ServiceBase, cmd: c.SceneInvite, dice: Dice | None) -> SceneShown:
    """Invite a member of the game to a scene (to read and join a private one)."""
    with t.transaction() as s:
        game, scene = scene_they_run(t, s, cmd, "invite", "invite to")
        guest = user_row(s, cmd.user)
        if t.acting(Actor(guest.name, guest.id)).standing(s, game).role is None:
            raise RollplayError(f"{guest.name} is not in {game.name}: add them to the game first")
        known = s.scalar(
            select(ScenePerson.id).where(
                ScenePerson.scene_id == scene.id, ScenePerson.user_id == guest.id
            )
        )
        if known is None:
            s.add(ScenePerson(scene_id=scene.id, user_id=guest.id, role="invited"))
            s.flush()
        t.record(s, game, sc.SceneInvited(scene=scene.number, title=scene.title,
                                          user=guest.name), scene=at(scene))  # fmt: skip
        return shown(s, game, scene)


@handles(c.Pose, act=Act.POSE, writes=(sc.Posed,))
def run_pose(t: ServiceBase, cmd: c.Pose, dice: Dice | None) -> PoseMade:
    """A pose in the running scene the actor joined last (rulings S2)."""
    text = pose_text(cmd.text)
    with t.transaction() as s:
        game = t.game_row(s, t.game_for(cmd.game))
        standing = t.require(s, game, Act.POSE)
        keep_pace(t, s, game)  # rulings S72
        uid = t.actor.user_id
        latest = s.scalar(select(Scene).join(ScenePerson, ScenePerson.scene_id == Scene.id)
                          .where(Scene.game_id == game.id, person_is(uid),
                                 ScenePerson.role == "participant")
                          .order_by((Scene.state == "running").desc(), ScenePerson.id.desc())
                          .limit(1))  # fmt: skip
        if latest is None and t.actor.scene is None:
            raise RollplayError(f"{standing.actor} is in no scene in {game.name}: {START_FIRST}")
        t.in_scene_here(None if latest is None else latest.id)
        assert latest is not None
        if latest.state != "running":
            state = "over" if latest.state == "finished" else "paused"
            raise RollplayError(f"scene {latest.number} ({latest.title}) is {state}: "
                                f"{START_FIRST}")  # fmt: skip
        who = _as(s, game, standing, cmd.name)
        posed = sc.Posed(scene=latest.number, style=cmd.style, who=who.name, text=text)
        number = t.record(s, game, posed, character=who, scene=at(latest))
        return PoseMade(game=game.name, scene=latest.number, log_id=number, pose=posed)


def _as(s: Session, game: Game, standing: Standing, name: str | None) -> _Who:
    """Who a pose is as: a player's character (their only one, or the one named); for a
    Storyteller, any name (an NPC's), or their own."""
    mine = list(s.scalars(select(Character).where(Character.game_id == game.id,
                                                  Character.id.in_(list(standing.characters)))
                          .order_by(Character.name)))  # fmt: skip
    if name is not None:
        who = clean_name(name, "pose's speaker")
        found = [ch for ch in mine if ch.name.casefold() == who.casefold()]
        if found:
            return _Who(found[0].id, found[0].name)
        if not standing.storyteller:
            raise Forbidden(f"{standing.actor} may pose only as a character they play in "
                            f"{game.name}, not as {who}")  # fmt: skip
        return _Who(None, who)
    if standing.storyteller:
        return _Who(None, standing.actor)
    if len(mine) == 1:
        return _Who(mine[0].id, mine[0].name)
    if not mine:
        raise RollplayError(f"{standing.actor} plays no character in {game.name}: "
                            f"ask its Storyteller for one")  # fmt: skip
    names = ", ".join(ch.name for ch in mine)
    raise RollplayError(f"say who poses ({names}): pose/as NAME=TEXT")


# -- reading ------------------------------------------------------------------------------


def scenes(t: ServiceBase, game_name: str) -> list[SceneShown]:
    """A game's scenes the actor may see, newest first."""
    with t.reading() as s:
        game = t.game_row(s, game_name)
        standing = t.require(s, game, Act.READ)
        rows = s.scalars(select(Scene).where(Scene.game_id == game.id)
                         .order_by(Scene.number.desc()))  # fmt: skip
        return [shown(s, game, r, order=False) for r in rows
                if standing.in_scene(r.id, r.privacy == "private")]  # fmt: skip


def scene(t: ServiceBase, game_name: str, number: int) -> tuple[SceneShown, list[EventView]]:
    """A scene and its ledger, oldest first, as the actor may see it."""
    with t.reading() as s:
        game = t.game_row(s, game_name)
        standing = t.require(s, game, Act.READ)
        row = s.scalar(select(Scene).where(Scene.game_id == game.id, Scene.number == number))
        if row is None or not standing.in_scene(row.id, row.privacy == "private"):
            raise StorageError(f"no scene {number} in {game.name} for {standing.actor}")
        events = s.scalars(select(Event).where(Event.game_id == game.id,
                                               Event.scene_id == row.id)
                           .order_by(Event.number))  # fmt: skip
        ledger = [v for v in (project(e, game.name, standing) for e in events) if v is not None]
        return shown(s, game, row), fold(s, game.id, standing, ledger)
