"""GURPS character sheets: the file format, its validation, and defaults."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from rollplay import gurps
from rollplay.errors import RuleError
from rollplay.systems.gurps.character import SheetError, parse_default

EXAMPLE = Path(__file__).parents[2] / "examples" / "gurps" / "vance.yaml"
BASE = {"ST": 10, "DX": 11, "IQ": 12, "HT": 10}


def sheet(**extra: Any) -> gurps.Character:
    return gurps.character({"name": "Ann", "attributes": BASE, **extra})


def test_example_sheet_loads() -> None:
    vance = gurps.load_sheet(EXAMPLE)
    rules = gurps.ruleset()
    assert vance.name == "Inspector Vance"
    assert vance.attributes == {"ST": 10, "DX": 11, "IQ": 12, "HT": 10, "Will": 13, "Per": 12}
    assert vance.level("Interrogation", rules).value == 11
    assert vance.level("Detect Lies", rules).via == "Psychology-4"
    assert vance.level("driving (automobile)", rules).value == 10
    with pytest.raises(RuleError, match="no default"):
        vance.level("Thaumatology", rules)


@pytest.mark.parametrize("suffix", [".toml", ".json", ".yml"])
def test_every_file_format(tmp_path: Path, suffix: str) -> None:
    data = {"name": "Ann", "attributes": BASE, "skills": {"Search": 13}}
    path = tmp_path / f"ann{suffix}"
    if suffix == ".toml":
        import tomli_w

        path.write_text(tomli_w.dumps(data))
    elif suffix == ".json":
        path.write_text(json.dumps(data))
    else:
        import yaml

        path.write_text(yaml.safe_dump(data))
    ann = gurps.load_sheet(path)
    assert ann.skills == {"Search": 13}
    assert ann.attributes["Per"] == 12  # Will and Per default to IQ (rulings G7)


@pytest.mark.parametrize(
    ("data", "message"),
    [
        ({"attributes": {"IQ": 12}}, "missing attributes ST, DX, HT"),
        ({"attributes": {**BASE, "Wil": 12}}, "unknown attribute 'Wil' \\(did you mean Will"),
        ({"attributes": {**BASE, "iq": 13}}, "IQ is given twice"),
        ({"attributes": {**BASE, "ST": "strong"}}, "attribute ST must be a whole number"),
        ({"attributes": {**BASE, "ST": True}}, "attribute ST must be a whole number"),
        ({"attributes": [10, 10]}, "attributes must be a table"),
        ({"name": "Ann"}, "attributes must be a table of names and values; it is missing"),
        ({"name": 3, "attributes": BASE}, "name must be some text"),
        ({"attributes": {**BASE, "ST": -1}}, "attribute ST is -1; accepted: 0 to 999"),
        ({"attributes": BASE, "skils": {}}, "unknown setting 'skils' \\(did you mean skills"),
        ({"attributes": BASE, "skills": {"Search": "good"}}, "a skill is a level"),
        ({"attributes": BASE, "skills": {"Search": {"lvl": 3}}}, "skill Search: give level"),
        ({"attributes": BASE, "skills": {"Search": {"level": 3.5}}}, "must be a whole number"),
        ({"attributes": BASE, "defaults": {"Forgery": 5}}, "a list like"),
        ({"attributes": BASE, "skills": {"IQ": 3}}, "an attribute's name"),
        ({"attributes": BASE, "skills": {"Search": 1000}}, "skill Search is 1000"),
        ({"attributes": BASE, "defaults": {"Forgery": ["IQ-"]}}, "bad default"),
        ({"attributes": BASE, "defaults": {"Forgery": ["Forgery-2"]}}, "default to itself"),
        ({"attributes": BASE, "system": "fs3"}, "this is a fs3 sheet"),
    ],
)
def test_bad_sheets_say_what_is_wrong(data: dict[str, Any], message: str) -> None:
    with pytest.raises(SheetError, match=message):
        gurps.character(data)


@pytest.mark.parametrize(
    ("name", "text", "message"),
    [
        ("broken.yaml", "attributes: [1, 2", "not valid YAML"),
        ("broken.toml", "attributes = {", "not valid TOML"),
        ("list.json", "[1, 2]", "expected a table"),
        ("sheet.ini", "x", "use a .toml, .yaml, .yml or .json file"),
    ],
)
def test_bad_sheet_files(tmp_path: Path, name: str, text: str, message: str) -> None:
    path = tmp_path / name
    path.write_text(text)
    with pytest.raises(SheetError, match=message):
        gurps.load_sheet(path)


def test_missing_sheet_file(tmp_path: Path) -> None:
    with pytest.raises(SheetError, match="cannot read it"):
        gurps.load_sheet(tmp_path / "nobody.yaml")


def test_parse_default() -> None:
    assert str(parse_default("IQ-5")) == "IQ-5"
    assert parse_default("per - 6").source == "Per"
    assert parse_default("Per-6").attribute
    d = parse_default("Driving (Automobile)-2")
    assert (d.source, d.modifier, d.attribute) == ("Driving (Automobile)", -2, False)
    assert parse_default("DX").modifier == 0


def test_sheet_defaults_override_the_built_in_ones() -> None:
    ann = sheet(defaults={"Lockpicking": ["DX-4"]})
    assert ann.level("Lockpicking", gurps.ruleset()).via == "DX-4"


def test_no_default_from_a_default() -> None:
    # Interrogation's skill defaults need the skills themselves (rulings G5).
    ann = sheet(defaults={"Interrogation": ["Intimidation-3"]})
    with pytest.raises(RuleError, match="a default cannot come from a default"):
        ann.level("Interrogation", gurps.ruleset())


def test_a_trained_skill_is_never_below_its_default() -> None:
    # Rulings G4: a sheet's level below the best default rolls the default.
    ann = sheet(skills={"Lockpicking": 5})
    level = ann.level("Lockpicking", gurps.ruleset())
    assert (level.value, level.via, level.trained) == (7, "IQ-5", True)
    assert sheet(skills={"Lockpicking": 9}).level("Lockpicking", gurps.ruleset()).value == 9


def test_unknown_skill_suggests_a_name() -> None:
    with pytest.raises(SheetError, match="did you mean Lockpicking"):
        sheet().level("Lockpiking", gurps.ruleset())


def test_specialties_default_like_their_skill() -> None:
    assert sheet().level("Driving (Motorcycle)", gurps.ruleset()).value == 6


_names = st.text(st.characters(categories=["L"]), min_size=1, max_size=12)


@given(_names, st.integers(-999, 999))
def test_default_round_trip(source: str, value: int) -> None:
    text = f"{source}{value:+d}" if value else source
    d = parse_default(text)
    assert (d.source.casefold(), d.modifier) == (source.casefold(), value)
    assert str(parse_default(str(d))) == str(d)


_junk = st.recursive(
    st.none() | st.booleans() | st.integers(-2000, 2000) | st.floats() | st.text(max_size=8),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=8), inner),
    max_leaves=12,
)


@given(
    st.fixed_dictionaries(
        {},
        optional={
            "name": _junk,
            "attributes": st.dictionaries(
                st.sampled_from(["ST", "DX", "IQ", "HT", "Will", "Per", "x"]), _junk
            )
            | _junk,
            "skills": st.dictionaries(_names, _junk) | _junk,
            "defaults": st.dictionaries(_names, _junk) | _junk,
        },
    )
)
def test_any_sheet_loads_or_fails_with_a_sheet_error(data: dict[str, Any]) -> None:
    # Whatever a sheet holds, the answer is a character or one SheetError, never a crash.
    try:
        ann = gurps.character(data)
    except SheetError as exc:
        assert "\n" not in str(exc)
        return
    assert set(ann.attributes) == {"ST", "DX", "IQ", "HT", "Will", "Per"}
    assert all(isinstance(v, int) for v in ann.skills.values())
