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
from collections.abc import Hashable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, NamedTuple

from sqlalchemy import select
from sqlalchemy.orm import Session

from rollplay.table.access.authz import Standing
from rollplay.table.events import combat as cb
from rollplay.table.events import payloads as p
from rollplay.table.events import requests as rq
from rollplay.table.events import scenes as sc
from rollplay.table.events.audiences import iso, project, view_key
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
            case sc.SceneImported() | sc.ImportedEntry():
                pass  # another table's text, as written: no later event changes it (A55)
            case _:
                pass
        return view.model_copy(update=update) if update else view

    def earlier(self, view: EventView, standing: Standing) -> EventView | None:
        """The earlier event ``view`` changes (an edit's or a deletion's pose, a reveal's
        roll, new odds' request), as it now stands for ``standing``, for a page that drew
        it to draw it again where it is (the web's cards); None when ``view`` changes none,
        or its reader may not see it. The same fold as every reader's of that event."""
        row = self.rows.get(_about(view.data) or 0)
        seen = None if row is None else project(row, self.game, standing)
        return None if seen is None else self.now(seen, standing)

    def seen_by(self, row: Any, standing: Standing) -> tuple[Hashable, ...]:
        """Everything ``now`` and ``earlier`` ask of ``standing`` for the event ``row``
        besides its own view key (audiences.view_key): whether they are the Storyteller (a
        pose's earlier texts are hers), how they see each later event about it, and for an
        event about an earlier one, that one and each later event about it (a secret roll
        is whole only for those who learn of its reveal, rulings S73, which may be in a
        private scene). Two readers alike in all this are handed one drawing (hub.py)."""
        numbers = (row.number,) if row.refers is None else (row.number, row.refers)
        earlier = self.rows.get(row.refers) if row.refers is not None else None
        return (
            standing.storyteller,
            None if earlier is None else view_key(earlier, standing),
            *(view_key(later, standing) for n in numbers for later in self.later.get(n, ())),
        )

    def _posed(self, pose: int) -> str | None:
        row = self.rows.get(pose)
        return None if row is None else iso(row.created_at)

    def _edit_now(self, edit: rq.PoseEdited) -> rq.PoseEdited:
        """An edit as its reader is handed it: the text its pose has now (a later edit's),
        or none once the pose is deleted (rulings S70)."""
        texts, deleted = _pose_state(self.later.get(edit.pose, ()))
        text = "" if deleted else texts[-1] if texts else edit.text
        return edit.model_copy(update={"text": text, "deleted": deleted,
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


# The kinds of event about an earlier one (its number: the row's ``refers``), which change
# what that one shows: the rest of LATER (an answer, a cancellation) only close a request.
ABOUT = ("pose_edit", "pose_delete", "roll_reveal", "request_odds")


def _about(data: object) -> int | None:
    """The number of the earlier event a later event's payload changes, if any."""
    match data:
        case rq.PoseEdited() | rq.PoseDeleted():
            return data.pose
        case rq.RollRevealed():
            return data.roll
        case rq.RequestOdds():
            return data.request
        case _:
            return None


def _folded(
    kind: str, number: int, refers: int | None, partial: bool, requests: bool
) -> int | None:
    """The one rule of which events a reader's fold needs the later events of: the number of
    the event whose later events change what event ``number`` shows, if any: itself (a pose;
    a request, when ``requests``; a roll or combat turn some readers see only in part, which
    may be revealed: ``partial``) or the event it is about (an edit's or a deletion's pose,
    a reveal's roll, new odds' request: ``refers``)."""
    if kind in ABOUT:
        return refers
    if kind == "pose" or (requests and kind == "roll_request"):
        return number
    return number if partial and kind in ("roll", "combat_turn") else None


def referred(views: Iterable[EventView]) -> set[int]:
    """``_folded`` for projected views: each pose, request and secret roll (or a combat turn
    that hides its NPCs' dice), and the earlier event each edit, reveal or new odds is of."""
    found = (_folded(v.kind, v.id, _about(v.data),
                     v.hidden or v.visibility == "secret"
                     or (isinstance(v.data, cb.Turn) and v.data.hides()), True)
             for v in views)  # fmt: skip
    return {n for n in found if n is not None}


def kinds_referred(rows: Iterable[Any]) -> set[int]:
    """``_folded`` for rows not yet projected (the live hub's, a chat relay's), a request
    not folded there (its answer is sent as it comes)."""
    found = (_folded(r.kind, r.number, r.refers,
                     r.visibility == "secret" or r.audience != "everyone", False)
             for r in rows)  # fmt: skip
    return {n for n in found if n is not None}


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


class Folded(NamedTuple):
    """Views as they stand, and for each that changes an earlier event (by its id), that
    event as it now stands for the same reader (Changes.earlier), for a page that drew it."""

    events: list[EventView]
    earlier: dict[int, EventView]


def folded(s: Session, game_id: int, standing: Standing, views: list[EventView]) -> Folded:
    """``views`` (projected for ``standing``) with each pose, edit and request as it stands,
    and the earlier events they change, as those stand."""
    if not views:
        return Folded(views, {})
    now = changes(s, game_id, views[0].game, referred(views))
    if not now.later:
        return Folded(views, {})
    events = [now.now(view, standing) for view in views]
    earlier = {view.id: shown for view in events
               if (shown := now.earlier(view, standing)) is not None}  # fmt: skip
    return Folded(events, earlier)


def fold(s: Session, game_id: int, standing: Standing, views: list[EventView]) -> list[EventView]:
    """``views`` (projected for ``standing``) with each pose, edit and request as it stands."""
    return folded(s, game_id, standing, views).events


def pose_now(pose: sc.Posed, rows: Sequence[Any], standing: Standing) -> sc.Posed:
    """A pose with its edits: the latest text, and (for the Storyteller) those before it;
    a deleted pose's text only for the Storyteller (rulings S11)."""
    edits, deleted = _pose_state(rows)
    texts = [pose.text, *edits]
    edited = len(texts) > 1
    if deleted:
        return pose.model_copy(update={"text": "", "deleted": True, "edited": edited,
                                       "earlier": tuple(texts) if standing.storyteller
                                       else ()})  # fmt: skip
    return pose.model_copy(update={"text": texts[-1], "edited": edited,
                                   "earlier": tuple(texts[:-1]) if standing.storyteller
                                   else ()})  # fmt: skip


def _pose_state(rows: Iterable[Any]) -> tuple[list[str], bool]:
    """What a pose's later events did to it: the texts its edits gave it, oldest first, and
    whether it was deleted."""
    texts, deleted = [], False
    for row in rows:
        if row.kind == "pose_edit":
            texts.append(str(row.payload.get("text", "")))
        elif row.kind == "pose_delete":
            deleted = True
    return texts, deleted


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
