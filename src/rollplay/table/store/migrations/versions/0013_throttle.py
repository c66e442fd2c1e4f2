"""The sign-in and invite throttle, in the database so that every worker and every parallel
request counts against the same attempts (table/access/throttle.py).

Revision ID: 0013
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0013"
down_revision = "0012"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "throttle",
        sa.Column("key", sa.String(200), primary_key=True),
        sa.Column("attempts", sa.Integer, nullable=False),
        sa.Column("last_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("next_at", sa.DateTime(timezone=True), nullable=False),
    )
    op.create_index("ix_throttle_last_at", "throttle", ["last_at"])  # to forget old rows


def downgrade() -> None:
    op.drop_index("ix_throttle_last_at", table_name="throttle")
    op.drop_table("throttle")
