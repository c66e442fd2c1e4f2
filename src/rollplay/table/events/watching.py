"""What a live feed needs from the table: who may watch a game (and as whom), and the
events written since an id, read once for every viewer in a worker. The rows it returns
are whole; the feed hands each viewer only ``events.project(row, game, standing)``."""

from __future__ import annotations

from typing import Any

from sqlalchemy import func, select

from rollplay.table.access.authz import Act, Standing
from rollplay.table.base import ServiceBase
from rollplay.table.store.models import Event

# Kinds that change who sees what (a membership, a character's player, who is in a private
# scene): a feed asks again.
STANDING_KINDS = frozenset({"member", "player", "scene_start", "scene_join", "scene_invite"})


def watch(t: ServiceBase, game_name: str) -> tuple[int, str, Standing]:
    """The game's id and name and the actor's standing there, if they may read it."""
    with t.reading() as s:
        game = t.game_row(s, game_name)
        return game.id, game.name, t.require(s, game, Act.READ)


def latest_event(t: ServiceBase, game_id: int | None = None) -> int:
    """The newest event's number in one game; or, for all games, the newest event's id (that
    only says something new was written: a poll compares it with the last); 0 before any."""
    query = select(func.max(Event.id))
    if game_id is not None:
        query = select(func.max(Event.number)).where(Event.game_id == game_id)
    with t.reading() as s:
        return int(s.scalar(query) or 0)


def events_after(t: ServiceBase, game_id: int, after: int, limit: int) -> list[Any]:
    """A game's events after number ``after``, oldest first, whole: for a live feed, which
    projects each for its viewers before anything leaves the server."""
    with t.reading() as s:
        query = (select(Event).where(Event.game_id == game_id, Event.number > after)
                 .order_by(Event.number).limit(limit))  # fmt: skip
        return list(s.scalars(query))
