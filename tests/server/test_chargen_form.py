"""The new-character form (issue 31): each system's form read into its model and written as
the sheet the "sheet as text" box makes for the same character (FS3 3.3 and 3.2, GURPS, D6),
the running points total and problems as it is filled, a field no sheet could take in one
line, and the form drawn from the game's ruleset (house rules included)."""

from __future__ import annotations

import html
from typing import Any

import pytest
import yaml
from fastapi.testclient import TestClient
from hypothesis import given, settings
from hypothesis import strategies as st

from rollplay.errors import RollplayError
from rollplay.server.web_characters import _starter, _typed
from rollplay.server.web_chargen import MAX_ROWS, FormError, read_form
from rollplay.server.web_chargen_fields import fields_of
from rollplay.systems.fs3.presets import FS3_2, FS3_3
from rollplay.table.service import Table
from rollplay.table.sheet_limits import stored_sheet
from rollplay.table.systems import system
from tests.server.forms import page_as

Fields = list[tuple[str, str]]


def _same(system_name: str, edition: str, fields: Fields, text: str) -> None:
    """The form's fields and the text box make one stored sheet."""
    rules = system(system_name).ruleset(edition, {})
    from_form = read_form(system_name, rules, fields).sheet()
    name = dict(fields)["name"]
    assert stored_sheet(system_name, from_form, rules) == stored_sheet(
        system_name, _typed(name, text), rules
    )


FS3_33_FORM: Fields = [
    ("name", "Ada"), ("concept", "A Viper pilot"),
    *((f"attr.{a}", v) for a, v in zip(FS3_3.attributes, ("2", "3", "2", "3", "2"), strict=True)),
    ("action.Firearms", "3"), ("action.Piloting", "5"), ("action.Melee", "0"),
    ("action.Stealth", ""),
    ("bg.name", "Singing"), ("bg.rating", "2"), ("bg.name", ""), ("bg.rating", "1"),
    ("lang.name", "English"), ("lang.rating", "3"), ("quirk", "Never Forgets a Face"),
    ("spec.name", "Viper"), ("spec.skill", "Piloting"), ("spec.name", "Raptor"),
    ("spec.skill", "Piloting"), ("spec.name", "Pistol"), ("spec.skill", "Firearms"),
]  # fmt: skip
FS3_33_TEXT = """concept: A Viper pilot
attributes: {Brawn: 2, Reflexes: 3, Grit: 2, Wits: 3, Presence: 2}
action: {Firearms: 3, Piloting: 5}
background: {Singing: 2}
languages: {English: 3}
specialties: {Piloting: [Viper, Raptor], Firearms: [Pistol]}
quirks: [Never Forgets a Face]
"""
FS3_32_FORM: Fields = [
    ("name", "Bo"),
    *((f"attr.{a}", "3") for a in FS3_2.attributes),
    ("action.Firearms", "6"),
    ("bg.name", "Singing"), ("bg.rating", "4"), ("bg.attribute", "Creative"),
    ("lang.name", "English"), ("lang.name", "Spanish"),
]  # fmt: skip
FS3_32_TEXT = """attributes: {Academic: 3, Athletic: 3, Creative: 3, Reactive: 3, Social: 3}
action: {Firearms: 6}
background: {Singing: {rating: 4, attribute: Creative}}
languages: [English, Spanish]
"""
GURPS_FORM: Fields = [
    ("name", "Louis"), ("attr.ST", "10"), ("attr.DX", "12"), ("attr.IQ", "12"), ("attr.HT", "11"),
    ("attr.Will", ""), ("attr.Per", "13"),
    ("skill.name", "Broadsword"), ("skill.level", "14"),
    ("skill.name", "Stealth"), ("skill.level", "11"),
]  # fmt: skip
GURPS_TEXT = """system: gurps
attributes: {ST: 10, DX: 12, IQ: 12, HT: 11, Per: 13}
skills: {Broadsword: 14, Stealth: 11}
"""
D6_FORM: Fields = [
    ("name", "Kara"), ("attr.name", "Reflexes"), ("attr.code", "3D"),
    ("attr.name", "Knowledge"), ("attr.code", "2D+1"),
    ("skill.name", "Dodge"), ("skill.code", "4D+1"), ("skill.attribute", ""),
    ("skill.name", "Demolitions"), ("skill.code", "3D+2"), ("skill.attribute", "Knowledge"),
    ("skill.name", "Alchemy"), ("skill.code", ""), ("skill.attribute", "Knowledge"),
    ("character_points", "5"), ("fate_points", "1"),
]  # fmt: skip
D6_TEXT = """system: d6
attributes: {Reflexes: 3D, Knowledge: 2D+1}
skills:
  Dodge: 4D+1
  Demolitions: {code: 3D+2, attribute: Knowledge}
  Alchemy: {attribute: Knowledge}
character_points: 5
fate_points: 1
"""


@pytest.mark.parametrize(("system_name", "edition", "fields", "text"), [
    ("fs3", "3.3", FS3_33_FORM, FS3_33_TEXT),
    ("fs3", "3.2", FS3_32_FORM, FS3_32_TEXT),
    ("gurps", "4e", GURPS_FORM, GURPS_TEXT),
    ("d6", "d6", D6_FORM, D6_TEXT),
])  # fmt: skip
def test_the_form_and_the_text_make_the_same_sheet(
    system_name: str, edition: str, fields: Fields, text: str
) -> None:
    _same(system_name, edition, fields, text)


_RATING = st.integers(1, 8)  # 0 on the form is untrained: left off the sheet (rulings W61)


@settings(max_examples=40, deadline=None)
@given(
    attributes=st.lists(st.integers(1, 4), min_size=5, max_size=5),
    action=st.dictionaries(st.sampled_from([s.name for s in FS3_3.action_skills]), _RATING),
    background=st.dictionaries(st.sampled_from(["Singing", "Chess"]), st.integers(0, 3)),
    languages=st.dictionaries(st.sampled_from(FS3_3.languages), st.integers(0, 3)),
    quirks=st.lists(st.sampled_from(["Loud", "Honest", "Brave"]), unique=True),
)
def test_any_fs3_character_is_the_same_from_the_form_and_the_text(
    attributes: list[int], action: dict[str, int], background: dict[str, int],
    languages: dict[str, int], quirks: list[str],
) -> None:  # fmt: skip
    named = dict(zip(FS3_3.attributes, attributes, strict=True))
    fields: Fields = [("name", "Ada"), *((f"attr.{a}", str(v)) for a, v in named.items())]
    fields += [(f"action.{k}", str(v)) for k, v in action.items()]
    for k, v in background.items():
        fields += [("bg.name", k), ("bg.rating", str(v))]
    for k, v in languages.items():
        fields += [("lang.name", k), ("lang.rating", str(v))]
    fields += [("quirk", q) for q in quirks]
    sheet = {"attributes": named, "action": action, "background": background,
             "languages": languages, "quirks": quirks}  # fmt: skip
    _same("fs3", "3.3", fields, yaml.safe_dump(sheet))


@pytest.mark.parametrize(("fields", "said"), [
    ([("attr.Brawn", "lots")], "Brawn: 'lots' is not a whole number"),
    ([("name", "Ada\x07")], "the name holds a control character (U+0007)"),
    ([("bg.name", f"Skill {i}") for i in range(200)] + [("bg.rating", "1")] * 200,
     f"200 background skills on the form; at most {MAX_ROWS}"),
    ([("bg.name", "Chess"), ("bg.rating", "1"), ("bg.name", "chess"), ("bg.rating", "2")],
     "chess is on the form twice among the background skills"),
    ([("quirk", "x" * 3000)], "quirks is 3,000 characters long; at most 2,000"),
])  # fmt: skip
def test_a_field_no_sheet_could_take_is_one_line(fields: Fields, said: str) -> None:
    with pytest.raises(FormError) as caught:
        read_form("fs3", FS3_3, [*fields, ("name", "Ada")])
    assert str(caught.value).startswith(said)


def test_a_player_fills_the_fs3_form_and_sees_the_points_and_problems(server: TestClient) -> None:
    page, pia = page_as(server, "Pia", "/games/Pegasus/new-character")
    shown = ('name="attr.Brawn"', 'name="action.Piloting"', "Add a background skill",
             "Add a quirk", "Sheet as text", 'value="form"',
             'value="text" formnovalidate')  # fmt: skip
    assert all(s in page for s in shown)
    assert 'name="bg.attribute"' not in page  # 3.3 rolls background skills with Wits
    check = "/games/Pegasus/new-character/check"
    form = [*FS3_33_FORM, ("source", "form")]
    fine = server.post(check, data=_body(form), headers=pia)
    # 12 attributes, 8 action, Singing 2 and English 3 at 2 points a rating (R26).
    assert "Ability points: 30 of 60 points" in fine.text
    assert "Attributes: 12 points" in fine.text
    assert "No problems" in fine.text
    high = [(k, v) for k, v in form if not k.startswith("action.")]
    high += [(f"action.{s.name}", "8") for s in FS3_3.action_skills]
    over = server.post(check, data=_body(high), headers=pia)
    assert over.status_code == 200
    assert "Ability points: 110 of 60 points" in over.text
    assert "110 ability points spent" in over.text  # the service's own check, not restated
    past = server.post(check, data=_body([*form, ("action.Alertness", "9")]), headers=pia)
    assert "action skill Alertness is 9; accepted: 0 to 8" in html.unescape(past.text)
    bad = server.post("/games/Pegasus/new-character", headers=pia,
                      data=_body([*form[1:], ("name", "Ada\x1b")]))  # fmt: skip
    assert bad.status_code == 400
    assert bad.text.count("<p") == 1
    assert "control character (U+001B)" in bad.text
    made = server.post("/games/Pegasus/new-character", data=_body(form), headers=pia)
    assert made.headers["HX-Redirect"] == "/games/Pegasus/characters/Ada", made.text
    sheet = server.get("/api/v1/games/Pegasus/characters/Ada").json()
    assert sheet["player"] == "Pia"
    assert sheet["approved"] is False
    assert sheet["sheet"]["background"] == {"Singing": {"rating": 2}}


def test_the_form_follows_house_rules_and_32_names_ruling_attributes(
    server: TestClient, server_db: str
) -> None:
    skills = [{"name": s.name, "attribute": s.attribute} for s in FS3_2.action_skills]
    table = Table(server_db)
    gunnery = {"name": "Gunnery", "attribute": "Reactive"}
    rules: dict[str, Any] = {"action_skills": [*skills, gunnery]}
    table.acting_as("Stella").new_game("Galactica", "fs3", "3.2", rules)
    table.close()
    page, stella = page_as(server, "Stella", "/games/Galactica/new-character")
    assert 'name="action.Gunnery"' in page  # the game's own skill list
    assert 'name="attr.Academic"' in page
    assert 'name="bg.attribute"' in page  # 002: each background skill names its attribute
    form = [*FS3_32_FORM, ("action.Gunnery", "2"), ("source", "form")]
    no_ruling = [(k, "" if k == "bg.attribute" else v) for k, v in form]
    checked = server.post("/games/Galactica/new-character/check", data=_body(no_ruling),
                          headers=stella)  # fmt: skip
    assert "background skill Singing needs a ruling attribute" in checked.text
    made = server.post("/games/Galactica/new-character", data=_body(form), headers=stella)
    assert made.headers["HX-Redirect"] == "/games/Galactica/characters/Bo", made.text
    sheet = server.get("/api/v1/games/Galactica/characters/Bo").json()
    assert sheet["player"] is None  # the Storyteller's: an NPC until given a player
    assert sheet["sheet"]["action"] == {"Firearms": 6, "Gunnery": 2}


@pytest.mark.parametrize(("game", "form", "expect"), [
    ("Dungeon", GURPS_FORM, ("skill.level", "0", "Broadsword", "skills",
                             {"Broadsword": 14, "Stealth": 11})),
    ("Stars", D6_FORM, ("attr.code", "banana", "bad die code", "fate_points", 1)),
])  # fmt: skip
def test_gurps_and_d6_forms_are_checked_and_made(
    server: TestClient, server_db: str, game: str, form: Fields,
    expect: tuple[str, str, str, str, Any],
) -> None:  # fmt: skip
    """``expect``: a field, a bad value for it and what the check says; a key of the stored
    sheet and its value from the form as given."""
    field, bad, said, key, stored = expect
    table = Table(server_db)
    table.add_member(game, "Stella", "storyteller", ())
    table.close()
    page, stella = page_as(server, "Stella", f"/games/{game}/new-character")
    assert "Add a skill" in page
    wrong = [(k, bad) if k == field else (k, v) for k, v in form]
    checked = server.post(f"/games/{game}/new-character/check", headers=stella,
                          data=_body([*wrong, ("source", "form")]))  # fmt: skip
    assert said in html.unescape(checked.text)
    assert "Ability points" not in checked.text  # no points to tally in these systems
    made = server.post(f"/games/{game}/new-character", headers=stella,
                       data=_body([*form, ("source", "form")]))  # fmt: skip
    name = dict(form)["name"]
    assert made.headers["HX-Redirect"] == f"/games/{game}/characters/{name}", made.text
    sheet = server.get(f"/api/v1/games/{game}/characters/{name}").json()["sheet"]
    assert sheet[key] == stored


def _body(fields: Fields) -> dict[str, list[str]]:
    """Fields as the test client posts them: repeated names keep their order."""
    out: dict[str, list[str]] = {}
    for key, value in fields:
        out.setdefault(key, []).append(value)
    return out


def test_an_unknown_system_has_no_form() -> None:
    with pytest.raises(RollplayError, match="paste the sheet as text"):
        read_form("dnd", None, [("name", "Ada")])


@pytest.mark.parametrize("edition", ["3.3", "3.2"])
def test_the_text_box_starts_from_the_forms_sheet(edition: str) -> None:
    """The form as the page draws it, untouched, and the text box's first sheet are one
    sheet, with no problems, in either edition (a 3.3 starter does not read in 3.2)."""
    rules = system("fs3").ruleset(edition, {})
    fields = fields_of("fs3", rules)
    drawn: Fields = [("name", "Ada")]
    drawn += [(f"attr.{a.name}", str(a.value)) for a in fields.attributes]
    drawn += [("action." + s.name, "0") for s in fields.action]
    drawn += [("lang.name", fields.first_language)]
    drawn += [("lang.rating", str(fields.language.hi))] if fields.language else []
    starter = _starter("fs3", fields)
    _same("fs3", edition, drawn, starter)
    assert system("fs3").problems(stored_sheet("fs3", _typed("Ada", starter), rules), rules) == []


def test_the_text_button_sends_the_text_and_the_check_reads_the_name(server: TestClient) -> None:
    _, pia = page_as(server, "Pia", "/games/Pegasus/new-character")
    check = "/games/Pegasus/new-character/check"
    weak = [(k, "0" if k == "attr.Brawn" else v) for k, v in FS3_33_FORM]
    both = [*weak, ("sheet", FS3_33_TEXT)]
    assert (  # 002 Attributes: rated 1 to 4, refused below as above
        "attribute Brawn is 0; FS3.3 rates attributes 1 to 4 (002 Attributes)"
        in server.post(check, data=_body([*both, ("source", "form")]), headers=pia).text
    )
    assert "No problems" in server.post(check, data=_body([*both, ("source", "text")]),
                                        headers=pia).text  # fmt: skip
    slashed = [("name", "Ada/Bo"), *both[1:], ("source", "text")]
    said = html.unescape(server.post(check, data=_body(slashed), headers=pia).text)
    assert "a character's name cannot contain '/'" in said  # as making it would say (W64)


def test_a_d6_skill_with_only_its_name_says_what_it_needs() -> None:
    rules = system("d6").ruleset("d6", {})
    typed = [("name", "Kara"), ("attr.name", "Reflexes"), ("attr.code", "3D"),
             ("skill.name", "Dodge"), ("skill.code", ""), ("skill.attribute", "")]  # fmt: skip
    with pytest.raises(FormError, match="skill Dodge: give its die code, the attribute"):
        read_form("d6", rules, typed)
