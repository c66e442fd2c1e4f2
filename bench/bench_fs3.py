"""FS3 benchmarks, each beside its peer in the same run (docs/performance.md).

Run: ./scripts/bench   (or: .venv/bin/python bench/bench_fs3.py after installing .[bench])

Timing conventions are in timing.py.
"""

from __future__ import annotations

import os
import sys

from rollplay import fs3
from rollplay.dice import SecureDice, SeededDice
from rollplay.systems.fs3.batch import simulate
from rollplay.systems.fs3.judging import judge_counts
from rollplay.systems.fs3.odds import pool_odds
from timing import best, process_time, timed


def bench_roll() -> list[tuple[str, str]]:
    import d20

    seeded = SeededDice(1)
    secure = SecureDice()
    ours_seeded = best(lambda: fs3.roll(10, dice=seeded), 100_000)
    ours_secure = best(lambda: fs3.roll(10, dice=secure), 100_000)
    ours_default = best(lambda: fs3.roll(10), 100_000)
    roller = d20.Roller()
    parsed = roller.parse("10d8")
    theirs = best(lambda: roller.roll(parsed), 5_000)
    return [
        ("10-die FS3 roll, judged, seeded source", f"{ours_seeded * 1e6:.2f} µs"),
        ("10-die FS3 roll, judged, secure source", f"{ours_secure * 1e6:.2f} µs"),
        ("10-die FS3 roll, judged, default (secure) source", f"{ours_default * 1e6:.2f} µs"),
        ("d20 `10d8`, parse cached", f"{theirs * 1e6:.2f} µs"),
        ("ratio d20 / rollplay (seeded)", f"{theirs / ours_seeded:.1f}×"),
        ("ratio secure / seeded", f"{ours_secure / ours_seeded:.2f}×"),
    ]


def icepool_table() -> None:
    import icepool

    rules = fs3.ruleset("3.3")
    die = icepool.d8.map(lambda f: icepool.Vector((int(f >= rules.success_at), int(f == 1))))
    for n in range(1, 31):
        joint = n @ die
        levels = dict.fromkeys(rules.level_titles(), 0)
        for (s, k), q in joint.items():
            levels[judge_counts(s, k, n, None, rules)[0]] += q


def our_table() -> None:
    rules = fs3.ruleset("3.3")
    for n in range(1, 31):
        _ = pool_odds(n, None, rules).levels  # exact Fractions for every level


def bench_table() -> list[tuple[str, str]]:
    ours = best(our_table, 20)
    theirs = best(icepool_table, 1, repeat=3)
    return [
        ("FS3.3 level table, pools 1-30, exact", f"{ours * 1e3:.2f} ms"),
        ("icepool, same question (joint successes and ones)", f"{theirs * 1e3:.0f} ms"),
        ("ratio icepool / rollplay", f"{theirs / ours:.0f}×"),
    ]


def bench_batch() -> list[tuple[str, str]]:
    rules = fs3.ruleset("3.3")
    trials, pool = 5_000_000, 10
    simulate(pool, 1000, rules, seed=0)  # warm numpy up
    elapsed = min(timed(lambda: simulate(pool, trials, rules, seed=1)) for _ in range(3))
    rate = trials * pool / elapsed
    return [("batch roller: d8 rolled and judged (10-die pools)", f"{rate / 1e6:.0f} M d8/s")]


def bench_attacks() -> list[tuple[str, str]]:
    from rollplay.systems.fs3.combat.simulate import simulate_attacks

    rules = fs3.ruleset("3.3")
    trials = 1_000_000

    def run() -> None:
        simulate_attacks(6, 4, penetration=4, lethality=10, protection=4, cover=True,
                         rules=rules.combat, fs3=rules, trials=trials, seed=1)  # fmt: skip

    elapsed = min(timed(run) for _ in range(3))
    return [
        (
            "attack simulator: attacks resolved (cover and armor), numpy",
            f"{trials / elapsed / 1e6:.1f} M/s",
        )
    ]


def bench_battles() -> list[tuple[str, str]]:
    from rollplay.systems.fs3.combat.battle import Fighter, simulate_battles

    rules = fs3.ruleset("3.3")
    fighters = [Fighter(f"M{i}", "Marines", 6, "Rifle", "Flak Vest") for i in range(4)]
    fighters += [Fighter(f"R{i}", "Raiders", 5, "Pistol") for i in range(4)]
    combats = 10_000

    def run() -> None:
        simulate_battles(fighters, rules=rules.combat, fs3=rules, combats=combats, seed=1)

    elapsed = min(timed(run) for _ in range(3))
    return [("combat simulator: whole 4 vs 4 combats, numpy", f"{combats / elapsed:,.0f}/s")]


def bench_process() -> list[tuple[str, str]]:
    return [
        process_time("`rollplay fs3 roll --dice 10`, whole process", "fs3 roll --dice 10"),
        process_time(
            "`rollplay fs3 roll --dice 10 --json`, whole process", "fs3 roll --dice 10 --json"
        ),
    ]


def main() -> None:
    print(f"Python {sys.version.split()[0]} on {os.cpu_count()} cores")
    print("| measure | result |\n| --- | --- |")
    for section in (
        bench_roll,
        bench_table,
        bench_batch,
        bench_attacks,
        bench_battles,
        bench_process,
    ):
        for label, value in section():
            print(f"| {label} | {value} |", flush=True)


if __name__ == "__main__":
    main()
