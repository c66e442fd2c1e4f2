"""One exception family for everything a user can get wrong.

Every message names the bad part and what would have been accepted, in one line, so
the CLI can print it as is (exit code 2) and a chat bridge can echo it back to a player.
"""

from __future__ import annotations

import difflib
from collections.abc import Iterable


class RollplayError(ValueError):
    """Bad input: a roll string, a rating, a ruleset, dice faces..."""


class ExpressionError(RollplayError):
    """A roll string that does not parse."""


class AbilityError(RollplayError):
    """An ability the roll names but the ruleset or the ratings do not know."""


class DiceError(RollplayError):
    """Dice that cannot be rolled: too many, too few scripted faces, a face off the die."""


class RulesetError(RollplayError):
    """A ruleset or house-rules file that is malformed or inconsistent."""


class RuleError(RollplayError):
    """A roll the rules do not allow (a luck spend the edition lacks, an Everyman jet pilot)."""


def suggest(name: str, known: Iterable[str]) -> str:
    """' (did you mean X?)' for the closest known name, or ''."""
    close = closest(name, known)
    return f" (did you mean {close}?)" if close else ""


def closest(name: str, known: Iterable[str]) -> str | None:
    """The known name nearest to ``name``, if any is near (case aside)."""
    choices = {k.casefold(): k for k in known}
    close = difflib.get_close_matches(name.casefold(), list(choices), n=1, cutoff=0.6)
    return choices[close[0]] if close else None


# A QWERTY keyboard's rows, for the keys beside a key (a slip of the finger, not a spelling).
_ROWS = ("qwertyuiop", "asdfghjkl", "zxcvbnm")


def _keys_beside() -> dict[str, frozenset[str]]:
    beside = {}
    for r, row in enumerate(_ROWS):
        for i, key in enumerate(row):
            near = {row[j] for j in (i - 1, i + 1) if 0 <= j < len(row)}
            if r > 0:  # the row above sits half a key to the right of this one
                near |= {_ROWS[r - 1][j] for j in (i, i + 1) if j < len(_ROWS[r - 1])}
            if r < len(_ROWS) - 1:
                near |= {_ROWS[r + 1][j] for j in (i - 1, i) if 0 <= j < len(_ROWS[r + 1])}
            beside[key] = frozenset(near)
    return beside


_BESIDE = _keys_beside()
MIN_SLIP = 4  # shorter names are one letter apart too often to call it a slip (Art, Arm)


def slipped(name: str, known: Iterable[str]) -> str | None:
    """The first of ``known`` that ``name`` is one typing slip away from, case aside: after
    the same first letter, a letter left out, typed twice or extra, two neighbouring letters
    swapped, or a letter typed with the key beside it (rulings R28). Both names have at least
    MIN_SLIP letters. Words one letter apart otherwise (Painting and Printing, Riding and
    Hiding, Biking and Hiking) are likely two names, not a slip."""
    typed = " ".join(name.split()).casefold()
    if len(typed) < MIN_SLIP:
        return None
    for k in known:
        listed = " ".join(k.split()).casefold()
        if (len(listed) >= MIN_SLIP and listed != typed and listed[0] == typed[0]
                and _one_slip(typed, listed)):  # fmt: skip
            return k
    return None


def _one_slip(a: str, b: str) -> bool:
    if len(a) > len(b):
        a, b = b, a
    if len(b) - len(a) > 1:
        return False
    i = 0
    while i < len(a) and a[i] == b[i]:
        i += 1
    if len(a) < len(b):  # one letter more in b (left out of a, or typed twice or extra)
        return a[i:] == b[i + 1 :]
    if a[i + 2 :] != b[i + 2 :]:
        return False
    swapped = a[i : i + 2] == b[i : i + 2][::-1]
    beside = a[i + 1 :] == b[i + 1 :] and b[i] in _BESIDE.get(a[i], frozenset())
    return swapped or beside


def whole(text: str, what: str, limit: int = 999_999_999) -> int:
    """User text as a whole number (a leading sign and a Unicode minus allowed), or one
    error line. Long digit strings are refused before ``int`` sees them: Python raises its
    own error past 4,300 digits, and nothing a game needs is that large."""
    clean = text.strip().replace("\u2212", "-")
    digits = clean.lstrip("+-")
    if not digits.isdecimal() or len(clean) - len(digits) > 1 or not digits.isascii():
        raise RollplayError(f"{what} must be a whole number, not {_clip(text)!r}")
    if len(digits.lstrip("0")) > len(str(limit)) or int(digits) > limit:
        raise RollplayError(f"{what} {_clip(text)}: at most {limit} either way")
    return int(clean)


def _clip(text: str, width: int = 40) -> str:
    return text if len(text) <= width else text[: width - 1] + "\u2026"
