"""The roll-string parser: examples from the texts and the issue, and properties."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from rollplay.errors import ExpressionError, RollplayError
from rollplay.systems.fs3.expression import parse
from rollplay.systems.fs3.pool import resolve
from rollplay.systems.fs3.presets import FS3_3
from tests.fuzzing import MEGABYTE, takes_a_megabyte


@pytest.mark.parametrize(
    ("text", "names", "numbers"),
    [
        ("Firearms+Reflexes-2", ("Firearms", "Reflexes"), (-2,)),
        ("Reflexes", ("Reflexes",), ()),
        ("Medicine+Wits+2", ("Medicine", "Wits"), (2,)),
        ("5", (), (5,)),
        (" Underwater  Basket Weaving + Wits - 1 ", ("Underwater Basket Weaving", "Wits"), (-1,)),
        ("Acting+Persuasion", ("Acting", "Persuasion"), ()),
        ("Piloting: Jet+Reflexes", ("Piloting: Jet", "Reflexes"), ()),
        ("7-2+1", (), (7, -2, 1)),
    ],
)
def test_examples(text: str, names: tuple[str, ...], numbers: tuple[int, ...]) -> None:
    e = parse(text)
    assert (e.names, e.numbers) == (names, numbers)


@pytest.mark.parametrize(
    ("text", "match"),
    [
        ("", "empty roll string"),
        ("Firearms++2", "position 10"),
        ("Firearms+", "at the end"),
        ("-2", "expected a name or a number"),
        ("Firearms-Reflexes", "abilities only add"),
        ("3d8", "position 1"),
        ("1234567", "at most 6 digits"),
        ("x" * 201, "at most 200"),
    ],
)
def test_errors(text: str, match: str) -> None:
    with pytest.raises(ExpressionError, match=match):
        parse(text)


names = st.from_regex(r"[A-Za-z][A-Za-z' ]{0,14}[A-Za-z]", fullmatch=True)
numbers = st.integers(0, 999_999)


@given(
    first=names | numbers.map(str),
    rest=st.lists(st.tuples(st.sampled_from("+-"), names | numbers.map(str)), max_size=5),
)
def test_valid_strings_parse_to_their_terms(first: str, rest: list[tuple[str, str]]) -> None:
    rest = [(sign, term) for sign, term in rest if not (sign == "-" and not term.isdigit())]
    text = first + "".join(sign + term for sign, term in rest)
    e = parse(text)
    terms = [("+", first), *rest]
    want_names = tuple(" ".join(t.split()) for _, t in terms if not t.isdigit())
    want_numbers = tuple(int(t) * (1 if s == "+" else -1) for s, t in terms if t.isdigit())
    assert (e.names, e.numbers) == (want_names, want_numbers)


@given(st.text(max_size=60))
def test_any_text_parses_or_fails_cleanly(text: str) -> None:
    try:
        parse(text)
    except ExpressionError as exc:
        assert "\n" not in str(exc)


@given(st.text(max_size=40), st.dictionaries(st.text(max_size=10), st.integers(-5, 20), max_size=4))
def test_resolving_any_text_fails_only_with_user_errors(text: str, ratings: dict[str, int]) -> None:
    try:
        pool = resolve(text, FS3_3, ratings)
    except RollplayError:
        return
    assert isinstance(pool.dice, int)


@pytest.mark.parametrize(
    "text",
    [
        "a" + " " * MEGABYTE + "b",
        "Firearms" + "+1" * (MEGABYTE // 2),
        "F" * MEGABYTE,
        "1" * MEGABYTE,
    ],
)
def test_a_megabyte_roll_string_is_refused_at_once(text: str) -> None:
    """Issue 13: linear time; a roll string is at most 200 characters."""
    takes_a_megabyte(parse, text, bound=0.5)
    with pytest.raises(ExpressionError, match="at most 200"):
        parse(text)


def test_typed_faces_parse_in_linear_time() -> None:
    from rollplay.dice import parse_faces

    takes_a_megabyte(parse_faces, ",".join(["8"] * (MEGABYTE // 2)))
    takes_a_megabyte(parse_faces, "1" + ", " * MEGABYTE, allowed=RollplayError)
