"""An invite's label: who it is for, as its Storyteller said when making it (issue 37).

Revision ID: 0023
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0023"
down_revision = "0022"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.add_column("invites", sa.Column("label", sa.String(100), nullable=False,
                                       server_default=""))  # fmt: skip


def downgrade() -> None:
    op.drop_column("invites", "label")  # not a batch: SQLite 3.35 drops a column in place
