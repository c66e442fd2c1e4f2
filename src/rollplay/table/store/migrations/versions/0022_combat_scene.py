"""A combat's scene (issue 37): the scene it was started in, and whether that scene is
private. A private scene's combat is that scene's, for its people and the Storyteller only
(docs/rulings.md, H9). Combats started before are no scene's (open, as they were).

Revision ID: 0022
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0022"
down_revision = "0021"
branch_labels = None
depends_on = None


def upgrade() -> None:
    # As the events' own scene columns (0015): a plain number, scenes are never deleted.
    op.add_column("combats", sa.Column("scene_id", sa.Integer, nullable=True))
    op.add_column(
        "combats",
        sa.Column("scene_private", sa.Boolean, nullable=False, server_default=sa.false()),
    )


def downgrade() -> None:
    # Not a batch: SQLite 3.35 drops a column in place (0021).
    op.drop_column("combats", "scene_private")
    op.drop_column("combats", "scene_id")
