"""GURPS benchmarks, each beside its peer in the same run (docs/performance.md).

Run: ./scripts/bench   (or: .venv/bin/python bench/bench_gurps.py after installing .[bench])
"""

from __future__ import annotations

import os
import sys
from fractions import Fraction

from rollplay import gurps
from rollplay.dice import SeededDice
from timing import best, process_time


def our_table() -> None:
    """The exact odds table, effective 3 to 20: success, critical success and failure."""
    for row in gurps.odds_table(3, 20):
        _ = (row.success, row.critical_success, row.critical_failure)


def icepool_table() -> None:
    import icepool

    total = 3 @ icepool.d6
    for eff in range(3, 21):
        judged = total.map(
            lambda t, eff=eff: (
                t <= 4 or (t <= 16 and t <= eff),
                t <= 4 or (t == 5 and eff >= 15) or (t == 6 and eff >= 16),
                t == 18 or (t == 17 and eff <= 15) or t >= eff + 10,
            )
        )
        den = judged.denominator()
        _ = [Fraction(sum(q for k, q in judged.items() if k[i]), den) for i in range(3)]


def bench_table() -> list[tuple[str, str]]:
    ours = best(our_table, 200)
    theirs = best(icepool_table, 3, repeat=5)
    return [
        ("GURPS odds table, effective 3-20, exact", f"{ours * 1e3:.3f} ms"),
        ("icepool, same table (3d6 judged per skill)", f"{theirs * 1e3:.1f} ms"),
        ("ratio icepool / rollplay", f"{theirs / ours:.0f}×"),
    ]


def bench_roll() -> list[tuple[str, str]]:
    import d20

    seeded = SeededDice(1)
    ours = best(lambda: gurps.roll(12, mods=[-2], dice=seeded), 50_000)
    roller = d20.Roller()
    parsed = roller.parse("3d6")
    theirs = best(lambda: roller.roll(parsed), 5_000)
    return [
        ("GURPS success roll with a modifier, judged, seeded", f"{ours * 1e6:.2f} µs"),
        ("d20 `3d6`, parse cached (sum only, not judged)", f"{theirs * 1e6:.2f} µs"),
        ("ratio d20 / rollplay", f"{theirs / ours:.1f}×"),
    ]


def bench_process() -> list[tuple[str, str]]:
    return [
        process_time("`rollplay gurps roll 12 --mod=-2`, whole process", "gurps roll 12 --mod=-2"),
        process_time(
            "`rollplay gurps roll Interrogation --sheet vance.yaml`, whole process",
            "gurps roll Interrogation --sheet examples/gurps/vance.yaml",
        ),
    ]


def main() -> None:
    print(f"Python {sys.version.split()[0]} on {os.cpu_count()} cores")
    print("| measure | result |\n| --- | --- |")
    for section in (bench_table, bench_roll, bench_process):
        for label, value in section():
            print(f"| {label} | {value} |", flush=True)


if __name__ == "__main__":
    main()
