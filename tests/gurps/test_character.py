"""GURPS character sheets: the file format, its validation, and defaults."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

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
        ({"attributes": {**BASE, "ST": "strong"}}, "attributes.ST"),
        ({"attributes": {**BASE, "ST": True}}, "attributes.ST"),
        ({"attributes": {**BASE, "ST": -1}}, "attribute ST is -1; accepted: 0 to 999"),
        ({"attributes": BASE, "skils": {}}, "unknown setting \\(did you mean skills"),
        ({"attributes": BASE, "skills": {"Search": "good"}}, "a skill is a level"),
        ({"attributes": BASE, "skills": {"Search": {"lvl": 3}}}, "skills.Search.level"),
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
