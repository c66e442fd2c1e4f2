"""004 Burst Fire."""

from __future__ import annotations

import pytest

from rollplay.errors import RuleError
from rollplay.systems.fs3.combat.auto import burst_size, recoil_modifiers, spread


def test_004_burst_example() -> None:
    # Recoil 1, 10 attack rolls: -0, -1, -2, ...
    assert recoil_modifiers(10, 1) == [0, -1, -2, -3, -4, -5, -6, -7, -8, -9]
    assert recoil_modifiers(3, 2) == [0, -2, -4]


def test_004_spread_example() -> None:
    # 10 rounds at Jane, Harry and Marcus: 2 lost in switching, 8 left: 3, 3, 2.
    assert spread(10, 3) == [3, 3, 2]
    assert spread(10, 1) == [10]
    assert spread(10, 5) == [2, 1, 1, 1, 1]  # 4 lost, 6 left


def test_partial_bursts_and_limits() -> None:
    assert burst_size(10, 4, 1) == 4  # an emptying clip fires what it has
    assert burst_size(10, 5, 3) == 5  # 3 targets need 3 bullets + 2 lost
    with pytest.raises(RuleError, match="cannot reach 3 targets"):
        burst_size(10, 4, 3)
    with pytest.raises(RuleError, match="1 to 5 targets"):
        spread(10, 6)
    with pytest.raises(RuleError, match="does not fire bursts"):
        burst_size(0, 10, 1)
