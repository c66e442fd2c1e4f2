"""Roll strings: ``Firearms+Reflexes-2``, ``Reflexes``, ``Medicine+Wits+2``, ``5``.

Grammar: terms joined by ``+`` and ``-``; a term is an ability name or a whole number.
Names may hold letters, digits, spaces and ``'_.:/``, but must start with a letter;
spaces around terms are ignored and runs of spaces inside a name count as one. Any other
name is read whole in double quotes (``"Zero-G Welding"+Reflexes``; a quote inside is
written twice), or, when the caller knows it (``known``: a sheet's names), as it is
(``Zero-G Welding+Reflexes``): the longest known name wins (rulings W92).
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass
from functools import lru_cache

from rollplay.errors import ExpressionError
from rollplay.names import ROLL, longest_first

MAX_LENGTH = 200
_ACCEPTED = "ability names and whole numbers joined by + and -, like Firearms+Reflexes-2 or 5"

_TOKEN = re.compile(
    r"\s*(?:"
    r"(?P<sign>[+-])"
    r"|(?P<number>\d{1,6})(?![\d\w])"
    r'|"(?P<quoted>(?:[^"]|"")*)"(?=\s*(?:[+-]|$))'
    r"|(?P<name>[^\W\d_][\w'.:/ ]*?)(?=\s*(?:[+-]|$))"
    r")"
)


@lru_cache(maxsize=256)
def _known(names: tuple[str, ...]) -> re.Pattern[str] | None:
    """The known names the unquoted grammar would misread (rollplay/names.py ``ROLL``),
    longest first, as one pattern that reads any of them whole at a term's place (case
    aside, any run of spaces)."""
    special = [n for n in names if not ROLL(n)]
    if not any(n.split() for n in special):
        return None
    either = longest_first(special)
    return re.compile(rf"\s*(?P<known>{either})(?=\s*(?:[+-]|$))", re.IGNORECASE)


@dataclass(frozen=True)
class Expression:
    """A parsed roll string: the ability names, and the numbers with their signs."""

    text: str
    names: tuple[str, ...]
    numbers: tuple[int, ...]

    def __str__(self) -> str:
        return self.text


def parse(text: str, known: Iterable[str] = ()) -> Expression:
    """Parse a roll string, or raise ExpressionError saying where it went wrong. ``known``:
    names read whole where they stand (a sheet's abilities), though they hold a sign."""
    if len(text) > MAX_LENGTH:
        raise ExpressionError(f"roll string is {len(text)} characters long; at most {MAX_LENGTH}")
    if not text.strip():
        raise ExpressionError(f"empty roll string; accepted: {_ACCEPTED}")
    names: list[str] = []
    numbers: list[int] = []
    pos, sign, expect_term = 0, 1, True
    end = len(text.rstrip())
    whole = _known(tuple(known))
    while pos < end:
        named = whole.match(text, pos) if whole is not None and expect_term else None
        if named is not None:
            if sign < 0:
                raise _error(text, named.start("known"), "a number after '-' (abilities only add)")
            names.append(" ".join(named.group("known").split()))
            expect_term, pos = False, named.end()
            continue
        m = _TOKEN.match(text, pos)
        if m is None or m.end() == pos:
            digits = re.match(r"\s*(\d+)", text[pos:])
            if digits and len(digits.group(1)) > 6:
                raise ExpressionError(
                    f"bad roll string {text.strip()!r}: {digits.group(1)} is too large a number; "
                    f"numbers have at most 6 digits"
                )
            raise _error(text, pos, "a + or - here" if not expect_term else "a name or a number")
        if m.group("sign"):
            if expect_term:
                raise _error(text, m.start("sign"), "a name or a number")
            sign = 1 if m.group("sign") == "+" else -1
            expect_term = True
        else:
            if not expect_term:
                raise _error(text, m.start(), "a + or - between terms")
            if m.group("number"):
                numbers.append(sign * int(m.group("number")))
            else:
                at = m.start("name") if m.group("name") is not None else m.start("quoted")
                if sign < 0:
                    raise _error(text, at, "a number after '-' (abilities only add)")
                if m.group("quoted") is not None:
                    inner = " ".join(m.group("quoted").replace('""', '"').split())
                    if not inner:
                        raise _error(text, at, "a name between the quotes")
                    names.append(inner)
                else:
                    names.append(" ".join(m.group("name").split()))
            expect_term = False
        pos = m.end()
    if expect_term:
        raise _error(text, end, "a name or a number")
    return Expression(text=text.strip(), names=tuple(names), numbers=tuple(numbers))


def _error(text: str, pos: int, wanted: str) -> ExpressionError:
    near = text[pos : pos + 12].strip()
    where = f"at position {pos + 1} (near {near!r})" if near else "at the end"
    return ExpressionError(
        f"bad roll string {text.strip()!r}: expected {wanted} {where}; accepted: {_ACCEPTED}"
    )
