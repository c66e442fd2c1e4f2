"""A count of revocations (sessions and tokens ended), so a live hub checks its feeds'
credentials only when one happened (issue 39; store/accounts.Revocations).

Revision ID: 0027
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0027"
down_revision = "0026"
branch_labels = None
depends_on = None


def upgrade() -> None:
    table = op.create_table(
        "revocations",
        sa.Column("id", sa.Integer, primary_key=True),
        sa.Column("number", sa.Integer, nullable=False),
    )
    op.bulk_insert(table, [{"id": 1, "number": 0}])


def downgrade() -> None:
    op.drop_table("revocations")
