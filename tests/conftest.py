from __future__ import annotations

import os

# Before anything imports rollplay's accounts, and inherited by every server process a test
# starts: cheap password hashing (rollplay.table.access.passwords; tests/table/test_passwords.py
# holds the production settings).
os.environ.setdefault("ROLLPLAY_FAST_PASSWORD_HASHING", "1")

from collections.abc import Iterator
from pathlib import Path

import pytest

from rollplay.systems.fs3.presets import FS3_2, FS3_3
from rollplay.systems.fs3.ruleset import FS3Ruleset
from tests.databases import Databases, database

BACKENDS = ("sqlite", "postgresql")


def pytest_generate_tests(metafunc: pytest.Metafunc) -> None:
    """A test's database is SQLite; a ``storage`` test's is SQLite and PostgreSQL both."""
    if "backend" in metafunc.fixturenames:
        storage = metafunc.definition.get_closest_marker("storage") is not None
        metafunc.parametrize("backend", BACKENDS if storage else BACKENDS[:1])


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Mark what needs more than the process: a PostgreSQL server (``postgres``), a browser
    (``browser``), a server process (``live``: marked by its module); ``./scripts/test
    --quick`` runs the rest. The browser tests go last, in their shuffled order: while
    Playwright's sync API is open it keeps an event loop running on the main thread, where
    ``asyncio.run()`` then fails, so no other test may run while the browser is open.
    (pytest-randomly shuffles before this hook; ``-m`` deselects after it.)"""
    browser: list[pytest.Item] = []
    others: list[pytest.Item] = []
    for item in items:
        names = getattr(item, "fixturenames", ())
        callspec = getattr(item, "callspec", None)
        params = callspec.params if callspec is not None else {}
        if "pg_url" in names or params.get("backend") == "postgresql":
            item.add_marker(pytest.mark.postgres)
        if "tests/browser/" in item.nodeid or "browser" in names:
            item.add_marker(pytest.mark.browser)
            browser.append(item)
        else:
            others.append(item)
    items[:] = others + browser


@pytest.fixture(scope="session")
def databases(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Databases]:
    made = Databases(tmp_path_factory.mktemp("templates"))
    try:
        yield made
    finally:
        made.close()


@pytest.fixture
def db_url(databases: Databases, backend: str, tmp_path: Path) -> Iterator[str]:
    """A new, empty (migrated) database of the test's own."""
    with database(databases, backend, "empty", tmp_path) as url:
        yield url


@pytest.fixture
def blank_url(databases: Databases, backend: str, tmp_path: Path) -> Iterator[str]:
    """A new database with nothing in it, not even the schema."""
    with database(databases, backend, "blank", tmp_path) as url:
        yield url


@pytest.fixture
def examples_url(databases: Databases, backend: str, tmp_path: Path) -> Iterator[str]:
    """A new database holding the example games (``Table.add_examples``)."""
    with database(databases, backend, "examples", tmp_path) as url:
        yield url


@pytest.fixture
def pg_url(databases: Databases, tmp_path: Path) -> Iterator[str]:
    """PostgreSQL only (what SQLite cannot do: several workers)."""
    with database(databases, "postgresql", "empty", tmp_path) as url:
        yield url


@pytest.fixture(params=["3.3", "3.2"])
def edition(request: pytest.FixtureRequest) -> str:
    return str(request.param)


@pytest.fixture
def v33() -> FS3Ruleset:
    return FS3_3


@pytest.fixture
def v32() -> FS3Ruleset:
    return FS3_2
