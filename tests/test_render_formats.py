"""The render layer's formats: Markdown for chat and HTML for the web page write the same
cards as the terminal, escaped; JSON follows its versioned schema for every system."""

from __future__ import annotations

import json
from pathlib import Path

import jsonschema
import pytest

from rollplay.dice import ScriptedDice
from rollplay.render.cards import outcome_card
from rollplay.render.html import card_html
from rollplay.render.json import SCHEMA, outcome_json
from rollplay.render.markdown import card_markdown, escape
from rollplay.render.spans import text_of
from rollplay.table.answers import D6Rolled, FS3Rolled, GurpsRolled
from rollplay.table.events.combat import Step
from rollplay.table.service import Table
from rollplay.table.systems import Request
from tests.typed import dig, of

OneRoll = FS3Rolled | GurpsRolled | D6Rolled


OUTCOME_SCHEMA = json.loads(
    (Path(__file__).parents[1] / "docs" / "schemas" / "outcome-1.json").read_text()
)


@pytest.fixture(scope="module")
def rolls(tmp_path_factory: pytest.TempPathFactory) -> dict[str, OneRoll]:
    table = Table(str(tmp_path_factory.mktemp("render") / "r.db"))
    table.add_examples()
    table.set_character("Pegasus", "Nikos", {"wounds": [{"location": "Chest",
                                                         "severity": "Serious"}]})  # fmt: skip
    out: dict[str, OneRoll] = {
        "fs3": of(FS3Rolled, table.roll(
            "Pegasus", "Nikos", Request("Firearms+Reflexes", luck="bonus"),
            dice=ScriptedDice([8, 6, 1, 1, 2, 3, 4, 5]))),
        "gurps": of(GurpsRolled, table.roll(
            "Dungeon", "Inspector Vance", Request("Intimidation", mods=("-2",)),
            dice=ScriptedDice([6, 4, 4]))),
        "d6": of(D6Rolled, table.roll(
            "Stars", "Kara Voss", Request("Search", difficulty="15", bonuses=("+1D",), cp=1),
            dice=ScriptedDice([5, 3, 2, 2, 6, 3, 4]))),
    }  # fmt: skip
    table.close()
    return out


@pytest.mark.parametrize("system", ["fs3", "gurps", "d6"])
def test_json_follows_the_schema(rolls: dict[str, OneRoll], system: str) -> None:
    shaped = outcome_json(rolls[system])
    jsonschema.validate(shaped, OUTCOME_SCHEMA)
    assert (shaped["schema"], shaped["system"]) == (SCHEMA, system)
    assert shaped["edition"] == {"fs3": "3.3", "gurps": "4e", "d6": "d6"}[system]
    assert [dig(d, "face") for d in dig(shaped, "dice")][:3] == list(rolls[system].dice[:3])


def test_one_modifier_shape_across_systems(rolls: dict[str, OneRoll]) -> None:
    fs3 = dig(outcome_json(rolls["fs3"]), "modifiers")
    assert {"reason": "wounds", "value": -2, "applies_to": "dice"} in fs3
    gurps = outcome_json(rolls["gurps"])["modifiers"]
    assert gurps == [{"reason": "", "value": -2, "applies_to": "target"}]
    d6 = outcome_json(rolls["d6"])
    assert {"reason": "", "value": 1, "applies_to": "dice"} in dig(d6, "modifiers")
    assert "wild" in {m for d in dig(d6, "dice") for m in dig(d, "marks")}
    assert dig(outcome_json(rolls["fs3"]), "dice", 0, "marks") == ["success"]
    assert dig(outcome_json(rolls["fs3"]), "dice", 2, "marks") == ["one"]


@pytest.mark.parametrize("system", ["fs3", "gurps", "d6"])
def test_markdown_and_html_say_what_the_terminal_says(
    rolls: dict[str, OneRoll], system: str
) -> None:
    card = outcome_card(rolls[system])
    markdown = card_markdown(card)
    html = str(card_html(card))
    for line in card:
        words = [w for w in text_of(line).split() if w.isalpha() and len(w) > 3]
        for word in words:
            assert word in markdown
            assert word in html
    if system == "fs3":
        assert "**\\[8\\]**" in markdown  # a success in bold, brackets kept
        assert "~~\\(1\\)~~" in markdown  # a one struck through
        assert '<span class="die success">[8]</span>' in html
        assert '<span class="die one">(1)</span>' in html


def test_nothing_a_player_types_becomes_markup() -> None:
    from rollplay.render.spans import Span

    nasty = [[Span("<script>alert(1)</script> @everyone **bold** [x](http://e)", "bold")]]
    html = str(card_html(nasty, visibility="secret"))
    assert "<script>" not in html
    assert "&lt;script&gt;" in html
    assert '<span class="badge secret">secret</span>' in html
    markdown = card_markdown(nasty)
    assert "@everyone" not in markdown.replace("\\@everyone", "")
    assert escape("**x**") == "\\*\\*x\\*\\*"


def test_combat_effects_are_data_and_words_are_the_renderers() -> None:
    from rollplay.render.combat import effect_text

    assert effect_text(Step(effect="suppressed", target="Kid", suppression=2)) == (
        "Kid suppressed to 2"
    )
    assert effect_text(Step(effect="treated", revived=True)) == "treated and revived"
    assert effect_text(Step(effect="aiming", target="Bo", aim_bonus=3)) == (
        "aiming at Bo: +3 next turn"
    )
    assert effect_text(Step(effect="empty")) == "click: the weapon is empty"
    assert effect_text(Step(result="reloaded")) == "reloaded"  # a report stored before codes
