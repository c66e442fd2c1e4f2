"""A scene's pose order (issue 30, the web scene page): free (the default) or round-robin
(rulings S20, S21).

Revision ID: 0016
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0016"
down_revision = "0015"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.add_column("scenes", sa.Column("pose_order", sa.String(12), nullable=False,
                                      server_default="free"))  # fmt: skip


def downgrade() -> None:
    op.drop_column("scenes", "pose_order")
