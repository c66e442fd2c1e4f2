"""Migrations: an empty database comes up to the models' schema; a populated one from an
older rollplay is upgraded in place and keeps its data."""

from __future__ import annotations

import json

import sqlalchemy as sa
from alembic.autogenerate import compare_metadata
from alembic.migration import MigrationContext

from rollplay.dice import ScriptedDice
from rollplay.table.db import HEAD, migrate, open_engine
from rollplay.table.models import Base
from rollplay.table.store import Table
from rollplay.table.systems import Request
from tests.table.conftest import NIKOS


def test_empty_database_matches_the_models(db_url: str) -> None:
    table = Table(db_url)
    with table.engine.connect() as conn:
        diff = compare_metadata(MigrationContext.configure(conn), Base.metadata)
        version = conn.execute(sa.text("SELECT version_num FROM alembic_version")).scalar()
    table.close()
    assert diff == []
    assert version == HEAD


def test_populated_database_is_upgraded_in_place(db_url: str) -> None:
    # A database as the first release left it (revision 0001), with a game, a character
    # and a logged roll in it.
    engine = open_engine(db_url)
    migrate(engine, "0001")
    with engine.begin() as conn:
        conn.execute(
            sa.text(
                "INSERT INTO games (id, name, system, edition, rules, created_at) "
                "VALUES (1, 'Pegasus', 'fs3', '3.3', '{}', CURRENT_TIMESTAMP)"
            )
        )
        conn.execute(
            sa.text(
                "INSERT INTO characters (id, game_id, name, sheet, approved, luck, xp_halves, "
                "character_points, fate_points, version, created_at, updated_at) VALUES "
                "(1, 1, 'Nikos', :sheet, true, 2, 7, 0, 0, 1, CURRENT_TIMESTAMP, CURRENT_TIMESTAMP)"
            ),
            {"sheet": json.dumps({**NIKOS, "system": "fs3"})},
        )
        conn.execute(sa.text(
            "INSERT INTO roll_log (game_id, character_id, character, system, expression, "
            "modifiers, spends, dice, outcome, visibility, ruleset_version, created_at) VALUES "
            "(1, 1, 'Nikos', 'fs3', 'Firearms', '[]', '{}', '[8, 1]', '{}', 'public', "
            "'0123456789abcdef', CURRENT_TIMESTAMP)"
        ))  # fmt: skip
    engine.dispose()
    table = Table(db_url)  # opening upgrades it
    nikos = table.character("Pegasus", "Nikos")
    assert (nikos["luck"], nikos["xp"], nikos["approved"]) == (2, 3.5, True)
    assert [e["dice"] for e in table.log()] == [[8, 1]]
    table.roll("Pegasus", "Nikos", Request("Firearms"), dice=ScriptedDice([1] * 6))
    assert len(table.log()) == 2
    indexes = {i["name"] for i in sa.inspect(table.engine).get_indexes("roll_log")}
    assert "ix_roll_log_character" in indexes
    table.close()


def test_downgrade_and_upgrade_again(db_url: str) -> None:
    table = Table(db_url)
    migrate(table.engine, "base", down=True)
    assert "games" not in sa.inspect(table.engine).get_table_names()
    table.close()
    again = Table(db_url)
    assert again.games() == []
    again.close()
