"""Scenes (issue 30): a game's scenes, who is in each, and on every event the scene it
happened in and whether that scene is private (so the one filter that decides who sees an
event, table/events/log.py ``visible_to``, needs no join).

Revision ID: 0015
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0015"
down_revision = "0014"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "scenes",
        sa.Column("id", sa.Integer, primary_key=True),
        sa.Column("game_id", sa.Integer, sa.ForeignKey("games.id", ondelete="CASCADE"),
                  nullable=False),
        sa.Column("number", sa.Integer, nullable=False),
        sa.Column("title", sa.String(200), nullable=False),
        sa.Column("summary", sa.String(2000), nullable=False, server_default=""),
        sa.Column("location", sa.String(200), nullable=False, server_default=""),
        sa.Column("kind", sa.String(10), nullable=False, server_default="social"),
        sa.Column("state", sa.String(10), nullable=False, server_default="running"),
        sa.Column("privacy", sa.String(10), nullable=False, server_default="open"),
        sa.Column("started_by", sa.Integer, sa.ForeignKey("users.id", ondelete="SET NULL"),
                  nullable=True),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("finished_at", sa.DateTime(timezone=True), nullable=True),
        sa.UniqueConstraint("game_id", "number"),
        sa.CheckConstraint("kind IN ('social', 'action', 'plot')", name="scene_kind"),
        sa.CheckConstraint("state IN ('running', 'paused', 'finished')", name="scene_state"),
        sa.CheckConstraint("privacy IN ('open', 'private')", name="scene_privacy"),
    )  # fmt: skip
    op.create_table(
        "scene_people",
        sa.Column("id", sa.Integer, primary_key=True),
        sa.Column("scene_id", sa.Integer, sa.ForeignKey("scenes.id", ondelete="CASCADE"),
                  nullable=False),
        sa.Column("user_id", sa.Integer, sa.ForeignKey("users.id", ondelete="CASCADE"),
                  nullable=True),
        sa.Column("role", sa.String(12), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.CheckConstraint("role IN ('participant', 'invited')", name="scene_role"),
    )  # fmt: skip
    op.create_index("ix_scene_people_user", "scene_people", ["user_id", "scene_id"])
    op.create_index("ix_scene_people_scene", "scene_people", ["scene_id"])
    # Plain ADD COLUMN (no table rebuild): the events table's append-only triggers stay.
    op.add_column("events", sa.Column("scene_id", sa.Integer, nullable=True))
    op.add_column("events", sa.Column("scene_private", sa.Boolean, nullable=False,
                                      server_default=sa.false()))  # fmt: skip
    op.create_index("ix_events_scene", "events", ["scene_id", "id"])


def downgrade() -> None:
    op.drop_index("ix_events_scene", table_name="events")
    op.drop_column("events", "scene_private")  # SQLite 3.35+: no rebuild, triggers kept
    op.drop_column("events", "scene_id")
    op.drop_index("ix_scene_people_scene", table_name="scene_people")
    op.drop_index("ix_scene_people_user", table_name="scene_people")
    op.drop_table("scene_people")
    op.drop_table("scenes")
