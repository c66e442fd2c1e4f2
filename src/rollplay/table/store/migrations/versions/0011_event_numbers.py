"""Events numbered per game (issue 29; rulings T8): each game's events are 1, 2, 3, ... in
the order they were written, and that number is what every viewer and export shows. The
global id stays the internal order. ``games.events`` counts a game's events, so a new
event's number is taken by an UPDATE of its game's row, which waits for any other writer of
the game and then reads the newest count: two writers can never take one number.

Existing events are numbered in id order. Two references a roll's outcome keeps to another
event (a D6 roll's ``adds_to``, a contest's ``opposed.contest``) are rewritten from the
global id to the game's number, so they keep meaning what they meant; the append-only
triggers are lifted for that and put back.

Revision ID: 0011
"""

from __future__ import annotations

import json
from typing import Any

import sqlalchemy as sa
from alembic import op

revision = "0011"
down_revision = "0010"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.add_column("games", sa.Column("events", sa.Integer, nullable=False, server_default="0"))
    op.add_column("events", sa.Column("number", sa.Integer, nullable=True))
    bind = op.get_bind()
    sqlite = bind.dialect.name == "sqlite"
    _lift_append_only(sqlite)
    rows = bind.execute(sa.text("SELECT id, game_id, kind, payload FROM events ORDER BY id"))
    numbers: dict[int, int] = {}
    counts: dict[int, int] = {}
    references: list[tuple[int, dict[str, Any]]] = []
    for event_id, game_id, kind, payload in rows:
        counts[game_id] = numbers[event_id] = counts.get(game_id, 0) + 1
        data = json.loads(payload) if isinstance(payload, str) else payload
        outcome = data.get("outcome") if kind == "roll" and isinstance(data, dict) else None
        if isinstance(outcome, dict) and _refers(outcome):
            references.append((event_id, data))
    if numbers:
        bind.execute(sa.text("UPDATE events SET number = :n WHERE id = :id"),
                     [{"n": n, "id": i} for i, n in numbers.items()])  # fmt: skip
    for event_id, data in references:
        _renumber(data["outcome"], numbers)
        bind.execute(sa.text("UPDATE events SET payload = :p WHERE id = :id"),
                     {"p": json.dumps(data), "id": event_id})  # fmt: skip
    for game_id, count in counts.items():
        bind.execute(sa.text("UPDATE games SET events = :n WHERE id = :id"),
                     {"n": count, "id": game_id})  # fmt: skip
    if sqlite:  # SQLite alters a column by copying the table (its triggers go with it)
        op.execute("DROP TRIGGER IF EXISTS events_no_delete")
        with op.batch_alter_table("events") as batch:
            batch.alter_column("number", existing_type=sa.Integer, nullable=False)
    else:
        op.alter_column("events", "number", nullable=False)
    op.create_index("ix_events_number", "events", ["game_id", "number"], unique=True)
    _restore_append_only(sqlite)


def _refers(outcome: dict[str, Any]) -> bool:
    opposed = outcome.get("opposed")
    return outcome.get("adds_to") is not None or (
        isinstance(opposed, dict) and opposed.get("contest") is not None
    )


def _renumber(outcome: dict[str, Any], numbers: dict[int, int]) -> None:
    if isinstance(outcome.get("adds_to"), int):
        outcome["adds_to"] = numbers.get(outcome["adds_to"], outcome["adds_to"])
    opposed = outcome.get("opposed")
    if isinstance(opposed, dict) and isinstance(opposed.get("contest"), int):
        opposed["contest"] = numbers.get(opposed["contest"], opposed["contest"])


def _lift_append_only(sqlite: bool) -> None:
    if sqlite:
        op.execute("DROP TRIGGER IF EXISTS events_no_update")
    else:
        op.execute("ALTER TABLE events DISABLE TRIGGER events_append_only")


def _restore_append_only(sqlite: bool) -> None:
    if sqlite:
        for action in ("UPDATE", "DELETE"):
            op.execute(f"DROP TRIGGER IF EXISTS events_no_{action.lower()}")
            op.execute(
                f"CREATE TRIGGER events_no_{action.lower()} BEFORE {action} ON events "
                f"BEGIN SELECT RAISE(ABORT, 'events are append-only'); END"
            )
    else:
        op.execute("ALTER TABLE events ENABLE TRIGGER events_append_only")


def downgrade() -> None:
    op.drop_index("ix_events_number", "events")
    op.drop_column("events", "number")
    op.drop_column("games", "events")
