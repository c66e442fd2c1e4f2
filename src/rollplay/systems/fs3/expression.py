"""Roll strings: ``Firearms+Reflexes-2``, ``Reflexes``, ``Medicine+Wits+2``, ``5``.

Grammar: terms joined by ``+`` and ``-``; a term is an ability name or a whole number.
Names may hold letters, digits, spaces and ``'_.:/``, but must start with a letter;
spaces around terms are ignored and runs of spaces inside a name count as one.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from rollplay.errors import ExpressionError

MAX_LENGTH = 200
_ACCEPTED = "ability names and whole numbers joined by + and -, like Firearms+Reflexes-2 or 5"

_TOKEN = re.compile(
    r"\s*(?:"
    r"(?P<sign>[+-])"
    r"|(?P<number>\d{1,6})(?![\d\w])"
    r"|(?P<name>[^\W\d_][\w'.:/ ]*?)(?=\s*(?:[+-]|$))"
    r")"
)


@dataclass(frozen=True)
class Expression:
    """A parsed roll string: the ability names, and the numbers with their signs."""

    text: str
    names: tuple[str, ...]
    numbers: tuple[int, ...]

    def __str__(self) -> str:
        return self.text


def parse(text: str) -> Expression:
    """Parse a roll string, or raise ExpressionError saying where it went wrong."""
    if len(text) > MAX_LENGTH:
        raise ExpressionError(f"roll string is {len(text)} characters long; at most {MAX_LENGTH}")
    if not text.strip():
        raise ExpressionError(f"empty roll string; accepted: {_ACCEPTED}")
    names: list[str] = []
    numbers: list[int] = []
    pos, sign, expect_term = 0, 1, True
    end = len(text.rstrip())
    while pos < end:
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
                if sign < 0:
                    raise _error(text, m.start("name"), "a number after '-' (abilities only add)")
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
