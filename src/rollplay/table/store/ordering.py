"""A game's event order (docs/design.md, "Live events without a broker").

On PostgreSQL, ids come from a sequence when a row is inserted, not when it commits, so
two concurrent commands could commit their events out of id order and a live viewer that
has seen event 11 would never be sent event 10. A per-game lock, held to the commit, makes
a game's events commit in id order. Every write takes it before its first row lock, so it
cannot deadlock with them: the service's writes when they find their game (base.game_row),
a roll (CoreWriter) only just before it spends points or writes its event, so that
concurrent rolls are serialised for as little as the insert and the commit. The
notification (the event's game and id, never its payload: NOTIFY payloads are public and
capped at 8 kB) is sent in the same statement as the insert, so it fires only if the
event commits.
"""

from __future__ import annotations

from sqlalchemy import Connection, text

CHANNEL = "rollplay_events"
LOCK_SPACE = 0x726F6C6C  # "roll": the advisory-lock namespace for rollplay's event order
_ORDER = text("SELECT pg_advisory_xact_lock(:space, :gid)")
ORDER_EVENTS = True  # tests turn it off to show what it prevents (test_event_order.py)


def order_events(conn: Connection, game_id: int) -> None:
    """Take ``game_id``'s event-order lock for this transaction (PostgreSQL; re-entrant).
    A read (``reading()``: odds, views) writes no event, so it takes none and never waits
    on a roll in progress."""
    if not ORDER_EVENTS or conn.dialect.name != "postgresql":
        return
    if not conn.get_execution_options().get("reading"):
        conn.execute(_ORDER, {"space": LOCK_SPACE, "gid": game_id})
