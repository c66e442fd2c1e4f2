"""Full-text search over scenes (issue 30, "The record"): an index of the words of every
scene event that has words (a scene's title and summary, a pose, a roll's expression), filled
by a trigger on ``events`` so it is written in the same transaction as the event, on every
path that writes one. SQLite: an FTS5 table whose rowid is the event's id; PostgreSQL: a
``tsvector`` per event with a GIN index. Both use the 'simple' reading of words (no stemming,
case folded, accents kept), so a search finds the same events on either (rulings S31). Who
may see a hit is decided when searching, by the event's own audience (table/play/search.py).

Revision ID: 0018
"""

from __future__ import annotations

from alembic import op

revision = "0018"
down_revision = "0017"
branch_labels = None
depends_on = None

KINDS = "('scene_start', 'pose', 'pose_edit', 'roll')"  # an edit: the pose's words now


def _words(row: str, get: str) -> str:
    """The words an event row is found by, as SQL (``get``: how to read a payload field)."""
    fields = ("title", "summary", "who", "text", "expression")
    parts = " || ' ' || ".join(f"COALESCE({get.format(row=row, f=f)}, '')" for f in fields)
    return f"COALESCE({row}.character, '') || ' ' || {parts}"


def upgrade() -> None:
    if op.get_bind().dialect.name == "sqlite":
        op.execute("CREATE VIRTUAL TABLE scene_search USING fts5(words, "
                   "tokenize = 'unicode61 remove_diacritics 0')")  # fmt: skip
        words = _words("{row}", "json_extract({row}.payload, '$.{f}')")
        op.execute(
            "CREATE TRIGGER events_scene_search AFTER INSERT ON events "
            f"WHEN NEW.scene_id IS NOT NULL AND NEW.kind IN {KINDS} BEGIN "
            f"INSERT INTO scene_search (rowid, words) VALUES (NEW.id, {words.format(row='NEW')}); "
            "END"
        )
        op.execute(f"INSERT INTO scene_search (rowid, words) SELECT e.id, "
                   f"{words.format(row='e')} FROM events e "
                   f"WHERE e.scene_id IS NOT NULL AND e.kind IN {KINDS}")  # fmt: skip
        return
    words = _words("{row}", "({row}.payload::json ->> '{f}')")
    op.execute("CREATE TABLE scene_search (event_id INTEGER PRIMARY KEY, "
               "words TSVECTOR NOT NULL)")  # fmt: skip
    op.execute("CREATE INDEX ix_scene_search_words ON scene_search USING GIN (words)")
    op.execute(
        "CREATE FUNCTION events_scene_search() RETURNS trigger AS $$ BEGIN "
        f"IF NEW.scene_id IS NOT NULL AND NEW.kind IN {KINDS} THEN "
        "INSERT INTO scene_search (event_id, words) VALUES "
        f"(NEW.id, to_tsvector('simple', {words.format(row='NEW')})); "
        "END IF; RETURN NULL; END $$ LANGUAGE plpgsql"
    )
    op.execute("CREATE TRIGGER events_scene_search AFTER INSERT ON events "
               "FOR EACH ROW EXECUTE FUNCTION events_scene_search()")  # fmt: skip
    op.execute(f"INSERT INTO scene_search (event_id, words) SELECT e.id, "
               f"to_tsvector('simple', {words.format(row='e')}) FROM events e "
               f"WHERE e.scene_id IS NOT NULL AND e.kind IN {KINDS}")  # fmt: skip


def downgrade() -> None:
    if op.get_bind().dialect.name == "sqlite":
        op.execute("DROP TRIGGER IF EXISTS events_scene_search")
        op.execute("DROP TABLE IF EXISTS scene_search")
        return
    op.execute("DROP TRIGGER IF EXISTS events_scene_search ON events")
    op.execute("DROP FUNCTION IF EXISTS events_scene_search()")
    op.execute("DROP TABLE IF EXISTS scene_search")
