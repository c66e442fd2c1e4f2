"""The examples in the public docstrings run as written."""

from __future__ import annotations

import doctest
from types import ModuleType

import pytest

import rollplay.fs3
import rollplay.gurps


@pytest.mark.parametrize("module", [rollplay.fs3, rollplay.gurps], ids=lambda m: m.__name__)
def test_facade_doctests(module: ModuleType) -> None:
    result = doctest.testmod(module)
    assert result.attempted > 0
    assert result.failed == 0
