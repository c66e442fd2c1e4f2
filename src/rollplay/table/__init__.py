"""The application layer: games, characters, experience and luck, and the append-only roll
log, kept in SQLite or PostgreSQL through SQLAlchemy, with Alembic migrations."""
