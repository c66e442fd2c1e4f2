"""Accounts for the online table: a password hash for each user (argon2id), server-side
sessions and API tokens, both stored only as hashes of their secrets.

Revision ID: 0007
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0007"
down_revision = "0006"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.add_column("users", sa.Column("password_hash", sa.String(200), nullable=True))
    for table in ("sessions", "api_tokens"):
        op.create_table(
            table,
            sa.Column("id", sa.Integer, primary_key=True),
            sa.Column("secret_hash", sa.String(64), nullable=False, unique=True),  # sha256 hex
            sa.Column(
                "user_id",
                sa.Integer,
                sa.ForeignKey("users.id", ondelete="CASCADE"),
                nullable=False,
                index=True,
            ),
            sa.Column(
                "csrf_hash" if table == "sessions" else "label", sa.String(100), nullable=False
            ),
            sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
            sa.Column("expires_at", sa.DateTime(timezone=True), nullable=True),
            sa.Column("revoked", sa.Boolean, nullable=False, server_default=sa.false()),
        )


def downgrade() -> None:
    op.drop_table("api_tokens")
    op.drop_table("sessions")
    op.drop_column("users", "password_hash")  # natively: a rebuild would cascade (see 0005)
