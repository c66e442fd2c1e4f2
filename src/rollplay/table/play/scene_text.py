"""The text of a scene and its poses, checked (rulings S4): a pose keeps its line breaks;
a title, summary or location is one line; neither holds a control character or a bidi
control."""

from __future__ import annotations

import unicodedata

from rollplay.errors import RollplayError
from rollplay.table.events.scenes import SCENE_KINDS, SceneKind
from rollplay.table.limits import MAX_POSE

# Characters that reorder how text is shown (Trojan Source): refused in a pose.
BIDI = frozenset("\u061c\u200e\u200f\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069")
# Characters that draw nothing but are not format characters (Unicode's "default ignorable"
# letters and marks: the Hangul fillers, the grapheme joiner, Khmer's inherent vowels,
# variation selectors) and the blank Braille cell: a pose of these alone shows as nothing.
INVISIBLE = frozenset("\u034f\u115f\u1160\u17b4\u17b5\u180b\u180c\u180d\u180f\u2800"
                      "\u3164\uffa0") | frozenset(map(chr, range(0xFE00, 0xFE10)))  # fmt: skip


def invisible(ch: str) -> bool:
    """Whether a character draws nothing: a space, a format character (U+200B and the other
    zero-width ones, U+FEFF, the soft hyphen, tags: category Cf) or one of INVISIBLE."""
    return ch.isspace() or ch in INVISIBLE or unicodedata.category(ch) == "Cf" or \
        0xE0100 <= ord(ch) <= 0xE01EF  # the supplementary variation selectors  # fmt: skip


def pose_text(text: object, what: str = "a pose") -> str:
    """A pose's text, checked (rulings S4): 1 to MAX_POSE characters, line breaks kept (as
    ``\\n``), no other control character and no bidi control; one that shows nothing (only
    zero-width and other invisible characters) is empty (rulings S71)."""
    if not isinstance(text, str):
        raise RollplayError(f"{what} is text, not {type(text).__name__}")
    if len(text) > MAX_POSE:
        raise RollplayError(f"{what} is {len(text):,} characters long; at most {MAX_POSE:,}")
    tidy = text.replace("\r\n", "\n").replace("\r", "\n").replace("\u2028", "\n")
    tidy = tidy.replace("\u2029", "\n").replace("\t", " ").strip()
    if all(invisible(ch) for ch in tidy):  # "" too; zero-width characters alone show nothing
        raise RollplayError(f"{what} is empty: say what happens")
    for ch in tidy:
        if ch in BIDI:
            raise RollplayError(f"{what} holds a bidi control (U+{ord(ch):04X}), which is refused")
        if ch != "\n" and unicodedata.category(ch) in ("Cc", "Cs"):
            raise RollplayError(
                f"{what} holds a control character (U+{ord(ch):04X}); only line breaks are kept"
            )
    return tidy


def one_line(text: str, what: str, most: int, empty: bool = False) -> str:
    """A title, summary or location: a pose's text on one line, at most ``most`` long
    (``empty``: nothing is allowed too)."""
    if empty and isinstance(text, str) and all(invisible(ch) for ch in text):
        return ""
    tidy = " ".join(pose_text(text, what).split())  # one line
    if len(tidy) > most:
        raise RollplayError(f"{what} is {len(tidy):,} characters long; at most {most:,}")
    return tidy


def scene_kind(kind: str) -> SceneKind:
    """A scene's type as a command gives it: one of SCENE_KINDS, or one line naming them."""
    for known in SCENE_KINDS:
        if kind == known:
            return known
    raise RollplayError(f"a scene's type is {kinds_said()}, not {kind[:40]!r}")


def kinds_said() -> str:
    """The scene types in words: 'social, action or plot'."""
    return f"{', '.join(SCENE_KINDS[:-1])} or {SCENE_KINDS[-1]}"
