"""The ledger as it stands (issue 30): a pose shows its latest text, marked edited (or that
it was deleted), and a roll request whether it was answered or cancelled, with the answer as
the reader may see it. Nothing written changes (an edit is an event of its own, pointing at
its pose: the row's ``refers``); this folds those later events into the earlier ones for a
reader, after each event was projected for them (audiences.py), so a reader is handed no
more of a later event than its own audience allows."""

from __future__ import annotations

from collections import defaultdict
from typing import Any

from sqlalchemy import select
from sqlalchemy.orm import Session

from rollplay.table.access.authz import Standing
from rollplay.table.events import payloads as p
from rollplay.table.events import requests as rq
from rollplay.table.events import scenes as sc
from rollplay.table.events.audiences import project
from rollplay.table.events.views import EventView
from rollplay.table.store.models import Event

LATER = ("pose_edit", "pose_delete", "roll", "request_cancel", "request_odds")


def later_events(s: Session, game_id: int, number: int) -> list[Event]:
    """The events about event ``number`` (its edits, its answer, its cancellation), oldest
    first."""
    return list(s.scalars(select(Event).where(Event.game_id == game_id, Event.refers == number,
                                              Event.kind.in_(LATER))
                          .order_by(Event.number)))  # fmt: skip


def fold(s: Session, game_id: int, standing: Standing, views: list[EventView]) -> list[EventView]:
    """``views`` (projected for ``standing``) with each pose and request as it stands."""
    ids = [v.id for v in views if isinstance(v.data, sc.Posed | rq.RollRequested)]
    if not ids:
        return views
    later: dict[int, list[Any]] = defaultdict(list)
    query = select(Event).where(Event.game_id == game_id, Event.refers.in_(ids),
                                Event.kind.in_(LATER)).order_by(Event.number)  # fmt: skip
    for row in s.scalars(query):
        later[row.refers or 0].append(row)
    out = []
    for view in views:
        rows, data = later.get(view.id), view.data
        if rows and isinstance(data, sc.Posed):
            data = pose_now(data, rows, standing)
        elif rows and isinstance(data, rq.RollRequested):
            data = request_now(data, rows, view.game, standing)
        out.append(view if data is view.data else view.model_copy(update={"data": data}))
    return out


def pose_now(pose: sc.Posed, rows: list[Any], standing: Standing) -> sc.Posed:
    """A pose with its edits: the latest text, and (for the Storyteller) those before it;
    a deleted pose's text only for the Storyteller (rulings S11)."""
    texts = [pose.text]
    deleted = False
    for row in rows:
        if row.kind == "pose_edit":
            texts.append(str(row.payload.get("text", "")))
        elif row.kind == "pose_delete":
            deleted = True
    earlier = tuple(texts[:-1]) if standing.storyteller else ()
    if deleted:
        return pose.model_copy(update={"text": "", "deleted": True, "edited": len(texts) > 1,
                                       "earlier": tuple(texts) if standing.storyteller
                                       else ()})  # fmt: skip
    return pose.model_copy(update={"text": texts[-1], "edited": len(texts) > 1,
                                   "earlier": earlier})  # fmt: skip


def request_now(asked: rq.RollRequested, rows: list[Any], game: str,
                standing: Standing) -> rq.RollRequested:  # fmt: skip
    """A request answered (with its answer as the reader may see it: rulings S10) or
    cancelled; while open, with its odds as its character's sheet last changed them
    (rulings R32)."""
    for row in rows:
        if row.kind == "request_odds":
            now = rq.RequestOdds.model_validate(row.payload).asked
            asked = asked.model_copy(update={"odds": now.odds, "problem": now.problem})
        elif row.kind == "request_cancel":
            return asked.model_copy(update={"state": "cancelled"})
        elif row.kind == "roll":
            seen = project(row, game, standing)
            result = seen.data if seen is not None else None
            return asked.model_copy(update={
                "state": "answered", "answer": None if seen is None else seen.id,
                "result": result if isinstance(result, p.Roll | p.HiddenRoll) else None,
            })  # fmt: skip
    return asked
