"""Imported scenes are searchable (issue 38, "Scene logs"): the scene search's trigger
(migration 0018) also indexes an imported scene's head (``scene_import``: its title and
summary) and its entries (``imported``: who and text), on SQLite and PostgreSQL, and the
index is filled for any already written.

Revision ID: 0025
"""

from __future__ import annotations

from alembic import op

revision = "0025"
down_revision = "0024"
branch_labels = None
depends_on = None

BEFORE = "('scene_start', 'pose', 'pose_edit', 'roll')"
KINDS = "('scene_start', 'pose', 'pose_edit', 'roll', 'scene_import', 'imported')"
NEW = "('scene_import', 'imported')"


def _words(row: str, get: str) -> str:
    """The words an event row is found by, as 0018 reads them."""
    fields = ("title", "summary", "who", "text", "expression")
    parts = " || ' ' || ".join(f"COALESCE({get.format(row=row, f=f)}, '')" for f in fields)
    return f"COALESCE({row}.character, '') || ' ' || {parts}"


def _trigger(kinds: str) -> None:
    if op.get_bind().dialect.name == "sqlite":
        words = _words("{row}", "json_extract({row}.payload, '$.{f}')")
        op.execute("DROP TRIGGER IF EXISTS events_scene_search")
        op.execute(
            "CREATE TRIGGER events_scene_search AFTER INSERT ON events "
            f"WHEN NEW.scene_id IS NOT NULL AND NEW.kind IN {kinds} BEGIN "
            f"INSERT INTO scene_search (rowid, words) VALUES (NEW.id, {words.format(row='NEW')}); "
            "END"
        )
        return
    words = _words("{row}", "({row}.payload::json ->> '{f}')")
    op.execute(
        "CREATE OR REPLACE FUNCTION events_scene_search() RETURNS trigger AS $$ BEGIN "
        f"IF NEW.scene_id IS NOT NULL AND NEW.kind IN {kinds} THEN "
        "INSERT INTO scene_search (event_id, words) VALUES "
        f"(NEW.id, to_tsvector('simple', {words.format(row='NEW')})); "
        "END IF; RETURN NULL; END $$ LANGUAGE plpgsql"
    )


def upgrade() -> None:
    _trigger(KINDS)
    if op.get_bind().dialect.name == "sqlite":
        words = _words("{row}", "json_extract({row}.payload, '$.{f}')")
        op.execute(f"INSERT INTO scene_search (rowid, words) SELECT e.id, "
                   f"{words.format(row='e')} FROM events e "
                   f"WHERE e.scene_id IS NOT NULL AND e.kind IN {NEW}")  # fmt: skip
        return
    words = _words("{row}", "({row}.payload::json ->> '{f}')")
    op.execute(f"INSERT INTO scene_search (event_id, words) SELECT e.id, "
               f"to_tsvector('simple', {words.format(row='e')}) FROM events e "
               f"WHERE e.scene_id IS NOT NULL AND e.kind IN {NEW}")  # fmt: skip


def downgrade() -> None:
    _trigger(BEFORE)
    if op.get_bind().dialect.name == "sqlite":
        op.execute("DELETE FROM scene_search WHERE rowid IN (SELECT id FROM events "
                   f"WHERE kind IN {NEW})")  # fmt: skip
        return
    op.execute(f"DELETE FROM scene_search WHERE event_id IN (SELECT id FROM events "
               f"WHERE kind IN {NEW})")  # fmt: skip
