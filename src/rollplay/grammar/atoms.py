"""Names read whole before a line is split (issue 37, rulings W92): a name a sheet or the
character form accepts may hold what the grammar splits a line on (``/``, ``,``, ``+``,
``-``, the words ``vs`` and ``with``). Two ways keep such a name whole:

- the game's own names (``Context.characters`` and ``abilities``), read where they stand,
  the longest first: ``roll Nadia Kaur/Zero-G Welding+1``;
- any name in double quotes (a quote inside written twice): ``roll "Zero-G Welding"+1``,
  ``request "Nikos ""Ace"" Dimou" Piloting`` (a line that begins with a quote is a pose).

Each such name becomes one mark (a character no line holds) in the text the rest of the
grammar splits; every part is given back its names after (``plain``), and an FS3 roll string
gets them in the form its own grammar reads whole (``fs3``). A known name that does not
begin with a letter is read whole only in quotes: ``roll 5`` stays an NPC's rating whatever
a sheet calls a skill.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass
from functools import lru_cache

from rollplay.grammar.errors import GrammarError, clip
from rollplay.names import LINE, longest_first

FIRST_MARK = 0x100000  # plane 16's private use: a mark per name (no typed line holds one)
_MARKS = re.compile("[\U00100000-\U0010fffd]")
_EDGE = r"\s/+,=-"  # what may stand on either side of a name read where it stands
_QUOTED = r'"(?P<quoted>(?:[^"]|"")*)"'
# A name the grammar reads whole without help (rollplay/names.py, with FS3's roll strings):
# a letter first, then letters, digits, spaces and ' . :, and no word a roll splits on.
plain_name = LINE
quoted = LINE.quoted


@dataclass(frozen=True)
class Masked:
    """A line's text with each name read whole as one mark, and the names marked."""

    text: str
    names: tuple[str, ...] = ()

    def plain(self, part: str) -> str:
        """A part of ``text`` with its names back, as they are."""
        return _MARKS.sub(lambda m: self.names[ord(m.group()) - FIRST_MARK], part)

    def fs3(self, part: str) -> str:
        """A part with its names back as an FS3 roll string holds them: in quotes where a
        line would split them (its own grammar, systems/fs3/expression.py, reads quotes)."""
        return _MARKS.sub(lambda m: quoted(self.names[ord(m.group()) - FIRST_MARK]), part)

    def is_name(self, part: str) -> bool:
        """Whether a part is one marked name and nothing else."""
        return len(part.strip()) == 1 and _MARKS.fullmatch(part.strip()) is not None


def mask(text: str, known: Iterable[str] = ()) -> Masked:
    """``text`` with every quoted name, and every ``known`` name the grammar would
    otherwise split (standing where a name may), made one mark each, left to right."""
    if _MARKS.search(text):
        raise GrammarError("the line holds a private-use character, which cannot be typed",
                           clip(text))  # fmt: skip
    names: list[str] = []

    def marked(found: re.Match[str]) -> str:
        name = found.group("known")
        if name is None:
            name = found.group("quoted").replace('""', '"')
        name = " ".join(name.split())
        if not name:
            raise GrammarError('an empty name in quotes: write the name between them ("...")',
                               clip(text))  # fmt: skip
        names.append(name)
        return chr(FIRST_MARK + len(names) - 1)

    if '"' not in text and not known:
        return Masked(text)
    found = _pattern(tuple(known))  # the vocabulary's own order: one pattern per game
    return Masked(found.sub(marked, text), tuple(names))


@lru_cache(maxsize=64)
def _pattern(known: tuple[str, ...]) -> re.Pattern[str]:
    """The game's names the grammar would split (those beginning with a letter), longest
    first, each where a name may stand; or a quoted name."""
    either = longest_first(n for n in known if n[:1].isalpha() and not plain_name(n))
    return re.compile(rf"(?i)(?<![^{_EDGE}])(?P<known>{either})(?![^{_EDGE}])|{_QUOTED}")


def leading(text: str, known: Iterable[str]) -> tuple[str, str] | None:
    """A known name (or a quoted one) at the start of ``text``, followed by a space or a
    '/': the name as a line writes it, and the rest. The longest known name first."""
    if text.startswith('"'):
        closing = re.match(_QUOTED + r"(?=[\s/])", text)
        if closing is not None:
            return closing.group(), text[closing.end() + 1 :]
    found = re.match(rf"(?i)(?:{longest_first(known)})(?=[\s/])", text)
    if found is not None:
        return quoted(" ".join(found.group().split())), text[found.end() + 1 :]
    return None
