"""The rows of an AresMUSH sheet's sections (sheets.py reads the sheet whole): one ability
as the template draws it, in columns (``left(name, 14)``, dots in 8, the rating's name in
16, an action skill's linked attribute after it) or as a screen reader's ``Name: 3 Good ::``,
and the specialties line. A rating's number is its name's in AresMUSH's English locale
(``fs3skills/locales/locale_en.yml``, by each ability model's ``rating_name``); dots, where
drawn, must agree (rulings A40)."""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Literal

from rollplay.errors import RollplayError

NAME_WIDTH = 14  # left(name, 14): a name and its colon are cut at 14 columns
Kind = Literal["attributes", "action", "background", "languages", "advantages"]

# fs3skills/locales/locale_en.yml, by each ability model's rating_name (public/fs3_*.rb).
_ACTION = ("Incapable", "Everyman", "Fair", "Competent", "Good", "Great", "Exceptional",
           "Amazing", "Legendary")  # fmt: skip
WORDS: dict[Kind, dict[str, int]] = {
    "attributes": {"Poor": 1, "Average": 2, "Good": 3, "Exceptional": 4},
    "action": {word: rating for rating, word in enumerate(_ACTION)},
    "background": {"Everyman": 0, "Fair": 1, "Good": 2, "Exceptional": 3},
    "languages": {"Everyman": 0, "Beginner": 1, "Conversational": 2, "Fluent": 3},
    "advantages": {"Everyman": 0, "Fair": 1, "Good": 2, "Exceptional": 3},
}
TITLES: dict[str, Kind] = {
    "Attributes": "attributes", "Action Skills": "action",
    "Background Skills": "background", "Languages": "languages", "Advantages": "advantages",
}  # fmt: skip


class SheetFileError(RollplayError):
    """A file that is not an AresMUSH FS3 sheet, or one whose text cannot be read."""


@dataclass(frozen=True)
class Rated:
    """One ability as the sheet shows it. ``cut``: its name filled the 14 columns and may
    have been cut there (the full name is longer, or exactly this). ``linked``: the first
    letters of an action skill's linked attribute, as shown (``REF``), when shown whole."""

    name: str
    rating: int
    cut: bool = False
    linked: str | None = None


_DOTS = r"(?:@(?:@|xy@)*|\d{1,2})"  # dots (2019 on; one release printed "@xy@"), or a number


def _entry(kind: Kind) -> re.Pattern[str]:
    """One ability of a row: a name and its colon, or a name filling its columns (cut
    there: 14 since 2019, 16 before), then the dots and the rating's name."""
    words = "|".join(sorted(WORDS[kind], key=len, reverse=True))
    return re.compile(
        r"(?:(?P<name>\w+(?: \w+)*):|(?P<cut>\w(?:\w| (?=\w)){12,15}))"
        r"[ \t]+(?:(?P<dots>" + _DOTS + r")[ \t]+)?"
        r"(?P<word>" + words + r")\b(?:[ \t]*\((?P<attr>[A-Za-z]{0,3})\)?)?"
    )


_ENTRIES = {kind: _entry(kind) for kind in WORDS}
_SPOKEN = {  # a screen reader's row: "Name: 3 Good (REF) :: "
    kind: re.compile(
        r"(?P<name>[A-Za-z0-9_][\w ]*?):[ \t]*(?:(?P<dots>\d{1,2})[ \t]+)?"
        r"(?P<word>" + "|".join(WORDS[kind]) + r")?[ \t]*(?:\((?P<attr>[A-Za-z]{0,3})\))?"
        r"[ \t]*::"
    )
    for kind in WORDS
}


def title(kind: Kind) -> str:
    return next(t for t, k in TITLES.items() if k == kind)


def row(line: str, kind: Kind, spoken: bool, where: str) -> list[Rated]:
    pattern = _SPOKEN[kind] if spoken else _ENTRIES[kind]
    out: list[Rated] = []
    end = 0
    for m in pattern.finditer(line):
        if line[end : m.start()].strip():
            break
        out.append(_rated(m, kind, spoken, where))
        end = m.end()
    rest = line[end:].strip()
    if not spoken and rest.startswith("("):  # a linked attribute cut short: "(RE"
        rest = ""
    if not out or rest:
        words = ", ".join(WORDS[kind])
        raise SheetFileError(
            f"{where}: cannot read {line.strip()[:60]!r} as {title(kind)} (each 'Name: "
            f"@@ Rating', the rating one of {words})"
        )
    return out


def _rated(m: re.Match[str], kind: Kind, spoken: bool, where: str) -> Rated:
    name = " ".join((m.group("name") or m.groupdict().get("cut") or "").split())
    word, dots = m.group("word"), m.group("dots")
    rating = WORDS[kind][word] if word else None
    if dots is not None:
        counted = int(dots) if dots.isdigit() else dots.count("@")
        if rating is not None and counted != rating:
            raise SheetFileError(f"{where}: {name} shows {dots} but is rated {word}")
        rating = counted
    if rating is None:
        raise SheetFileError(f"{where}: {name} has no rating")
    attr = m.group("attr")
    linked = attr.upper() if attr and len(attr) == 3 else None
    cut = not spoken and m.group("name") is None
    return Rated(name, rating, cut, linked)


def specialties(text: str, where: str) -> list[tuple[str, str]]:
    out = []
    for part in _split_specialties(text):
        m = _ONE.match(part)
        if not m:
            raise SheetFileError(f"{where}: a specialty is 'Name (Skill)', not {part.strip()!r}")
        out.append((" ".join(m.group(2).split()), " ".join(m.group(1).split())))
    return out


_ONE = re.compile(r"^\s*([\w ]+?)\s*\(([\w ]+)\)\s*$")


def _split_specialties(text: str) -> list[str]:
    """'A (X), B (Y)': split at the commas after a closing bracket."""
    return [p for p in re.split(r"(?<=\))\s*,\s*", text.strip()) if p.strip()]
