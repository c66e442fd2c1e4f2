"""Verifiable dice (issue 18): each game's seed chains (public and hidden), each player's
client seed per game, and whether a game's dice are provable (on by default).

Revision ID: 0010
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0010"
down_revision = "0009"
branch_labels = None
depends_on = None


def _game() -> sa.Column[int]:
    return sa.Column(
        "game_id", sa.Integer, sa.ForeignKey("games.id", ondelete="CASCADE"), nullable=False
    )


def upgrade() -> None:
    op.create_table(
        "seeds",
        sa.Column("id", sa.Integer, primary_key=True),
        _game(),
        sa.Column("chain", sa.String(10), nullable=False),
        sa.Column("seed", sa.LargeBinary(32), nullable=False),
        sa.Column("commitment", sa.String(64), nullable=False),
        sa.Column("nonces", sa.Integer, nullable=False, server_default="0"),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("revealed_at", sa.DateTime(timezone=True), nullable=True),
        sa.CheckConstraint("chain IN ('public', 'hidden')", name="seed_chain"),
    )
    # One current (unrevealed) seed per chain: two rolls cannot each make a first one.
    op.create_index(
        "ix_seeds_current", "seeds", ["game_id", "chain"], unique=True,
        sqlite_where=sa.text("revealed_at IS NULL"),
        postgresql_where=sa.text("revealed_at IS NULL"),
    )  # fmt: skip
    op.create_table(
        "client_seeds",
        sa.Column("id", sa.Integer, primary_key=True),
        _game(),
        sa.Column(
            "user_id", sa.Integer, sa.ForeignKey("users.id", ondelete="CASCADE"), nullable=True
        ),
        sa.Column("value", sa.String(64), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("updated_at", sa.DateTime(timezone=True), nullable=False),
        sa.UniqueConstraint("game_id", "user_id"),
    )
    # A plain ADD COLUMN: SQLite's batch mode would rebuild games, which characters reference.
    op.add_column(
        "games", sa.Column("provable", sa.Boolean, nullable=False, server_default=sa.true())
    )


def downgrade() -> None:
    if op.get_bind().dialect.name == "sqlite":  # a rebuild would cascade (see 0005)
        op.execute("ALTER TABLE games DROP COLUMN provable")
    else:
        op.drop_column("games", "provable")
    op.drop_table("client_seeds")
    op.drop_index("ix_seeds_current", table_name="seeds")
    op.drop_table("seeds")
