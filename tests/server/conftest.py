"""The server under test: the example games, a Storyteller (Stella), a player (Pia, playing
Nikos), another player (Otto, playing Mavros), an observer (Olly), a member of another game
only (Dora, in Dungeon), on SQLite and PostgreSQL."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from fastapi.testclient import TestClient

from rollplay.server.app import create_app
from rollplay.table.service import Table
from tests.table.conftest import db_url, pg_url

__all__ = ["db_url", "pg_url"]  # the SQLite and PostgreSQL databases every storage test runs on

PASSWORD = "correct horse battery"
PEOPLE = {"Stella": ("storyteller", ()), "Pia": ("player", ("Nikos",)),
          "Otto": ("player", ("Mavros",)), "Olly": ("observer", ())}  # fmt: skip


def seat_people(db: str) -> None:
    """The example games, with the Storyteller, players and observer of PEOPLE."""
    table = Table(db)
    table.add_examples()
    for name, (role, characters) in PEOPLE.items():
        table.add_user(name)
        table.set_password(name, PASSWORD)
        table.add_member("Pegasus", name, role, characters)
    table.close()


@pytest.fixture
def server(db_url: str) -> Iterator[TestClient]:
    seat_people(db_url)
    table = Table(db_url)
    table.add_user("Dora")
    table.set_password("Dora", PASSWORD)
    table.add_member("Dungeon", "Dora", "player", ("Inspector Vance",))
    table.close()
    with TestClient(create_app(db_url), base_url="http://testserver") as client:
        yield client


def sign_in(client: TestClient, name: str) -> dict[str, str]:
    """Sign ``name`` in on ``client`` (its cookie jar); the headers a write then needs."""
    answer = client.post("/api/v1/login", json={"name": name, "password": PASSWORD})
    assert answer.status_code == 200, answer.text
    return {"X-CSRF-Token": answer.json()["csrf_token"]}
