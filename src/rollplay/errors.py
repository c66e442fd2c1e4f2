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
