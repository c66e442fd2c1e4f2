"""The live feeds open on every worker, for stream caps that hold across workers and hosts
(issue 39; table/access/feeds.py): the workers holding feeds, each with its lease, and one
row per open feed.

Revision ID: 0026
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0026"
down_revision = "0025"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "feed_holders",
        sa.Column("id", sa.String(100), primary_key=True),
        sa.Column("host", sa.String(200), nullable=False),
        sa.Column("pid", sa.Integer, nullable=False),
        sa.Column("expires_at", sa.DateTime(timezone=True), nullable=False),
    )
    op.create_index("ix_feed_holders_expires_at", "feed_holders", ["expires_at"])
    op.create_table(
        "open_feeds",
        sa.Column("holder", sa.String(100),
                  sa.ForeignKey("feed_holders.id", ondelete="CASCADE"), primary_key=True),
        sa.Column("number", sa.Integer, primary_key=True),
        sa.Column("user_key", sa.String(64), nullable=False),
        sa.Column("address_key", sa.String(64), nullable=True),
    )  # fmt: skip
    op.create_index("ix_open_feeds_user_key", "open_feeds", ["user_key"])
    op.create_index("ix_open_feeds_address_key", "open_feeds", ["address_key"])


def downgrade() -> None:
    op.drop_index("ix_open_feeds_address_key", table_name="open_feeds")
    op.drop_index("ix_open_feeds_user_key", table_name="open_feeds")
    op.drop_table("open_feeds")
    op.drop_index("ix_feed_holders_expires_at", table_name="feed_holders")
    op.drop_table("feed_holders")
