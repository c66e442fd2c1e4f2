"""Timing helpers shared by the benchmarks.

Each figure is the best of several repeats: on a shared machine the minimum is the run with
the least interference, and peers are timed the same way, so their ratio is fair. Whole
processes are reported as the median of 15 runs.
"""

from __future__ import annotations

import os
import shutil
import statistics
import subprocess
import sys
import time
import timeit
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def best(fn: Callable[[], object], number: int, repeat: int = 7) -> float:
    """Seconds per call, best of ``repeat`` runs of ``number`` calls."""
    return min(timeit.repeat(fn, number=number, repeat=repeat)) / number


def timed(fn: Callable[[], object]) -> float:
    start = time.perf_counter()
    fn()
    return time.perf_counter() - start


def process_time(label: str, args: str, runs: int = 15) -> tuple[str, str]:
    """Median and best wall time of ``rollplay ARGS`` as a whole process."""
    exe = shutil.which("rollplay") or str(Path(sys.executable).parent / "rollplay")
    times = []
    for _ in range(runs):
        times.append(
            timed(
                lambda: subprocess.run(
                    [exe, *args.split()],
                    check=True,
                    capture_output=True,
                    cwd=ROOT,
                    env={**os.environ, "NO_COLOR": "1"},
                )
            )
        )
    return label, f"{statistics.median(times) * 1e3:.0f} ms median, {min(times) * 1e3:.0f} ms best"
