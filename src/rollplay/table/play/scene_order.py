"""A scene's settings (issue 30): ``scene/order free|round-robin [N]``, how it waits on its
people (pose_order.py; rulings S20 to S22), and ``scene/set [N] location=...|type=...``,
where it happens and what kind of scene it is."""

from __future__ import annotations

from rollplay.dice import Dice
from rollplay.errors import RollplayError
from rollplay.table import commands as c
from rollplay.table.access.authz import Act
from rollplay.table.answers import SceneShown
from rollplay.table.base import ServiceBase
from rollplay.table.events import scenes as sc
from rollplay.table.events.scenes import SCENE_KINDS
from rollplay.table.handlers import handles
from rollplay.table.limits import MAX_TITLE
from rollplay.table.play.scene_rows import at, scene_they_run, shown
from rollplay.table.play.scene_text import one_line, scene_kind


@handles(c.SceneOrder, act=Act.POSE, writes=(sc.SceneOrdered,))
def run_scene_order(t: ServiceBase, cmd: c.SceneOrder, dice: Dice | None) -> SceneShown:
    """Set a scene's pose order (its starter or the Storyteller)."""
    with t.transaction() as s:
        game, scene = scene_they_run(t, s, cmd, "order", "set the pose order of")
        if scene.state == "finished":
            raise RollplayError(f"scene {scene.number} ({scene.title}) is over: its order "
                                f"is kept as it was")  # fmt: skip
        scene.pose_order = cmd.order
        s.flush()
        t.record(s, game, sc.SceneOrdered(scene=scene.number, title=scene.title,
                                          order=cmd.order), scene=at(scene))  # fmt: skip
        return shown(s, game, scene)


@handles(c.SceneSet, act=Act.POSE, writes=(sc.SceneSet,))
def run_scene_set(t: ServiceBase, cmd: c.SceneSet, dice: Dice | None) -> SceneShown:
    """Set where a scene happens or what kind it is (its starter or the Storyteller)."""
    with t.transaction() as s:
        game, scene = scene_they_run(t, s, cmd, "set", "set up")
        if cmd.location is None and cmd.kind is None:
            raise RollplayError(f"nothing to set: say location=PLACE, "
                                f"type={'|'.join(SCENE_KINDS)} or both")  # fmt: skip
        wanted = None if cmd.kind is None else scene_kind(cmd.kind)
        location = None if cmd.location is None else \
            one_line(cmd.location, "a scene's location", MAX_TITLE, empty=True)  # fmt: skip
        location = None if location == scene.location else location  # only what changes
        kind = None if wanted == scene.kind else wanted
        if location is None and kind is None:
            raise RollplayError("nothing to change: the location and the type are as they were")
        if location is not None:
            scene.location = location
        if kind is not None:
            scene.kind = kind
        said = sc.SceneSet(scene=scene.number, title=scene.title, location=location,
                           scene_kind=kind)  # fmt: skip
        s.flush()
        t.record(s, game, said, scene=at(scene))
        return shown(s, game, scene)
