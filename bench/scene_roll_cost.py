"""What scenes cost a roll (issue 30; docs/performance.md "Scenes"): each event written
now asks which running scene its actor joined last (core.py ``record``), one more indexed
query in the roll's transaction. A player's sheet-aware FS3 roll through the service on
SQLite, one transaction each, as bench/bench_table.py times it: in no scene, and in a
running scene (its event lands in the scene's ledger).

Run: .venv/bin/python bench/scene_roll_cost.py [--rolls 3000]
(the code before scenes: the same with PYTHONPATH=SRC of an export of commit 877d9db^;
it then times "in no scene" only)
"""

from __future__ import annotations

import argparse
import tempfile
import time
from pathlib import Path

from rollplay.dice import SeededDice
from rollplay.table.service import Table
from rollplay.table.systems import Request


def rate(table: Table, rolls: int) -> float:
    dice = SeededDice(1)
    request = Request("Firearms+Reflexes", mods=("-1",))
    for _ in range(50):  # warm up: imports, the ruleset cache, SQLite's pages
        table.roll("Pegasus", "Nikos", request, dice=dice)
    best = 0.0
    for _ in range(3):
        start = time.perf_counter()
        for _ in range(rolls):
            table.roll("Pegasus", "Nikos", request, dice=dice)
        best = max(best, rolls / (time.perf_counter() - start))
    return best


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rolls", type=int, default=3000)
    rolls = parser.parse_args().rolls
    with tempfile.TemporaryDirectory() as folder:
        table = Table(f"sqlite:///{Path(folder) / 'table.db'}")
        table.add_examples()
        table.add_user("Pia")
        table.add_member("Pegasus", "Pia", "player", ("Nikos",))
        pia = table.acting_as("Pia")
        found = rate(pia, rolls)
        print(f"a player's roll, in no scene: {found:,.0f} rolls/s ({1e6 / found:.0f} µs)")
        try:
            from rollplay.table import commands as c
        except ImportError:
            return
        if not hasattr(c, "SceneStart"):
            return  # the code before scenes
        pia.execute(c.SceneStart("Pegasus", "The long watch"))
        found = rate(pia, rolls)
        print(f"a player's roll, in a running scene: {found:,.0f} rolls/s ({1e6 / found:.0f} µs)")
        table.close()


if __name__ == "__main__":
    main()
