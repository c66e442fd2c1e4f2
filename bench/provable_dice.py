"""Verifiable dice (issue 18) beside OS-entropy dice, in the same run (docs/performance.md).

Run: .venv/bin/python bench/provable_dice.py

The floor: a 10-die FS3 roll with a fresh ``ProvableDice`` (the table makes one per roll,
with that roll's nonce) costs at most 4x the same roll from the default OS-entropy source.
The two are timed in alternation, so a busy spell on the machine hits both. Exits 1 if the
floor is missed. Timing conventions are in timing.py.
"""

from __future__ import annotations

import itertools
import os
import sys

from rollplay import fs3
from rollplay.table.dice.provable import (
    ProvableDice,
    commitment,
    derive,
    new_server_seed,
    verify_draws,
)
from timing import best, timed

FLOOR = 4.0
ROLLS = 50_000


def bench_roll() -> tuple[list[tuple[str, str]], float]:
    seed = new_server_seed()
    nonces = itertools.count()

    def secure() -> object:
        return fs3.roll(10)  # the default source: SecureDice, as the table uses it

    def provable() -> object:
        return fs3.roll(10, dice=ProvableDice(seed, "player-seed", next(nonces)))

    ours: list[float] = []
    theirs: list[float] = []
    for _ in range(7):  # alternate, one repeat at a time
        theirs.append(best(secure, ROLLS, repeat=1))
        ours.append(best(provable, ROLLS, repeat=1))
    os_roll, verifiable = min(theirs), min(ours)
    ratio = verifiable / os_roll
    return [
        ("10-die FS3 roll, default (OS entropy) source", f"{os_roll * 1e6:.2f} µs"),
        ("10-die FS3 roll, fresh ProvableDice per roll", f"{verifiable * 1e6:.2f} µs"),
        ("ratio verifiable / OS entropy (floor ≤ 4×)", f"{ratio:.2f}×"),
    ], ratio


def bench_verify() -> list[tuple[str, str]]:
    seed = new_server_seed()
    dice = ProvableDice(seed, "player-seed", 41)
    fs3.roll(10, dice=dice)
    seed_hex, committed = seed.hex(), commitment(seed)
    check = best(lambda: verify_draws(seed_hex, committed, "player-seed", 41, dice.draws), 20_000)
    bulk = [(100, 1000)] * 1000
    derive(seed, "bulk", 0, bulk[:10])  # warm up
    elapsed = min(timed(lambda: derive(seed, "bulk", 1, bulk)) for _ in range(3))
    return [
        ("verify a logged 10-die FS3 roll (hash, derive, compare)", f"{check * 1e6:.1f} µs"),
        ("derive d100 in bulk (1000 draws of 1000)", f"{1e6 / elapsed / 1e6:.1f} M dice/s"),
    ]


def main() -> int:
    print(f"Python {sys.version.split()[0]} on {os.cpu_count()} cores")
    print("| measure | result |\n| --- | --- |")
    rows, ratio = bench_roll()
    for label, value in [*rows, *bench_verify()]:
        print(f"| {label} | {value} |", flush=True)
    if ratio > FLOOR:
        print(f"over the floor: verifiable costs {ratio:.2f}× the OS entropy roll (≤ {FLOOR}×)")
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
