"""Shared settings for fuzz targets and the time bound on parsers (issue 13).

A fuzz target is a hypothesis test decorated with ``@fuzz`` (and marked ``pytest.mark.fuzz``):
the suite runs it at a small size; ``./scripts/fuzz`` runs every target at a large one by
setting ROLLPLAY_FUZZ_EXAMPLES. ``parses_in_time`` holds a parser to a time bound on an input of
a megabyte, which a linear parser meets with room to spare and a quadratic one misses by
minutes.
"""

from __future__ import annotations

import contextlib
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


def parses_in_time(
    parse: Callable[[str], Any], text: str, seconds: float = 2.0,
    allowed: type[BaseException] = ValueError,
) -> None:  # fmt: skip
    """``parse(text)`` returns or raises ``allowed`` within ``seconds``."""
    start = time.perf_counter()
    with contextlib.suppress(allowed):
        parse(text)
    took = time.perf_counter() - start
    assert took < seconds, f"{len(text):,} characters took {took:.2f} s (bound {seconds} s)"
