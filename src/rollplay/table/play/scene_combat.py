"""Which FS3 combat a scene is playing (issue 30, "the combat panel when combat is on"): the
combat still under way whose newest event in the scene's ledger, as the viewer may see it,
is not its end. A combat's events land in the scene of whoever writes them (rulings S3), so
a combat is the scene's once any of them lands there; the scene page draws its tracker.

Read from the ledger, never stored beside it (as the pose order is): no migration, and a
combat that moves to another scene is that scene's as soon as its next event lands there."""

from __future__ import annotations

from sqlalchemy import select

from rollplay.systems.fs3.combat.state import same_name
from rollplay.table.access.authz import Act
from rollplay.table.base import ServiceBase
from rollplay.table.events import combat as cb
from rollplay.table.events.audiences import project
from rollplay.table.play.scene_reads import _seen  # "no scene" to a viewer who may not see it
from rollplay.table.store.models import Combat, Event

KINDS = tuple(sorted({cls.kind for cls in (cb.CombatStarted, cb.Joined, cb.Left,
                                            cb.ActionChosen, cb.StanceTaken, cb.Turn,
                                            cb.LuckBetween, cb.CombatStopped,
                                            cb.CombatDeleted)}))  # fmt: skip
ENDS = frozenset({cb.CombatStopped.kind, cb.CombatDeleted.kind})
LOOK = 200  # combat events read back from the newest: bounds the read in a long scene


def scene_combat(t: ServiceBase, game_name: str, number: int) -> str | None:
    """The name of the combat scene ``number`` plays now, or None: the newest combat event
    in it that the actor may see names a combat still under way (an older combat of the
    same name, stopped and deleted since, ended there: not it)."""
    with t.reading() as s:
        game = t.game_row(s, game_name)
        standing = t.require(s, game, Act.READ)
        scene = _seen(s, game, number, standing)
        going = list(s.scalars(select(Combat.name).where(Combat.game_id == game.id,
                                                          Combat.active.is_(True))))  # fmt: skip
        if not going:
            return None
        rows = s.scalars(select(Event).where(Event.scene_id == scene.id, Event.kind.in_(KINDS))
                         .order_by(Event.id.desc()).limit(LOOK))  # fmt: skip
        ended: list[str] = []
        for row in rows:
            view = project(row, game.name, standing)
            if view is None or not isinstance(view.data, cb.Step_):
                continue
            name = view.data.combat
            if any(same_name(name, e) for e in ended):
                continue
            if row.kind in ENDS:
                ended.append(name)
                continue
            found = next((g for g in going if same_name(g, name)), None)
            if found is not None:
                return found
        return None
