"""Issue 37: any name the character form or a sheet accepts can be rolled by that name. A skill
"Zero-G Welding" was approved and could never be rolled (the line split it at its '-'), and
``request Nadia Kaur Alertness`` asked "Nadia" for a roll of "Kaur Alertness". Names are
read whole where they stand when the game knows them (the longest first), and any name in
double quotes (rulings W92); a line written from a command quotes a name only where it must.

The names here are those the rules accept: a character's (table/play/names.py), and an
ability's as a sheet and the form take one (any text of a line, its spaces tidied: an FS3
background skill, a GURPS or D6 skill), with the letters, digits, signs, slashes, commas,
quotes and the grammar's own words (vs, with) that real names hold."""

from __future__ import annotations

from typing import Any

from hypothesis import assume, given
from hypothesis import strategies as st

from rollplay.errors import RollplayError
from rollplay.grammar import parse, to_line
from rollplay.grammar.atoms import quoted
from rollplay.systems.fs3.expression import parse as fs3_parse
from rollplay.table.commands import NpcRoll, RequestRoll, Roll, Side
from rollplay.table.limits import MAX_NAME
from rollplay.table.play.names import character_name
from rollplay.table.systems import Request

SYSTEMS = ("fs3", "gurps", "d6")
# What real names hold, the grammar's separators above all, and now and then any character
# a line may hold (not a control character or a lone surrogate, which no line holds).
_PIECES = st.one_of(
    st.sampled_from(["Zero", "G", "Welding", "Nadia", "Kaur", "O'Brien", "Guns", "TL8",
                     "Fast", "Draw", "(Pistol)", "R2", "D2", "vs", "with", "VS.", "x", "7",
                     "3D", "Jean", "Luc", "Dr.", "Ace", "Área", "Δ"]),
    st.sampled_from([" ", "-", "/", "+", ",", '"', "'", ":", "&", "=", "!", "  ", " vs ",
                     " with "]),
    st.text(st.characters(blacklist_categories=("Cc", "Cs", "Co")), min_size=1, max_size=3),
)  # fmt: skip
TEXT = st.lists(_PIECES, min_size=1, max_size=8).map("".join).map(lambda t: " ".join(t.split()))


def _character(text: str) -> str | None:
    try:
        return character_name(text)
    except RollplayError:
        return None


CHARACTERS = TEXT.map(_character).filter(lambda n: n is not None).map(str)
ABILITIES = TEXT.filter(lambda t: 0 < len(t) <= MAX_NAME)
SYSTEM = st.sampled_from(SYSTEMS)


def _rolled(who: str, ability: str, system: str) -> Roll:
    """The roll of ``ability`` by ``who`` at a modifier, as the grammar makes it."""
    if system == "fs3":  # a roll string: a name a line would split, in quotes
        return Roll(None, Side(who, Request(f"{quoted(ability)}+1")), "public")
    mod = "+1D" if system == "d6" else "-2"
    return Roll(None, Side(who, Request(ability, mods=(mod,))), "public")


@given(CHARACTERS, ABILITIES, SYSTEM)
def test_every_accepted_name_round_trips_through_a_roll_line(
    who: str, ability: str, system: str
) -> None:
    # Written from the command and read back with no names known: the names quoted where
    # the grammar would split them.
    rolled = _rolled(who, ability, system)
    line = to_line(rolled, system=system)
    assert parse(line, system=system) == rolled, line
    asked = RequestRoll(None, rolled.side, False)
    assert parse(to_line(asked, system=system), system=system) == asked


def _named(ability: str, system: str, command: Any) -> None:
    """The command rolls ``ability`` at the modifier, whatever the system."""
    assert isinstance(command, Roll | RequestRoll)
    request = command.side.request
    if system == "fs3":
        read = fs3_parse(request.expression)
        assert (read.names, read.numbers) == ((ability,), (1,)), request.expression
    else:
        assert (request.expression, request.mods) == (ability, ("+1D" if system == "d6"
                                                                  else "-2",))  # fmt: skip


def _typed(ability: str, system: str) -> str:
    return ability + {"fs3": "+1", "gurps": "-2", "d6": "+1D"}[system]


@given(CHARACTERS, ABILITIES, SYSTEM)
def test_a_games_own_names_are_rolled_as_typed(who: str, ability: str, system: str) -> None:
    # Typed as they are, in a game that has them: the longest of its names is read whole
    # where it stands. A name that does not begin with a letter goes in quotes (roll 5 is
    # an NPC's rating, whatever a sheet names a skill), and so does one the longest match
    # would read otherwise (an ability that begins with the roller's name and a '/').
    assume(ability[:1].isalpha() and who[:1].isalpha())
    assume("\u2212" not in ability + who)  # typed, a Unicode minus is a minus (W92)
    line = f"{who}/{_typed(ability, system)}"
    assume(line.casefold().find(ability.casefold()) == len(who) + 1)
    assume(who.casefold() not in ("nikos", "kara voss"))
    known: dict[str, Any] = {"characters": [who, "Nikos", "Kara Voss"],
             "abilities": [ability, "Firearms", "Reflexes", "Stealth"]}  # fmt: skip
    rolled = parse(f"roll {line}", system=system, **known)
    assert isinstance(rolled, Roll)
    assert rolled.side.character == who
    _named(ability, system, rolled)
    # The Storyteller's request, the name first and a space (or a '/') after it.
    for asked_line in (f"request {who} {_typed(ability, system)}", f"request {line}"):
        asked = parse(asked_line, system=system, **known)
        assert isinstance(asked, RequestRoll)
        assert asked.side.character == who
        _named(ability, system, asked)


@given(CHARACTERS, ABILITIES, SYSTEM)
def test_any_name_is_rolled_in_quotes(who: str, ability: str, system: str) -> None:
    # With no names known (a bridge that has not read the game, a line typed anywhere):
    # the names in double quotes, a quote inside written twice.
    def q(name: str) -> str:
        return '"' + name.replace('"', '""') + '"'

    rolled = parse(f"roll {q(who)}/{q(ability)}{_typed('', system)}", system=system)
    assert isinstance(rolled, Roll)
    assert rolled.side.character == who
    _named(ability, system, rolled)


def test_the_issue_37_names() -> None:
    known: dict[str, Any] = {
        "characters": ["Nadia Kaur", "Nikos"],
        "abilities": ["Zero-G Welding", "Alertness", "Guns/TL8 (Pistol)", "Reflexes"],
    }
    rolled = parse("roll Nadia Kaur/Zero-G Welding+Reflexes-1", system="fs3", **known)
    assert isinstance(rolled, Roll)
    assert rolled.side.character == "Nadia Kaur"
    assert rolled.side.request.expression == '"Zero-G Welding"+Reflexes-1'
    asked = parse("request Nadia Kaur Alertness", system="fs3", **known)
    assert isinstance(asked, RequestRoll)
    assert (asked.side.character, asked.side.request.expression) == ("Nadia Kaur", "Alertness")
    gurps = parse("roll Nikos/Guns/TL8 (Pistol)-2/mod=-1", system="gurps", **known)
    assert isinstance(gurps, Roll)
    assert gurps.side.request.expression == "Guns/TL8 (Pistol)"
    assert gurps.side.request.mods == ("-2", "-1")
    # A name that does not begin with a letter is no skill's unless quoted: roll 5 is the
    # NPC's rating it always was.
    assert isinstance(parse("roll Guard/5", system="fs3", abilities=["5"]), NpcRoll)
    assert isinstance(parse('roll Nikos/"5"', system="fs3", abilities=["5"]), Roll)
