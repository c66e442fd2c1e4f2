"""What a live feed needs from the table: who may watch a game (and as whom), and the
events written since an id, read once for every viewer in a worker. The rows it returns
are whole; the feed hands each viewer only ``events.project(row, game, standing)``."""

from __future__ import annotations

from collections.abc import Collection
from typing import Any

from sqlalchemy import func, select

from rollplay.table.access.authz import Act, Standing
from rollplay.table.base import ServiceBase
from rollplay.table.store.models import Event, Game

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


def written_since(t: ServiceBase, after: int) -> tuple[int, dict[int, int]]:
    """Since event id ``after``: the newest id, and each game written meanwhile with its
    newest event's number; one read of the new rows only, however many games there are.
    Exact where ids commit in order (SQLite: one writer); elsewhere a hint (a later id may
    commit first), which PostgreSQL's notifications make whole."""
    with t.reading() as s:
        rows = s.execute(
            select(Event.game_id, func.max(Event.id), func.max(Event.number))
            .where(Event.id > after).group_by(Event.game_id)
        ).all()  # fmt: skip
    newest = max((int(top) for _, top, _ in rows), default=after)
    return newest, {int(game): int(number) for game, _, number in rows}


def event_counts(t: ServiceBase, game_ids: Collection[int]) -> dict[int, int]:
    """Each game's newest event number (its count, ``games.events``), read by primary key:
    what a hub's safety poll compares with what it has handed out, in one read for all."""
    wanted = sorted(set(game_ids))
    found: dict[int, int] = {}
    with t.reading() as s:
        for start in range(0, len(wanted), 500):
            part = wanted[start : start + 500]
            query = select(Game.id, Game.events).where(Game.id.in_(part))
            found.update((int(game), int(count or 0)) for game, count in s.execute(query))
    return found


def events_after(t: ServiceBase, game_id: int, after: int, limit: int) -> list[Any]:
    """A game's events after number ``after``, oldest first, whole: for a live feed, which
    projects each for its viewers before anything leaves the server."""
    with t.reading() as s:
        query = (select(Event).where(Event.game_id == game_id, Event.number > after)
                 .order_by(Event.number).limit(limit))  # fmt: skip
        return list(s.scalars(query))
