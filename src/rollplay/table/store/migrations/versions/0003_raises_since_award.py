"""Count the skill raises since the last XP award, for a game's limit on raises at once.

Revision ID: 0003
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0003"
down_revision = "0002"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("characters") as batch:  # SQLite rebuilds the table
        batch.add_column(
            sa.Column("raises_since_award", sa.Integer, nullable=False, server_default="0")
        )


def downgrade() -> None:
    with op.batch_alter_table("characters") as batch:
        batch.drop_column("raises_since_award")
