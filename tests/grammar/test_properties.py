"""Issue 14: any line either parses or gets a GrammarError, never another exception."""

from __future__ import annotations

from functools import partial
from typing import Any, get_args

import pytest
from hypothesis import given
from hypothesis import strategies as st

from rollplay.grammar import MAX_LINE, GrammarError, parse
from rollplay.grammar.combat import JOIN, action_specs
from rollplay.grammar.rolls import specs
from rollplay.grammar.words import COMMANDS
from rollplay.table.commands import Command
from tests.fuzzing import MEGABYTE, fuzz, parses_in_time

SYSTEMS = ("fs3", "gurps", "d6")
COMMAND_TYPES = get_args(Command)


def outcome(line: str, system: str, **known: Any) -> Command | None:
    """The command, or None for a GrammarError; any other exception fails the test."""
    try:
        command = parse(line, system=system, **known)
    except GrammarError as e:
        said = str(e)
        assert said
        assert "\n" not in said, said
        assert len(said) < 1_000, said
        return None
    assert type(command) in COMMAND_TYPES
    return command


@pytest.mark.fuzz
@fuzz
@given(st.text(max_size=300), st.sampled_from(SYSTEMS))
def test_any_text_parses_or_is_refused(text: str, system: str) -> None:
    outcome(text, system)


# Lines shaped like commands: command words in any case and any beginning, names, the
# separators of the language, option keys and values, numbers of every size, expressions.
_FORMS = [w + (f"/{s}" if s else "") for w, switches in COMMANDS.items() for s in switches]
_FORMS += [f"combat/{a}" for a in ("attack", "aim", "suppress", "reload", "subdue", "escape",
                                   "rally", "treat", "pass")]  # fmt: skip
_KEYS = sorted({s.key for s in (*specs(), *JOIN, *action_specs())} | {"doctor", "hospital",
               "repair"})  # fmt: skip


def _cased(word: str) -> st.SearchStrategy[str]:
    return st.tuples(st.integers(1, len(word)), st.booleans()).map(
        lambda t: word[: t[0]].upper() if t[1] else word[: t[0]]
    )


_PIECES = st.one_of(
    st.sampled_from(["Nikos", "Kara Voss", "Raider 1", "Firearms", "Melee", "Stealth",
                     "Search", "Reflexes", "Head", "Left Arm", "Ambush", "moderate",
                     "very difficult", "bonus", "hinder", "attack", "Poker"]),
    st.sampled_from(["/", "=", ",", " vs ", " with ", " ", "+", "-", ":", "#", '"', "'",
                     ".", "D", "d", "  ", "/ ", " /", "=,", "\u2212"]),
    st.sampled_from(_KEYS),
    st.sampled_from(["Firearms+Reflexes-1", "4D+2", "3D", "Stealth-2", "+1D", "12", "5",
                     "2.5", "19:15", "null", "[1, 2]", "{}", "Ambush:Viper=Chief"]),
    st.integers(-(10**12), 10**12).map(str),
    st.text(max_size=6),
)  # fmt: skip
ANY_COMMAND = st.tuples(
    st.sampled_from(["", "+"]),
    st.sampled_from(_FORMS).flatmap(lambda f: st.tuples(*(_cased(p) for p in f.split("/")))),
    st.lists(_PIECES, max_size=14),
).map(lambda t: t[0] + "/".join(t[1]) + " " + "".join(t[2]))
_VALUES = st.sampled_from(["bonus", "hinder", "Nikos", "-2", "+1D", "3", "0", "hard",
                           "19:15", "cancel", "25", "x", ""])  # fmt: skip
_OPTION = st.one_of(
    st.sampled_from(_KEYS),
    st.tuples(st.sampled_from(_KEYS), _VALUES).map("=".join),
)
_SIDE = st.tuples(
    st.sampled_from(["", "Nikos/", "Kara Voss/", "Raider 1/", "/"]),
    st.sampled_from(
        [
            "Firearms",
            "Firearms+Reflexes-1",
            "Stealth-2",
            "Search+1D-1",
            "4D+2",
            "12",
            "5",
            "Fast-Draw (Pistol)-1",
            "4D",
            "",
            "-2",
            "Melee+",
        ]
    ),
    st.lists(_OPTION, max_size=4).map(lambda o: "/" + ",".join(o) if o else ""),
).map("".join)
ROLLS = st.tuples(
    st.sampled_from(["roll", "roll/private", "roll/secret", "ro/sec", "+ROLL"]),
    _SIDE,
    st.sampled_from(["", " vs ", " with ", " VS "]),
    st.one_of(_SIDE, st.sampled_from(["15", "moderate", "very difficult", "moderate=13"])),
    st.sampled_from(["", ", Mavros/Athletics", ", Bo/Alertness/luck=bonus"]),
).map(lambda t: f"{t[0]} {t[1]}{t[2]}{t[3] if t[2] else ''}{t[4] if t[2] else ''}")
LINES = st.one_of(ANY_COMMAND, ROLLS)


@pytest.mark.fuzz
@fuzz
@given(LINES, st.sampled_from(SYSTEMS), st.booleans())
def test_command_shaped_lines_parse_or_are_refused(line: str, system: str, known: bool) -> None:
    names = {"abilities": ["Firearms", "Melee", "Stealth", "Search", "Reflexes", "Poker"],
             "characters": ["Nikos", "Kara Voss"]} if known else {}  # fmt: skip
    outcome(line, system, **names)


def test_a_megabyte_line_is_refused_at_once() -> None:
    for system in SYSTEMS:
        parses_in_time(partial(parse, system=system), "roll " + "F+" * MEGABYTE, 0.1)
        with pytest.raises(GrammarError, match=f"at most {MAX_LINE:,}"):
            parse("roll " + "x" * MEGABYTE, system=system)
