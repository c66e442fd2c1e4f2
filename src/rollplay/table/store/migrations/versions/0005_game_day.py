"""A game's clock for healing: the last day healed.

Revision ID: 0005
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0005"
down_revision = "0004"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("games") as batch:
        batch.add_column(sa.Column("day", sa.Integer, nullable=False, server_default="0"))


def downgrade() -> None:
    if op.get_bind().dialect.name == "sqlite":  # a rebuild would cascade to the characters
        op.execute("ALTER TABLE games DROP COLUMN day")
    else:
        op.drop_column("games", "day")
