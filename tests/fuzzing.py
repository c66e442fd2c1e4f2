"""Shared settings for fuzz targets, and parsers fed a megabyte (issue 13).

A fuzz target is a hypothesis test decorated with ``@fuzz`` (and marked ``pytest.mark.fuzz``):
the suite runs it at a small size; ``./scripts/fuzz`` runs every target at a large one by
setting ROLLPLAY_FUZZ_EXAMPLES. ``takes_a_megabyte`` feeds a parser an input of a megabyte
built to make a backtracking pattern slow: in the suite it must answer (return, or refuse
with the error allowed); its time bound, which a linear parser meets with room to spare and a
quadratic one misses by minutes, is held by ``bench/parse_times.py``, which runs these same
tests with ROLLPLAY_PARSE_TIMES set, so no test fails for a busy machine.
"""

from __future__ import annotations

import contextlib
import json
import os
import time
from collections.abc import Callable
from typing import Any

from hypothesis import HealthCheck, settings

FUZZ_EXAMPLES = int(os.environ.get("ROLLPLAY_FUZZ_EXAMPLES", "300"))
MEGABYTE = 1_000_000

fuzz = settings(
    max_examples=FUZZ_EXAMPLES,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)


def takes_a_megabyte(
    parse: Callable[[str], Any], text: str, bound: float = 2.0,
    allowed: type[BaseException] = ValueError,
) -> None:  # fmt: skip
    """``parse(text)`` returns or raises ``allowed``. Its time, and ``bound`` (seconds), go
    to the file ROLLPLAY_PARSE_TIMES names, for bench/parse_times.py to hold."""
    start = time.perf_counter()
    with contextlib.suppress(allowed):
        parse(text)
    took = time.perf_counter() - start
    report = os.environ.get("ROLLPLAY_PARSE_TIMES")
    if report:
        where = os.environ.get("PYTEST_CURRENT_TEST", "?").rsplit(" ", 1)[0]
        line = {"test": where, "chars": len(text), "seconds": took, "bound": bound}
        with open(report, "a", encoding="utf-8") as out:
            out.write(json.dumps(line) + "\n")
