"""A scene as the scene commands find it, check who runs it, record its events at it and
answer with it (scenes.py, scene_order.py, scene_channels.py): one that is not the actor's
to see is "no scene", so a private scene's title never leaks."""

from __future__ import annotations

from typing import Any

from sqlalchemy import select
from sqlalchemy.orm import Session

from rollplay.errors import RollplayError
from rollplay.table.access.actors import OWNER
from rollplay.table.access.authz import Act, Forbidden, Standing
from rollplay.table.answers import SceneShown
from rollplay.table.base import ServiceBase
from rollplay.table.play.pose_order import pose_order
from rollplay.table.store.db import StorageError
from rollplay.table.store.models import Game, Scene, ScenePerson, User


def person_is(user_id: int | None) -> Any:
    """The filter for a scene person row of ``user_id`` (None: the database's owner)."""
    return ScenePerson.user_id.is_(None) if user_id is None else ScenePerson.user_id == user_id


def _people(s: Session, scene: Scene, role: str = "participant") -> list[str]:
    query = (select(User.name).select_from(ScenePerson)
             .outerjoin(User, User.id == ScenePerson.user_id)
             .where(ScenePerson.scene_id == scene.id, ScenePerson.role == role)
             .order_by(ScenePerson.id))  # fmt: skip
    return [name or OWNER.name for name in s.scalars(query)]


def shown(s: Session, game: Game, scene: Scene, order: bool = True) -> SceneShown:
    """The answer for a scene: its settings, its people and (``order``) whose pose is due."""
    return SceneShown(
        game=game.name, number=scene.number, title=scene.title, summary=scene.summary,
        location=scene.location, scene_kind=scene.kind, state=scene.state,
        privacy=scene.privacy, people=tuple(_people(s, scene)),
        order=pose_order(s, scene) if order else None, starter=_starter(s, scene),
    )  # fmt: skip


def _starter(s: Session, scene: Scene) -> str | None:
    """Who started it, by name (no id: the database's owner; None: a user since removed)."""
    if scene.started_by is None:
        return OWNER.name
    return s.scalar(select(User.name).where(User.id == scene.started_by))


def may_see(scene: Scene, standing: Standing) -> bool:
    return standing.in_scene(scene.id, scene.privacy == "private")


def find_scene(s: Session, game: Game, number: int | None, standing: Standing, *,
               user_id: int | None, states: tuple[str, ...], verb: str) -> Scene:  # fmt: skip
    """The scene ``number`` (None: the one the actor joined last in ``states``), if they may
    see it; one that is not theirs to see is "no scene", so its title never leaks."""
    if number is None:
        query = (select(Scene).join(ScenePerson, ScenePerson.scene_id == Scene.id)
                 .where(Scene.game_id == game.id, person_is(user_id),
                        ScenePerson.role == "participant", Scene.state.in_(states))
                 .order_by(ScenePerson.id.desc()).limit(1))  # fmt: skip
        found = s.scalar(query)
        if found is None:
            raise RollplayError(f"{standing.actor} is in no scene to {verb} in {game.name}: "
                                f"name it (scene/{verb} N)")  # fmt: skip
        return found
    found = s.scalar(select(Scene).where(Scene.game_id == game.id, Scene.number == number))
    if found is None or not may_see(found, standing):
        raise StorageError(f"no scene {number} in {game.name} for {standing.actor}")
    return found


def run_by(scene: Scene, standing: Standing, user_id: int | None, what: str) -> None:
    """Only a scene's starter or the Storyteller pauses, resumes, stops or invites to it."""
    if not standing.storyteller and scene.started_by != user_id:
        raise Forbidden(f"{standing.actor} may not {what} scene {scene.number}: only its "
                        f"starter or the Storyteller may")  # fmt: skip


def at(scene: Scene) -> tuple[int, bool]:
    """Where an event of the scene is recorded (core.py ``record``): its id, and whether it
    is private."""
    return scene.id, scene.privacy == "private"


def scene_they_run(
    t: ServiceBase, s: Session, cmd: Any, verb: str, what: str
) -> tuple[Game, Scene]:
    """The game, and the scene (running or paused) a command only its starter or the
    Storyteller may give names, once they are found to be one of them."""
    game = t.game_row(s, t.game_for(cmd.game))
    standing = t.require(s, game, Act.POSE)
    scene = find_scene(s, game, cmd.number, standing, user_id=t.actor.user_id,
                       states=("running", "paused"), verb=verb)  # fmt: skip
    run_by(scene, standing, t.actor.user_id, what)
    return game, scene
