"""Issue 13 for the D6 System: every parser takes any text to a value or one RollplayError,
in linear time on a megabyte; every number is range-checked where it comes in (rulings D16);
malformed sheets and house rules give one line."""

from __future__ import annotations

import json
import math
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from hypothesis import example, given
from hypothesis import strategies as st

from rollplay import d6
from rollplay.errors import RollplayError
from rollplay.systems.d6.code import parse_bonus, parse_code
from rollplay.systems.d6.houserules import from_mapping as rules_from_mapping
from rollplay.systems.d6.results import parse_related
from rollplay.systems.d6.ruleset import parse_rush
from tests.fuzzing import MEGABYTE, fuzz, takes_a_megabyte

RULES = d6.ruleset()
PARSERS: dict[str, Callable[[str], Any]] = {
    "code": parse_code,
    "bonus": parse_bonus,
    "difficulty": RULES.difficulty,
    "related": parse_related,
    "rush": parse_rush,
}
# Text near what each parser accepts, so the fuzzer reaches past the first character.
NEAR = st.text(alphabet="0123456789dD+-\u2212 :=%_moderatvyEsih\t", max_size=30)
ANY_TEXT = st.one_of(st.text(max_size=60), NEAR)


def one_line(exc: BaseException) -> None:
    message = str(exc)
    assert "\n" not in message
    assert 0 < len(message) < 400


@pytest.mark.fuzz
@pytest.mark.parametrize("name", sorted(PARSERS))
@fuzz
@given(text=ANY_TEXT)
def test_any_text_parses_or_gives_one_error(name: str, text: str) -> None:
    try:
        PARSERS[name](text)
    except RollplayError as exc:
        one_line(exc)


@pytest.mark.parametrize(
    ("name", "text"),
    [
        ("code", "9" * MEGABYTE + "D"),
        ("code", " " * MEGABYTE),
        ("code", "1D+" + "1" * MEGABYTE),
        ("bonus", "+" + "1" * MEGABYTE),
        ("bonus", "+1 " + "why " * (MEGABYTE // 4)),
        ("difficulty", "very " * (MEGABYTE // 5)),
        ("difficulty", "moderate=" + "1" * MEGABYTE),
        ("difficulty", "-" * MEGABYTE + "1"),
        ("related", "1" * MEGABYTE + ":15"),
        ("related", ":" * MEGABYTE),
        ("rush", "5" * MEGABYTE + "%"),
    ],
)
def test_parsers_take_a_megabyte_in_linear_time(name: str, text: str) -> None:
    takes_a_megabyte(PARSERS[name], text)
    with pytest.raises(RollplayError) as caught:
        PARSERS[name](text)
    one_line(caught.value)


BAD_NUMBERS = [2**63, -(2**63), -1, math.nan, math.inf, -math.inf, 1.5, "3", None, True]


@pytest.mark.parametrize("value", BAD_NUMBERS, ids=repr)
@pytest.mark.parametrize(
    "field", ["cp", "prepare", "actions", "second_chance", "carry", "damage_from", "unskilled"]
)
def test_numbers_out_of_range_or_of_the_wrong_kind_are_refused(field: str, value: Any) -> None:
    """Rulings D16: every count a roll takes is a whole number in its range."""
    if value is None and field in ("carry", "damage_from"):
        return  # None is "not given" for these
    if value is True and field == "unskilled":
        return  # True is "the ruleset's modifier"
    if value in (-1, None) and field in ("prepare", "second_chance") and not value:
        return  # falsy: nothing asked (0 doublings, no raise)
    with pytest.raises(RollplayError) as caught:
        d6.check("3D", 10, **{field: value})
    one_line(caught.value)


@pytest.mark.parametrize(
    "value", [*BAD_NUMBERS[:-3], True, 1001, "1001", "-1", "legendary=2000"], ids=repr
)
def test_difficulties_out_of_range_are_refused(value: Any) -> None:
    with pytest.raises(RollplayError) as caught:
        d6.check("3D", value)
    one_line(caught.value)


@pytest.mark.parametrize(
    "pair", [(2**63, 1), (1, 2**63), (math.nan, 1), (1, math.inf), ("19", 15), (19,), 2**63]
)
def test_related_values_are_refused_outside_their_ranges(pair: Any) -> None:
    with pytest.raises(RollplayError) as caught:
        d6.check("3D", 10, related=[pair])
    one_line(caught.value)


@pytest.mark.parametrize(
    "bonus",
    [d6.Bonus(10**6, 0), d6.Bonus(0, 2**63), d6.Bonus(0, math.nan), d6.Bonus(True, 0)],  # type: ignore[arg-type]
)
def test_bonus_values_are_refused_outside_their_ranges(bonus: d6.Bonus) -> None:
    with pytest.raises(RollplayError):
        d6.check("3D", bonuses=[bonus])


def test_a_die_code_value_is_checked_too() -> None:
    with pytest.raises(RollplayError, match="1D to 100D"):
        d6.check(d6.DieCode(0, 5))


# -- sheets ---------------------------------------------------------------------------------

GOOD = {"name": "Kara", "attributes": {"Reflexes": "3D"}, "skills": {"Dodge": "4D"}}


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"attributes": ["Reflexes", "3D"]}, "attributes must be a table"),
        ({"skills": ["Dodge"]}, "skills must be a table"),
        ({"name": None}, "name must be some text"),
        ({"name": ""}, "name must be some text"),
        ({"name": "x" * 101}, "at most 100 characters"),
        ({"system": ["d6"]}, "system must be some text"),
        ({"attributes": {None: "3D"}}, "attribute name None"),
        ({"attributes": {7: "3D"}}, "attribute name 7"),
        ({"attributes": {"x" * 500: "3D"}}, "text of 1 to 100 characters"),
        ({"attributes": {"Reflexes": None}}, "must be a die code"),
        ({"attributes": {"Reflexes": ["3D"] * 10_000}}, "must be a die code"),
        ({"skills": {"Dodge": {"code": None}}}, "must be a die code"),
        ({"skills": {"Dodge": {}}}, "give code and/or attribute"),
        ({"skills": {"Dodge": {"attribute": ["Reflexes"]}}}, "is not on the sheet"),
        ({"skills": {"Dodge": {"attribute": "Reflexes", "code": 4}}}, "must be a die code"),
        ({"skills": {f"S{i}": "3D" for i in range(2001)}}, "at most 2000"),
        ({"character_points": 2**63}, "accepted: 0 to 9999"),
        ({"character_points": -1}, "accepted: 0 to 9999"),
        ({"character_points": math.nan}, "must be a whole number"),
        ({"fate_points": math.inf}, "must be a whole number"),
        ({"fate_points": True}, "must be a whole number"),
        ({"fate_points": "x" * MEGABYTE}, "must be a whole number"),
        ({"x" * MEGABYTE: 1}, "unknown setting"),
        ({7: 1}, "unknown setting 7"),
    ],
)
def test_malformed_sheets_give_one_line(change: dict[Any, Any], message: str) -> None:
    with pytest.raises(RollplayError, match=message) as caught:
        d6.character({**GOOD, **change})
    one_line(caught.value)


def test_a_sheet_that_is_not_a_table() -> None:
    for data in ([GOOD], None, "Kara"):
        with pytest.raises(RollplayError, match="a sheet is a table") as caught:
            d6.character(data)  # type: ignore[arg-type]
        one_line(caught.value)


SCALARS = st.one_of(
    st.none(), st.booleans(), st.integers(), st.floats(), st.text(max_size=12), NEAR
)
JSONISH = st.recursive(
    SCALARS,
    lambda inner: (
        st.lists(inner, max_size=4)
        | st.dictionaries(st.one_of(st.text(max_size=12), st.integers()), inner, max_size=4)
    ),
    max_leaves=20,
)
SHEETISH = st.fixed_dictionaries(
    {},
    optional={
        "name": JSONISH,
        "system": st.one_of(st.just("d6"), JSONISH),
        "attributes": st.one_of(st.dictionaries(st.text(max_size=8), NEAR, max_size=4), JSONISH),
        "skills": st.one_of(
            st.dictionaries(
                st.text(max_size=8),
                st.one_of(NEAR, st.dictionaries(st.sampled_from(["code", "attribute"]), JSONISH)),
                max_size=4,
            ),
            JSONISH,
        ),
        "character_points": JSONISH,
        "fate_points": JSONISH,
    },
)


@pytest.mark.fuzz
@fuzz
@given(data=st.one_of(SHEETISH, JSONISH))
def test_any_sheet_data_is_a_character_or_one_error(data: Any) -> None:
    try:
        kara = d6.character(data)
    except RollplayError as exc:
        one_line(exc)
    else:
        assert kara.attributes
        for code in (*kara.attributes.values(), *kara.skills.values()):
            assert 1 <= code.dice <= 100


REQUESTS = st.builds(
    d6.RollOptions,
    difficulty=st.one_of(st.none(), ANY_TEXT),
    bonuses=st.tuples(ANY_TEXT),
    rush=st.one_of(st.just(0), ANY_TEXT),
    unskilled=st.booleans(),
    name=st.one_of(st.none(), st.text(max_size=120)),
)


@pytest.mark.fuzz
@fuzz
@given(ability=ANY_TEXT, options=REQUESTS)
def test_any_roll_request_is_a_check_or_one_error(ability: str, options: d6.RollOptions) -> None:
    kara = d6.character(GOOD)
    try:
        check, _ = d6.sheet_check(kara, ability, options, RULES)
    except RollplayError as exc:
        one_line(exc)
    else:
        assert check.difficulty is None or 0 <= check.difficulty <= 1000


@pytest.mark.fuzz
@fuzz
@given(data=st.dictionaries(st.sampled_from(_ := sorted(RULES.__dataclass_fields__)), JSONISH))
@example(data={"skills": [{"\n": None}]})  # a key with a line break, named in the error
def test_any_house_rules_are_a_ruleset_or_one_error(data: dict[str, Any]) -> None:
    try:
        rules_from_mapping(data)
    except RollplayError as exc:
        assert "\n" not in str(exc)


def test_sheet_files_of_a_megabyte(tmp_path: Path) -> None:
    """A sheet file is read and refused in linear time: a huge name, a huge skill table."""
    long_name = tmp_path / "long.json"
    long_name.write_text(json.dumps({**GOOD, "skills": {"x" * MEGABYTE: "3D"}}))
    long_yaml = tmp_path / "long.yaml"
    long_yaml.write_text("attributes: {Reflexes: 3D}\nname: " + "y" * MEGABYTE + "\n")
    for path in (long_name, long_yaml):
        takes_a_megabyte(d6.load_sheet, str(path))
        with pytest.raises(
            RollplayError, match=r"at most 100 characters|1 to 100 characters"
        ) as caught:
            d6.load_sheet(path)
        one_line(caught.value)
    wide = {**GOOD, "skills": {f"Skill {i:06}": "3D+1" for i in range(MEGABYTE // 16)}}
    takes_a_megabyte(d6.character, wide)  # type: ignore[arg-type]
    ok = {**GOOD, "skills": {f"Skill {i:04}": "3D+1" for i in range(2000)}}
    takes_a_megabyte(d6.character, ok)  # type: ignore[arg-type]
    assert len(d6.character(ok).skills) == 2000


@pytest.mark.parametrize(
    ("field", "value"), [("bonuses", 7), ("bonuses", [7]), ("related", 19), ("related", [None])]
)
def test_lists_of_the_wrong_kind_are_refused(field: str, value: Any) -> None:
    with pytest.raises(RollplayError) as caught:
        d6.check("3D", 10, **{field: value})
    one_line(caught.value)
    assert d6.check("3D", bonuses="+1D").bonuses == (d6.Bonus(1, 0),)
