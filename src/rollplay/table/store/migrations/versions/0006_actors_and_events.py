"""Actors and events: users, their roles in games, the player of each character, and the
append-only events table every change writes. The roll log becomes a view of the events:
its rows move into ``events`` (kind ``roll``) keeping their ids, so log numbers stay.

Revision ID: 0006
"""

from __future__ import annotations

import json
from typing import Any

import sqlalchemy as sa
from alembic import op

revision = "0006"
down_revision = "0005"
branch_labels = None
depends_on = None

# Who sees a whole event: everyone in the game, the Storyteller and the character's player,
# or the Storyteller alone (table/events.py); everyone else in the game sees ``shared``.
_AUDIENCE = {"public": "everyone", "private": "character", "secret": "storyteller"}


def upgrade() -> None:
    op.create_table(
        "users",
        sa.Column("id", sa.Integer, primary_key=True),
        sa.Column("name", sa.String(100), nullable=False),
        sa.Column("name_key", sa.String(100), nullable=False, unique=True),  # casefolded
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
    )
    op.create_table(
        "memberships",
        sa.Column("id", sa.Integer, primary_key=True),
        sa.Column(
            "game_id", sa.Integer, sa.ForeignKey("games.id", ondelete="CASCADE"), nullable=False
        ),
        sa.Column(
            "user_id", sa.Integer, sa.ForeignKey("users.id", ondelete="CASCADE"), nullable=False
        ),
        sa.Column("role", sa.String(12), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.UniqueConstraint("game_id", "user_id"),
        sa.CheckConstraint("role IN ('storyteller', 'player', 'observer')", name="known_role"),
    )
    # A plain ADD COLUMN, not a table rebuild: SQLite takes a REFERENCES clause there, though
    # Alembic's add_column would refuse the constraint on SQLite.
    if op.get_bind().dialect.name == "sqlite":
        if "player_id" not in {
            c["name"] for c in sa.inspect(op.get_bind()).get_columns("characters")
        }:  # fmt: skip  (a downgrade leaves it: see there)
            op.execute(
                "ALTER TABLE characters ADD COLUMN player_id INTEGER "
                "REFERENCES users (id) ON DELETE SET NULL"
            )
    else:
        op.add_column(
            "characters",
            sa.Column(
                "player_id", sa.Integer, sa.ForeignKey("users.id", ondelete="SET NULL"),
                nullable=True,
            ),
        )  # fmt: skip
    # 001 When the GM Rolls: players may learn that a secret roll was made, or nothing.
    op.add_column(
        "games",
        sa.Column("announce_secret", sa.Boolean, nullable=False, server_default=sa.true()),
    )
    op.create_table(
        "events",
        sa.Column("id", sa.Integer, primary_key=True),
        sa.Column("game_id", sa.Integer, sa.ForeignKey("games.id"), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("actor_id", sa.Integer, sa.ForeignKey("users.id"), nullable=True),
        sa.Column("actor", sa.String(100), nullable=False),
        sa.Column("kind", sa.String(40), nullable=False),
        sa.Column("character_id", sa.Integer, sa.ForeignKey("characters.id"), nullable=True),
        sa.Column("character", sa.String(100), nullable=True),
        sa.Column("visibility", sa.String(10), nullable=False),
        sa.Column("audience", sa.String(12), nullable=False),
        sa.Column("payload", sa.JSON, nullable=False),
        sa.Column("shared", sa.JSON, nullable=True),
        sa.CheckConstraint(
            "audience IN ('everyone', 'character', 'storyteller')", name="known_audience"
        ),
    )
    op.create_index("ix_events_game", "events", ["game_id", "id"])
    op.create_index("ix_events_game_character", "events", ["game_id", "character", "id"])
    op.create_index("ix_events_character", "events", ["character", "id"])
    op.create_index("ix_events_created", "events", ["created_at"])
    _move_the_log()
    _append_only()


def _move_the_log() -> None:
    """Every roll of the old log as a ``roll`` event with the same id, oldest first."""
    bind = op.get_bind()
    roll_log = _roll_log_table()
    events = _events_table()
    rows = bind.execute(sa.select(roll_log).order_by(roll_log.c.id))
    batch: list[dict[str, Any]] = []
    for row in rows.mappings():
        batch.append(_as_event(row))
        if len(batch) == 5_000:
            bind.execute(events.insert(), batch)
            batch = []
    if batch:
        bind.execute(events.insert(), batch)
    if bind.dialect.name == "postgresql":  # explicit ids: move the sequence past them
        op.execute(
            "SELECT setval(pg_get_serial_sequence('events', 'id'), "
            "COALESCE((SELECT MAX(id) FROM events), 0) + 1, false)"
        )
    if bind.dialect.name != "sqlite":
        op.execute("DROP TRIGGER IF EXISTS roll_log_append_only ON roll_log")
    op.drop_table("roll_log")
    if bind.dialect.name != "sqlite":
        op.execute("DROP FUNCTION IF EXISTS roll_log_append_only()")


def _roll_log_table() -> Any:
    return sa.table("roll_log", *(sa.column(c) for c in (
        "id", "game_id", "character_id", "character", "system", "expression", "modifiers",
        "spends", "dice", "outcome", "visibility", "ruleset_version", "created_at",
    )))  # fmt: skip


def _events_table() -> Any:
    return sa.table("events", *(sa.column(c) for c in (
        "id", "game_id", "created_at", "actor_id", "actor", "kind", "character_id",
        "character", "visibility", "audience",
    )), sa.column("payload", sa.JSON), sa.column("shared", sa.JSON(none_as_null=True)))  # fmt: skip


def _json(value: Any) -> Any:
    return json.loads(value) if isinstance(value, str) else value


def _as_event(row: Any) -> dict[str, Any]:
    payload = {
        "system": row["system"], "expression": row["expression"],
        "modifiers": _json(row["modifiers"]), "spends": _json(row["spends"]),
        "dice": _json(row["dice"]), "outcome": _json(row["outcome"]),
        "ruleset_version": row["ruleset_version"],
    }  # fmt: skip
    visibility = row["visibility"]
    # As the service writes them: others learn only that a secret roll was made (games
    # announce secret rolls unless they say otherwise), and nothing of a private one.
    shared = {"system": row["system"]} if visibility == "secret" else None
    return {
        "id": row["id"], "game_id": row["game_id"], "created_at": row["created_at"],
        "actor_id": None, "actor": "", "kind": "roll", "character_id": row["character_id"],
        "character": row["character"], "visibility": visibility,
        "audience": _AUDIENCE.get(visibility, "storyteller"), "payload": payload,
        "shared": shared,
    }  # fmt: skip


def _append_only() -> None:
    """Events are append-only: the database itself refuses UPDATE and DELETE."""
    if op.get_bind().dialect.name == "sqlite":
        for action in ("UPDATE", "DELETE"):
            op.execute(
                f"CREATE TRIGGER events_no_{action.lower()} BEFORE {action} ON events "
                f"BEGIN SELECT RAISE(ABORT, 'events are append-only'); END"
            )
    else:
        op.execute(
            "CREATE FUNCTION events_append_only() RETURNS trigger AS $$ BEGIN "
            "RAISE EXCEPTION 'events are append-only'; END $$ LANGUAGE plpgsql"
        )
        op.execute(
            "CREATE TRIGGER events_append_only BEFORE UPDATE OR DELETE ON events "
            "FOR EACH ROW EXECUTE FUNCTION events_append_only()"
        )


def downgrade() -> None:
    # One way: the log's rolls became events, and on SQLite a column with a REFERENCES
    # clause cannot be dropped without rebuilding tables whose drop would cascade.
    raise NotImplementedError(
        "schema 0006 (actors and events) cannot be undone: restore the backup taken before "
        "`rollplay db upgrade`"
    )
