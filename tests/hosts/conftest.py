"""Two server hosts, each in a network namespace of its own, on one fresh PostgreSQL database
holding the example games and the people of tests/people.py (netns.py). Skipped, with the
reason, where the tests cannot make namespaces or have no PostgreSQL."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from rollplay.table.service import Table
from tests.databases import Databases
from tests.hosts.netns import Host, hosts, why_not


@pytest.fixture
def shared_db(databases: Databases) -> Iterator[str]:
    """The one database every host of the test serves (the example games, everyone)."""
    reason = why_not()
    if reason is not None:
        pytest.skip(reason)
    with databases.postgres("everyone") as url:
        yield url


@pytest.fixture
def two(shared_db: str, tmp_path: Path) -> Iterator[list[Host]]:
    """Hosts A and B, started and answering; afterwards killed and their namespaces gone."""
    with hosts(shared_db, tmp_path, 2) as made:
        yield made


def logged(db: str, game: str, after: int) -> list[int]:
    """The ids of ``game``'s events after ``after``, as the database holds them."""
    table = Table(db)
    found: list[int] = []
    try:
        while page := table.events_for(game, found[-1] if found else after, 1000):
            found += [event.id for event in page]
        return found
    finally:
        table.close()


def newest(db: str, game: str) -> int:
    ids = logged(db, game, 0)
    return ids[-1] if ids else 0
