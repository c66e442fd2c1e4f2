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


def convolve(a: list[int], b: list[int]) -> list[int]:
    """Counts of the sum of two independent outcomes (lists indexed from 0).

    Kronecker substitution: each list becomes one big integer with a wide field per count,
    so the whole convolution is a single big-integer multiplication in C.
    """
    if not a or not b:
        return []
    width = max(a).bit_length() + max(b).bit_length() + min(len(a), len(b)).bit_length() + 1
    width = -(-width // 8) * 8  # whole bytes, so the result can be cut with to_bytes
    product = _pack(a, width) * _pack(b, width)
    return _unpack(product, width, len(a) + len(b) - 1)


def power(a: list[int], n: int) -> list[int]:
    """Counts of the sum of ``n`` independent copies of ``a``."""
    result = [1]
    base = a
    while n:
        if n & 1:
            result = convolve(result, base)
        n >>= 1
        if n:
            base = convolve(base, base)
    return result


def _pack(counts: list[int], width: int) -> int:
    step = width // 8
    return int.from_bytes(b"".join(c.to_bytes(step, "little") for c in counts), "little")


def _unpack(value: int, width: int, length: int) -> list[int]:
    step = width // 8
    raw = value.to_bytes(step * length, "little")
    return [int.from_bytes(raw[i : i + step], "little") for i in range(0, len(raw), step)]
