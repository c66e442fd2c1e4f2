"""Filter the roll log by character across games quickly.

Revision ID: 0002
"""

from __future__ import annotations

from alembic import op

revision = "0002"
down_revision = "0001"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_index("ix_roll_log_character", "roll_log", ["character", "id"])


def downgrade() -> None:
    op.drop_index("ix_roll_log_character", "roll_log")
