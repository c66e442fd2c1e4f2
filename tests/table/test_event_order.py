"""A game's events commit in id order, even on PostgreSQL with writers racing (its sequence
hands out ids at insert, not at commit): a live feed that has read up to id N never finds
a smaller id committed later, which it would never send (writers.py, server/hub.py)."""

from __future__ import annotations

import threading

import pytest
import sqlalchemy as sa

from rollplay.table.service import Table
from rollplay.table.systems import Request

pytestmark = pytest.mark.storage  # the order events commit in


def _race(url: str, events: int = 300) -> list[int]:
    """Four writers rolling while a reader polls the newest ids, until it has seen
    ``events`` of them; the ids the reader
    saw arrive below the highest it had already seen. Bounded by work, not by the clock."""
    setup = Table(url)
    setup.add_examples()
    setup.close()
    stop = threading.Event()

    def roll() -> None:
        table = Table(url)
        try:
            while not stop.is_set():
                table.roll("Pegasus", "Nikos", Request("Firearms"))
                table.award_luck("Pegasus", "Nikos", 1)  # an ORM write, not the fast path
        finally:
            table.close()

    threads = [threading.Thread(target=roll) for _ in range(4)]
    for t in threads:
        t.start()
    engine = sa.create_engine(url)
    late: list[int] = []
    seen: set[int] = set()
    try:
        with engine.connect() as conn:
            while len(seen) < events and any(t.is_alive() for t in threads):
                top = max(seen, default=0)
                ids = conn.execute(sa.text("SELECT id FROM events WHERE id > :low"),
                                   {"low": top - 200}).scalars().all()  # fmt: skip
                conn.commit()
                fresh = set(ids) - seen
                late += [i for i in fresh if i < top]
                seen |= fresh
    finally:
        stop.set()
        for t in threads:
            t.join()
        engine.dispose()
    stopped = len(seen) < events and not late
    assert not stopped, "the writers stopped early: the race proved nothing"
    return late


def test_events_become_visible_in_id_order(db_url: str) -> None:
    assert _race(db_url) == []
    # Rulings T8: and each game's are numbered 1, 2, 3, ... with none missing or repeated.
    engine = sa.create_engine(db_url)
    with engine.connect() as conn:
        rows = conn.execute(sa.text("SELECT game_id, number FROM events ORDER BY id")).all()
    engine.dispose()
    for game in {g for g, _ in rows}:
        numbers = [n for g, n in rows if g == game]
        assert numbers == list(range(1, len(numbers) + 1))
