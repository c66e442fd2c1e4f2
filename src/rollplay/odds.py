"""Exact-probability helpers shared by the systems.

Odds are kept as integer counts of equally likely outcomes over a denominator (``sides **
dice``), and become ``Fraction``s only at the edge: big-integer sums are exact and far
cheaper than rational arithmetic.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from fractions import Fraction
from typing import TypeVar

K = TypeVar("K")


def fractions_of(counts: Mapping[K, int], denominator: int) -> dict[K, Fraction]:
    """Counts over a common denominator, as exact probabilities (order kept)."""
    return {key: Fraction(count, denominator) for key, count in counts.items()}


def keep_best_of_two(counts: Iterable[int]) -> list[int]:
    """For outcomes ranked worst to best with the given counts (over total T), the counts
    (over T**2) of the better of two independent tries: F(r)**2 - F(r-1)**2."""
    kept = []
    below = 0
    cumulative = 0
    for count in counts:
        cumulative += count
        square = cumulative * cumulative
        kept.append(square - below)
        below = square
    return kept
