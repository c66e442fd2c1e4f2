"""The Storyteller's pages (issue 31): the NPC roster, and the comment a sheet was sent back
with.

Revision ID: 0021
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0021"
down_revision = "0020"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "npcs",
        sa.Column("id", sa.Integer, primary_key=True),
        sa.Column(
            "game_id", sa.Integer, sa.ForeignKey("games.id", ondelete="CASCADE"), nullable=False
        ),
        sa.Column("name", sa.String(100), nullable=False),
        sa.Column("rating", sa.String(100), nullable=False),
        sa.Column("note", sa.String(500), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.UniqueConstraint("game_id", "name"),
    )
    op.add_column("characters", sa.Column("review_note", sa.String(1000), nullable=True))


def downgrade() -> None:
    # Not a batch: SQLite would rebuild the table, which rows of other tables refer to
    # (SQLite 3.35 drops a column in place).
    op.drop_column("characters", "review_note")
    op.drop_table("npcs")
