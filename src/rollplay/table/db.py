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

from sqlalchemy import Engine, create_engine, event, text
from sqlalchemy.engine import make_url
from sqlalchemy.exc import ArgumentError, DBAPIError, NoSuchModuleError, OperationalError

from rollplay.errors import RollplayError

ENV = "ROLLPLAY_DATABASE_URL"
HEAD = "0005"  # the newest migration in migrations/versions/


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
            event.listen(engine, "begin", lambda conn: conn.exec_driver_sql("BEGIN IMMEDIATE"))
        else:
            engine = create_engine(parsed, pool_pre_ping=True)
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


def _sqlite_connect(dbapi_connection: Any, _record: Any) -> None:
    dbapi_connection.isolation_level = None  # SQLAlchemy's "begin" event starts transactions
    cursor = dbapi_connection.cursor()
    cursor.execute("PRAGMA foreign_keys = ON")
    cursor.execute("PRAGMA journal_mode = WAL")
    cursor.execute("PRAGMA synchronous = NORMAL")
    cursor.close()


def upgrade(engine: Engine) -> None:
    """Bring the schema to HEAD, keeping the data (Alembic migrations); cheap when current."""
    try:
        with engine.connect() as conn:
            try:
                current = conn.execute(text("SELECT version_num FROM alembic_version")).scalar()
            except DBAPIError:  # no table yet: a new database
                current = None
    except OperationalError as exc:
        first = str(exc.orig).strip().splitlines()[0] if exc.orig else str(exc)
        raise StorageError(f"cannot open the database {_shown(str(engine.url))}: {first}") from None
    if current != HEAD:
        migrate(engine, "head")


def migrate(engine: Engine, revision: str, down: bool = False) -> None:
    """Run the migrations up (or down) to ``revision``, in one transaction."""
    from alembic import command
    from alembic.config import Config

    config = Config()
    config.set_main_option("script_location", str(Path(__file__).parent / "migrations"))
    with engine.begin() as conn:
        config.attributes["connection"] = conn
        (command.downgrade if down else command.upgrade)(config, revision)
