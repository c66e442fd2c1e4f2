"""Die codes and sheets: parsing, arithmetic, validation."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from rollplay import d6
from rollplay.errors import RollplayError
from rollplay.systems.d6.character import SheetError
from rollplay.systems.d6.code import CodeError, DieCode, parse_code

KARA = Path(__file__).parents[2] / "examples" / "d6" / "kara.yaml"


@pytest.mark.parametrize(
    ("text", "code"),
    [("4D", (4, 0)), ("4D+2", (4, 2)), ("1d+1", (1, 1)), (" 12 D + 2 ", (12, 2))],
)
def test_codes(text: str, code: tuple[int, int]) -> None:
    assert parse_code(text) == code


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("4X", "bad die code"),
        ("0D", "at least 1D"),
        ("D+", "bad die code"),
        ("D6", "bad die code"),
        ("4D+", "bad die code"),
        ("4D+3", "that is 5D"),
        ("4D-1", "pips run from"),
        ("101D", "at most 100D"),
        ("9" * 5000 + "D", "at most 40 characters"),
        ("", "bad die code"),
    ],
)
def test_bad_codes(text: str, message: str) -> None:
    with pytest.raises(CodeError, match=message):
        parse_code(text)


@given(st.integers(1, 100), st.integers(0, 2))
def test_code_round_trip(dice: int, pips: int) -> None:
    code = DieCode(dice, pips)
    assert parse_code(str(code)) == code


@given(st.text(max_size=12))
def test_any_text_is_a_code_or_one_error(text: str) -> None:
    try:
        code = parse_code(text)
    except CodeError as exc:
        assert "\n" not in str(exc)
    else:
        assert 1 <= code.dice <= 100
        assert 0 <= code.pips <= 2


@given(st.integers(1, 60), st.integers(0, 2), st.integers(-30, 60))
def test_pip_arithmetic(dice: int, pips: int, extra: int) -> None:
    code = DieCode(dice, pips)
    if code.in_pips() + extra < 0:
        with pytest.raises(CodeError):
            code.plus(extra)
        return
    raised = code.plus(extra)
    assert raised.in_pips() == code.in_pips() + extra
    assert 0 <= raised.pips < 3
    assert raised.plus(-extra) == code


@given(st.text(max_size=12))
def test_any_text_is_a_bonus_or_one_error(text: str) -> None:
    try:
        d6.bonus(text)
    except RollplayError as exc:
        assert "\n" not in str(exc)


def test_example_sheet() -> None:
    kara = d6.load_sheet(KARA)
    assert kara.name == "Kara Voss"
    assert kara.code_of("search") == (DieCode(4, 1), "Search")
    assert kara.code_of("Perception") == (DieCode(3, 1), "Perception")
    assert kara.skill_attributes == {"Demolitions": "Knowledge"}
    assert (kara.character_points, kara.fate_points) == (5, 1)
    with pytest.raises(SheetError, match="add --unskilled"):
        kara.code_of("Lockpicking")


@pytest.mark.parametrize(
    ("data", "message"),
    [
        ({}, "attributes must be a table"),
        ({"attributes": {"Reflexes": 3}}, "must be a die code"),
        ({"attributes": {"Reflexes": "3X"}}, "attribute Reflexes: bad die code"),
        ({"attributes": {"Reflexes": "3D", "reflexes": "2D"}}, "given twice"),
        ({"attributes": {"A": "3D"}, "skills": {"A": "4D"}}, "an attribute's name"),
        ({"attributes": {"A": "3D"}, "skills": {"S": {"cod": "4D"}}}, "give code"),
        ({"attributes": {"A": "3D"}, "skills": {"S": {"code": "4D", "attribute": "B"}}}, "'B'"),
        ({"attributes": {"A": "3D"}, "character_points": -1}, "accepted: 0 to 9999"),
        ({"attributes": {"A": "3D"}, "fate_points": "one"}, "must be a whole number"),
        ({"attributes": {"A": "3D"}, "charcter_points": 1}, "did you mean character_points"),
        ({"attributes": {"A": "3D"}, "system": "gurps"}, "not a D6 one"),
    ],
)
def test_bad_sheets(data: dict[str, Any], message: str) -> None:
    with pytest.raises(SheetError, match=message):
        d6.character(data)


@pytest.mark.parametrize("fmt", ["toml", "yaml"])
def test_printed_rules_load_back_unchanged(fmt: str) -> None:
    import dataclasses
    import tomllib

    import yaml

    from rollplay.systems.d6.houserules import dump, from_mapping

    base = d6.ruleset()
    text = dump(base, fmt)
    back = from_mapping(tomllib.loads(text) if fmt == "toml" else yaml.safe_load(text))
    assert back.difficulties == base.difficulties
    assert (back.rushing, back.wild_one, back.pips_per_die) == (
        base.rushing,
        base.wild_one,
        base.pips_per_die,
    )
    assert back == dataclasses.replace(base, name=back.name)  # every field, skills included


@pytest.mark.parametrize(
    ("override", "message"),
    [
        ({"wild_one": "explode"}, "wild_one"),
        ({"pips_per_die": 0}, "pips_per_die must be from 1 to 10"),
        ({"explode_on": 7}, "explode_on"),
        ({"wildone": "cancel"}, "did you mean wild_one"),
        ({"fate_doubles_pips": "sometimes"}, "fate_doubles_pips"),
        ({"multi_action_penalty": 11}, "multi_action_penalty must be from 0 to 10"),
        ({"unskilled_modifier": 2**63}, "unskilled_modifier must be from 0 to 1000"),
        ({"rushing": [[100, 5]]}, "percent less time 1 to 99"),
        (
            {"skills": [{"attribute": "A", "skills": ["X"]}, {"attribute": "B", "skills": ["x"]}]},
            "falls under A and B",
        ),
        ({"difficulties": [{"name": "odd", "number": 2000, "lowest": 0}]}, "0 to 1000"),
    ],
)
def test_bad_house_rules(override: dict[str, Any], message: str) -> None:
    from rollplay.errors import RulesetError
    from rollplay.systems.d6.houserules import from_mapping

    with pytest.raises(RulesetError, match=message):
        from_mapping(override)
