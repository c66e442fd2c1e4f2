"""Games, characters and the roll log.

Revision ID: 0001
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0001"
down_revision = None
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "games",
        sa.Column("id", sa.Integer, primary_key=True),
        sa.Column("name", sa.String(100), nullable=False, unique=True),
        sa.Column("system", sa.String(10), nullable=False),
        sa.Column("edition", sa.String(20), nullable=False),
        sa.Column("rules", sa.JSON, nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
    )
    op.create_table(
        "characters",
        sa.Column("id", sa.Integer, primary_key=True),
        sa.Column(
            "game_id", sa.Integer, sa.ForeignKey("games.id", ondelete="CASCADE"), nullable=False
        ),
        sa.Column("name", sa.String(100), nullable=False),
        sa.Column("sheet", sa.JSON, nullable=False),
        sa.Column("approved", sa.Boolean, nullable=False),
        sa.Column("luck", sa.Integer, nullable=False),
        sa.Column("xp_halves", sa.Integer, nullable=False),
        sa.Column("character_points", sa.Integer, nullable=False),
        sa.Column("fate_points", sa.Integer, nullable=False),
        sa.Column("version", sa.Integer, nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("updated_at", sa.DateTime(timezone=True), nullable=False),
        sa.UniqueConstraint("game_id", "name"),
        # Points never go below zero, whatever writes them.
        sa.CheckConstraint(
            "luck >= 0 AND xp_halves >= 0 AND character_points >= 0 AND fate_points >= 0",
            name="points_not_negative",
        ),
    )
    op.create_index("ix_characters_game_id", "characters", ["game_id"])
    op.create_table(
        "roll_log",
        sa.Column("id", sa.Integer, primary_key=True),
        sa.Column("game_id", sa.Integer, sa.ForeignKey("games.id"), nullable=False),
        sa.Column("character_id", sa.Integer, sa.ForeignKey("characters.id"), nullable=True),
        sa.Column("character", sa.String(100), nullable=False),
        sa.Column("system", sa.String(10), nullable=False),
        sa.Column("expression", sa.String(200), nullable=False),
        sa.Column("modifiers", sa.JSON, nullable=False),
        sa.Column("spends", sa.JSON, nullable=False),
        sa.Column("dice", sa.JSON, nullable=False),
        sa.Column("outcome", sa.JSON, nullable=False),
        sa.Column("visibility", sa.String(10), nullable=False),
        sa.Column("ruleset_version", sa.String(16), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
    )
    op.create_index("ix_roll_log_game_character", "roll_log", ["game_id", "character", "id"])
    op.create_index("ix_roll_log_created", "roll_log", ["created_at"])
    _append_only()


def _append_only() -> None:
    """The roll log is append-only: the database itself refuses UPDATE and DELETE."""
    if op.get_bind().dialect.name == "sqlite":
        for action in ("UPDATE", "DELETE"):
            op.execute(
                f"CREATE TRIGGER roll_log_no_{action.lower()} BEFORE {action} ON roll_log "
                f"BEGIN SELECT RAISE(ABORT, 'the roll log is append-only'); END"
            )
    else:
        op.execute(
            "CREATE FUNCTION roll_log_append_only() RETURNS trigger AS $$ BEGIN "
            "RAISE EXCEPTION 'the roll log is append-only'; END $$ LANGUAGE plpgsql"
        )
        op.execute(
            "CREATE TRIGGER roll_log_append_only BEFORE UPDATE OR DELETE ON roll_log "
            "FOR EACH ROW EXECUTE FUNCTION roll_log_append_only()"
        )


def downgrade() -> None:
    op.drop_table("roll_log")
    op.drop_table("characters")
    op.drop_table("games")
    if op.get_bind().dialect.name != "sqlite":
        op.execute("DROP FUNCTION IF EXISTS roll_log_append_only()")
