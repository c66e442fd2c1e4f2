"""Properties of the name normalizer and the lookalike skeleton (table/play/lookalikes.py),
over any text hypothesis makes."""

from __future__ import annotations

import unicodedata

import pytest
from hypothesis import assume, given
from hypothesis import strategies as st

from rollplay.errors import RollplayError
from rollplay.table.play.lookalikes import REFUSED, normal_name, one_script, skeleton

ANY = st.text(max_size=40)
INVISIBLE = st.sampled_from(["\u200b", "\u200c", "\u200d", "\u200e", "\u200f", "\u202a",
                             "\u202e", "\u2066", "\u2069", "\ufeff", "\u00ad", "\u2028",
                             "\u2029", "\ue000", "\x00", "\t", "\n", "\x7f", "\x85"])  # fmt: skip
LATIN = st.text(st.characters(min_codepoint=0x61, max_codepoint=0x7A), min_size=1, max_size=30)
CYRILLIC = st.text(st.characters(min_codepoint=0x430, max_codepoint=0x44F), min_size=1,
                   max_size=30)  # fmt: skip
GREEK = st.text(st.characters(min_codepoint=0x3B1, max_codepoint=0x3C9), min_size=1,
                max_size=30)  # fmt: skip
# Latin letters and the Cyrillic letters that look like them.
SWAP = str.maketrans("aceopxy", "\u0430\u0441\u0435\u043e\u0440\u0445\u0443")


def accepted(text: str) -> str | None:
    try:
        return normal_name(text, "user")
    except RollplayError:
        return None


@given(ANY)
def test_an_accepted_name_is_in_its_one_form(text: str) -> None:
    name = accepted(text)
    if name is None:
        return
    assert unicodedata.normalize("NFKC", name) == name
    assert not any(unicodedata.category(ch) in REFUSED for ch in name)
    assert name == name.strip()
    assert "  " not in name
    assert normal_name(name, "user") == name  # idempotent
    assert skeleton(name) == skeleton(text)


@given(ANY, INVISIBLE, ANY)
def test_an_invisible_character_is_refused_wherever_it_is(
    before: str, invisible: str, after: str
) -> None:
    assert accepted(before + invisible + after) is None


@given(st.one_of(LATIN, CYRILLIC, GREEK))
def test_a_name_in_one_script_is_welcome(text: str) -> None:
    name = normal_name(text, "character")
    assert name == text
    one_script(name, "character")


@given(LATIN)
def test_a_name_written_in_lookalikes_has_the_same_skeleton(text: str) -> None:
    assert skeleton(text.translate(SWAP)) == skeleton(text)


@given(LATIN.filter(lambda t: any(ch in "aceopxy" for ch in t)), st.data())
def test_one_lookalike_letter_makes_a_mixed_name(text: str, data: st.DataObject) -> None:
    i = data.draw(st.sampled_from([i for i, ch in enumerate(text) if ch in "aceopxy"]))
    mixed = text[:i] + text[i].translate(SWAP) + text[i + 1 :]
    assume(any(ch.isascii() for ch in mixed))
    with pytest.raises(RollplayError, match="mixes scripts"):
        one_script(mixed, "user")
    assert skeleton(mixed) == skeleton(text)


@given(ANY)
def test_the_skeleton_does_not_depend_on_the_form(text: str) -> None:
    assert skeleton(unicodedata.normalize("NFKD", text)) == skeleton(text)
    assert skeleton(unicodedata.normalize("NFC", text)) == skeleton(text)
