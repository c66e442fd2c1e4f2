"""The ledger as it stands (issue 30, issue 37): a pose shows its text in force, marked
edited (or that it was deleted), an edit of a pose says the text the pose has now (none once
it is deleted), a roll request whether it was answered or cancelled, with the answer as the
reader may see it, and a secret roll the Storyteller revealed is the roll, whole, for whoever
learns of the reveal. Nothing written changes (an edit is an event of its own, pointing at
its pose: the row's ``refers``); this folds those later events into the earlier ones for a
reader, after each event was projected for them (audiences.py), so a reader is handed no
more of a later event than its own audience allows.

Every path that hands out an event folds it (rulings S70): ``events_for``, a scene's ledger,
its catch-up and its exports, the live hub's batches (``Changes``, read in the batch's own
moment), the chat relays and the roll log's export. So no reader but the Storyteller is ever
handed a text a pose no longer has: not by the pose, not by the edits that replaced it."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from sqlalchemy import select
from sqlalchemy.orm import Session

from rollplay.table.access.authz import Standing
from rollplay.table.events import combat as cb
from rollplay.table.events import payloads as p
from rollplay.table.events import requests as rq
from rollplay.table.events import scenes as sc
from rollplay.table.events.audiences import iso, project
from rollplay.table.events.views import EventView, decode
from rollplay.table.store.models import Event

LATER = ("pose_edit", "pose_delete", "roll", "request_cancel", "roll_reveal", "request_odds")


def later_events(s: Session, game_id: int, number: int) -> list[Event]:
    """The events about event ``number`` (its edits, its answer, its cancellation), oldest
    first."""
    return list(s.scalars(select(Event).where(Event.game_id == game_id, Event.refers == number,
                                              Event.kind.in_(LATER))
                          .order_by(Event.number)))  # fmt: skip


@dataclass(frozen=True)
class Changes:
    """What later events did to some events, read in one moment: for each event's number,
    the events about it (oldest first) and the event itself (a pose's time, a revealed
    roll's roller)."""

    game: str = ""
    later: Mapping[int, Sequence[Any]] = field(default_factory=dict)
    rows: Mapping[int, Any] = field(default_factory=dict)

    def now(self, view: EventView, standing: Standing, requests: bool = True) -> EventView:
        """``view`` (projected for ``standing``) as it stands; ``requests`` False: a roll
        request as it was asked (the live hub sends its answer as it comes, and the page
        swaps it in)."""
        data = view.data
        update: dict[str, Any] = {}
        match data:
            case sc.Posed():
                rows = self.later.get(view.id)
                if rows:
                    update["data"] = pose_now(data, rows, standing)
            case rq.PoseEdited():
                update["data"] = self._edit_now(data)
            case rq.PoseDeleted():
                update["data"] = data.model_copy(update={"posed": self._posed(data.pose)})
            case rq.RollRequested() if requests and self.later.get(view.id):
                update["data"] = request_now(data, self.later[view.id], self.game, standing)
            case p.HiddenRoll():
                return self._revealed(view, standing)
            case cb.Turn() if view.hidden:
                return self._revealed(view, standing)
            case p.Roll() | cb.Turn() if data.revealed is None:
                shown = self._reveal_of(view.id)
                if shown is not None:
                    update["data"] = data.model_copy(update={"revealed": shown.number})
            case rq.RollRevealed():
                update["data"] = data.model_copy(update={"rolled": self._posed(data.roll)})
            case _:
                pass
        return view.model_copy(update=update) if update else view

    def _posed(self, pose: int) -> str | None:
        row = self.rows.get(pose)
        return None if row is None else iso(row.created_at)

    def _edit_now(self, edit: rq.PoseEdited) -> rq.PoseEdited:
        """An edit as its reader is handed it: the text its pose has now (a later edit's),
        or none once the pose is deleted (rulings S70)."""
        text, deleted = edit.text, False
        for row in self.later.get(edit.pose, ()):
            if row.kind == "pose_edit":
                text = str(row.payload.get("text", ""))
            elif row.kind == "pose_delete":
                deleted = True
        return edit.model_copy(update={"text": "" if deleted else text, "deleted": deleted,
                                       "posed": self._posed(edit.pose)})  # fmt: skip

    def _reveal_of(self, number: int) -> Any:
        """The event that revealed secret roll ``number``, if one did."""
        return next((r for r in self.later.get(number, ()) if r.kind == "roll_reveal"), None)

    def _revealed(self, view: EventView, standing: Standing) -> EventView:
        """A secret roll (or a combat turn's players' part) seen hidden, whole once the
        Storyteller revealed it to a reader who learns of the reveal (rulings S73): as its
        event holds it, with its roller."""
        row = self.rows.get(view.id)
        for later in self.later.get(view.id, ()):
            if later.kind != "roll_reveal" or row is None:
                continue
            told = project(later, self.game, standing)
            if told is None or told.hidden:
                continue
            whole = decode(row.kind, row.payload, True)
            if isinstance(whole, p.Roll | cb.Turn):
                whole = whole.model_copy(update={"revealed": later.number})
                return view.model_copy(update={"data": whole, "hidden": False,
                                               "actor": row.actor,
                                               "character": row.character})  # fmt: skip
        return view


def referred(views: Iterable[EventView]) -> set[int]:
    """The numbers of the events whose later events change what ``views`` show: each pose,
    request and secret roll, the pose each edit or deletion is of, the roll each reveal
    shows."""
    out = set()
    for view in views:
        data = view.data
        if (
            isinstance(data, sc.Posed | rq.RollRequested | p.HiddenRoll)
            or (isinstance(data, p.Roll) and view.visibility == "secret")
            or (isinstance(data, cb.Turn) and (view.hidden or data.hides()))
        ):
            out.add(view.id)
        elif isinstance(data, rq.PoseEdited | rq.PoseDeleted):
            out.add(data.pose)
        elif isinstance(data, rq.RollRevealed):
            out.add(data.roll)
    return out


def kinds_referred(rows: Iterable[Any]) -> set[int]:
    """``referred`` for rows not yet projected (the live hub's): each pose and secret roll,
    the pose each edit or deletion is of, the roll each reveal shows (a request is not
    folded there)."""
    out = set()
    for row in rows:
        if (
            row.kind == "pose"
            or (row.kind == "roll" and row.visibility == "secret")
            or (row.kind == "combat_turn" and row.audience != "everyone")
        ):
            out.add(row.number)
        elif row.kind in ("pose_edit", "pose_delete", "roll_reveal") and row.refers is not None:
            out.add(row.refers)
    return out


def changes(s: Session, game_id: int, game: str, numbers: Iterable[int]) -> Changes:
    """The later events about events ``numbers`` of a game, and those events, in two reads."""
    wanted = sorted(set(numbers))
    if not wanted:
        return Changes(game)
    later: dict[int, list[Any]] = defaultdict(list)
    query = select(Event).where(Event.game_id == game_id, Event.refers.in_(wanted),
                                Event.kind.in_(LATER)).order_by(Event.number)  # fmt: skip
    for row in s.scalars(query):
        later[row.refers or 0].append(row)
    # The events themselves: a pose's time (its edits redraw it where it was), a revealed
    # roll's whole payload; only those a later event changed.
    touched = [n for n in wanted if n in later]
    rows = {}
    if touched:
        rows = {r.number: r for r in s.scalars(select(Event).where(
            Event.game_id == game_id, Event.number.in_(touched)))}  # fmt: skip
    return Changes(game, later, rows)


def fold(s: Session, game_id: int, standing: Standing, views: list[EventView]) -> list[EventView]:
    """``views`` (projected for ``standing``) with each pose, edit and request as it stands."""
    if not views:
        return views
    now = changes(s, game_id, views[0].game, referred(views))
    if not now.later:
        return views
    return [now.now(view, standing) for view in views]


def pose_now(pose: sc.Posed, rows: Sequence[Any], standing: Standing) -> sc.Posed:
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


def request_now(asked: rq.RollRequested, rows: Sequence[Any], game: str,
                standing: Standing) -> rq.RollRequested:  # fmt: skip
    """A request answered (with its answer as the reader may see it: rulings S10) or
    cancelled; while open, with its odds as its character's sheet last changed them
    (rulings R32), as far as the reader may learn it: new odds told only in a private scene
    the reader is not in are not theirs (rulings H16)."""
    for row in rows:
        if row.kind == "request_odds":
            told = project(row, game, standing)
            if told is None or told.hidden or not isinstance(told.data, rq.RequestOdds):
                continue
            now = told.data.asked
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
