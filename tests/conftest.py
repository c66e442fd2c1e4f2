from __future__ import annotations

import pytest

from rollplay.systems.fs3.presets import FS3_2, FS3_3
from rollplay.systems.fs3.ruleset import FS3Ruleset


@pytest.fixture(params=["3.3", "3.2"])
def edition(request: pytest.FixtureRequest) -> str:
    return str(request.param)


@pytest.fixture
def v33() -> FS3Ruleset:
    return FS3_3


@pytest.fixture
def v32() -> FS3Ruleset:
    return FS3_2
