"""Names as people read them (issue 29): one form for each name (NFKC), nothing in it that
cannot be seen or that turns text around, letters of one script, and none that looks like a
name already taken.

A name in any one script is welcome (Katya in Cyrillic, Kassia, Achilles in polytonic Greek,
Yamada in kanji); what is refused, never silently stripped, is what lets two different names
look the same: format and control characters (zero-width spaces, direction marks), a Latin
name with a Cyrillic o in it, or Sara in Cyrillic beside Capa in Latin. The comparison is a
skeleton in the manner of Unicode's UTS #39: each name reduced to a common form in which
letters that look alike (Latin, Cyrillic and Greek; a few digits and pairs) are one letter.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Iterable

from rollplay.errors import RollplayError

REFUSED = {
    "Cc": "a control character",
    "Cf": "an invisible formatting character (a zero-width or direction mark)",
    "Co": "a private-use character",
    "Cs": "a lone surrogate",
    "Cn": "an unassigned code point",
    "Zl": "a line separator",
    "Zp": "a paragraph separator",
}
MAX_MARKS = 4  # combining marks on one letter: polytonic Greek and Vietnamese need 2 or 3
# Scripts written together in one name (UTS #39's "highly restrictive" level): Japanese,
# Korean and Chinese mix Han with their own, and any of them may take Latin letters.
_TOGETHER = (
    frozenset({"LATIN", "HAN", "HIRAGANA", "KATAKANA"}),
    frozenset({"LATIN", "HAN", "HANGUL"}),
    frozenset({"LATIN", "HAN", "BOPOMOFO"}),
)
_SCRIPT_OF_WORD = {"CJK": "HAN", "IDEOGRAPHIC": "HAN", "KATAKANA-HIRAGANA": "KATAKANA"}

# Letters that look alike, by their Unicode names, to the Latin letter they pass for (before
# case folding, so that a capital I may pass for a small l); accented forms follow from their
# decomposition (NFD). Named, not written: in the source they would look like Latin too.
_ALIKE = {
    "CYRILLIC CAPITAL": {"A": "A", "VE": "B", "IE": "E", "DZE": "S", "JE": "J", "KA": "K",
                         "BYELORUSSIAN-UKRAINIAN I": "l", "EM": "M", "EN": "H", "O": "O",
                         "ER": "P", "ES": "C", "TE": "T", "U": "Y", "HA": "X",
                         "STRAIGHT U": "Y", "QA": "Q", "WE": "W"},
    "CYRILLIC SMALL": {"A": "a", "IE": "e", "O": "o", "ER": "p", "ES": "c", "U": "y",
                       "HA": "x", "DZE": "s", "BYELORUSSIAN-UKRAINIAN I": "i", "JE": "j",
                       "SHHA": "h", "KOMI DE": "d", "QA": "q", "WE": "w", "STRAIGHT U": "y",
                       "PALOCHKA": "l"},
    "CYRILLIC": {"PALOCHKA": "l"},
    "GREEK CAPITAL": {"ALPHA": "A", "BETA": "B", "EPSILON": "E", "ZETA": "Z", "ETA": "H",
                      "IOTA": "l", "KAPPA": "K", "MU": "M", "NU": "N", "OMICRON": "O",
                      "RHO": "P", "TAU": "T", "UPSILON": "Y", "CHI": "X"},
    "GREEK SMALL": {"ALPHA": "a", "IOTA": "i", "KAPPA": "k", "NU": "v", "OMICRON": "o",
                    "RHO": "p", "UPSILON": "u", "CHI": "x"},
}  # fmt: skip
_LOOKALIKES = str.maketrans({
    **{unicodedata.lookup(f"{group} LETTER {name}"): latin
       for group, letters in _ALIKE.items() for name, latin in letters.items()},
    "I": "l", "1": "l", "|": "l", "0": "O",  # Latin's own: digits and a bar
})  # fmt: skip
_PAIRS = (("rn", "m"), ("vv", "w"))  # after folding: two letters that read as one


def normal_name(value: str, what: str) -> str:
    """``value`` in NFKC with its spaces tidied; refused (one line) if it holds a character
    of REFUSED or a letter buried under more than MAX_MARKS combining marks."""
    text = unicodedata.normalize("NFKC", value)
    marks = 0
    for ch in text:
        kind = unicodedata.category(ch)
        if kind in REFUSED:
            raise RollplayError(
                f"a {what}'s name cannot contain {REFUSED[kind]}: {described(ch)}; type the "
                f"name again without it"
            )
        marks = marks + 1 if kind.startswith("M") else 0
        if marks > MAX_MARKS:
            raise RollplayError(f"a {what}'s name stacks more than {MAX_MARKS} marks on one letter")
    return " ".join(text.split())


def script_of(ch: str) -> str | None:
    """A letter's script, from its Unicode name (LATIN, CYRILLIC, GREEK, HAN...); None for
    what all scripts share: digits, punctuation, marks, spaces, modifier letters."""
    if not unicodedata.category(ch).startswith("L"):
        return None
    word = unicodedata.name(ch, "").split(" ", 1)[0]
    if word in ("", "MODIFIER"):
        return None
    return _SCRIPT_OF_WORD.get(word, word)


def one_script(name: str, what: str) -> None:
    """Refuse a name whose letters come from scripts not written together."""
    scripts: dict[str, str] = {}
    for ch in name:
        script = script_of(ch)
        if script is not None:
            scripts.setdefault(script, ch)
    if len(scripts) <= 1 or any(set(scripts) <= together for together in _TOGETHER):
        return
    shown = " and ".join(f"{s.title()} ({described(ch)})" for s, ch in scripts.items())
    raise RollplayError(
        f"a {what}'s name mixes scripts ({shown}): letters alike in two scripts could pass "
        f"for another name; write it in one script"
    )


def skeleton(name: str) -> str:
    """The form two names share if they look alike: lookalike letters made one, case folded,
    accents kept apart (NFD)."""
    text = unicodedata.normalize("NFD", unicodedata.normalize("NFKC", name))
    folded = unicodedata.normalize("NFD", text.translate(_LOOKALIKES).casefold())
    for pair, single in _PAIRS:
        folded = folded.replace(pair, single)
    return " ".join(folded.split())


def lookalike(name: str, known: Iterable[str]) -> str | None:
    """The first of ``known`` that looks like ``name`` (the same skeleton), if any."""
    mine = skeleton(name)
    return next((other for other in known if skeleton(other) == mine), None)


def described(ch: str) -> str:
    """A character as a line can show it, by its code point and name too, since a lookalike
    shows nothing wrong: 'x' U+043E CYRILLIC SMALL LETTER O."""
    code = f"U+{ord(ch):04X} {unicodedata.name(ch, '')}".rstrip()
    return f"{ch!r} {code}" if ch.isprintable() and not ch.isspace() else code
