"""Table benchmarks: sheet-aware rolls logged to SQLite, and filtering a large log
(docs/performance.md).

Run: ./scripts/bench   (or: .venv/bin/python bench/bench_table.py)
"""

from __future__ import annotations

import os
import sys
import tempfile
import time
from datetime import UTC, datetime
from pathlib import Path

from rollplay.dice import SeededDice
from rollplay.table.service import Table
from rollplay.table.systems import Request

ROLLS = 3_000
LOG_SIZE = 1_000_000


def bench_logged_rolls(table: Table) -> list[tuple[str, str]]:
    dice = SeededDice(1)
    request = Request("Firearms+Reflexes", mods=("-1",))
    for _ in range(50):  # warm up: imports, the ruleset cache, SQLite's pages
        table.roll("Pegasus", "Nikos", request, dice=dice)
    start = time.perf_counter()
    for _ in range(ROLLS):
        table.roll("Pegasus", "Nikos", request, dice=dice)
    rate = ROLLS / (time.perf_counter() - start)
    player = table.acting_as("Pia")  # a user: their standing is read in each roll's transaction
    start = time.perf_counter()
    for _ in range(ROLLS):
        player.roll("Pegasus", "Nikos", request, dice=dice)
    as_player = ROLLS / (time.perf_counter() - start)
    return [
        ("sheet-aware FS3 roll with its event, SQLite, one transaction each (owner)",
         f"{rate:,.0f} rolls/s"),
        ("the same, by a player (their role and characters checked)",
         f"{as_player:,.0f} rolls/s"),
    ]  # fmt: skip


def fill_log(table: Table) -> None:
    """A million roll events in one game, a quarter of them private and a quarter secret,
    inserted in bulk."""
    from sqlalchemy import insert

    from rollplay.table.events.audiences import AUDIENCE
    from rollplay.table.store.models import Event

    rows = []
    now = datetime.now(UTC)
    for i in range(LOG_SIZE):
        visibility = ("public", "public", "private", "secret")[i % 4]
        rows.append({
            "game_id": 1, "character_id": None, "character": ("Nikos", "Mavros")[i % 2],
            "kind": "roll", "actor_id": None, "actor": "owner", "visibility": visibility,
            "audience": AUDIENCE[visibility], "created_at": now,
            "payload": {"system": "fs3", "expression": "Firearms+Reflexes", "modifiers": [],
                        "spends": {}, "dice": [8, 6, 3, 1, 1],
                        "outcome": {"level": "Success"}, "ruleset_version": "0123456789abcdef"},
            "shared": {"system": "fs3"} if visibility == "secret" else None,
        })  # fmt: skip
        if len(rows) == 50_000:
            with table.engine.begin() as conn:
                conn.execute(insert(Event), rows)
            rows = []


def bench_log_filter(table: Table) -> list[tuple[str, str]]:
    fill_log(table)
    times = []
    for i in range(20):
        start = time.perf_counter()
        entries = table.log(character=("Nikos", "Mavros")[i % 2], limit=50)
        times.append(time.perf_counter() - start)
        assert len(entries) == 50
    times.sort()
    with table.engine.connect() as conn:
        total = conn.exec_driver_sql("SELECT count(*) FROM events").scalar() or 0
    return [
        (
            f"log of {total:,} rolls, newest 50 of one character",
            f"{times[len(times) // 2] * 1e3:.1f} ms median, {times[0] * 1e3:.1f} ms best",
        ),
    ]


def bench_events_for(table: Table) -> list[tuple[str, str]]:
    """100 events after an id near the end of a log of a million (a reconnecting viewer)."""
    with table.engine.connect() as conn:
        last = conn.exec_driver_sql("SELECT max(id) FROM events").scalar() or 0
    out = []
    for who, service in (("the Storyteller", table), ("a player", table.acting_as("Pia"))):
        times = []
        for i in range(50):
            start = time.perf_counter()
            seen = service.events_for("Pegasus", after=last - 5_000 - i * 100, limit=100)
            times.append(time.perf_counter() - start)
            assert len(seen) == 100
        times.sort()
        out.append((
            f"events_for: 100 events after an id, log of {last:,} events, as {who}",
            f"{times[len(times) // 2] * 1e3:.2f} ms median, {times[0] * 1e3:.2f} ms best",
        ))  # fmt: skip
    return out


def main() -> None:
    print(f"Python {sys.version.split()[0]} on {os.cpu_count()} cores")
    print("| measure | result |\n| --- | --- |")
    with tempfile.TemporaryDirectory() as scratch:
        table = Table(str(Path(scratch) / "bench.db"))
        table.add_examples()
        table.add_user("Pia")
        table.add_member("Pegasus", "Pia", "player", ("Nikos",))
        for section in (bench_logged_rolls, bench_log_filter, bench_events_for):
            for label, value in section(table):
                print(f"| {label} | {value} |", flush=True)
        table.close()


if __name__ == "__main__":
    main()
