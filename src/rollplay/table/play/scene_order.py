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

# scenes.py's own helpers (the scene found, who may run it, its answer, where it is)
from rollplay.table.play.scenes import _at, _run_by, _scene, _shown


@handles(c.SceneOrder, act=Act.POSE, writes=(sc.SceneOrdered,))
def run_scene_order(t: ServiceBase, cmd: c.SceneOrder, dice: Dice | None) -> SceneShown:
    """Set a scene's pose order (its starter or the Storyteller)."""
    with t.transaction() as s:
        game = t.game_row(s, t.game_for(cmd.game))
        standing = t.require(s, game, Act.POSE)
        scene = _scene(s, game, cmd.number, standing, user_id=t.actor.user_id,
                          states=("running", "paused"), verb="order")  # fmt: skip
        _run_by(scene, standing, t.actor.user_id, "set the pose order of")
        if scene.state == "finished":
            raise RollplayError(f"scene {scene.number} ({scene.title}) is over: its order "
                                f"is kept as it was")  # fmt: skip
        scene.pose_order = cmd.order
        s.flush()
        t.record(s, game, sc.SceneOrdered(scene=scene.number, title=scene.title,
                                          order=cmd.order), scene=_at(scene))  # fmt: skip
        return _shown(s, game, scene)
