"""GCS (GURPS Character Sheet) import, JSON format versions 2 to 5, on the real fixtures and
on the shapes they use: specializations, tech levels, techniques, nested containers, template
placeholders, and the files rollplay does not read (rulings G10, G14)."""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

import pytest

from rollplay import gurps
from rollplay.dice import ScriptedDice
from rollplay.errors import RollplayError
from rollplay.systems.gurps.character import SheetError
from rollplay.systems.gurps.gcs import from_gcs, read_gcs
from tests.clirun import fails_cleanly, run_json
from tests.gurps.fixtures import FIXTURES, GCS, fixture_data, needs_fixtures

ATTRIBUTES = [{"attr_id": a, "calc": {"value": 10}} for a in ("st", "dx", "iq", "ht")]


def load(name: str) -> dict[str, Any]:
    return read_gcs((GCS / name).read_text(encoding="utf-8"), name)


def character(*skills: dict[str, Any]) -> dict[str, Any]:
    return {"version": 5, "attributes": ATTRIBUTES, "skills": list(skills)}


@needs_fixtures
def test_louis() -> None:
    louis = load("louis-dantares.gcs")
    assert louis["name"] == 'Haut-Cornet "Louis" d\'Antares'
    assert louis["attributes"] == {"ST": 10, "DX": 14, "IQ": 11, "HT": 12, "Will": 12, "Per": 11}
    # Named as GCS shows them: the tech level after the name, a technique with its skill.
    assert louis["skills"]["Beam Weapons/TL5+4 (Pistol)"] == 14
    assert louis["skills"]["Connoisseur (Wine)"] == 12
    assert louis["skills"]["Feint (Force Sword)"] == 19  # a technique of Force Sword
    character = gurps.character(louis)
    assert character.level("Rapier", gurps.ruleset()).value == 14
    # Untrained, the built-in Lockpicking default applies: IQ 11 - 5.
    assert character.level("Lockpicking", gurps.ruleset()).value == 6


@needs_fixtures
def test_orc_leader() -> None:
    orc = load("orc-leader.gcs")
    assert orc["attributes"]["ST"] == 12
    assert orc["skills"] == {"Bow": 13, "Brawling": 14, "Shield (Shield)": 13, "Shortsword": 14}


@needs_fixtures
@pytest.mark.parametrize("name", FIXTURES)
@pytest.mark.parametrize("version", [2, 3, 4])
def test_versions_2_to_4_read_like_5(name: str, version: int) -> None:
    # Format versions 2 to 5 share the version 5 layout.
    data = fixture_data(name)
    expected = from_gcs(data, name)
    data["version"] = version
    assert read_gcs(json.dumps(data), name) == expected


def _typed(items: list[Any]) -> None:
    """Give every entry the ``type`` GCS files before version 5 carried."""
    for item in items:
        if "children" in item:
            item["type"] = "skill_container"
            _typed(item["children"])
        else:
            item["type"] = "technique" if "default" in item else "skill"


@needs_fixtures
@pytest.mark.parametrize("name", FIXTURES)
def test_entries_with_an_explicit_type_read_the_same(name: str) -> None:
    data = fixture_data(name)
    typed = copy.deepcopy(data)
    typed["version"] = 3
    typed["type"] = "character"
    _typed(typed["skills"])
    assert from_gcs(typed, name) == from_gcs(data, name)


@needs_fixtures
def test_rolls_on_an_imported_sheet_go_by_those_names(capsys: pytest.CaptureFixture[str]) -> None:
    louis = gurps.load_gcs(GCS / "louis-dantares.gcs")
    assert gurps.load_sheet(GCS / "louis-dantares.gcs") == louis
    rules = gurps.ruleset()
    assert louis.level("Feint (Force Sword)", rules).value == 19
    assert louis.level("Beam Weapons/TL5+4 (Pistol)", rules).value == 14
    # One tech level on the sheet: the name without it finds it.
    assert louis.level("Beam Weapons (Pistol)", rules).ability == "Beam Weapons/TL5+4 (Pistol)"
    path = str(GCS / "louis-dantares.gcs")
    data = run_json(capsys, "gurps", "roll", "Feint (Force Sword)", "--sheet", path,
                    "--faces", "6,6,6")  # fmt: skip
    assert (data["skill"], data["base"], data["outcome"]) == (
        "Feint (Force Sword)",
        19,
        "critical failure",
    )


def test_nested_containers() -> None:
    data = {
        "version": 5,
        "profile": {"name": "Nested"},
        "attributes": ATTRIBUTES,
        "skills": [
            {"name": "Group", "children": [
                {"name": "Inner", "children": [{"name": "Stealth", "calc": {"level": 12}}]},
                {"name": "Guns", "specialization": "Rifle", "calc": {"level": 13}},
            ]},
            {"name": "No level yet"},
            {"name": "Empty", "type": "skill_container"},
        ],
    }  # fmt: skip
    sheet = from_gcs(data)
    assert sheet["skills"] == {"Stealth": 12, "Guns (Rifle)": 13}
    assert sheet["attributes"] == {"ST": 10, "DX": 10, "IQ": 10, "HT": 10}


def test_tech_levels_stay_separate_skills() -> None:
    # GCS stores a skill's tech level in tech_level and shows it as Name/TLn (Specialty).
    sheet = from_gcs(
        character(
            {"name": "Navigation", "specialization": "Sea", "tech_level": "2",
             "calc": {"level": 12}},
            {"name": "Navigation", "specialization": "Sea", "tech_level": "7",
             "calc": {"level": 10}},
            {"name": "Driving", "specialization": "Automobile", "tech_level": "",
             "calc": {"level": 9}},
        )
    )  # fmt: skip
    assert sheet["skills"] == {
        "Navigation/TL2 (Sea)": 12,
        "Navigation/TL7 (Sea)": 10,
        "Driving (Automobile)": 9,  # no tech level chosen yet
    }
    navigator = gurps.character(sheet)
    rules = gurps.ruleset()
    assert navigator.level("Navigation/TL7 (Sea)", rules).value == 10
    assert navigator.level("navigation/tl2 (sea)", rules).value == 12
    with pytest.raises(SheetError, match=r"more than one tech level .*say which"):
        navigator.level("Navigation (Sea)", rules)


def test_an_untrained_tech_level_skill_defaults_like_its_skill() -> None:
    # 001 Default Rolls: Driving defaults to DX-5, at any tech level and specialty (G8).
    anyone = gurps.character(from_gcs(character()))
    level = anyone.level("Driving/TL7 (Automobile)", gurps.ruleset())
    assert (level.value, level.via) == (5, "DX-5")


def test_techniques_name_what_they_are_techniques_of() -> None:
    sheet = from_gcs(
        character(
            {"name": "Feint", "default": {"type": "skill", "name": "Rapier"},
             "calc": {"level": 15}},
            {"name": "Feint", "default": {"type": "skill", "name": "Broadsword"},
             "calc": {"level": 13}},
            {"name": "Off-Hand Weapon Training", "type": "technique",
             "default": {"type": "skill", "name": "Guns", "specialization": "Pistol",
                         "modifier": -4},
             "calc": {"level": 11}},
            {"name": "Kicking", "default": {"type": "dx", "modifier": -2},
             "calc": {"level": 9}},
        )
    )  # fmt: skip
    assert sheet["skills"] == {
        "Feint (Rapier)": 15,
        "Feint (Broadsword)": 13,
        "Off-Hand Weapon Training (Guns (Pistol))": 11,
        "Kicking (DX)": 9,
    }
    fencer = gurps.character(sheet)
    r = gurps.roll("Feint (Broadsword)", character=fencer, dice=ScriptedDice([4, 4, 4]))
    assert (r.base, r.success) == (13, True)


@pytest.mark.parametrize(
    ("skill", "named"),
    [
        ({"name": "Guns", "specialization": "@Specialty@", "calc": {"level": 12}}, "Guns"),
        ({"name": "@Skill Name@", "calc": {"level": 12}}, "@Skill Name@"),
        ({"name": "Area Knowledge", "specialization": "The @Region@ Coast",
          "calc": {"level": 12}}, "Area Knowledge"),
        ({"name": "Feint", "default": {"type": "skill", "name": "Melee",
                                       "specialization": "@Weapon@"},
          "calc": {"level": 12}}, "Melee"),
        ({"name": "Guns", "specialization": "@Specialty@"}, "Guns"),  # even without a level
    ],
)  # fmt: skip
def test_template_placeholders_are_refused_naming_the_skill(
    skill: dict[str, Any], named: str
) -> None:
    with pytest.raises(SheetError, match="template placeholder") as caught:
        from_gcs(character(skill))
    assert named in str(caught.value)


def test_a_duplicate_keeps_the_higher_level() -> None:
    sheet = from_gcs(
        character(
            {"name": "Stealth", "calc": {"level": 11}},
            {"name": "Group", "children": [{"name": "stealth", "calc": {"level": 13}}]},
        )
    )
    assert sheet["skills"] == {"Stealth": 13}


XML = '<?xml version="1.0" encoding="UTF-8"?>\n<character version="4">\n</character>\n'


@pytest.mark.parametrize(
    ("text", "message"),
    [
        (XML, "an XML character file from GCS 4 or older.*save it again"),
        ("\ufeff  <character/>", "an XML character file"),
        ('{"version": 1, "attributes": []}', "format version 1, older than rollplay reads.*save"),
        ('{"version": 6, "attributes": []}', "version 6 is newer than rollplay reads"),
        ('{"version": 0, "attributes": []}', "version 0 is not one GCS writes"),
        ('{"version": "5", "attributes": []}', "version is '5'; GCS writes a whole number"),
        ('{"version": 5}', "not a GCS character \\(no attributes\\)"),
        ('{"attributes": []}', "no version: not a GCS character file"),
        ('{"version": 5, "attributes": []}', "no computed value for ST, DX, IQ, HT"),
        ('{"type": "skill_list", "version": 5, "rows": []}', "a GCS 'skill_list' file"),
        ("[1, 2]", "its top level is a list"),
        ("", "not valid JSON"),
        ("{", "not valid JSON"),
    ],
)
def test_files_rollplay_does_not_read_get_one_line(text: str, message: str) -> None:
    with pytest.raises(SheetError, match=message) as caught:
        read_gcs(text, "hero.gcs")
    assert str(caught.value).startswith("hero.gcs: ")
    assert "\n" not in str(caught.value)


def test_an_xml_file_at_the_command_line(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    path = tmp_path / "old.gcs"
    path.write_text(XML)
    err = fails_cleanly(capsys, "gurps", "roll", "Stealth", "--sheet", str(path))
    assert "old.gcs: an XML character file" in err
    assert "save it again" in err
    for bad, needle in ((tmp_path / "none.gcs", "cannot read it"), (tmp_path, "cannot read it")):
        with pytest.raises(SheetError, match=needle):
            gurps.load_gcs(bad)
    latin = tmp_path / "latin.gcs"
    latin.write_bytes(b'{"version": 5, "profile": {"name": "Jos\xe9"}}')
    with pytest.raises(SheetError, match="not UTF-8"):
        gurps.load_gcs(latin)


def test_bad_gcs_data_is_a_rollplay_error() -> None:
    with pytest.raises(RollplayError, match="not a GCS character"):
        from_gcs({"version": 5})
