"""Names, free text and numbers as GURPS sheets, GCS files and rolls accept them: the limits
a user can hit (docs/gurps.md, "Limits") and the checks every reader shares.

Every check looks at the length first, so hostile input costs no more than its size, and
shows a bad value by its kind or a clipped copy, never a megabyte of it in an error line.
"""

from __future__ import annotations

import math
import re
from collections.abc import Callable, Mapping
from typing import Any

from rollplay.errors import RollplayError

ATTRIBUTES = ("ST", "DX", "IQ", "HT", "Will", "Per")
# 001 The Rule of 20 speaks of "a basic attribute": ST, DX, IQ and HT (rulings G13).
BASIC_ATTRIBUTES = ("ST", "DX", "IQ", "HT")
ATTRIBUTE_KEYS = {a.casefold(): a for a in ATTRIBUTES}

MAX_NAME = 100  # characters in a character's, a skill's or a default's name
MAX_REASON = 200  # characters in a modifier's reason
MAX_SKILLS = 2000  # skills, and skills with listed defaults, on one sheet
MAX_DEFAULTS = 20  # defaults listed for one skill
SKILL_LEVELS = (1, 999)  # a skill's level on a sheet (rulings G11)
ATTRIBUTE_LEVELS = (0, 999)  # an attribute's score on a sheet

Complaint = Callable[[str], RollplayError]


class SheetError(RollplayError):
    """A character sheet or GCS file that is malformed, or names something it does not
    define."""


# A GCS template leaves "@Specialty@"-style blanks for the player to fill in (rulings G14).
_PLACEHOLDER = re.compile(r"@[^@]*@")


def shown(value: Any, width: int = 40) -> str:
    """A value as an error line may show it: short text clipped, a number, or its kind."""
    if isinstance(value, str):
        clipped = value if len(value) <= width else value[: width - 1] + "\u2026"
        return repr(clipped)
    if isinstance(value, bool) or value is None:
        return repr(value)
    if isinstance(value, int):
        return str(value) if value.bit_length() <= 64 else "a number too large to be a level"
    if isinstance(value, float):
        return repr(value) if math.isfinite(value) else f"{value} (not a finite number)"
    if isinstance(value, Mapping):
        return "a table"
    if isinstance(value, list | tuple):
        return "a list"
    return f"a {type(value).__name__}"


def name_in(value: Any, what: str, bad: Complaint) -> str:
    """A name: text of 1 to MAX_NAME characters once its spaces are tidied (every run of
    whitespace, newlines included, becomes one space), with no template placeholder."""
    if not isinstance(value, str):
        raise bad(f"{what} must be some text, not {shown(value)}")
    if len(value) > 4 * MAX_NAME:  # too long even before tidying; no need to look further
        raise bad(f"{what} is {len(value)} characters long; at most {MAX_NAME}")
    clean = " ".join(value.split())
    if not clean:
        raise bad(f"{what} is empty")
    if len(clean) > MAX_NAME:
        raise bad(f"{what} {shown(clean)} is {len(clean)} characters long; at most {MAX_NAME}")
    if _PLACEHOLDER.search(clean):
        raise bad(
            f"{what} {shown(clean)} holds a template placeholder (@...@): fill it in first "
            f"(in GCS, pick the specialty and save again)"
        )
    return clean


def reason_in(value: Any, bad: Complaint) -> str:
    """A modifier's reason: at most MAX_REASON characters, on one line."""
    if not isinstance(value, str):
        raise bad(f"a modifier's reason must be text, not {shown(value)}")
    if len(value) > 4 * MAX_REASON:
        raise bad(f"a modifier's reason is {len(value)} characters long; at most {MAX_REASON}")
    clean = " ".join(value.split())
    if len(clean) > MAX_REASON:
        raise bad(f"a modifier's reason is {len(clean)} characters long; at most {MAX_REASON}")
    return clean


def whole_in(value: Any, what: str, span: tuple[int, int], bad: Complaint) -> int:
    """A whole number within ``span``; booleans, fractions and text are refused."""
    if isinstance(value, bool) or not isinstance(value, int):
        raise bad(f"{what} must be a whole number, not {shown(value)}")
    if not span[0] <= value <= span[1]:
        raise bad(f"{what} is {shown(value)}; accepted: {span[0]} to {span[1]}")
    return value


def number_in(value: Any, what: str, span: tuple[int, int], bad: Complaint) -> int:
    """A number a program wrote (GCS): whole or not, rounded down as GURPS rounds, within
    ``span``. Booleans, text, infinities and NaN are refused."""
    if isinstance(value, float):
        if not math.isfinite(value):
            raise bad(f"{what} must be a number, not {shown(value)}")
        if not span[0] <= value < span[1] + 1:
            raise bad(f"{what} is {shown(value)}; accepted: {span[0]} to {span[1]}")
        return math.floor(value)
    return whole_in(value, what, span, bad)


def same_name(name: str) -> str:
    """The key two names are compared by: case and spacing do not matter."""
    return " ".join(name.split()).casefold()
