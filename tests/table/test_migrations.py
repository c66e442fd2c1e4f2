"""Migrations: an empty database comes up to the models' schema; a populated one from an
older rollplay is upgraded in place and keeps its data."""

from __future__ import annotations

import json

import pytest
import sqlalchemy as sa
from alembic.autogenerate import compare_metadata
from alembic.migration import MigrationContext

from rollplay.dice import ScriptedDice
from rollplay.table.answers import FS3Rolled
from rollplay.table.events.payloads import Provable, Roll, SeedCommitted
from rollplay.table.events.views import HiddenEntry, SeenEntry
from rollplay.table.service import Table
from rollplay.table.store.db import HEAD, StorageError, migrate, open_engine, upgrade
from rollplay.table.store.models import Base
from rollplay.table.systems import Request
from tests.table.conftest import NIKOS
from tests.typed import dumped, of

pytestmark = pytest.mark.storage  # each database migrates in its own dialect


def test_empty_database_matches_the_models(blank_url: str) -> None:
    table = Table(blank_url)
    with table.engine.connect() as conn:
        diff = compare_metadata(MigrationContext.configure(conn), Base.metadata)
        version = conn.execute(sa.text("SELECT version_num FROM alembic_version")).scalar()
        if conn.dialect.name == "sqlite":
            # SQLAlchemy does not read ON DELETE back from a column's own REFERENCES clause
            # (0006 adds player_id so, without rebuilding the table): check the SQL instead.
            ddl = conn.exec_driver_sql(
                "SELECT sql FROM sqlite_master WHERE name = 'characters'"
            ).scalar()
            assert "player_id INTEGER REFERENCES users (id) ON DELETE SET NULL" in str(ddl)
            diff = [
                d
                for d in diff
                if not (d[0].endswith("_fk") and [c.name for c in d[1].columns] == ["player_id"])
            ]
    table.close()
    # The scene search index (0018) is each database's own kind of table (an FTS5 table and
    # its shadow tables, a tsvector column with a GIN index), which the models do not hold.
    diff = [d for d in diff if not _search_index(d)]
    assert diff == []
    assert version == HEAD


def _search_index(change: object) -> bool:
    table = change[1] if isinstance(change, tuple) else None
    name = getattr(table, "name", "") or getattr(getattr(table, "table", None), "name", "")
    return str(name).startswith(("scene_search", "ix_scene_search"))


def test_populated_database_is_upgraded_in_place(blank_url: str) -> None:
    # A database as the first release left it (revision 0001), with a game, a character
    # and a logged roll in it.
    engine = open_engine(blank_url)
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
        conn.execute(sa.text(
            "INSERT INTO roll_log (game_id, character_id, character, system, expression, "
            "modifiers, spends, dice, outcome, visibility, ruleset_version, created_at) VALUES "
            "(1, 1, 'Nikos', 'fs3', 'Piloting', '[]', '{}', '[3]', '{}', 'secret', "
            "'0123456789abcdef', CURRENT_TIMESTAMP)"
        ))  # fmt: skip
    with pytest.raises(StorageError, match=r"has schema 0001, .* run `rollplay db upgrade`"):
        Table(blank_url)  # an old database is left alone until its owner upgrades it
    assert upgrade(engine) == ("0001", HEAD)
    engine.dispose()
    table = Table(blank_url)
    nikos = table.character("Pegasus", "Nikos")
    assert (nikos.luck, nikos.xp, nikos.approved) == (2, 3.5, True)
    # The old log's rolls are roll events now, with their ids and their visibility.
    assert [(e.id, of(SeenEntry, e).dice) for e in table.log()] == [(2, (3,)), (1, (8, 1))]
    old_secret, old_public = table.log(viewer="Nikos")
    assert (old_secret.id, of(HiddenEntry, old_secret).dice, old_secret.hidden) == (2, None, True)
    assert (old_public.id, of(SeenEntry, old_public).dice, old_public.hidden) == (1, (8, 1), False)

    rolled = of(FS3Rolled, table.roll("Pegasus", "Nikos", Request("Firearms"),
                                      dice=ScriptedDice([1] * 6)))  # fmt: skip
    assert rolled.log_id == 3  # numbering carries on past the moved rolls
    # 0010: the game's dice are verifiable from its next roll, its seed committed just before.
    assert table.game("Pegasus").provable is True
    live = of(FS3Rolled, table.roll("Pegasus", "Nikos", Request("Firearms")))
    rules, public, hidden, client, roll = table.events_for("Pegasus", after=rolled.log_id)
    assert rules.kind == "ruleset"  # the rules it is judged by, before it (rulings V14)
    assert (public.kind, hidden.kind, roll.id) == ("seed_commit", "seed_commit", live.log_id)
    assert client.kind == "client_seed"  # the roller's, made at the roll, before it
    block = of(Provable, of(Roll, roll.data).provable)
    assert block.commitment == of(SeedCommitted, public.data).commitment

    indexes = {i["name"] for i in sa.inspect(table.engine).get_indexes("events")}
    assert "ix_events_game" in indexes
    table.close()


def test_upgrading_twice_and_at_once_is_safe(blank_url: str) -> None:
    """Several processes starting together all run the upgrade: it happens once."""
    from concurrent.futures import ThreadPoolExecutor

    engine = open_engine(blank_url)
    migrate(engine, "0004")
    with ThreadPoolExecutor(4) as pool:
        results = list(pool.map(lambda _: upgrade(open_engine(blank_url)), range(4)))
    assert all(after == HEAD for _, after in results)
    assert upgrade(engine) == (HEAD, HEAD)
    engine.dispose()


def test_schema_0006_is_one_way(blank_url: str) -> None:
    """Moving the log into events cannot be undone (restore the backup instead); the
    migrations before it go down and up again, keeping the characters."""
    table = Table(blank_url)
    with pytest.raises(NotImplementedError, match="restore the backup"):
        migrate(table.engine, "0005", down=True)
    assert table.games() == []  # the failed downgrade changed nothing
    table.close()


def test_downgrade_and_upgrade_again_before_0006(blank_url: str) -> None:
    engine = open_engine(blank_url)
    migrate(engine, "0005")
    with engine.begin() as conn:
        conn.execute(sa.text(
            "INSERT INTO games (id, name, system, edition, rules, created_at, day) "
            "VALUES (1, 'Pegasus', 'fs3', '3.3', '{}', CURRENT_TIMESTAMP, 3)"
        ))  # fmt: skip
        conn.execute(
            sa.text(
                "INSERT INTO characters (id, game_id, name, sheet, approved, luck, xp_halves, "
                "character_points, fate_points, version, created_at, updated_at, "
                "raises_since_award) VALUES (1, 1, 'Nikos', :sheet, true, 2, 7, 0, 0, 1, "
                "CURRENT_TIMESTAMP, CURRENT_TIMESTAMP, 0)"
            ),
            {"sheet": json.dumps({**NIKOS, "system": "fs3"})},
        )
    migrate(engine, "0004", down=True)  # dropping games.day must not cascade to characters
    with engine.connect() as conn:
        assert conn.execute(sa.text("SELECT name FROM characters")).scalars().all() == ["Nikos"]
    migrate(engine, "base", down=True)
    assert "games" not in sa.inspect(engine).get_table_names()
    upgrade(engine)
    again = Table(blank_url)
    assert again.games() == []
    again.close()
    engine.dispose()


def test_0011_numbers_each_games_events_and_keeps_their_references(blank_url: str) -> None:
    """Rulings T8: a game's events are numbered 1, 2, 3, ... (global ids stay the internal
    order); a roll's references to another (a D6 roll's ``adds_to``, a contest's first
    entry) are renumbered with it, and the log stays append-only."""
    engine = open_engine(blank_url)
    migrate(engine, "0010")
    insert_game = sa.text(
        "INSERT INTO games (id, name, system, edition, rules, created_at) "
        "VALUES (:id, :name, 'd6', 'wegd6', '{}', CURRENT_TIMESTAMP)"
    )
    insert_event = sa.text(
        "INSERT INTO events (id, game_id, created_at, actor, kind, visibility, audience, "
        "payload) VALUES (:id, :game, CURRENT_TIMESTAMP, '', :kind, 'public', 'everyone', :p)"
    )
    with engine.begin() as conn:
        conn.execute(insert_game, [{"id": 1, "name": "Stars"}, {"id": 2, "name": "Dungeon"}])
        note = json.dumps({"game": "x"})
        contest = {"winner": "initiator", "margin": 2, "side": "resister", "contest": 4}
        conn.execute(insert_event, [
            {"id": 3, "game": 2, "kind": "member", "p": note},
            {"id": 4, "game": 1, "kind": "roll", "p": json.dumps({"outcome": {"total": 9}})},
            {"id": 6, "game": 2, "kind": "member", "p": note},
            {"id": 7, "game": 1, "kind": "roll",
             "p": json.dumps({"outcome": {"total": 8, "opposed": contest}})},
            {"id": 9, "game": 1, "kind": "roll",
             "p": json.dumps({"outcome": {"total": 12, "adds_to": 7}})},
        ])  # fmt: skip
    assert upgrade(engine) == ("0010", HEAD)
    with engine.begin() as conn:
        rows = conn.execute(sa.text("SELECT id, game_id, number, payload FROM events ORDER BY id"))
        numbered = {i: (g, n, p if isinstance(p, dict) else json.loads(p)) for i, g, n, p in rows}
        counts: dict[int, int] = dict(conn.execute(sa.text("SELECT id, events FROM games")).all())
    assert {i: row[:2] for i, row in numbered.items()} == {
        3: (2, 1), 4: (1, 1), 6: (2, 2), 7: (1, 2), 9: (1, 3)}  # fmt: skip
    assert numbered[7][2]["outcome"]["opposed"]["contest"] == 1  # event 4 is Stars's #1
    assert numbered[9][2]["outcome"]["adds_to"] == 2  # event 7 is Stars's #2
    assert counts == {1: 3, 2: 2}
    for statement in ("UPDATE events SET kind = 'x'", "DELETE FROM events"):
        with pytest.raises(sa.exc.DBAPIError, match="append-only"), engine.begin() as conn:
            conn.execute(sa.text(statement))
    engine.dispose()
    table = Table(blank_url)  # the next event carries on from the game's count
    table.add_user("Pia")
    table.add_member("Dungeon", "Pia", "observer")
    joined = table.events_for("Dungeon", after=2)
    assert [e.id for e in joined] == list(range(3, 3 + len(joined)))
    table.close()


def test_0014_logs_the_client_seeds_kept_without_an_event(blank_url: str) -> None:
    """Rulings V10: a seed made before every seed was an event gets one, so the rolls made
    with it afterwards verify (and the rolls before it are unproven, not failed)."""
    engine = open_engine(blank_url)
    migrate(engine, "0013")
    with engine.begin() as conn:
        conn.execute(sa.text(
            "INSERT INTO games (id, name, system, edition, rules, created_at, events) "
            "VALUES (1, 'Pegasus', 'fs3', '3.3', '{}', CURRENT_TIMESTAMP, 0)"
        ))  # fmt: skip
        conn.execute(sa.text(
            "INSERT INTO users (id, name, name_key, password_hash, created_at) "
            "VALUES (1, 'Pia', 'pia', 'x', CURRENT_TIMESTAMP)"
        ))  # fmt: skip
        conn.execute(sa.text(
            "INSERT INTO client_seeds (game_id, user_id, value, created_at, updated_at) VALUES "
            "(1, 1, 'old-pia-seed', CURRENT_TIMESTAMP, CURRENT_TIMESTAMP), "
            "(1, NULL, 'old-owner-seed', CURRENT_TIMESTAMP, CURRENT_TIMESTAMP)"
        ))  # fmt: skip
    assert upgrade(engine) == ("0013", HEAD)
    assert upgrade(engine) == (HEAD, HEAD)
    engine.dispose()
    table = Table(blank_url)
    said = [(e.id, dumped(e.data)) for e in table.events_for("Pegasus")]
    assert said == [(1, {"user": "Pia", "client_seed": "old-pia-seed"}),
                    (2, {"user": "owner", "client_seed": "old-owner-seed"})]  # fmt: skip
    table.close()
