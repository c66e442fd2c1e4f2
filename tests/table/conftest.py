"""The table's tests: each on a database of its own (tests/databases.py), SQLite, and
PostgreSQL too for those marked ``storage``."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from rollplay.table.service import Table
from tests.databases import Databases, opened
from tests.gurps.fixtures import GCS, ROOT, needs_fixtures

__all__ = ["GCS", "ROOT", "needs_fixtures"]


@pytest.fixture
def table(
    request: pytest.FixtureRequest, databases: Databases, backend: str, tmp_path: Path
) -> Iterator[Table]:
    """The test's table: empty, or holding the example games where the test (or its module)
    is marked ``examples`` (a copy of their template: tests/databases.py)."""
    examples = request.node.get_closest_marker("examples") is not None
    with opened(databases, backend, "examples" if examples else "empty", tmp_path) as t:
        yield t


NIKOS: dict[str, Any] = {
    "name": "Nikos",
    "concept": "A Viper pilot just transferred to the squadron.",
    "attributes": {"Brawn": 2, "Reflexes": 3, "Grit": 2, "Wits": 3, "Presence": 2},
    "action": {"Firearms": 3, "Piloting": 5},
    "background": {"Singing": 2},
    "languages": {"English": 3},
    "quirks": ["Never Forgets a Face"],
}
