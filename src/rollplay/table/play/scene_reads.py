"""What the web scene page and its live feed read of a scene (issue 30): the scene's id for
a viewer who may see it, a page of its ledger after an event, the newest page of its ledger
(or the page before an event), and the scene the viewer's poses and rolls land in now. Each
asks, as every read does, whether the viewer may see the scene: one they may not is "no
scene" (a 404), so a private scene's title never leaks."""

from __future__ import annotations

from collections.abc import Collection
from typing import Any, NamedTuple

from sqlalchemy import func, select
from sqlalchemy.orm import Session

from rollplay.table.access.authz import Act, Standing
from rollplay.table.answers import SceneShown
from rollplay.table.base import ServiceBase
from rollplay.table.events.audiences import project
from rollplay.table.events.ledger import Changes, changes, fold, folded, kinds_referred
from rollplay.table.events.views import EventView
from rollplay.table.play.scenes import _shown  # scenes.py's answer for a scene
from rollplay.table.store.db import StorageError
from rollplay.table.store.models import Event, Game, Scene
from rollplay.table.store.writers import CoreWriter


def _seen(s: Session, game: Game, number: int, standing: Standing) -> Scene:
    row = s.scalar(select(Scene).where(Scene.game_id == game.id, Scene.number == number))
    if row is None or not standing.in_scene(row.id, row.privacy == "private"):
        raise StorageError(f"no scene {number} in {game.name} for {standing.actor}")
    return row


def scene_id(t: ServiceBase, game_name: str, number: int) -> int:
    """The scene's id, if the actor may see it (a live feed of its ledger)."""
    with t.reading() as s:
        game = t.game_row(s, game_name)
        return _seen(s, game, number, t.require(s, game, Act.READ)).id


def scene_shown(t: ServiceBase, game_name: str, number: int) -> SceneShown:
    """The scene and its pose order, without its ledger (the page's order panel, redrawn
    as each card arrives)."""
    with t.reading() as s:
        game = t.game_row(s, game_name)
        return _shown(s, game, _seen(s, game, number, t.require(s, game, Act.READ)))


def scene_events(
    t: ServiceBase, game_name: str, number: int, after: int = 0, limit: int = 100
) -> list[EventView]:
    """The scene's ledger after event ``after``, oldest first, at most ``limit`` read, as
    the actor may see it."""
    with t.reading() as s:
        game = t.game_row(s, game_name)
        standing = t.require(s, game, Act.READ)
        row = _seen(s, game, number, standing)
        events = s.scalars(select(Event).where(Event.game_id == game.id,
                                               Event.scene_id == row.id, Event.number > after)
                           .order_by(Event.number).limit(limit))  # fmt: skip
        seen = [v for v in (project(e, game.name, standing) for e in events) if v is not None]
        return fold(s, game.id, standing, seen)


class LedgerPage(NamedTuple):
    """Part of a scene's ledger, oldest first, as its reader may see it and as it stands
    (edits and answers folded in), and where the part before it starts: the ``before`` that
    asks for it (the oldest event this page read), or None when there is nothing earlier."""

    events: list[EventView]
    earlier: int | None


def scene_ledger(t: ServiceBase, game_name: str, number: int, before: int | None = None,
                 limit: int = 200) -> LedgerPage:  # fmt: skip
    """The newest ``limit`` events of the scene's ledger before event ``before`` (None: of
    all of it), read in one query (the scene's index, newest first) and folded in one more.
    Pages follow the events read, not those shown, so one the reader may not see moves no
    boundary: each page starts where the one after it ended, and none is skipped or repeated."""
    with t.reading() as s:
        game = t.game_row(s, game_name)
        standing = t.require(s, game, Act.READ)
        row = _seen(s, game, number, standing)
        # By the scene alone (its id is its game's too) and by id: the scene's index
        # (ix_events_scene) read newest first, so the read stops after the page, however
        # long the game's log (by game, SQLite walked the game's index); a game's ids and
        # numbers go up together.
        query = select(Event).where(Event.scene_id == row.id)
        if before is not None:
            query = query.where(Event.number < before)
        rows = list(s.scalars(query.order_by(Event.id.desc()).limit(limit + 1)))
        earlier = rows[limit - 1].number if len(rows) > limit else None
        views = [v for v in (project(e, game.name, standing) for e in reversed(rows[:limit]))
                 if v is not None]  # fmt: skip
        return LedgerPage(fold(s, game.id, standing, views), earlier)


class ScenePanel(NamedTuple):
    """What a scene page's order panel shows its viewer: the scene with its pose order, the
    viewer's role in the game, and the scene their poses and rolls land in now (None: none)."""

    shown: SceneShown
    role: str | None
    current: int | None


ORDERS_KEPT = 256  # pose orders a service remembers (a scene's, as of an event)

# The kinds of event that change a scene page's shared parts (its pose order panel: who is
# in it, who posed, its state or order; its header: its place and type, issue 37): the live
# hub sends a scene page their new drawing after them.
ORDER_KINDS = frozenset({"pose", "scene_start", "scene_join", "scene_pause", "scene_resume",
                         "scene_stop", "scene_invite", "scene_order", "scene_set"})  # fmt: skip


def scene_orders(t: ServiceBase, game_id: int, scene_ids: Collection[int]) -> dict[int, SceneShown]:
    """The scenes' pose orders as they stand (bench/pose_order_read.py times this read)."""
    with t.reading() as s:
        return _orders(s, game_id, scene_ids)


def _orders(s: Session, game_id: int, scene_ids: Collection[int]) -> dict[int, SceneShown]:
    game = s.get(Game, game_id)
    if game is None or not scene_ids:
        return {}
    rows = s.scalars(select(Scene).where(Scene.game_id == game_id, Scene.id.in_(scene_ids)))
    return {row.id: _shown(s, game, row) for row in rows}


def _settled(s: Session, game_id: int, changed: set[int], last: int) -> set[int]:
    """Of the scenes in ``changed``, those whose order no event after ``last`` changes: a
    page of events cut short by its limit leaves the rest for the page that holds the change."""
    later = s.scalars(select(Event.scene_id).distinct().where(
        Event.game_id == game_id, Event.number > last, Event.scene_id.in_(changed),
        Event.kind.in_(ORDER_KINDS)))  # fmt: skip
    return changed - set(later)


class LiveBatch(NamedTuple):
    """A game's events after a number, whole, and, for each watched scene whose pose order
    they change, the order as of the last of them (read in the same moment: rulings S52),
    and what later events did to them (their poses' edits and deletions, their rolls'
    reveals), read in that moment too, which the hub folds into each viewer's view
    (rulings S70)."""

    rows: list[Any]
    orders: dict[int, SceneShown]
    changes: Changes = Changes()


def live_batch(t: ServiceBase, game_id: int, after: int, limit: int,
               watched: Collection[int]) -> LiveBatch:  # fmt: skip
    """What the live hub (hub.py) hands out next: at most ``limit`` events of the game after
    ``after`` and the pose orders of the ``watched`` scenes (those with a page open) that
    they change. No permission check here: the hub asked, when each feed joined, whether its
    viewer may see the scene, and it sends a scene's order only to that scene's feeds, each
    with an event its viewer may see."""
    with t.snapshot() as s:
        rows = list(s.scalars(select(Event).where(Event.game_id == game_id, Event.number > after)
                              .order_by(Event.number).limit(limit)))  # fmt: skip
        changed = {r.scene_id for r in rows if r.kind in ORDER_KINDS and r.scene_id is not None
                   and r.scene_id in watched}  # fmt: skip
        if changed and len(rows) == limit:
            changed = _settled(s, game_id, changed, rows[-1].number)
        game = s.get(Game, game_id)
        later = changes(s, game_id, "" if game is None else game.name, kinds_referred(rows))
        return LiveBatch(rows, _orders(s, game_id, changed), later)


class CaughtUp(NamedTuple):
    """A page of a scene's ledger as its reader may see it, the scene's pose order as of
    the page's last event when the page changed it (else None), the number of the last
    event read when the page was cut short by its limit (None: nothing more to read), and
    the earlier events the page's change, as they now stand (ledger.Folded)."""

    events: list[EventView]
    order: SceneShown | None
    more: int | None
    earlier: dict[int, EventView] = {}  # noqa: RUF012 (a NamedTuple's default: never changed)


def scene_catch_up(t: ServiceBase, game_name: str, number: int, after: int,
                   limit: int) -> CaughtUp:  # fmt: skip
    """A scene page's feed catching up: its ledger after ``after`` and, read in the same
    moment, the pose order the page should show after it (rulings S52)."""
    with t.snapshot() as s:
        game = t.game_row(s, game_name)
        standing = t.require(s, game, Act.READ)
        row = _seen(s, game, number, standing)
        read = list(s.scalars(select(Event).where(Event.game_id == game.id,
                                                  Event.scene_id == row.id, Event.number > after)
                              .order_by(Event.number).limit(limit)))  # fmt: skip
        events = [v for v in (project(e, game.name, standing) for e in read) if v is not None]
        events, earlier = folded(s, game.id, standing, events)  # as each stands (S70)
        changed = {row.id} if any(e.kind in ORDER_KINDS for e in events) else set()
        if changed and len(read) == limit:
            changed = _settled(s, game.id, changed, read[-1].number)
        order = _orders(s, game.id, changed).get(row.id)
        return CaughtUp(events, order, read[-1].number if len(read) == limit else None,
                        earlier)  # fmt: skip


def scene_panel(t: ServiceBase, game_name: str, number: int) -> ScenePanel:
    """The order panel's read, in one transaction. Every open page asks for it after each
    card (200 viewers: 200 asks a pose), and the pose order is the same for everyone who may
    see the scene, so it is worked out once per scene and per newest event of its game
    (anything that changes it writes an event: a pose, a join, a pause, a change of order)."""
    with t.reading() as s:
        game = t.game_row(s, game_name)
        standing = t.require(s, game, Act.READ)
        row = _seen(s, game, number, standing)
        newest = s.scalar(select(func.max(Event.id)).where(Event.game_id == game.id)) or 0
        orders: dict[tuple[int, int], SceneShown] = t._orders
        shown = orders.get((row.id, newest))
        if shown is None:
            shown = _shown(s, game, row)
            if len(orders) >= ORDERS_KEPT:
                orders.clear()  # a few hundred small answers: cheaper than an LRU's upkeep
            orders[(row.id, newest)] = shown
        found = CoreWriter(s.connection()).scene(game.id, t.actor.user_id)
        here = None
        if found is not None:
            here = number if found[0] == row.id else \
                s.scalar(select(Scene.number).where(Scene.id == found[0]))  # fmt: skip
        return ScenePanel(shown, standing.role, here)


def current_scene(t: ServiceBase, game_name: str) -> int | None:
    """The number of the scene the actor's poses and rolls land in now (rulings S2), if any."""
    with t.reading() as s:
        game = t.game_row(s, game_name)
        t.require(s, game, Act.READ)
        found = CoreWriter(s.connection()).scene(game.id, t.actor.user_id)
        if found is None:
            return None
        return s.scalar(select(Scene.number).where(Scene.id == found[0]))
