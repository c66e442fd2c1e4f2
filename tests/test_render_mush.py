"""Cards as Evennia markup (render/mush.py): every span kind has its colour, and nothing in
the text (a `|` a player typed, a D6 card's own `|`, a control character) can become one."""

from __future__ import annotations

import re
from pathlib import Path
from typing import get_args

import pytest
from hypothesis import given
from hypothesis import strategies as st

from rollplay.dice import ScriptedDice
from rollplay.render.cards import outcome_card
from rollplay.render.mush import ZWSP, card_mush, escape, line_mush
from rollplay.render.spans import Kind, Span, text_of
from rollplay.table.answers import D6Rolled
from rollplay.table.service import Table
from rollplay.table.systems import Request
from tests.typed import of

KINDS: tuple[Kind, ...] = get_args(Kind)


@pytest.mark.parametrize(
    ("kind", "code"),
    [("bold", "|h"), ("success", "|g"), ("one", "|r"), ("alarm", "|r"), ("wild", "|c"),
     ("muted", "|x")],
)  # fmt: skip
def test_every_kind_has_its_code_and_ends_it(kind: Kind, code: str) -> None:
    assert line_mush([Span("x "), Span("[8]", kind), Span(" y")]) == f"x {code}[8]|n y"


def test_plain_text_and_empty_spans_carry_no_codes() -> None:
    assert line_mush([Span("plain"), Span("", "bold")]) == "plain"


def test_a_pipe_in_the_text_is_doubled_so_it_cannot_colour() -> None:
    assert escape("|rRED|n") == "||rRED||n"
    assert line_mush([Span("Bo|r", "bold")]) == "|hBo||r|n"


def test_a_typed_link_is_broken_by_an_unseen_space() -> None:
    """Evennia reads |lc...|lt...|le links after undoing ||, so a pipe before an l gets a
    zero-width space after it."""
    assert line_mush([Span("|lcquit|ltclick|le")]) == "||\u200blcquit||\u200bltclick||\u200ble"
    assert escape("|x|L") == "||x||\u200bL"


def test_control_characters_become_spaces() -> None:
    assert escape("a\x1b[31mb\nc\x7f") == "a [31mb c "


def test_a_card_is_one_message_a_line_each() -> None:
    card = [[Span("Nikos", "bold")], [Span("(1)", "one"), Span(" 3")]]
    assert card_mush(card) == "|hNikos|n\n|r(1)|n 3"


def _shown(markup: str) -> str:
    """What Evennia shows for ``markup`` (its rules for these codes): ``||`` is a ``|``,
    any other ``|`` starts a code; only the codes mush.py writes are expected."""
    out, i = [], 0
    while i < len(markup):
        if markup[i] == "|":
            code = markup[i : i + 2]
            assert code in ("||", "|h", "|g", "|r", "|c", "|x", "|n"), code
            out.append("|" if code == "||" else "")
            i += 2
        else:
            out.append(markup[i])
            i += 1
    return "".join(out)


@given(st.lists(st.tuples(st.text(), st.sampled_from(KINDS))))
def test_any_text_shows_as_typed(spans: list[tuple[str, Kind]]) -> None:
    line = [Span(text, kind) for text, kind in spans]
    typed = re.sub(r"[\x00-\x1f\x7f-\x9f]", " ", text_of(line))
    assert _shown(line_mush(line)).replace(ZWSP, "") == typed.replace(ZWSP, "")


def test_a_d6_card_shows_its_own_pipes_as_text(tmp_path: Path) -> None:
    table = Table(str(tmp_path / "t.db"))
    try:
        table.add_examples()
        r = table.roll("Stars", "Kara Voss", Request("Search"), dice=ScriptedDice([1, 4, 4, 2]))
    finally:
        table.close()
    card = outcome_card(of(D6Rolled, r))

    text = card_mush(card)
    assert "|| Wild Die" in text
    assert [_shown(line) for line in text.split("\n")] == [text_of(line) for line in card]
