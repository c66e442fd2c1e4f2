"""Opening a database: the URL, the engine settings that make each command one safe
transaction, and migrating the schema to the version this rollplay needs.

SQLite (the embedded default) takes its write lock when a transaction begins
(``BEGIN IMMEDIATE``), so two processes changing the same character queue up instead of
both reading the old value; PostgreSQL gets the same from row locks (``SELECT ... FOR
UPDATE``) and conditional updates in store.py.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

from sqlalchemy import Engine, create_engine, event, inspect, text
from sqlalchemy.engine import make_url
from sqlalchemy.exc import ArgumentError, NoSuchModuleError, OperationalError

from rollplay.errors import RollplayError

ENV = "ROLLPLAY_DATABASE_URL"
HEAD = "0027"  # the newest migration in migrations/versions/
_UPGRADE_LOCK = 0x726F6C6C  # "roll": the advisory lock migrations hold on PostgreSQL


class StorageError(RollplayError):
    """A database that cannot be opened, or a stored record that does not exist."""


def default_path() -> Path:
    import platformdirs

    return platformdirs.user_data_path("rollplay") / "rollplay.db"


def database_url(option: str | None = None) -> str:
    """--db (a URL or a file path), else $ROLLPLAY_DATABASE_URL, else the default file."""
    value = option or os.environ.get(ENV)
    if not value:
        path = default_path()
        path.parent.mkdir(parents=True, exist_ok=True)
        return f"sqlite:///{path}"
    if "://" not in value:  # a plain path is a SQLite file
        return f"sqlite:///{Path(value).expanduser().resolve()}"
    return value


_EXAMPLE = "e.g. sqlite:///games.db, a file path, or postgresql+psycopg://user@host/dbname"


def open_engine(url: str) -> Engine:
    try:
        parsed = make_url(url)
        if parsed.get_backend_name() == "sqlite":
            engine = create_engine(parsed, connect_args={"timeout": 30})
            event.listen(engine, "connect", _sqlite_connect)
            event.listen(engine, "begin", _sqlite_begin)
        else:
            # A server worker runs up to 40 requests in threads: a pool that keeps 20 open
            # spares PostgreSQL a new backend for most of them (a busy table opened ~40 a
            # second with the default of 5; docs/performance.md).
            engine = create_engine(parsed, pool_pre_ping=True, pool_size=20, max_overflow=20)
            event.listen(engine, "before_cursor_execute", _no_nul)
    except (ArgumentError, NoSuchModuleError, ImportError) as exc:
        detail = " ".join(str(exc).split())
        raise StorageError(f"bad database URL {_shown(url)} ({detail}); {_EXAMPLE}") from None
    return engine


def _shown(url: str) -> str:
    """A URL fit for an error message: its password hidden."""
    try:
        return repr(make_url(url).render_as_string(hide_password=True))
    except ArgumentError:
        return repr(url)


def _no_nul(_conn: Any, _cursor: Any, _sql: str, params: Any, _ctx: Any, many: bool) -> None:
    """PostgreSQL's text cannot hold NUL: say so in one line rather than fail in the driver."""
    for group in params if many else (params,):
        values = group.values() if isinstance(group, dict) else group or ()
        if any(isinstance(v, str) and "\x00" in v for v in values):
            raise StorageError("text cannot contain the NUL character (\\x00)")


def _sqlite_begin(conn: Any) -> None:
    """A write transaction takes SQLite's write lock at once; a read (the ``reading``
    execution option) does not, so readers never queue behind writers (WAL)."""
    reading = conn.get_execution_options().get("reading", False)
    conn.exec_driver_sql("BEGIN" if reading else "BEGIN IMMEDIATE")


def _sqlite_connect(dbapi_connection: Any, _record: Any) -> None:
    dbapi_connection.isolation_level = None  # SQLAlchemy's "begin" event starts transactions
    cursor = dbapi_connection.cursor()
    cursor.execute("PRAGMA foreign_keys = ON")
    cursor.execute("PRAGMA journal_mode = WAL")
    cursor.execute("PRAGMA synchronous = NORMAL")
    cursor.close()


def schema_version(engine: Engine) -> str | None:
    """The database's migration revision; None for a database rollplay has never written."""
    try:
        with engine.connect() as conn:
            if not inspect(conn).has_table("alembic_version"):
                return None
            return conn.execute(text("SELECT version_num FROM alembic_version")).scalar()
    except OperationalError as exc:
        first = str(exc.orig).strip().splitlines()[0] if exc.orig else str(exc)
        raise StorageError(f"cannot open the database {_shown(str(engine.url))}: {first}") from None


def require_current(engine: Engine) -> None:
    """Open a database as this rollplay needs it. A new, empty one gets the schema (under
    the upgrade lock, so processes starting together do it once); an older one is left
    alone with a clear message, since upgrading is a step its owner takes (and backs up
    for): ``rollplay db upgrade``."""
    current = schema_version(engine)
    if current == HEAD:
        return
    if current is None:
        upgrade(engine)
        return
    if current < HEAD:
        raise StorageError(
            f"the database {_shown(str(engine.url))} has schema {current}, this rollplay needs "
            f"{HEAD}: run `rollplay db upgrade` (back it up first)"
        )
    raise StorageError(
        f"the database {_shown(str(engine.url))} has schema {current}, newer than this "
        f"rollplay ({HEAD}): upgrade rollplay"
    )


def upgrade(engine: Engine) -> tuple[str | None, str]:
    """Bring the schema to HEAD, keeping the data (Alembic migrations), and return (before,
    after). Safe when several processes run it at once: each takes the database's write
    lock first (SQLite's BEGIN IMMEDIATE, a PostgreSQL advisory lock) and reads the version
    under it, so the first migrates and the rest find nothing to do."""
    before = schema_version(engine)
    if before == HEAD:
        return before, HEAD
    migrate(engine, "head")
    return before, HEAD


def migrate(engine: Engine, revision: str, down: bool = False) -> None:
    """Run the migrations up (or down) to ``revision``, in one transaction."""
    from alembic import command
    from alembic.config import Config

    config = Config()
    config.set_main_option("script_location", str(Path(__file__).parent / "migrations"))
    with engine.begin() as conn:
        if conn.dialect.name == "postgresql":  # SQLite's begin already took its write lock
            conn.execute(text("SELECT pg_advisory_xact_lock(:key)"), {"key": _UPGRADE_LOCK})
        config.attributes["connection"] = conn
        (command.downgrade if down else command.upgrade)(config, revision)
