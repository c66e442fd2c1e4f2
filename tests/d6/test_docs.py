"""The examples in rollplay.d6's docstring run as written (tests/test_docs.py covers the other
facades)."""

from __future__ import annotations

import doctest

import rollplay.d6


def test_d6_facade_doctests() -> None:
    result = doctest.testmod(rollplay.d6)
    assert result.attempted > 0
    assert result.failed == 0
