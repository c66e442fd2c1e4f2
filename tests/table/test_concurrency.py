"""Real processes at once, on both databases: the last luck point or XP is spent once, and
no update is lost."""

from __future__ import annotations

import multiprocessing as mp
from typing import Any

import pytest

from rollplay.errors import RollplayError
from rollplay.table.service import Table
from rollplay.table.systems import Request
from tests.table.conftest import NIKOS
from tests.typed import dig

pytestmark = pytest.mark.storage  # locks and conditional updates, as each database takes them

WORKERS = 6


def _worker(url: str, job: str, barrier: Any, results: Any) -> None:
    table = Table(url)
    barrier.wait()  # every process starts its command at the same moment
    try:
        if job == "luck-roll":
            table.roll("Pegasus", "Nikos", Request("Firearms", luck="bonus"))
        elif job == "xp-raise":
            table.raise_skill("Pegasus", "Nikos", "Firearms")
        elif job == "award":
            table.award_luck("Pegasus", "Nikos", 1)
        results.put("ok")
    except RollplayError as exc:
        results.put(f"refused: {exc}")
    except Exception as exc:  # anything else is a bug the test should show
        results.put(f"crash: {type(exc).__name__}: {exc}")
    finally:
        table.close()


def _race(url: str, job: str) -> list[str]:
    # A fork server that has imported rollplay once: each worker starts in milliseconds
    # rather than importing it again (spawn), and without forking this threaded process.
    ctx = mp.get_context("forkserver")
    ctx.set_forkserver_preload(["rollplay.table.service"])
    barrier = ctx.Barrier(WORKERS)
    results = ctx.Queue()
    procs = [ctx.Process(target=_worker, args=(url, job, barrier, results)) for _ in range(WORKERS)]
    for p in procs:
        p.start()
    outcomes = [results.get(timeout=120) for _ in procs]
    for p in procs:
        p.join(timeout=60)
    return outcomes


def _setup(url: str) -> Table:
    table = Table(url)
    table.new_game("Pegasus", "fs3", "3.3")
    table.new_character("Pegasus", NIKOS)  # starts with 1 luck point
    return table


def test_the_last_luck_point_is_spent_once(db_url: str) -> None:
    table = _setup(db_url)
    outcomes = _race(db_url, "luck-roll")
    assert outcomes.count("ok") == 1, outcomes
    assert all(o.startswith("refused") for o in outcomes if o != "ok"), outcomes
    assert table.character("Pegasus", "Nikos").luck == 0
    assert len(table.log()) == 1  # refused rolls leave no trace
    table.close()


def test_xp_for_one_raise_is_spent_once(db_url: str) -> None:
    table = _setup(db_url)
    table.award_xp("Pegasus", "Nikos", 4)  # Firearms 3 -> 4 costs 4
    outcomes = _race(db_url, "xp-raise")
    assert outcomes.count("ok") == 1, outcomes
    nikos = table.character("Pegasus", "Nikos")
    assert dig(nikos.sheet, "action", "Firearms") == 4
    assert nikos.xp == 0
    table.close()


def test_no_award_is_lost(db_url: str) -> None:
    table = _setup(db_url)
    outcomes = _race(db_url, "award")
    assert outcomes == ["ok"] * WORKERS
    assert table.character("Pegasus", "Nikos").luck == 1 + WORKERS
    table.close()


def test_readers_do_not_wait_for_a_writer(db_url: str) -> None:
    """A live viewer reading events while a write transaction is open is not held up by it
    (on SQLite a read takes no write lock)."""
    import time

    from rollplay.table.store.writers import writing

    table = Table(db_url)
    table.add_examples()
    with writing(table.engine):  # a writer holds the database's write lock
        start = time.perf_counter()
        seen = table.events_for("Pegasus", limit=10)
        assert time.perf_counter() - start < 5  # not the 30 s lock timeout
    assert [e.kind for e in seen][:1] == ["game"]

    table.close()
