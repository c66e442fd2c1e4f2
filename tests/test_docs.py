"""The examples in the public docstrings run as written."""

from __future__ import annotations

import doctest

import rollplay.fs3


def test_fs3_facade_doctest() -> None:
    result = doctest.testmod(rollplay.fs3)
    assert result.attempted > 0
    assert result.failed == 0
