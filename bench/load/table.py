"""A fresh database with the example games and the bench's people, set up in this process
through the table service (no server yet), and an API token for each person."""

from __future__ import annotations

import contextlib
import os
from collections.abc import Iterator
from dataclasses import dataclass

GAME = "Pegasus"  # the FS3 example game
TEMPLATE = "Nikos"  # each player's character is a copy of this sheet
STORYTELLER = "Adama"  # a name found nowhere else, so it is a marker of the secret rolls
# Players roll these; the Storyteller's secret rolls use others (below), so any of those
# names in a player's stream is a secret leaking, whatever field it is in.
PLAYER_ABILITIES = ("Firearms", "Piloting", "Athletics", "Melee")
SECRET_ABILITIES = ("Poker", "Singing")


@dataclass(frozen=True)
class Person:
    name: str
    role: str  # storyteller, player or observer
    character: str | None = None


def cast_of(players: int, observers: int) -> list[Person]:
    people = [Person(STORYTELLER, "storyteller")]
    people += [Person(f"player{i:02d}", "player", f"Pilot{i:02d}") for i in range(1, players + 1)]
    people += [Person(f"observer{i:02d}", "observer") for i in range(1, observers + 1)]
    return people


@contextlib.contextmanager
def fresh_database(backend: str, pg: str | None, label: str, folder: str) -> Iterator[str]:
    """A new, empty database: a SQLite file in ``folder``, or a PostgreSQL database created
    on ``pg``'s server for this run and dropped afterwards (WITH FORCE: a killed worker may
    leave a connection behind)."""
    if backend == "sqlite":
        yield f"sqlite:///{folder}/table.db"
        return
    from sqlalchemy import create_engine, make_url, text

    assert pg is not None
    name = f"rollplay_bench_{os.getpid()}_{label.replace('-', '_')}"
    admin = create_engine(pg, isolation_level="AUTOCOMMIT")
    try:
        with admin.connect() as conn:
            conn.execute(text(f'DROP DATABASE IF EXISTS "{name}"'))
            conn.execute(text(f'CREATE DATABASE "{name}"'))
        yield make_url(pg).set(database=name).render_as_string(hide_password=False)
    finally:
        with admin.connect() as conn:
            conn.execute(text(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)'))
        admin.dispose()


def seat(db: str, people: list[Person]) -> dict[str, str]:
    """Schema, the example games, a copy of Nikos per player, each person's role, and an
    API token each (made directly: signing in would only add argon2's cost to the setup)."""
    from rollplay.table.service import Table
    from rollplay.table.store.db import open_engine, upgrade

    engine = open_engine(db)
    try:
        upgrade(engine)
    finally:
        engine.dispose()
    table = Table(db)
    try:
        table.add_examples()
        sheet = dict(table.character(GAME, TEMPLATE).sheet)
        tokens = {}
        for person in people:
            table.add_user(person.name)
            played: tuple[str, ...] = ()
            if person.character:
                table.new_character(GAME, {**sheet, "name": person.character})
                played = (person.character,)
            table.add_member(GAME, person.name, person.role, played)
            tokens[person.name] = table.acting_as(person.name).new_token("bench").token
        return tokens
    finally:
        table.close()


def sessions_opened(db: str) -> int | None:
    """How many connections PostgreSQL has opened to ``db``'s database so far (its
    statistics, PostgreSQL 14 and later); None on SQLite. A pool that keeps its connections
    opens few; one that drops and reopens them shows it here."""
    from sqlalchemy import create_engine, make_url, text

    if make_url(db).get_backend_name() != "postgresql":
        return None
    engine = create_engine(db)
    try:
        with engine.connect() as conn:
            found = conn.execute(
                text("SELECT sessions FROM pg_stat_database WHERE datname = current_database()")
            ).scalar()
            return None if found is None else int(found)
    finally:
        engine.dispose()
