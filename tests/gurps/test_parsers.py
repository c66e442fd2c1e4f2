"""Every GURPS parser runs in linear time and every free-text field has a limit (issue 13):
modifiers with reasons, difficulty NAME[=N], defaults, skill names, GCS files, sheets.

Each parser answers a megabyte of input built to make a backtracking pattern slow
(``takes_a_megabyte``; its time bound is held by bench/parse_times.py), and any text either
parses or gives one RollplayError."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from rollplay import gurps
from rollplay.errors import RollplayError
from rollplay.systems.gurps.defaults import parse_default
from rollplay.systems.gurps.gcs import read_gcs
from rollplay.systems.gurps.modifiers import modifier
from rollplay.systems.gurps.names import MAX_NAME, MAX_REASON
from tests.clirun import fails_cleanly
from tests.fuzzing import MEGABYTE, fuzz, takes_a_megabyte

RULES = gurps.ruleset()
ANN = gurps.character(
    {
        "name": "Ann",
        "attributes": {"ST": 10, "DX": 10, "IQ": 12, "HT": 10},
        "skills": {"Search": 12, "Navigation/TL7 (Sea)": 11, "Guns (Pistol)": 13},
        "defaults": {"Detect Lies": ["Per-6"]},
    }
)


def roll_by_name(text: str) -> Any:
    return ANN.level(text, RULES)


def difficulty(text: str) -> Any:
    return RULES.difficulty(text)


def gcs_with_name(text: str) -> Any:
    import json

    return read_gcs(
        json.dumps({"version": 5, "attributes": [], "skills": [{"name": text}]}), "x.gcs"
    )


PARSERS: dict[str, Callable[[str], Any]] = {
    "modifier": modifier,
    "difficulty": difficulty,
    "default": parse_default,
    "skill name": roll_by_name,
    "GCS file": lambda text: read_gcs(text, "x.gcs"),
    "GCS skill name": gcs_with_name,
}

# Inputs that make backtracking patterns slow: long runs of what an optional part accepts,
# followed by what makes the whole fail.
HOSTILE = {
    "long reason": "-5 " + "x" * MEGABYTE,
    "spaces then text": "-5" + " " * MEGABYTE + "x",
    "spaces then nothing": "-5 " + " \t" * (MEGABYTE // 2),
    "signs": "+-" * (MEGABYTE // 2),
    "digits": "9" * MEGABYTE,
    "sign digits": "-1" * (MEGABYTE // 2) + "x",
    "letters then sign": "a" * MEGABYTE + "-",
    "name then modifier": "IQ" + " " * MEGABYTE + "-5",
    "equals": "hard=" + "=" * MEGABYTE,
    "tech levels": "Navigation" + "/TL7" * (MEGABYTE // 4) + " (Sea)",
    "parentheses": "(" * MEGABYTE,
    "brackets": "[" * MEGABYTE,
    "quotes": '"\\' * (MEGABYTE // 2),
    "at signs": "@" * MEGABYTE,
    "xml": "<" + "x" * MEGABYTE,
}


@pytest.mark.parametrize("parser", PARSERS, ids=str)
@pytest.mark.parametrize("text", HOSTILE, ids=str)
def test_every_parser_is_linear(parser: str, text: str) -> None:
    takes_a_megabyte(PARSERS[parser], HOSTILE[text], allowed=RollplayError)


def test_the_36_second_reason() -> None:
    # Issue 13: a 120,000-character reason took 36 s in the old modifier pattern.
    takes_a_megabyte(modifier, "-5 " + " x" * 60_000 + " ", bound=0.5, allowed=RollplayError)


@pytest.mark.parametrize(
    ("parse", "limit", "text"),
    [
        (modifier, MAX_REASON, "-5 {}"),
        (difficulty, MAX_NAME, "{}"),
        (parse_default, MAX_NAME, "{}-5"),
        (roll_by_name, MAX_NAME, "{}"),
    ],
)
def test_each_free_text_field_has_its_limit(
    parse: Callable[[str], Any], limit: int, text: str
) -> None:
    # At the limit the text is read (and may be unknown); one past it is refused as too long.
    try:
        parse(text.format("a" * limit))
    except RollplayError as exc:
        assert "characters long" not in str(exc)
    with pytest.raises(RollplayError, match=f"characters long.* {limit}"):
        parse(text.format("a" * (limit + 1)))


def test_a_long_reason_at_the_command_line(capsys: pytest.CaptureFixture[str]) -> None:
    err = fails_cleanly(capsys, "gurps", "roll", "12", "--mod", "-5 " + "x" * 120_000)
    assert "a reason is at most 200 characters" in err
    assert len(err) < 200


def test_reasons_are_one_line() -> None:
    assert modifier("-2 fog\nand\train") == (-2, "fog and rain")


_fragments = st.sampled_from(
    ["-", "+", "\u2212", "5", "12", " ", ":", ",", "=", "IQ", "Per", "hard", "very", "_",
     "(", ")", "/TL", "@", "x", "\n", "9999", "Search", "{", "[", '"', "version"]
)  # fmt: skip
_texts = st.text(max_size=40) | st.lists(_fragments, max_size=12).map("".join)


@pytest.mark.fuzz
@fuzz
@given(st.sampled_from(sorted(PARSERS)), _texts)
def test_fuzz_any_text_parses_or_gives_one_error(parser: str, text: str) -> None:
    try:
        PARSERS[parser](text)
    except RollplayError as exc:
        assert "\n" not in str(exc)
        assert len(str(exc)) < 600


@given(_texts)
def test_a_parsed_modifier_prints_back_the_same(text: str) -> None:
    try:
        m = modifier(text)
    except RollplayError:
        return
    assert modifier(str(m)) == m
    assert len(m.reason) <= MAX_REASON
    assert "\n" not in m.reason


@given(_texts)
def test_a_parsed_default_prints_back_the_same(text: str) -> None:
    try:
        d = parse_default(text)
    except RollplayError:
        return
    assert parse_default(str(d)) == d
    assert 0 < len(d.source) <= MAX_NAME


def test_the_rollers_name_has_a_limit(capsys: pytest.CaptureFixture[str]) -> None:
    err = fails_cleanly(capsys, "gurps", "roll", "12", "--name", "N" * 101)
    assert "the roller's name" in err
    assert "at most 100" in err
    takes_a_megabyte(lambda text: gurps.roll(12, name=text), "N" * MEGABYTE, allowed=RollplayError)
    assert gurps.check(12, name="Ann\nBob").name == "Ann Bob"
