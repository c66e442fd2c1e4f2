"""A game kept to read and verify but no longer played (issue 31: the Storyteller's pages).

Revision ID: 0020
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0020"
down_revision = "0019"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.add_column("games", sa.Column("archived", sa.Boolean, nullable=False,
                                     server_default=sa.false()))  # fmt: skip


def downgrade() -> None:
    op.drop_column("games", "archived")  # not a batch: rebuilding games breaks its references
