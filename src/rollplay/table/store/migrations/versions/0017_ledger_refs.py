"""Requests, edits and reveals in a scene (issue 30): an event may point at an earlier one
(``refers``: a pose's edit or deletion, the roll that answers a request, a request's
cancellation, a secret roll's reveal), and a game says for how long a pose's author may
edit it (``pose_window``, minutes).

A request is closed once (answered or cancelled) and a roll revealed once: a unique index on
the events that close or reveal, so two at once cannot both be written, on any database.

Revision ID: 0017
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0017"
down_revision = "0016"
branch_labels = None
depends_on = None

ONCE = "kind IN ('roll', 'request_cancel', 'roll_reveal') AND refers IS NOT NULL"


def upgrade() -> None:
    # Plain ADD COLUMN (no table rebuild): the events table's append-only triggers stay.
    op.add_column("events", sa.Column("refers", sa.Integer, nullable=True))
    op.create_index("ix_events_refers", "events", ["game_id", "refers"])
    op.create_index("ix_events_once", "events", ["game_id", "refers"], unique=True,
                    sqlite_where=sa.text(ONCE), postgresql_where=sa.text(ONCE))  # fmt: skip
    op.add_column("games", sa.Column("pose_window", sa.Integer, nullable=False,
                                     server_default="15"))  # fmt: skip


def downgrade() -> None:
    op.drop_column("games", "pose_window")
    op.drop_index("ix_events_once", table_name="events")
    op.drop_index("ix_events_refers", table_name="events")
    op.drop_column("events", "refers")  # SQLite 3.35+: no rebuild, triggers kept
