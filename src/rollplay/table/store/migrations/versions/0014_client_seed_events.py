"""Every client seed is an event (issue 29; rulings V10): before, a seed made automatically at
a player's first roll was kept with no event, so an export could not show which seed that
player's rolls had to use and the verifier failed them. Each seed kept without an event gets
one now, public, at the end of its game's log (numbered on from the game's count). Rolls
made before it are judged unproven ("unseeded"), not failed; rolls after it are held to it.

Revision ID: 0014
"""

from __future__ import annotations

import json
from datetime import UTC, datetime

import sqlalchemy as sa
from alembic import op

revision = "0014"
down_revision = "0013"
branch_labels = None
depends_on = None

OWNER = "owner"  # the database's owner, as its events name it (table/access/actors.py)


def upgrade() -> None:
    bind = op.get_bind()
    logged = set()
    for game_id, payload in bind.execute(
        sa.text("SELECT game_id, payload FROM events WHERE kind = 'client_seed'")
    ):
        data = json.loads(payload) if isinstance(payload, str) else payload
        logged.add((game_id, data.get("user"), data.get("client_seed")))
    seeds = bind.execute(sa.text(
        "SELECT c.game_id, u.name, c.value FROM client_seeds c "
        "LEFT JOIN users u ON u.id = c.user_id ORDER BY c.id"
    )).all()  # fmt: skip
    now = datetime.now(UTC)  # SQLite keeps times as naive UTC text, as SQLAlchemy writes them
    when = now.strftime("%Y-%m-%d %H:%M:%S.%f") if bind.dialect.name == "sqlite" else now
    for game_id, name, value in seeds:
        user = name or OWNER
        if (game_id, user, value) in logged:
            continue
        number = (
            bind.execute(
                sa.text("SELECT events FROM games WHERE id = :g"), {"g": game_id}
            ).scalar_one()
            + 1
        )
        bind.execute(sa.text("UPDATE games SET events = :n WHERE id = :g"),
                     {"n": number, "g": game_id})  # fmt: skip
        bind.execute(
            sa.text(
                "INSERT INTO events (game_id, number, created_at, actor, kind, visibility, "
                "audience, payload) VALUES (:g, :n, :at, '', 'client_seed', 'public', "
                "'everyone', :p)"
            ),
            {"g": game_id, "n": number, "at": when,
             "p": json.dumps({"user": user, "client_seed": value})},
        )  # fmt: skip


def downgrade() -> None:
    """The events stay: the log is append-only (a downgraded rollplay reads them as before)."""
