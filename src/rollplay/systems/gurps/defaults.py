"""Defaults (001 Default Rolls): what a skill defaults to, and at what modifier ('IQ-5').

``parse_default`` reads one in a single pass over text no longer than a name and its number,
so any input costs no more than its size.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from rollplay.systems.gurps.names import ATTRIBUTE_KEYS, MAX_NAME, SheetError, name_in, shown

MAX_DEFAULT_MODIFIER = 999
# The modifier at the end: a sign, then up to three digits. Searched from each sign only.
_TAIL = re.compile(r"([+\-\u2212])\s*([0-9]+)\s*\Z")


@dataclass(frozen=True)
class Default:
    """One default of a skill: an attribute or another skill, at a modifier ('IQ-5')."""

    source: str
    modifier: int
    attribute: bool

    def __str__(self) -> str:
        if not self.modifier:
            return self.source
        return f"{self.source}{'+' if self.modifier > 0 else '-'}{abs(self.modifier)}"


def parse_default(text: str) -> Default:
    """'IQ-5' -> Default('IQ', -5, attribute=True); 'Intimidation-3' -> a skill default."""

    def bad(what: str) -> SheetError:
        return SheetError(f"bad default {shown(text)}: {what}")

    if not isinstance(text, str):
        raise bad("write a source and a modifier, like IQ-5")
    if len(text) > MAX_NAME + 10:
        raise bad(f"{len(text)} characters long; a default is a name and a number")
    tail = _TAIL.search(text)
    source_text = text[: tail.start()] if tail else text
    value = 0
    if tail:
        sign, digits = tail.groups()
        if len(digits) > 3 or int(digits) > MAX_DEFAULT_MODIFIER:
            raise bad(f"the modifier is at most {MAX_DEFAULT_MODIFIER} either way")
        value = -int(digits) if sign in ("-", "\u2212") else int(digits)
    source_text = source_text.strip()
    if not any(c.isalpha() for c in source_text) or source_text[-1:] in ("+", "-", "\u2212"):
        raise bad("write a source and a modifier, like IQ-5")
    source = name_in(source_text, "its source", bad)
    attribute = ATTRIBUTE_KEYS.get(source.casefold())
    return Default(attribute or source, value, attribute is not None)


def _defaults(texts: list[str]) -> tuple[Default, ...]:
    return tuple(parse_default(t) for t in texts)


# The defaults 001 itself names. "No default" is an empty tuple. A game adds the rest in its
# sheets; a GCS file brings levels with defaults already applied (rulings G10).
BUILT_IN_DEFAULTS: dict[str, tuple[Default, ...]] = {
    "Lockpicking": _defaults(["IQ-5"]),
    "Interrogation": _defaults(["IQ-5", "Intimidation-3", "Psychology-4"]),
    "Driving": _defaults(["DX-5"]),
    "Alchemy": (),
    "Karate": (),
}
