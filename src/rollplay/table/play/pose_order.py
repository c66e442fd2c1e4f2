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

from sqlalchemy import select
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
    """Each person's last pose that takes a turn, and who made the scene's last one, read
    from the newest back until all are found."""
    query = (select(Event.number, Event.actor_id, Event.created_at, Event.payload)
             .where(Event.game_id == scene.game_id, Event.scene_id == scene.id,
                    Event.kind == sc.Posed.kind)
             .order_by(Event.number.desc()))  # fmt: skip
    wanted = {p.user_id for p in people}
    found: dict[int | None, _Pose] = {}
    first: Poser | None = None
    for number, actor_id, at, payload in s.execute(query.execution_options(yield_per=200)):
        if payload.get("style") not in TAKES_A_TURN:
            continue
        who = str(payload.get("who", ""))
        if first is None:
            first = (actor_id, who)
        if actor_id in wanted and actor_id not in found:
            found[actor_id] = _Pose(number, at, who)
            if len(found) == len(wanted):
                break
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
