"""`rollplay heal day`'s PATIENT=DOCTOR and COMBAT:VEHICLE=MECHANIC options."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from rollplay.errors import RollplayError
from rollplay.table.combat.healing import parse_doctors, parse_repair
from tests.fuzzing import MEGABYTE, fuzz, takes_a_megabyte


def test_pairs() -> None:
    assert parse_doctors(["Nikos = Doc", "Mavros=Doc"]) == {"Nikos": "Doc", "Mavros": "Doc"}
    assert parse_repair(" Hangar : Jeep = Mavros") == ("Hangar", "Jeep", "Mavros")
    with pytest.raises(RollplayError, match="one per patient"):
        parse_doctors(["Nikos=Doc", "nikos=Mavros"])  # 004: only one doctor a patient
    with pytest.raises(RollplayError, match="write PATIENT=DOCTOR"):
        parse_doctors(["Nikos"])
    with pytest.raises(RollplayError, match="write COMBAT:VEHICLE=MECHANIC"):
        parse_repair("Hangar=Mavros")


@pytest.mark.fuzz
@fuzz
@given(st.text(max_size=120))
def test_fuzz_pairs(text: str) -> None:
    for parse in (lambda t: parse_doctors([t]), parse_repair):
        try:
            parsed = parse(text)
        except RollplayError as exc:
            assert "\n" not in str(exc)
            continue
        assert parsed


def test_pairs_parse_in_linear_time() -> None:
    for text in ("a" * MEGABYTE, "a=" * (MEGABYTE // 2), ":" * MEGABYTE + "=x"):
        takes_a_megabyte(lambda t: parse_doctors([t]), text)
        takes_a_megabyte(parse_repair, text)
