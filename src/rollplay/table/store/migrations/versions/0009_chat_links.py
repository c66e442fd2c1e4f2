"""Chat bridges: chat accounts linked to users (by a one-time code, stored as its SHA-256),
chat channels bound to games, and whether a game's players may ask for secret rolls.

Revision ID: 0009
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0009"
down_revision = "0008"
branch_labels = None
depends_on = None


def _user(nullable: bool = False) -> sa.Column[int]:
    return sa.Column(
        "user_id", sa.Integer, sa.ForeignKey("users.id", ondelete="CASCADE"), nullable=nullable
    )


def upgrade() -> None:
    op.create_table(
        "link_codes",
        sa.Column("id", sa.Integer, primary_key=True),
        sa.Column("secret_hash", sa.String(64), nullable=False, unique=True),
        _user(),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("expires_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("used_at", sa.DateTime(timezone=True), nullable=True),
    )
    op.create_table(
        "chat_links",
        sa.Column("id", sa.Integer, primary_key=True),
        sa.Column("platform", sa.String(20), nullable=False),
        sa.Column("external_id", sa.String(100), nullable=False),
        _user(),
        sa.Column("label", sa.String(100), nullable=False, server_default=""),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.UniqueConstraint("platform", "external_id"),
    )
    op.create_table(
        "chat_channels",
        sa.Column("id", sa.Integer, primary_key=True),
        sa.Column("platform", sa.String(20), nullable=False),
        sa.Column("channel_id", sa.String(100), nullable=False),
        sa.Column(
            "game_id", sa.Integer, sa.ForeignKey("games.id", ondelete="CASCADE"), nullable=False
        ),
        sa.Column("gm_channel", sa.String(100), nullable=True),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.UniqueConstraint("platform", "channel_id"),
    )
    # A plain ADD COLUMN: SQLite's batch mode would rebuild games, which characters reference.
    op.add_column(
        "games",
        sa.Column("players_ask_secret", sa.Boolean, nullable=False, server_default=sa.true()),
    )


def downgrade() -> None:
    if op.get_bind().dialect.name == "sqlite":  # a rebuild would cascade (see 0005)
        op.execute("ALTER TABLE games DROP COLUMN players_ask_secret")
    else:
        op.drop_column("games", "players_ask_secret")
    op.drop_table("chat_channels")
    op.drop_table("chat_links")
    op.drop_table("link_codes")
