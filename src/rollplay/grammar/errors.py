"""The command language's one error: a line that does not parse says which part is wrong, what
is accepted there and, where it can, the nearest thing that would have been."""

from __future__ import annotations

import difflib
from collections.abc import Iterable, Sequence

from rollplay.errors import RollplayError


class GrammarError(RollplayError):
    """A line that is not a command. ``part`` is the text at fault (as typed); ``suggestions``
    the nearest accepted words, best first, for a screen that offers them."""

    def __init__(self, message: str, part: str = "", suggestions: Sequence[str] = ()) -> None:
        super().__init__(message)
        self.part = part
        self.suggestions = tuple(suggestions)


def clip(text: str, width: int = 40) -> str:
    """Text short enough to quote in a one-line message."""
    return text if len(text) <= width else text[: width - 1] + "\u2026"


def nearest(word: str, known: Iterable[str], n: int = 3) -> list[str]:
    """The known words closest to ``word`` (case aside), best first."""
    choices: dict[str, str] = {}
    for k in known:
        choices.setdefault(k.casefold(), k)
    close = difflib.get_close_matches(word.casefold(), list(choices), n=n, cutoff=0.6)
    return [choices[c] for c in close]


def unknown(
    what: str, word: str, known: Sequence[str], listed: bool = True, n: int = 1
) -> GrammarError:
    """'unknown WHAT 'x'; did you mean 'y'?' (the ``n`` nearest) and, when nothing is near
    and the list is short enough to read, what is accepted."""
    close = nearest(word, known, n)
    message = f"unknown {what} {clip(word)!r}"
    if close:
        message += "; did you mean " + " or ".join(repr(c) for c in close) + "?"
    elif listed and known:
        message += "; accepted: " + ", ".join(known)
    return GrammarError(message, word, close)


def matches(word: str, known: Sequence[str]) -> list[str]:
    """The known words ``word`` may name: itself (case aside), else every one it begins."""
    folded = word.casefold()
    for k in known:
        if k.casefold() == folded:
            return [k]
    return [k for k in known if k.casefold().startswith(folded)] if folded else []


def pick(word: str, known: Sequence[str], what: str, listed: bool = True) -> str:
    """The known word ``word`` names: itself (case aside), or the one it begins. A beginning
    shared by several is ambiguous, never guessed."""
    found = matches(word, known)
    if len(found) == 1:
        return found[0]
    if found:
        raise ambiguous(what, word, found)
    raise unknown(what, word, known, listed)


def ambiguous(what: str, word: str, found: Sequence[str]) -> GrammarError:
    return GrammarError(
        f"{what} {clip(word)!r} is ambiguous: it begins " + ", ".join(found), word, found
    )


def reworded(error: RollplayError, part: str) -> GrammarError:
    """An error from a shared helper, in the line's terms: its command-line options
    (``--doctor``) are this language's options (``doctor``)."""
    import re

    message = re.sub(r"--([a-z][a-z-]*)", r"\1", str(error))
    return GrammarError(message, part)
