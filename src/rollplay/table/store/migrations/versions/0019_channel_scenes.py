"""A chat channel (or a MUSH's room) bound to a scene (issue 30): its poses and rolls go to
that scene, and the bridge posts there what the scene's other surfaces write.

Revision ID: 0019
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0019"
down_revision = "0018"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("chat_channels") as batch:
        batch.add_column(
            sa.Column(
                "scene_id",
                sa.Integer,
                sa.ForeignKey("scenes.id", ondelete="SET NULL", name="fk_chat_channels_scene"),
                nullable=True,
            )
        )


def downgrade() -> None:
    with op.batch_alter_table("chat_channels") as batch:
        batch.drop_constraint("fk_chat_channels_scene", type_="foreignkey")
        batch.drop_column("scene_id")
