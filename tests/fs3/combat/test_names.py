"""Names in a combat: 1 to 100 characters the command line can address (issue 13)."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from rollplay.errors import RollplayError
from rollplay.systems.fs3.combat.state import check_name
from tests.fuzzing import MEGABYTE, fuzz, takes_a_megabyte


@pytest.mark.fuzz
@fuzz
@given(st.text(max_size=300))
def test_fuzz_names(text: str) -> None:
    try:
        name = check_name(text, "combatant")
    except RollplayError as exc:
        assert "\n" not in str(exc)
        return
    assert 1 <= len(name) <= 100
    assert name == " ".join(text.split())
    assert not name.startswith("-")
    assert "=" not in name
    assert ":" not in name


def test_names_check_in_linear_time() -> None:
    for text in ("a" * MEGABYTE, " " * MEGABYTE, "a " * (MEGABYTE // 2), "=" * MEGABYTE):
        takes_a_megabyte(lambda t: check_name(t, "combat"), text)
