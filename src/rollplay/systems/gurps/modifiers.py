"""Modifiers to a success roll (001 Modifiers): a number, and why ('-5 working by touch').

A modifier string is read in one pass: a sign and digits at the start, then the reason.
Text past a reason's length is refused before it is read, so any input costs no more than
its size (a 120,000-character reason once took 36 seconds in a backtracking pattern).
"""

from __future__ import annotations

import re
from typing import NamedTuple

from rollplay.errors import RollplayError
from rollplay.systems.gurps.names import MAX_REASON, reason_in, shown

MODIFIER_LIMIT = 9999  # rulings G9
# The number at the start; the reason is everything after it (and an optional ':' or ',').
_HEAD = re.compile(r"\s*([+\-\u2212]?)\s*([0-9]+)")
_LONGEST = MAX_REASON + 40  # a sign, digits, a separator and the spaces around them


class Modifier(NamedTuple):
    """A change to the target number, and why: (-5, 'working by touch')."""

    value: int
    reason: str = ""

    def __str__(self) -> str:
        sign = "+" if self.value >= 0 else "-"
        if not self.reason:
            return f"{sign}{abs(self.value)}"
        # A reason that starts like a separator keeps one before it, so it reads back.
        gap = ": " if self.reason[0] in ":," else " "
        return f"{sign}{abs(self.value)}{gap}{self.reason}"


ModifierLike = int | str | Modifier | tuple[int, str]


def _bad(what: str) -> RollplayError:
    return RollplayError(f"bad modifier: {what}")


def _value(value: object) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise RollplayError(f"bad modifier {shown(value)}: give a number, like -5 or +10")
    if abs(value) > MODIFIER_LIMIT:
        raise RollplayError(
            f"bad modifier {shown(value)}: accepted -{MODIFIER_LIMIT} to +{MODIFIER_LIMIT}"
        )
    return value


def modifier(spec: ModifierLike) -> Modifier:
    """-5, '+10', '-5 working by touch', '+10: primitive lock', (-5, 'dark') or a Modifier.
    A reason is at most MAX_REASON characters; its spaces are tidied onto one line."""
    if isinstance(spec, tuple):  # a Modifier is a tuple too
        if len(spec) != 2:
            raise _bad("a pair of a number and a reason, like (-5, 'dark')")
        value, reason = spec
        return Modifier(_value(value), reason_in(reason, _bad))
    if not isinstance(spec, str):
        return Modifier(_value(spec))
    if len(spec) > _LONGEST:
        raise _bad(f"{len(spec)} characters long; a reason is at most {MAX_REASON} characters")
    head = _HEAD.match(spec)
    if head is None:
        raise RollplayError(
            f"bad modifier {shown(spec)}: write a number with an optional reason, "
            f"like -5 or '-5 working by touch'"
        )
    sign, digits = head.groups()
    if len(digits) > len(str(MODIFIER_LIMIT)):
        raise RollplayError(
            f"bad modifier {shown(spec)}: accepted -{MODIFIER_LIMIT} to +{MODIFIER_LIMIT}"
        )
    value = -int(digits) if sign in ("-", "\u2212") else int(digits)
    rest = spec[head.end() :].lstrip()
    if rest[:1] in (":", ","):
        rest = rest[1:]
    return Modifier(_value(value), reason_in(rest, _bad))
