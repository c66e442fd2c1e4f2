"""Reading an FS3 sheet against its number of background skills (issue 29): what a GET of a
sheet computes (rating names, dice per ability, raise costs) should grow linearly.

Run: .venv/bin/python bench/sheet_read.py [LARGEST]   (docs/performance.md)

Sheets past the table's limit (docs/limits.md) are built directly, not through the reader,
so the read itself can be timed at the size of the report (70,000 skills)."""

from __future__ import annotations

import sys
import tempfile
import time
from pathlib import Path

from rollplay.systems import rulesets
from rollplay.systems.fs3.sheet import Background, FS3Sheet
from rollplay.table.systems.fs3 import FS3

SIZES = (1_000, 2_000, 4_000, 8_000, 16_000, 70_000)
GIVE_UP = 30.0  # seconds: a read slower than this stops the larger sizes


def facts_time(skills: int) -> float:
    """Seconds for what a sheet read adds to the stored data, with ``skills`` background
    skills (best of three)."""
    rules = rulesets.load("fs3", edition="3.3")
    attributes = dict.fromkeys(rules.attributes, 2)
    background = {f"Lore {i}": Background(1) for i in range(skills)}
    sheet = FS3Sheet("Nikos", attributes=attributes, background=background)
    best = float("inf")
    for _ in range(3 if skills <= 16_000 else 1):
        start = time.perf_counter()
        FS3().sheet_facts(sheet, rules)
        best = min(best, time.perf_counter() - start)
        if best > GIVE_UP:
            break
    return best


def service_read(skills: int) -> float:
    """Seconds for ``Table.character`` (the GET of a sheet) with ``skills`` background skills,
    written through the service (so within the limits)."""
    from rollplay.table.service import Table

    with tempfile.TemporaryDirectory() as scratch:
        table = Table(str(Path(scratch) / "bench.db"))
        table.add_examples()
        table.set_character("Pegasus", "Nikos", {"background": None})  # hers: Singing, Poker
        table.set_character("Pegasus", "Nikos", {"background": {
            f"Lore {i}": {"rating": 1} for i in range(skills)}})  # fmt: skip
        table.character("Pegasus", "Nikos")  # warm: the ruleset, the parsed sheet
        best = float("inf")
        for _ in range(5):
            start = time.perf_counter()
            table.character("Pegasus", "Nikos")
            best = min(best, time.perf_counter() - start)
        table.close()
    return best


def main() -> None:
    largest = int(sys.argv[1]) if len(sys.argv) > 1 else SIZES[-1]
    print("| background skills | sheet facts (rating names, dice, raises) | per skill |")
    print("| --- | --- | --- |")
    for n in (s for s in SIZES if s <= largest):
        seconds = facts_time(n)
        print(f"| {n:,} | {seconds * 1e3:,.1f} ms | {seconds / n * 1e6:.1f} µs |", flush=True)
        if seconds > GIVE_UP:
            print(f"| (larger sizes skipped: past {GIVE_UP:.0f} s) | | |")
            break
    for n in (10, 200, 500):
        print(f"| `Table.character`, {n} background skills | {service_read(n) * 1e3:.1f} ms | |")


if __name__ == "__main__":
    main()
