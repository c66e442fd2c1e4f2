"""Test databases, made once and copied: each kind of starting table (an empty, migrated
database; the example games with the people of tests/people.py) is built once per session
as a template, and every test gets its own copy of it: a file copy on SQLite, ``CREATE
DATABASE ... TEMPLATE`` on PostgreSQL. Migrating through every Alembic revision and hashing
the people's passwords then happen once a session, not once a test (docs/design.md, the
suite's speed).

Tests run on SQLite; a test that depends on what storage does (transactions, locking,
notifications, migrations, what SQL filters) is marked ``storage`` and runs on PostgreSQL
too (tests/conftest.py parametrizes ``backend``). PostgreSQL is the server scripts/test
starts, or the one ROLLPLAY_TEST_POSTGRES_URL names.
"""

from __future__ import annotations

import os
import shutil
import uuid
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest
import sqlalchemy as sa

from rollplay.table.service import Table
from tests.people import seat_everyone, seat_people

POSTGRES = os.environ.get("ROLLPLAY_TEST_POSTGRES_URL")
NO_POSTGRES = "no PostgreSQL server: ./scripts/test starts one (or set ROLLPLAY_TEST_POSTGRES_URL)"


def _empty(url: str) -> None:
    Table(url).close()  # a new database gets the schema when first opened


def _examples(url: str) -> None:
    table = Table(url)
    table.add_examples()
    table.close()


def _blank(url: str) -> None:
    """Nothing at all: not even the schema (for the migrations' tests)."""


RECIPES: dict[str, Callable[[str], None]] = {
    "blank": _blank,
    "empty": _empty,
    "examples": _examples,
    "seated": seat_people,
    "everyone": seat_everyone,
}


def template(name: str, build: Callable[[Table], object]) -> str:
    """A test module's own starting table: the example games with ``build`` run on them,
    made once a session like the rest and copied for each test (``opened``). Registered when
    the module is imported, which every xdist worker does while collecting."""

    def recipe(url: str) -> None:
        table = Table(url)
        try:
            table.add_examples()
            build(table)
        finally:
            table.close()

    RECIPES[name] = recipe
    return name


def _pg_url(name: str) -> str:
    assert POSTGRES
    return sa.make_url(POSTGRES).set(database=name).render_as_string(hide_password=False)


class Databases:
    """The session's templates, built on first use, and copies of them for tests."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder
        self._sqlite: dict[str, Path] = {}
        self._postgres: dict[str, str] = {}
        self._admin: sa.Engine | None = None

    def admin(self) -> sa.Engine:
        if not POSTGRES:
            pytest.skip(NO_POSTGRES)
        if self._admin is None:
            self._admin = sa.create_engine(POSTGRES, isolation_level="AUTOCOMMIT")
        return self._admin

    def sqlite(self, recipe: str, into: Path) -> str:
        """A copy of ``recipe``'s SQLite template at ``into``."""
        if recipe == "blank":
            return f"sqlite:///{into}"
        template = self._sqlite.get(recipe)
        if template is None:
            template = self.folder / f"{recipe}.db"
            RECIPES[recipe](f"sqlite:///{template}")
            # Every connection closed, so the write-ahead log is folded into the file.
            assert not template.with_name(template.name + "-wal").exists()
            self._sqlite[recipe] = template
        shutil.copyfile(template, into)
        return f"sqlite:///{into}"

    @contextmanager
    def postgres(self, recipe: str) -> Iterator[str]:
        """A new database copied from ``recipe``'s PostgreSQL template, dropped afterwards."""
        admin = self.admin()
        template = self._postgres.get(recipe)
        if template is None:
            template = f"rollplay_template_{recipe}_{uuid.uuid4().hex[:8]}"
            with admin.connect() as conn:
                conn.execute(sa.text(f'CREATE DATABASE "{template}"'))
            self._postgres[recipe] = template
            RECIPES[recipe](_pg_url(template))  # its engines are disposed: no one connected
        name = f"rollplay_{uuid.uuid4().hex[:12]}"
        with admin.connect() as conn:
            conn.execute(sa.text(f'CREATE DATABASE "{name}" TEMPLATE "{template}"'))
        try:
            yield _pg_url(name)
        finally:
            with admin.connect() as conn:
                conn.execute(sa.text(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)'))

    def close(self) -> None:
        if self._admin is None:
            return
        with self._admin.connect() as conn:
            for template in self._postgres.values():
                conn.execute(sa.text(f'DROP DATABASE IF EXISTS "{template}" WITH (FORCE)'))
        self._admin.dispose()


@contextmanager
def opened(databases: Databases, backend: str, recipe: str, folder: Path) -> Iterator[Table]:
    """A ``Table`` on the test's own copy of ``recipe``, closed afterwards."""
    with database(databases, backend, recipe, folder) as url:
        table = Table(url)
        try:
            yield table
        finally:
            table.close()


@contextmanager
def database(databases: Databases, backend: str, recipe: str, folder: Path) -> Iterator[str]:
    """A test's own copy of ``recipe`` on ``backend`` ("sqlite" or "postgresql")."""
    if backend == "sqlite":
        yield databases.sqlite(recipe, folder / f"{recipe}.db")
        return
    with databases.postgres(recipe) as url:
        yield url
