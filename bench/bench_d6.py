"""D6 System benchmarks, each beside its peer in the same run (docs/performance.md).

Run: ./scripts/bench   (or: .venv/bin/python bench/bench_d6.py after installing .[bench])
"""

from __future__ import annotations

import os
import sys
from fractions import Fraction

from rollplay import d6
from rollplay.dice import SeededDice
from timing import best, process_time


def ours(wild_one: str = "complication") -> list[Fraction]:
    """Exact success odds of 4D+2 (exploding Wild Die) against every difficulty 1-40."""
    o = d6.odds("4D+2", wild_one=wild_one)
    return [o.success_against(n) for n in range(1, 41)]


def icepool_odds() -> list[Fraction]:
    import icepool

    total = 3 @ icepool.d6 + icepool.d6.explode(depth=16) + 2
    den = total.denominator()
    return [Fraction(sum(q for t, q in total.items() if t >= n), den) for n in range(1, 41)]


def bench_odds() -> list[tuple[str, str]]:
    mine = best(ours, 200)
    theirs = best(icepool_odds, 5, repeat=5)
    cancel = best(lambda: ours("cancel"), 200)
    return [
        ("4D+2 success odds vs difficulties 1-40, exact (complication)", f"{mine * 1e3:.2f} ms"),
        ("same, Critical Failure cancelling the highest die", f"{cancel * 1e3:.2f} ms"),
        ("icepool, same question (explode depth 16)", f"{theirs * 1e3:.1f} ms"),
        ("ratio icepool / rollplay", f"{theirs / mine:.0f}×"),
    ]


def bench_roll() -> list[tuple[str, str]]:
    import d20

    seeded = SeededDice(1)
    check = d6.check("4D+2", 15)
    rules = d6.ruleset()
    from rollplay.systems.d6.rolls import roll_check

    mine = best(lambda: roll_check(check, rules, seeded), 50_000)
    facade = best(lambda: d6.roll("4D+2", 15, dice=seeded), 50_000)
    roller = d20.Roller()
    parsed = roller.parse("3d6+1d6e6+2")
    theirs = best(lambda: roller.roll(parsed), 5_000)
    return [
        ("4D+2 check vs 15, judged, prepared check, seeded", f"{mine * 1e6:.2f} µs"),
        ("same through `d6.roll('4D+2', 15)` (parse cached)", f"{facade * 1e6:.2f} µs"),
        ("d20 `3d6+1d6e6+2` (exploding), parse cached", f"{theirs * 1e6:.2f} µs"),
        ("ratio d20 / rollplay (facade)", f"{theirs / facade:.1f}×"),
    ]


def bench_process() -> list[tuple[str, str]]:
    return [
        process_time(
            "`rollplay d6 roll 4D+2 --difficulty 15`, whole process", "d6 roll 4D+2 --difficulty 15"
        )
    ]


def main() -> None:
    print(f"Python {sys.version.split()[0]} on {os.cpu_count()} cores")
    print("| measure | result |\n| --- | --- |")
    for section in (bench_odds, bench_roll, bench_process):
        for label, value in section():
            print(f"| {label} | {value} |", flush=True)


if __name__ == "__main__":
    main()
