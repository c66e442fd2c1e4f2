"""Statistical helpers for checking the real roller against exact odds."""

from __future__ import annotations

import math
from fractions import Fraction


def z_ok(observed: int, trials: int, p: Fraction | float, z: float = 5.0) -> bool:
    """``observed`` hits in ``trials`` is within ``z`` standard deviations of chance ``p``
    (at 5, a false alarm about once in 3.5 million; seeded tests make it repeatable)."""
    expected = trials * float(p)
    sd = math.sqrt(trials * float(p) * (1 - float(p))) or 1.0
    return abs(observed - expected) <= z * sd
