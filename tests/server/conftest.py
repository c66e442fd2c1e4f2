"""The server under test, in process (Starlette's TestClient), on a database of its own
holding the example games and the people of tests/people.py; ``server_db`` is its URL."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from rollplay.server.app import create_app
from tests.databases import Databases, database
from tests.people import PASSWORD, PEOPLE, seat_people

__all__ = ["PASSWORD", "PEOPLE", "seat_people"]


@pytest.fixture
def server_db(databases: Databases, backend: str, tmp_path: Path) -> Iterator[str]:
    """The server's database: the example games with everyone of tests/people.py."""
    with database(databases, backend, "everyone", tmp_path) as url:
        yield url


@pytest.fixture
def server(server_db: str) -> Iterator[TestClient]:
    with TestClient(create_app(server_db), base_url="http://testserver") as client:
        yield client


def sign_in(client: TestClient, name: str) -> dict[str, str]:
    """Sign ``name`` in on ``client`` (its cookie jar); the headers a write then needs."""
    answer = client.post("/api/v1/login", json={"name": name, "password": PASSWORD})
    assert answer.status_code == 200, answer.text
    return {"X-CSRF-Token": answer.json()["csrf_token"]}
