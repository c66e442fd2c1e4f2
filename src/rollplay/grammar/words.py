"""A line's first word: the command (``roll``, ``combat/attack``), found without regard to case
and from any beginning only one command has; and what every part of a line shares: the
line's limits, names, whole numbers and who the line may name.

A command is a word and at most one switch, MUSH-style: ``word[/switch] arguments``. A
leading ``+`` (``+roll``, as many MUSHes spell their commands) is allowed and ignored.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Sequence
from dataclasses import dataclass

from rollplay.errors import RollplayError, whole
from rollplay.grammar.errors import GrammarError, ambiguous, clip, matches, nearest, unknown
from rollplay.table.limits import MAX_NAME

_QUOTED_OR_MINUS = re.compile('"(?:[^"]|"")*"|\u2212')
MAX_LINE = 1_000  # characters in one command line: two sides of a contest and their options
SYSTEM_NAMES = {"fs3": "FS3", "gurps": "GURPS", "d6": "D6"}

# Every command word and its switches; "" is the word alone. Combat's actions come from the
# caller (``combat_actions``) and join these.
COMMANDS: dict[str, tuple[str, ...]] = {
    "roll": ("", "private", "secret"),
    "cp": ("after",),
    "luck": ("award", "spend"),
    "xp": ("award", "raise"),
    "sheet": ("", "approve", "sendback", "set"),
    "combat": ("", "start", "join", "leave", "stance", "newturn", "status", "stop", "move",
               "recover", "hero", "orders"),
    "heal": ("day",),
    "log": ("",),
    "scene": ("start", "private", "join", "pause", "resume", "stop", "invite", "order", "set"),
    "pose": ("", "as", "edit", "delete"),  # poses and edits are read first (scenes.py)
    "say": ("",),
    "emit": ("",),
    "ooc": ("",),
    "request": ("", "secret", "cancel"),
    "answer": ("",),
    "reveal": ("",),
    "help": ("",),
}  # fmt: skip


@dataclass(frozen=True)
class Context:
    """What a line is read against: the game's system, and (when the caller knows them) the
    abilities and characters a line may name, for suggestions."""

    system: str
    game: str | None = None
    abilities: tuple[str, ...] = ()
    characters: tuple[str, ...] = ()
    combat_actions: tuple[str, ...] = ()

    @property
    def known(self) -> tuple[str, ...]:
        """The game's names a line reads whole where they stand (grammar/atoms.py)."""
        return self.characters + self.abilities

    @property
    def system_name(self) -> str:
        return SYSTEM_NAMES[self.system]

    @property
    def a_system(self) -> str:
        """'an FS3', 'a GURPS', 'a D6'."""
        return ("an " if self.system == "fs3" else "a ") + self.system_name

    def only(self, systems: Sequence[str], what: str, why: str) -> None:
        """Refuse a command the game's system does not have."""
        if self.system not in systems:
            names = " and ".join(SYSTEM_NAMES[s] for s in systems)
            raise GrammarError(f"{what} is {names}'s ({why}); this is {self.a_system} game", what)

    def character(self, name: str) -> str:
        """A character's name as typed, checked against the known ones when there are any."""
        if self.characters and name.casefold() not in {c.casefold() for c in self.characters}:
            raise unknown("character", name, self.characters, len(self.characters) <= 12, n=3)
        return name

    def ability(self, name: str) -> str:
        if self.abilities and name.casefold() not in {a.casefold() for a in self.abilities}:
            raise unknown("ability", name, self.abilities, listed=False, n=3)
        return name


def clean_line(line: object) -> str:
    """The line, checked: text, one line, no control characters, at most MAX_LINE long;
    tabs are spaces and a Unicode minus is a minus."""
    if not isinstance(line, str):
        raise GrammarError(f"a command is a line of text, not {type(line).__name__}")
    if len(line) > MAX_LINE:
        raise GrammarError(
            f"the line is {len(line):,} characters long; a command is at most {MAX_LINE:,}",
            clip(line),
        )
    # A Unicode minus is a minus, but in a quoted name, which is the name as it is.
    text = _QUOTED_OR_MINUS.sub(lambda m: m.group() if m.group() != "\u2212" else "-",
                                line.strip().replace("\t", " "))  # fmt: skip
    for ch in text:
        if ch in "\r\n\u2028\u2029":
            raise GrammarError("one command per line: the line holds a line break", text)
        if unicodedata.category(ch) in ("Cc", "Cs"):
            raise GrammarError(
                f"the line holds a control character (U+{ord(ch):04X}), which cannot be typed",
                text,
            )
    return text


def command_word(head: str, combat_actions: tuple[str, ...]) -> tuple[str, str]:
    """``roll/priv`` -> ('roll', 'private'): the command a line's first word names."""
    table = {**COMMANDS, "combat": COMMANDS["combat"] + combat_actions}
    word, slash, switch = head.partition("/")
    if "/" in switch:
        raise GrammarError(f"one switch per command, not {clip(head)!r}", head)
    found = matches(word, list(table))
    if word.casefold() == "r":  # the MUSHes' own shorthand for roll, before request and reveal
        found = ["roll"]
    if len(found) > 1:
        raise ambiguous("command", word, found)
    if not found:
        forms = [w + (f"/{s}" if s else "") for w, switches in table.items() for s in switches]
        close = nearest(head, forms, 1) if slash else nearest(word, list(table), 1)
        raise _unknown(head, close, ", ".join(table))
    command = found[0]
    switches = table[command]
    forms = [command + (f"/{s}" if s else "") for s in switches]
    if not slash:
        if "" not in switches:
            raise GrammarError(f"{command} needs a switch: {', '.join(forms)}", head, forms)
        return command, ""
    named = matches(switch, [s for s in switches if s])
    if len(named) > 1:
        raise ambiguous("command", f"{command}/{switch}", [f"{command}/{s}" for s in named])
    if not named:
        close = nearest(f"{command}/{switch}", forms, 1)
        raise _unknown(f"{command}/{switch}", close, ", ".join(forms))
    return command, named[0]


def _unknown(word: str, close: Sequence[str], accepted: str) -> GrammarError:
    """'unknown command 'rool'; did you mean 'roll'?', or what is accepted."""
    if close:
        hint = "; did you mean " + " or ".join(repr(c) for c in close) + "?"
    else:
        hint = f"; accepted: {accepted}"
    return GrammarError(f"unknown command {clip(word)!r}{hint}", word, close)


def name(text: str, what: str) -> str:
    """A name (a character's, an NPC's, a combat's): spaces tidied, 1 to MAX_NAME long."""
    tidy = " ".join(text.split())
    if not tidy:
        raise GrammarError(f"{what} is missing", text)
    if len(tidy) > MAX_NAME:
        raise GrammarError(
            f"{what} {clip(tidy)!r} is {len(tidy)} characters long; at most {MAX_NAME}", tidy
        )
    return tidy


def number(text: str, what: str, low: int = 0, high: int = 999_999_999) -> int:
    """A whole number from ``low`` to ``high``."""
    try:
        value = whole(text, what, high)
    except RollplayError as e:
        raise GrammarError(str(e), text) from None
    if value < low:
        raise GrammarError(f"{what} {value}: at least {low}", text)
    return value
