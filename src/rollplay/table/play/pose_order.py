"""A scene's pose order (issue 30): who posed last and when, and who the scene waits on.

- **Who is in it** (rulings S22): the scene's participants but those who have since joined
  another running scene of the game (where their poses now land, rulings S2): they have
  left this one's order, and come back by joining it again (at the end of a round-robin).
- **Free order** (rulings S20): the scene waits on everyone in it who has not posed yet;
  once all have, on the one whose last pose is the oldest.
- **Round-robin** (rulings S21): the order is the order they joined in; the scene waits on
  the one after whoever posed last (the first, before anyone has posed).

A pose, a semipose, a say and an emit take a turn; an OOC remark and a roll do not. The
order is read from the ledger itself, never stored beside it, so it cannot drift from it.
Nobody is waited on in a paused or finished scene. Anyone may pose at any time: it is a
hint, not a lock."""

from __future__ import annotations

from typing import Any, NamedTuple

from sqlalchemy import func, select
from sqlalchemy.orm import Session

from rollplay.table.access.actors import OWNER
from rollplay.table.answers import PoseOrder, PoseTurn
from rollplay.table.events import scenes as sc
from rollplay.table.events.audiences import iso
from rollplay.table.store.models import Event, Scene, ScenePerson, User

TAKES_A_TURN = frozenset({"pose", "semipose", "say", "emit"})  # not "ooc"


class _Person(NamedTuple):
    user_id: int | None
    name: str


class _Pose(NamedTuple):
    number: int
    at: Any
    who: str


def _here(s: Session, scene: Scene) -> list[_Person]:
    """The participants in the order, as they joined (rulings S22); a finished scene's are
    all its participants."""
    rows = s.execute(select(ScenePerson.id, ScenePerson.user_id, User.name)
                     .outerjoin(User, User.id == ScenePerson.user_id)
                     .where(ScenePerson.scene_id == scene.id, ScenePerson.role == "participant")
                     .order_by(ScenePerson.id)).all()  # fmt: skip
    if scene.state == "finished":
        return [_Person(uid, name or OWNER.name) for _, uid, name in rows]
    later = (select(ScenePerson.id, ScenePerson.user_id)
             .join(Scene, Scene.id == ScenePerson.scene_id)
             .where(Scene.game_id == scene.game_id, Scene.id != scene.id,
                    Scene.state == "running", ScenePerson.role == "participant"))  # fmt: skip
    moved: dict[int | None, int] = {}
    for row_id, uid in s.execute(later):
        moved[uid] = max(row_id, moved.get(uid, 0))
    return [_Person(uid, name or OWNER.name) for row_id, uid, name in rows
            if moved.get(uid, 0) < row_id]  # fmt: skip


Poser = tuple[int | None, str]  # a pose's maker: their user id, and the name they posed as


def _last_poses(
    s: Session, scene: Scene, people: list[_Person]
) -> tuple[dict[int | None, _Pose], Poser | None]:
    """Each person's last pose that takes a turn, and who made the scene's last one: the
    newest of each maker's found in the database along the scene's index, then those few
    read (a long scene's poses never cross to Python: someone in it who never posed used
    to cost a read of all of them, at every pose; docs/performance.md "Scenes")."""
    newest = dict(s.execute(
        select(Event.actor_id, func.max(Event.number))
        .where(Event.game_id == scene.game_id, Event.scene_id == scene.id,
               Event.kind == sc.Posed.kind,
               Event.payload["style"].as_string().in_(TAKES_A_TURN))
        .group_by(Event.actor_id)).all())  # fmt: skip
    if not newest:
        return {}, None
    wanted = {p.user_id for p in people}
    numbers = {number for uid, number in newest.items() if uid in wanted}
    numbers.add(max(newest.values()))
    found: dict[int | None, _Pose] = {}
    first: Poser | None = None
    rows = s.execute(select(Event.number, Event.actor_id, Event.created_at,
                            Event.payload["who"].as_string())
                     .where(Event.game_id == scene.game_id, Event.number.in_(numbers))
                     .order_by(Event.number.desc()))  # fmt: skip
    for number, actor_id, at, who in rows:
        if first is None:
            first = (actor_id, who or "")
        if actor_id in wanted and newest[actor_id] == number:
            found[actor_id] = _Pose(number, at, who or "")
    return found, first


def pose_order(s: Session, scene: Scene) -> PoseOrder:
    """The scene's pose order as its ledger stands."""
    people = _here(s, scene)
    poses, first = _last_poses(s, scene, people)
    last_uid, last_name = first if first is not None else (None, None)
    mode = "round-robin" if scene.pose_order == "round-robin" else "free"
    waiting: list[_Person] = []
    if scene.state == "running" and people:
        if mode == "free":
            waiting = [p for p in people if p.user_id not in poses]
            if not waiting:
                waiting = [min(people, key=lambda p: poses[p.user_id].number)]
        else:
            ids = [p.user_id for p in people]
            after = ids.index(last_uid) + 1 if last_uid in ids and poses else 0
            waiting = [people[after % len(people)]]
    turns = tuple(
        PoseTurn(name=p.name, posed_as=poses[p.user_id].who if p.user_id in poses else None,
                 posed_at=iso(poses[p.user_id].at) if p.user_id in poses else None,
                 waiting=p in waiting)
        for p in people
    )  # fmt: skip
    return PoseOrder(mode=mode, people=turns, last=last_name,
                     waiting=tuple(p.name for p in waiting))  # fmt: skip
