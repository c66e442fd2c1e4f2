"""Names read whole (issue 37, rulings W92), for both grammars that read them: the command
language's (grammar/atoms.py) and an FS3 roll string's (systems/fs3/expression.py). A name
either grammar reads as it is, unquoted, is *plain*: a letter first, then letters, digits,
spaces and what that grammar lets a name hold; any other is written in double quotes (a
quote inside written twice), or read whole because the game knows it, the longest known name
first. One set of rules, so a line, a roll string and a sheet never disagree on a name."""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass, field


@dataclass(frozen=True)
class Plain:
    """What one grammar reads whole, unquoted: ``chars`` (a regex class's inside, spaces
    aside) after a letter, ending on one of them; ``splits``: words that end a name there
    however plain its characters (the command language's ``vs`` and ``with``)."""

    chars: str
    splits: re.Pattern[str] | None = None
    alpha: bool = False  # the first a letter by str.isalpha too (not a superscript digit)
    _whole: re.Pattern[str] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        whole = re.compile(rf"[^\W\d_](?:[{self.chars} ]*[{self.chars}])?")
        object.__setattr__(self, "_whole", whole)

    def __call__(self, name: str) -> bool:
        """Whether the grammar reads ``name`` whole as it is."""
        return (
            self._whole.fullmatch(name) is not None
            and (not self.alpha or name[:1].isalpha())
            and (self.splits is None or self.splits.search(name) is None)
        )

    def quoted(self, name: str) -> str:
        """``name`` as the grammar writes it: as it is when plain, else in double quotes."""
        return name if self(name) else '"' + name.replace('"', '""') + '"'

    def odd(self) -> re.Pattern[str]:
        """A pattern that finds, in names joined by NUL, one that is not plain by its
        characters (one pass over a whole sheet's names, most of which are): a character
        no plain name holds, a first one that is not a letter, a space last, an empty name."""
        return re.compile(rf"[^{self.chars} \x00]|(?:^|\x00)[\W\d_]|[ \x00](?:\x00|$)|^$")


# An FS3 roll string: a name may hold ' . : / beside letters, digits and spaces.
ROLL = Plain(r"\w'.:/")
# The command language splits a line on '/', and a roll on the words vs and with.
LINE = Plain(r"\w'.:", re.compile(r"(?i)(?:^|\s)(?:vs\.?|with)(?:\s|$)"), alpha=True)


def longest_first(names: Iterable[str]) -> str:
    """Names as one regex alternation, the longest first (so the longest known name wins
    where several start alike), case as the caller's flags say, any run of spaces between
    a name's words; "(?!)", which matches nothing, when there are none."""
    ordered = sorted({n for n in names if n.split()}, key=lambda n: (-len(n), n))
    return "|".join(r"\s+".join(map(re.escape, n.split())) for n in ordered) or "(?!)"
