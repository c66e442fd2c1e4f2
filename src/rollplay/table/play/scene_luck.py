"""Luck awarded as a scene finishes, in games whose house rules give ``luck_for_scene`` (an
AresMUSH config's; rulings A17): the whole points each character's luck for scenes has newly
passed, each a luck award in the finishing transaction (capped by ``max_luck`` as any
award). The luck earned is read again from the game's finished scenes and their poses, so
nothing but the awards is stored."""

from __future__ import annotations

import math
from datetime import UTC, datetime

from sqlalchemy import select
from sqlalchemy.orm import Session

from rollplay.table.base import ServiceBase
from rollplay.table.store.models import Character, Event, Game, Scene


def award(t: ServiceBase, s: Session, game: Game, finished: Scene) -> None:
    """Award the luck ``finished`` completes for each character who posed in it."""
    if game.system != "fs3":
        return
    from rollplay.systems.fs3.ruleset import FS3Ruleset
    from rollplay.systems.fs3.scene_luck import Meeting, earned
    from rollplay.table.play.points import add_luck

    rules, _ = t.ruleset_of(game)
    assert isinstance(rules, FS3Ruleset)
    if not rules.luck_for_scene:
        return
    scenes = list(s.scalars(select(Scene).where(
        Scene.game_id == game.id, Scene.state == "finished", Scene.finished_at.is_not(None),
    ).order_by(Scene.finished_at, Scene.id)))  # fmt: skip
    posed = s.execute(select(Event.scene_id, Event.character_id).where(
        Event.game_id == game.id, Event.kind == "pose", Event.character_id.is_not(None),
    ).distinct())  # fmt: skip
    people: dict[int, set[int]] = {}
    for scene_id, character_id in posed:
        if scene_id is not None and character_id is not None:
            people.setdefault(scene_id, set()).add(character_id)
    rows = {c.id: c for c in s.scalars(select(Character).where(Character.game_id == game.id))}
    meetings = []
    for sc in scenes:
        assert sc.finished_at is not None  # the query takes only scenes that finished
        met = tuple((i, _aware(rows[i].created_at)) for i in sorted(people.get(sc.id, ()))
                    if i in rows)  # fmt: skip
        meetings.append(Meeting(_aware(sc.finished_at), met))
    done = [m for m, sc in zip(meetings, scenes, strict=True) if sc.id != finished.id]
    before, after = earned(rules.luck_for_scene, done), earned(rules.luck_for_scene, meetings)
    for who in sorted(people.get(finished.id, ())):
        points = math.floor(after.get(who, 0.0) + 1e-9) - math.floor(before.get(who, 0.0) + 1e-9)
        if points > 0 and who in rows:
            add_luck(t, s, game, rows[who], amount=points,
                     reason=f"luck for scene {finished.number} ({finished.title})")  # fmt: skip


def _aware(when: datetime) -> datetime:
    """``when`` with UTC as its zone where the store gave none (SQLite keeps no zone)."""
    return when if when.tzinfo else when.replace(tzinfo=UTC)
