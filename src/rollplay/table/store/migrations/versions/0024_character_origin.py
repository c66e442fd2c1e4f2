"""A character's origin: where an imported character came from (its file, the file's format
and when it was imported), shown beside it; None for one made here (issue 38).

Revision ID: 0024
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0024"
down_revision = "0023"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.add_column("characters", sa.Column("origin", sa.String(500), nullable=True))


def downgrade() -> None:
    op.drop_column("characters", "origin")  # not a batch: SQLite 3.35 drops a column in place
