"""Issue 14: any line either parses or gets a GrammarError, never another exception; what
parses is written back as a line that parses to the same command; commands built directly
round-trip through their lines."""

from __future__ import annotations

from functools import partial
from typing import Any, get_args

import pytest
from hypothesis import given
from hypothesis import strategies as st

from rollplay.grammar import MAX_LINE, GrammarError, parse, to_line
from rollplay.grammar.combat import JOIN, action_specs
from rollplay.grammar.rolls import specs
from rollplay.grammar.words import COMMANDS
from rollplay.table.commands import (
    AwardLuck,
    AwardXP,
    CombatAction,
    CombatOrders,
    Command,
    Help,
    NpcOrder,
    NpcRoll,
    Opposed,
    Pose,
    Roll,
    ShowLog,
    Side,
    SpendLuck,
)
from rollplay.table.play.scene_text import BIDI, invisible
from rollplay.table.systems import Request
from tests.fuzzing import MEGABYTE, fuzz, takes_a_megabyte

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
                     "2.5", "19:15", "null", "[1, 2]", "{}", "Ambush:Viper=Chief", "2024-01-01",
                     "'a b'", "yes", "0x10", "1e3", "'[a, {b: c}]'"]),
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
def test_command_shaped_lines_parse_or_are_refused_and_round_trip(
    line: str, system: str, known: bool
) -> None:
    names = {"abilities": ["Firearms", "Melee", "Stealth", "Search", "Reflexes", "Poker"],
             "characters": ["Nikos", "Kara Voss"]} if known else {}  # fmt: skip
    command = outcome(line, system, **names)
    if command is not None:
        again = parse(to_line(command, system=system), system=system)
        assert again == command


def test_a_megabyte_line_is_refused_at_once() -> None:
    for system in SYSTEMS:
        takes_a_megabyte(partial(parse, system=system), "roll " + "F+" * MEGABYTE, 0.1)
        with pytest.raises(GrammarError, match=f"at most {MAX_LINE:,}"):
            parse("roll " + "x" * MEGABYTE, system=system)


# Commands built directly, their lines read back.
_NAME = st.text("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ", min_size=1, max_size=8)
# A line's separators are words of their own: a name holding one (A VS) cannot be written in
# a line (to_line refuses it in one line), so no name here holds one.
_SEPARATORS = {"vs", "vs.", "with"}
NAMES = (
    st.lists(_NAME, min_size=1, max_size=2)
    .map(" ".join)
    .filter(lambda n: not _SEPARATORS & set(n.casefold().split()))
)
REASONS = st.text("abcdefghijklmnopqrstuvwxyz /!?'", max_size=30).map(str.strip)
MODS = st.integers(-20, 20).map(lambda n: f"{n:+d}")


def _fs3() -> st.SearchStrategy[Request]:
    expression = st.tuples(NAMES, st.integers(-3, 3)).map(
        lambda t: t[0] + (f"{t[1]:+d}" if t[1] else "")
    )
    return st.builds(
        Request,
        expression,
        mods=st.lists(MODS, max_size=2).map(tuple),
        situations=st.lists(st.sampled_from(["taking-time", "defaulting"]), max_size=2).map(tuple),
        luck=st.sampled_from([None, "bonus", "reroll", "hail-mary"]),
    )


def _gurps() -> st.SearchStrategy[Request]:
    return st.builds(
        Request,
        NAMES,
        mods=st.lists(MODS, max_size=3).map(tuple),
        difficulty=st.sampled_from([None, "hard", "-3", "very hard"]),
        defense=st.booleans(),
    )


def _d6() -> st.SearchStrategy[Request]:
    return st.builds(
        Request,
        NAMES,
        mods=st.lists(st.sampled_from(["+1D", "-2", "+1"]), max_size=2).map(tuple),
        difficulty=st.sampled_from([None, "15", "moderate", "moderate=13"]),
        cp=st.integers(0, 5),
        fate=st.booleans(),
        unskilled=st.sampled_from([False, True, 3]),
        prepare=st.integers(0, 3),
        related=st.lists(st.just("19:15"), max_size=2).map(tuple),
        actions=st.integers(1, 3),
    )


# The Storyteller's orders: NPCs named once each (any case), each action with a target when
# it needs one and without when it takes none.
_ORDER = st.one_of(
    st.builds(NpcOrder, NAMES, st.sampled_from(["attack", "aim", "suppress", "subdue", "rally",
                                                "treat"]), NAMES),
    st.builds(NpcOrder, NAMES, st.sampled_from(["reload", "escape", "pass"])),
)  # fmt: skip
ORDERS = st.lists(_ORDER, min_size=1, max_size=4,
                  unique_by=lambda o: o.who.casefold()).map(tuple)  # fmt: skip
REQUESTS = {"fs3": _fs3(), "gurps": _gurps(), "d6": _d6()}
VISIBILITY = st.sampled_from(["public", "private", "secret"])


@st.composite
def commands(draw: st.DrawFn, system: str) -> Command:
    request = REQUESTS[system]
    who = st.none() | NAMES
    choices: list[st.SearchStrategy[Any]] = [
        st.builds(Roll, st.none(), st.builds(Side, who, request), VISIBILITY),
        st.builds(ShowLog, st.none(), who, st.integers(0, 10**6)),
        st.builds(Help, st.none(), st.none() | st.sampled_from(["roll", "log", "help"])),
    ]
    if system != "gurps":
        second = st.builds(Side, NAMES, request.map(_no_first_only))
        choices.append(st.builds(Opposed, st.none(), st.builds(Side, who, request), second,
                                 VISIBILITY))  # fmt: skip
    if system == "fs3":
        choices += [
            st.builds(NpcRoll, st.none(), st.builds(Request, st.integers(1, 12).map(str)),
                      who, VISIBILITY),
            st.builds(AwardLuck, st.none(), NAMES, st.integers(1, 100), REASONS),
            st.builds(SpendLuck, st.none(), NAMES, REASONS),
            st.builds(AwardXP, st.none(), NAMES, st.integers(1, 40).map(lambda n: n / 2),
                      REASONS),
            st.builds(CombatAction, st.none(), st.none() | NAMES, who, st.just("attack"),
                      NAMES, called=st.none() | NAMES,
                      luck=st.sampled_from([None, "attack", "defense"])),
            st.builds(CombatOrders, st.none(), st.none() | NAMES, ORDERS),
        ]  # fmt: skip
    made: Command = draw(st.one_of(choices))
    return made


def _no_first_only(request: Request) -> Request:
    from dataclasses import replace

    return replace(request, difficulty=None, defense=False, sense=False, attack=False)


@pytest.mark.fuzz
@fuzz
@given(st.sampled_from(SYSTEMS).flatmap(lambda s: st.tuples(st.just(s), commands(s))))
def test_commands_round_trip_through_their_lines(case: tuple[str, Command]) -> None:
    system, command = case
    assert parse(to_line(command, system=system), system=system) == command


def test_a_name_holding_a_separator_is_written_in_quotes() -> None:
    """Found by the round trip above: 'vs' and 'with' are the line's own words, so an
    ability called "A VS" was refused; since issue 37 (rulings W92) its line quotes it."""
    command = Roll(None, Side(None, Request("A VS")), "public")
    assert to_line(command, system="gurps") == 'roll "A VS"'
    assert parse('roll "A VS"', system="gurps") == command


# A pose's text (issue 30): any text a pose may hold, line breaks and all, no whitespace at
# its ends (which a pose drops), showing something (one of only invisible characters is
# empty: rulings S71).
POSE_TEXT = st.text(
    st.characters(blacklist_categories=("Cc", "Cs"), blacklist_characters="\u2028\u2029")
    | st.just("\n"),
    min_size=1, max_size=300,
).map(str.strip).filter(lambda t: t and not (set(t) & BIDI)
                        and not all(invisible(ch) for ch in t))  # fmt: skip


@given(POSE_TEXT, st.sampled_from(["pose", "semipose", "say", "emit", "ooc"]),
       st.sampled_from(SYSTEMS))  # fmt: skip
def test_a_pose_text_round_trips_through_its_line(text: str, style: Any, system: str) -> None:
    posed = Pose("Pegasus", text, style)
    line = to_line(posed, system=system)
    assert parse(line, system=system, game="Pegasus") == posed


def test_a_megabyte_pose_is_refused_in_one_line() -> None:
    with pytest.raises(GrammarError, match="at most 8,000") as refused:
        parse(":" + "x" * MEGABYTE, system="fs3")
    assert "\n" not in str(refused.value)
