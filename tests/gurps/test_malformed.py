"""Malformed GCS files and GURPS sheets never crash (issue 13): whatever a file holds, the
answer is a character or one RollplayError line."""

from __future__ import annotations

import json
import math
import re
from collections.abc import Callable
from functools import cache
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from rollplay import gurps
from rollplay.errors import RollplayError
from rollplay.systems.gurps.gcs import MAX_DEPTH, from_gcs, read_gcs
from rollplay.systems.gurps.names import MAX_NAME, shown
from tests.fuzzing import fuzz
from tests.gurps.fixtures import FIXTURES, fixture_text, needs_fixtures

DEEP = 100_000
BASE = {"ST": 10, "DX": 10, "IQ": 10, "HT": 10}
ATTRIBUTES = [{"attr_id": a, "calc": {"value": 10}} for a in ("st", "dx", "iq", "ht")]


def one_line(call: Callable[[], Any]) -> str:
    """The message of the RollplayError ``call`` raises: one line, short enough to read."""
    with pytest.raises(RollplayError) as caught:
        call()
    message = str(caught.value)
    assert "\n" not in message
    assert len(message) < 600, message
    return message


def deep_list(depth: int) -> Any:
    """A list nested ``depth`` deep, built without recursion."""
    value: Any = []
    for _ in range(depth):
        value = [value]
    return value


def deep_tuple(depth: int) -> Any:
    value: Any = ()
    for _ in range(depth):
        value = (value,)
    return value


class Deep:
    """A list (or, as a key, a tuple) nested DEEP deep in a sheet below: built by ``built``
    when its test runs, not held from collection on by every worker (a million objects a
    full garbage collection would walk each time)."""

    def __init__(self, kind: type) -> None:
        self.kind = kind


DEEP_LIST, DEEP_KEY = Deep(list), Deep(tuple)


def built(data: Any) -> Any:
    """``data`` with each Deep in it built."""
    if isinstance(data, Deep):
        return deep_list(DEEP) if data.kind is list else deep_tuple(DEEP)
    if isinstance(data, dict):
        return {built(k): built(v) for k, v in data.items()}
    return data


def gcs(**changes: Any) -> dict[str, Any]:
    data: dict[str, Any] = {"version": 5, "attributes": ATTRIBUTES, "skills": []}
    data.update(changes)
    return data


def skill(**fields: Any) -> dict[str, Any]:
    return {"name": "Stealth", "calc": {"level": 12}, **fields}


MALFORMED_GCS: list[tuple[dict[str, Any], str]] = [
    (gcs(attributes={"st": 10}), "attributes is a table; GCS writes a list"),
    (gcs(attributes=[["st", 10]]), r"attributes\[0\] is a list; GCS writes an object"),
    (gcs(skills=5), "skills is 5; GCS writes a list"),
    (gcs(skills={"Stealth": 12}), "skills is a table"),
    (gcs(skills=["Stealth"]), r"skills\[0\] is 'Stealth'; GCS writes a skill"),
    (gcs(profile=["Ann"]), "profile is a list"),
    (gcs(profile={"name": 7}), r"character's name \(profile.name\) must be some text"),
    (gcs(profile={"name": "A" * (MAX_NAME + 1)}), "at most 100"),
    (
        gcs(attributes=[{"attr_id": "st", "calc": {"value": "10"}}]),
        "attribute ST must be a whole number, not '10'",
    ),
    (
        gcs(attributes=[{"attr_id": "st", "calc": {"value": True}}]),
        "attribute ST must be a whole number, not True",
    ),
    (
        gcs(attributes=[{"attr_id": "st", "calc": {"value": 1e308}}]),
        "attribute ST is 1e\\+308; accepted: 0 to 999",
    ),
    (
        gcs(attributes=[{"attr_id": "st", "calc": {"value": 2**63}}]),
        "attribute ST is 9223372036854775808; accepted",
    ),
    (gcs(attributes=[{"attr_id": "st", "calc": {"value": 2**200}}]), "too large to be a level"),
    (
        gcs(attributes=[{"attr_id": "st", "calc": {"value": -1}}]),
        "attribute ST is -1; accepted: 0 to 999",
    ),
    (gcs(attributes=[{"attr_id": "st", "calc": {"value": math.nan}}]), "not a finite number"),
    (gcs(attributes=[{"attr_id": "st"}]), r"attribute ST has no computed value \(calc.value\)"),
    (gcs(attributes=[{"calc": {"value": 10}}]), r"attributes\[0\] has attr_id None"),
    (gcs(attributes=[*ATTRIBUTES, ATTRIBUTES[0]]), "attribute ST is given twice"),
    (gcs(skills=[skill(calc={"level": "12"})]), "skill Stealth must be a whole number, not '12'"),
    (gcs(skills=[skill(calc={"level": False})]), "skill Stealth must be a whole number, not False"),
    (gcs(skills=[skill(calc={"level": 1000})]), "skill Stealth is 1000; accepted: 1 to 999"),
    (gcs(skills=[skill(calc={"level": math.inf})]), "not a finite number"),
    (gcs(skills=[skill(calc=[12])]), "calc of Stealth is a list"),
    (gcs(skills=[skill(name=None)]), r"the name of skills\[0\] must be some text, not None"),
    (gcs(skills=[skill(name="  ")]), r"the name of skills\[0\] is empty"),
    (gcs(skills=[skill(tech_level=7)]), "tech_level of Stealth is 7"),
    (gcs(skills=[skill(specialization=["Urban"])]), "specialization of Stealth must be some text"),
    (gcs(skills=[skill(type=3)]), "has type 3"),
    (gcs(skills=[{"name": "G", "children": {"a": 1}}]), r"skills\[0\].children is a table"),
    (gcs(skills=[{"name": "G", "children": [7]}]), r"skills\[0\].children\[0\] is 7"),
    (
        gcs(skills=[skill(type="technique")]),
        "technique Stealth does not say what it is a technique of",
    ),
    (
        gcs(skills=[skill(default={"type": "skill"})]),
        "the skill technique Stealth belongs to must be some text",
    ),
    (gcs(type=["character"]), "type is a list: not a GCS character file"),
]


@pytest.mark.parametrize(("data", "message"), MALFORMED_GCS)
def test_malformed_gcs_data_gets_one_line(data: dict[str, Any], message: str) -> None:
    found = one_line(lambda: from_gcs(data, "x.gcs"))
    assert re.search(message, found), found
    # The same through a file's text, except that NaN and infinities are refused as text.
    text = json.dumps(data, allow_nan=True)
    through_text = one_line(lambda: read_gcs(text, "x.gcs"))
    assert through_text == found or "is not a number a GCS file holds" in through_text


@pytest.mark.parametrize(
    "text",
    [
        '{"version": 5, "attributes": [{"attr_id": "st", "calc": {"value": Infinity}}]}',
        '{"version": 5, "attributes": [{"attr_id": "st", "calc": {"value": NaN}}]}',
        '{"version": 5, "attributes": [{"attr_id": "st", "calc": {"value": -Infinity}}]}',
    ],
)
def test_non_numbers_in_the_text_are_refused(text: str) -> None:
    assert "is not a number a GCS file holds" in one_line(lambda: read_gcs(text, "x.gcs"))


def test_a_number_of_5000_digits_is_refused() -> None:
    text = '{"version": 5, "attributes": [{"attr_id": "st", "calc": {"value": ' + "9" * 5000
    assert "not valid JSON" in one_line(lambda: read_gcs(text + "}}]}", "x.gcs"))


@pytest.mark.parametrize("opening", ["[", '{"a":'])
def test_nesting_100000_deep_is_refused(opening: str) -> None:
    closing = "]" if opening == "[" else "}"
    text = '{"version": 5, "skills": ' + opening * DEEP + "1" + closing * DEEP + "}"
    assert f"at most {MAX_DEPTH} levels" in one_line(lambda: read_gcs(text, "x.gcs"))


def test_nesting_past_the_limit_but_within_python_is_refused() -> None:
    text = json.dumps(gcs(notes=deep_list(MAX_DEPTH + 5)))
    assert f"at most {MAX_DEPTH} levels" in one_line(lambda: read_gcs(text, "x.gcs"))
    assert read_gcs(json.dumps(gcs(notes=deep_list(MAX_DEPTH - 5))), "x.gcs")["skills"] == {}


def test_deep_containers_built_in_python_are_refused() -> None:
    tree: dict[str, Any] = skill()
    for _ in range(DEEP):
        tree = {"name": "Group", "children": [tree]}
    assert "containers deep" in one_line(lambda: from_gcs(gcs(skills=[tree])))


# -- GURPS sheets: the same promise for the sheet format (docs/gurps.md) --------------------

MALFORMED_SHEETS: list[tuple[Any, str | None]] = [
    ([BASE], "a GURPS sheet is a table of settings, not a list"),
    (
        {"attributes": BASE, "skills": [["Search", 12]]},
        "skills must be a table of names and values; it is a list",
    ),
    ({"attributes": 10}, "attributes must be a table of names and values; it is 10"),
    ({"attributes": {**BASE, "ST": "10"}}, "attribute ST must be a whole number, not '10'"),
    ({"attributes": {**BASE, "ST": math.inf}}, "not a finite number"),
    ({"attributes": {**BASE, "ST": math.nan}}, "not a finite number"),
    ({"attributes": {**BASE, "ST": 1e308}}, "attribute ST must be a whole number, not 1e\\+308"),
    (
        {"attributes": {**BASE, "ST": 2**63}},
        "attribute ST is 9223372036854775808; accepted: 0 to 999",
    ),
    ({"attributes": {**BASE, "ST": 10**5000}}, "too large to be a level"),
    ({"attributes": {**BASE, "ST": False}}, "attribute ST must be a whole number, not False"),
    (
        {"attributes": {**BASE, "ST": DEEP_LIST}},
        "attribute ST must be a whole number, not a list",
    ),
    ({"attributes": {**BASE, 7: 10}}, "unknown attribute 7"),
    ({"attributes": BASE, "skills": {"Search": DEEP_LIST}}, "a skill is a level"),
    (
        {"attributes": BASE, "skills": {"Search": {"level": DEEP_LIST}}},
        "must be a whole number, not a list",
    ),
    ({"attributes": BASE, "skills": {("a",): 12}}, "a skill's name must be some text, not a list"),
    ({"attributes": BASE, "skills": {"S" * 101: 12}}, "at most 100"),
    ({"attributes": BASE, "skills": {"S" * 1_000_000: 12}}, "1000000 characters long; at most 100"),
    ({"attributes": BASE, "skills": {"Guns (@Specialty@)": 12}}, "template placeholder"),
    ({"attributes": BASE, "defaults": {"Forgery": DEEP_LIST}}, "bad default a list"),
    ({"attributes": BASE, "defaults": {"Forgery": ["IQ-5"] * 21}}, "21 given; at most 20"),
    ({"attributes": BASE, "defaults": {"Forgery": ["IQ-1000"]}}, "at most 999 either way"),
    ({"attributes": BASE, "name": DEEP_LIST}, "name must be some text, not a list"),
    ({"attributes": BASE, "name": "Ann\nBob"}, None),  # tidied to one line: "Ann Bob"
    ({"attributes": BASE, "system": ["gurps"]}, "system is a list"),
    ({"attributes": BASE, DEEP_KEY: 1}, "unknown setting a list"),
    ({"attributes": BASE, "skills": {DEEP_KEY: 1}}, "must be some text, not a list"),
    ({"attributes": BASE, "skills": {f"S{i}": 10 for i in range(2001)}}, "at most 2000"),
]


@pytest.mark.parametrize(("data", "message"), MALFORMED_SHEETS, ids=shown)
def test_malformed_sheets_get_one_line(data: Any, message: str | None) -> None:
    data = built(data)
    if message is None:
        assert gurps.character(data).name == "Ann Bob"
        return
    found = one_line(lambda: gurps.character(data))
    assert re.search(message, found), found


@pytest.mark.parametrize(
    ("name", "text", "message"),
    [
        ("deep.json", '{"attributes": ' + "[" * DEEP + "]" * DEEP + "}", "nested deeper"),
        ("deep.yaml", "attributes: " + "[" * DEEP + "]" * DEEP, "nested deeper"),
        ("nan.json", '{"attributes": {"ST": NaN, "DX": 10, "IQ": 10, "HT": 10}}', "not a number"),
        ("big.json", '{"attributes": {"ST": 1e999, "DX": 10, "IQ": 10, "HT": 10}}', "not a number"),
        ("bool.yaml", "attributes: {ST: yes, DX: 10, IQ: 10, HT: 10}", "not True"),
        ("list.yaml", "attributes: {ST: 10, DX: 10, IQ: 10, HT: 10}\nskills: [Search]", "a list"),
    ],
)
def test_malformed_sheet_files_get_one_line(
    tmp_path: Path, name: str, text: str, message: str
) -> None:
    path = tmp_path / name
    path.write_text(text)
    found = one_line(lambda: gurps.load_sheet(path))
    assert message in found
    assert str(path) in found


# -- fuzz targets -------------------------------------------------------------------------

_SENTINEL = "\u0000deep\u0000"

_scalars = (
    st.none()
    | st.booleans()
    | st.integers(-(2**70), 2**70)
    | st.sampled_from([0, -1, 1, 999, 1000, 2**63, -(2**63), 10**30])
    | st.floats(allow_nan=True, allow_infinity=True)
    | st.sampled_from([1e308, -1e308, 12.5, 0.5])
    | st.text(max_size=12)
    | st.sampled_from(["@Specialty@", "<?xml", "", " ", "IQ-5", "skill", "technique", "10"])
    | st.just(_SENTINEL)
)
_json = st.recursive(
    _scalars,
    lambda inner: (
        st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4)
    ),
    max_leaves=10,
)


@cache
def _paths(name: str) -> list[tuple[Any, ...]]:
    """Every place in a fixture: each object's keys and each list's indexes, in order."""
    found: list[tuple[Any, ...]] = [()]
    stack: list[tuple[Any, tuple[Any, ...]]] = [(json.loads(fixture_text(name)), ())]
    while stack:
        node, path = stack.pop()
        items = node.items() if isinstance(node, dict) else enumerate(node)
        for key, child in items:
            found.append((*path, key))
            if isinstance(child, dict | list):
                stack.append((child, (*path, key)))
    return found


def _replace(data: Any, path: tuple[Any, ...], value: Any) -> Any:
    if not path:
        return value
    parent = data
    for key in path[:-1]:
        parent = parent[key]
    parent[path[-1]] = value
    return data


@needs_fixtures
@pytest.mark.fuzz
@fuzz
@given(
    st.sampled_from(FIXTURES),
    st.lists(st.tuples(st.integers(0, 10**9), _json), min_size=1, max_size=4),
    st.integers(0, 3000),
)
def test_fuzz_mutated_gcs_files_import_or_give_one_error(
    name: str, changes: list[tuple[int, Any]], depth: int
) -> None:
    # Replace random subtrees of a real file with other JSON values (and, where the value is
    # the sentinel, with nesting up to 3,000 deep), then import it.
    data = json.loads(fixture_text(name))
    paths = _paths(name)
    for index, value in changes:
        path = paths[index % len(paths)]
        try:
            data = _replace(data, path, value)
        except (KeyError, IndexError, TypeError):
            continue  # an earlier change removed this place
    text = json.dumps(data, allow_nan=True)
    text = text.replace(json.dumps(_SENTINEL), "[" * depth + "]" * depth)
    try:
        sheet = read_gcs(text, name)
    except RollplayError as exc:
        assert "\n" not in str(exc)
        return
    _sheet_rolls(sheet)


def _sheet_rolls(data: Any) -> None:
    """A sheet that loads can roll every one of its skills, or say in one line why not."""
    try:
        character = gurps.character(data)
    except RollplayError as exc:
        assert "\n" not in str(exc)
        return
    rules = gurps.ruleset()
    for ability in [*character.skills, "Lockpicking", "IQ"]:
        try:
            gurps.odds(ability, character=character, ruleset=rules)
        except RollplayError as exc:
            assert "\n" not in str(exc)


_names = st.text(max_size=12) | st.sampled_from(
    ["Search", "Guns (Pistol)", "Navigation/TL7 (Sea)", "@X@"]
)
_junk = st.recursive(
    _scalars.filter(lambda v: v != _SENTINEL),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(_names, inner, max_size=3),
    max_leaves=12,
)


@pytest.mark.fuzz
@fuzz
@given(
    st.fixed_dictionaries(
        {},
        optional={
            "name": _junk,
            "system": st.sampled_from(["gurps", "GURPS", "fs3"]) | _junk,
            "attributes": st.dictionaries(
                st.sampled_from(["ST", "DX", "IQ", "HT", "Will", "Per", "st", "x"]),
                st.integers(-5, 1005) | _junk,
            )
            | _junk,
            "skills": st.dictionaries(_names, st.integers(-5, 1005) | _junk) | _junk,
            "defaults": st.dictionaries(
                _names, st.lists(st.sampled_from(["IQ-5", "Per-6", "Search-2", "DX"]) | _junk)
            )
            | _junk,
        },
    )
    | _junk,
    st.sets(st.text(max_size=5), max_size=2),
)
def test_fuzz_any_sheet_mapping_loads_or_gives_one_error(data: Any, extra: set[str]) -> None:
    if isinstance(data, dict):
        data = {**data, **dict.fromkeys(extra, 1)}
    _sheet_rolls(data)
