"""Every storage test runs on SQLite and on a real PostgreSQL server (scripts/test starts
one and sets ROLLPLAY_TEST_POSTGRES_URL)."""

from __future__ import annotations

import os
import uuid
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest
import sqlalchemy as sa

from rollplay.table.service import Table

POSTGRES = os.environ.get("ROLLPLAY_TEST_POSTGRES_URL")
ROOT = Path(__file__).parents[2]
# Real GCS files from outside the project (../shared/fixtures); not copied into the repo.
GCS = ROOT.parent / "shared" / "fixtures" / "gcs"
needs_fixtures = pytest.mark.skipif(not GCS.is_dir(), reason=f"no GCS fixtures at {GCS}")


@contextmanager
def postgres_database() -> Iterator[str]:
    """A new, empty database on the test PostgreSQL server, dropped afterwards."""
    assert POSTGRES
    name = f"rollplay_{uuid.uuid4().hex[:12]}"
    admin = sa.create_engine(POSTGRES, isolation_level="AUTOCOMMIT")
    with admin.connect() as conn:
        conn.execute(sa.text(f'CREATE DATABASE "{name}"'))
    url = sa.make_url(POSTGRES).set(database=name).render_as_string(hide_password=False)
    try:
        yield url
    finally:
        with admin.connect() as conn:
            conn.execute(sa.text(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)'))
        admin.dispose()


@pytest.fixture(params=["sqlite", "postgresql"])
def db_url(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[str]:
    if request.param == "sqlite":
        yield f"sqlite:///{tmp_path / 'table.db'}"
        return
    if not POSTGRES:
        pytest.skip("no PostgreSQL server: ./scripts/test starts one")
    with postgres_database() as url:
        yield url


@pytest.fixture
def pg_url() -> Iterator[str]:
    """PostgreSQL only (what SQLite cannot do: several workers)."""
    if not POSTGRES:
        pytest.skip("no PostgreSQL server: ./scripts/test starts one")
    with postgres_database() as url:
        yield url


@pytest.fixture
def table(db_url: str) -> Iterator[Table]:
    t = Table(db_url)
    try:
        yield t
    finally:
        t.close()


NIKOS: dict[str, Any] = {
    "name": "Nikos",
    "concept": "A Viper pilot just transferred to the squadron.",
    "attributes": {"Brawn": 2, "Reflexes": 3, "Grit": 2, "Wits": 3, "Presence": 2},
    "action": {"Firearms": 3, "Piloting": 5},
    "background": {"Singing": 2},
    "languages": {"English": 3},
    "quirks": ["Never Forgets a Face"],
}
