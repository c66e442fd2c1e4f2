"""Issue 37 at the table: a character and a skill whose names hold what the command language
splits a line on are made, approved and rolled by those names, as a player types them, with
the rating the sheet gives (rulings W92)."""

from __future__ import annotations

from typing import Any

import pytest

from rollplay.grammar import parse
from rollplay.render.answers import answer_lines
from rollplay.render.spans import text_of
from rollplay.table import commands as c
from rollplay.table.service import Table

pytestmark = [pytest.mark.examples]


def _said(table: Table, game: str, line: str) -> str:
    """A line typed in ``game``, read against its names and run: what its answer says."""
    words = table.vocabulary(game)
    command = parse(line, system=words.system, game=game, abilities=words.abilities,
                    characters=words.characters)  # fmt: skip
    return "\n".join(text_of(x) for x in answer_lines(table.execute(command)))


def test_a_hyphenated_skill_of_a_spaced_name_is_rolled(table: Table) -> None:
    sheet: dict[str, Any] = {
        "name": "Nadia Kaur", "system": "fs3",
        "attributes": {"Brawn": 2, "Reflexes": 3, "Grit": 2, "Wits": 3, "Presence": 2},
        "background": {"Zero-G Welding": 2}, "languages": {"English": 3},
    }  # fmt: skip
    table.new_character("Pegasus", sheet)
    table.approve("Pegasus", "Nadia Kaur")
    # 3.3: background 2 is 4 dice, with Wits 3 (000 What to Roll), and the +1 asked.
    said = _said(table, "Pegasus", "roll Nadia Kaur/Zero-G Welding+1")
    assert "Nadia Kaur: FS3.3: Zero-G Welding 2 + Wits 3 + 1 → 8 dice" in said, said
    quoted = _said(table, "Pegasus", 'roll "Nadia Kaur"/"Zero-G Welding"')
    assert "Zero-G Welding 2" in quoted, quoted
    asked = _said(table, "Pegasus", "request Nadia Kaur Alertness")
    assert "The Storyteller asks Nadia Kaur for a roll: Alertness" in asked, asked
    # The CLI's roll from the sheet reads the sheet's names whole too.
    rolled = table.execute(c.Roll("Pegasus", c.Side("Nadia Kaur", _request("Zero-G Welding")),
                                  "public"))  # fmt: skip
    assert "Zero-G Welding 2" in "\n".join(text_of(x) for x in answer_lines(rolled))


def test_a_gurps_skill_with_a_slash_is_rolled(table: Table) -> None:
    sheet: dict[str, Any] = {
        "name": "Rook", "system": "gurps",
        "attributes": {"ST": 10, "DX": 12, "IQ": 10, "HT": 10},
        "skills": {"Guns/TL8 (Pistol)": 13},
    }  # fmt: skip
    table.new_character("Dungeon", sheet)
    said = _said(table, "Dungeon", "roll Rook/Guns/TL8 (Pistol)-2")
    assert "Rook: Guns/TL8 (Pistol) 13 \u2212 2 → effective 11" in said, said


def _request(expression: str) -> Any:
    from rollplay.table.systems import Request

    return Request(expression)
