"""A game's event order (docs/design.md, "Live events without a broker").

A game's events are numbered 1, 2, 3, ... (rulings T8): an event takes its number by
adding one to its game's count (``games.events``), and that UPDATE's row lock, held to the
commit, makes the game's next writer wait and then read the new count, so no two events
share a number and numbers (and the ids drawn after them) commit in order: a live viewer
that has seen event 11 is never then handed an event 10.

On PostgreSQL a per-game advisory lock, also held to the commit, is every write's first
lock, taken before any row lock: the service's writes when they find their game
(base.game_row), a roll (CoreWriter) only just before it spends points or writes its event,
so that concurrent rolls are serialised for as little as the insert and the commit. Taken
in that one order, a game's writers cannot deadlock on the rows they share (the count, a
character's points, a seed's nonces). The notification (the event's game and number, never
its payload: NOTIFY payloads are public and capped at 8 kB) is sent in the same statement
as the insert, so it fires only if the event commits.
"""

from __future__ import annotations

from sqlalchemy import Connection, text

CHANNEL = "rollplay_events"
LOCK_SPACE = 0x726F6C6C  # "roll": the advisory-lock namespace for rollplay's event order
_ORDER = text("SELECT pg_advisory_xact_lock(:space, :gid)")


def order_events(conn: Connection, game_id: int) -> None:
    """Take ``game_id``'s event-order lock for this transaction (PostgreSQL; re-entrant).
    A read (``reading()``: odds, views) writes no event, so it takes none and never waits
    on a roll in progress."""
    if conn.dialect.name != "postgresql":
        return
    if not conn.get_execution_options().get("reading"):
        conn.execute(_ORDER, {"space": LOCK_SPACE, "gid": game_id})
