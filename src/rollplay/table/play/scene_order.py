"""``scene/order free|round-robin [N]`` (issue 30): how a scene waits on its people
(pose_order.py; rulings S20 to S22)."""

from __future__ import annotations

from rollplay.dice import Dice
from rollplay.errors import RollplayError
from rollplay.table import commands as c
from rollplay.table.access.authz import Act
from rollplay.table.answers import SceneShown
from rollplay.table.base import ServiceBase
from rollplay.table.events import scenes as sc
from rollplay.table.handlers import handles

# scenes.py's own helpers (the scene its starter or the Storyteller runs, its answer, where)
from rollplay.table.play.scenes import _at, _ran, _shown


@handles(c.SceneOrder, act=Act.POSE, writes=(sc.SceneOrdered,))
def run_scene_order(t: ServiceBase, cmd: c.SceneOrder, dice: Dice | None) -> SceneShown:
    """Set a scene's pose order (its starter or the Storyteller)."""
    with t.transaction() as s:
        game, scene = _ran(t, s, cmd, "order", "set the pose order of")
        if scene.state == "finished":
            raise RollplayError(f"scene {scene.number} ({scene.title}) is over: its order "
                                f"is kept as it was")  # fmt: skip
        scene.pose_order = cmd.order
        s.flush()
        t.record(s, game, sc.SceneOrdered(scene=scene.number, title=scene.title,
                                          order=cmd.order), scene=_at(scene))  # fmt: skip
        return _shown(s, game, scene)
