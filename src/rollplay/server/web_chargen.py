"""The new-character form (issue 31), typed: the fields a page posts read into one form model
per system (FS3, GURPS, D6), each of which writes the sheet a sheet file would hold, so that
the form and the "sheet as text" box make the same character the same way. The rules are the
sheet readers' and the character-creation checks' (the service's): the form only turns typed
text into numbers and rows, and refuses in one line what no field could hold.

The posted fields (the one string-keyed step): ``name``, ``concept``; ``attr.NAME`` and
``action.NAME`` for each attribute and action skill; repeated ``bg.name``/``bg.rating``/
``bg.attribute``, ``lang.name``/``lang.rating``, ``spec.name``/``spec.skill``, ``quirk``,
``skill.name``/``skill.level`` (GURPS) and ``skill.name``/``skill.code``/``skill.attribute``
(D6), a row each; D6's ``character_points`` and ``fate_points``."""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, assert_never

from rollplay.errors import RollplayError
from rollplay.table.events.sheets import D6Sheet, FS3Sheet, GurpsSheet

MAX_ROWS = 100  # of one table on the form; a bigger sheet comes as text or a file (W61)
MAX_FIELD = 2000  # characters in a field: FS3's concept, the longest a sheet takes
_WHOLE = re.compile(r"[+-]?\d{1,6}")


class FormError(RollplayError):
    """A field no sheet could take: text for a number, too many rows, a control character."""


@dataclass(frozen=True)
class Rated:
    """A row of a table on the form: a name and its number."""

    name: str
    rating: int


@dataclass(frozen=True)
class Background:
    """An FS3 background skill's row: its ruling attribute where the edition lets it be
    chosen (3.2), else None."""

    name: str
    rating: int
    attribute: str | None = None


@dataclass(frozen=True)
class FS3Form:
    name: str
    concept: str
    attributes: tuple[Rated, ...]  # an attribute left blank is left out: the reader names it
    action: tuple[Rated, ...]  # rated above 0 only: 0 is untrained, as a sheet leaves it out
    background: tuple[Background, ...]
    languages: tuple[Rated, ...]
    quirks: tuple[str, ...]
    rated_languages: bool  # 3.3 rates languages 0-3; 3.2 lists them (002 "no rating")
    specialties: tuple[tuple[str, str], ...] = ()  # (specialty, action skill), 000 Specialties

    @classmethod
    def from_sheet(cls, sheet: FS3Sheet, rules: Any) -> FS3Form:
        """The form as a stored sheet fills it (a sheet sent back, fixed in the form)."""
        return cls(
            sheet.name, sheet.concept,
            tuple(Rated(k, v) for k, v in sheet.attributes.items()),
            tuple(Rated(k, v) for k, v in sheet.action.items() if v),
            tuple(Background(k, b.rating, b.attribute) for k, b in sheet.background.items()),
            tuple(Rated(k, v) for k, v in sheet.languages.items()),
            tuple(sheet.quirks), bool(rules.scaled_skill_dice),
            tuple((n, skill) for skill, names in sheet.specialties.items() for n in names),
        )  # fmt: skip

    def sheet(self) -> dict[str, Any]:
        languages: Any = (
            {x.name: x.rating for x in self.languages}
            if self.rated_languages
            else [x.name for x in self.languages]
        )
        return {
            "name": self.name,
            "system": "fs3",
            **({"concept": self.concept} if self.concept else {}),
            "attributes": {x.name: x.rating for x in self.attributes},
            "action": {x.name: x.rating for x in self.action if x.rating},
            "background": {
                b.name: {"rating": b.rating, "attribute": b.attribute} if b.attribute else b.rating
                for b in self.background
            },
            "languages": languages,
            "quirks": list(self.quirks),
            "specialties": self._specialties(),
        }

    def _specialties(self) -> dict[str, list[str]]:
        out: dict[str, list[str]] = {}
        for name, skill in self.specialties:
            out.setdefault(skill, []).append(name)
        return out


@dataclass(frozen=True)
class GurpsForm:
    name: str
    attributes: tuple[Rated, ...]  # Will and Per left blank follow IQ (rulings G7)
    skills: tuple[Rated, ...]

    @classmethod
    def from_sheet(cls, sheet: GurpsSheet) -> GurpsForm:
        return cls(sheet.name, tuple(Rated(k, v) for k, v in sheet.attributes.items()),
                   tuple(Rated(k, v) for k, v in sheet.skills.items()))  # fmt: skip

    def sheet(self) -> dict[str, Any]:
        return {
            "name": self.name,
            "system": "gurps",
            "attributes": {x.name: x.rating for x in self.attributes},
            "skills": {x.name: x.rating for x in self.skills},
        }


@dataclass(frozen=True)
class D6Skill:
    """A D6 skill's row: its code, the attribute it falls under, or both (003 Untrained Skill
    Use: a skill with only an attribute is rolled untrained from it)."""

    name: str
    code: str
    attribute: str

    def entry(self) -> Any:
        if self.attribute:
            return {**({"code": self.code} if self.code else {}), "attribute": self.attribute}
        return self.code


@dataclass(frozen=True)
class D6Form:
    name: str
    attributes: tuple[tuple[str, str], ...]  # name, die code
    skills: tuple[D6Skill, ...]
    character_points: int | None
    fate_points: int | None

    @classmethod
    def from_sheet(cls, sheet: D6Sheet) -> D6Form:
        skills = tuple(
            D6Skill(k, v, "") if isinstance(v, str) else
            D6Skill(k, v.code or "", v.attribute or "")
            for k, v in sheet.skills.items()
        )  # fmt: skip
        return cls(sheet.name, tuple(sheet.attributes.items()), skills, sheet.character_points,
                   sheet.fate_points)  # fmt: skip

    def sheet(self) -> dict[str, Any]:
        points = {"character_points": self.character_points, "fate_points": self.fate_points}
        return {
            "name": self.name,
            "system": "d6",
            "attributes": dict(self.attributes),
            "skills": {s.name: s.entry() for s in self.skills},
            **{k: v for k, v in points.items() if v is not None},
        }


CharacterForm = FS3Form | GurpsForm | D6Form


def form_of(sheet: FS3Sheet | GurpsSheet | D6Sheet, rules: Any) -> CharacterForm:
    """The form model a stored sheet fills (``Character.typed_sheet``): what the form shows
    of it, and so what a fix sent from the form may change (web_characters.py)."""
    match sheet:
        case FS3Sheet():
            return FS3Form.from_sheet(sheet, rules)
        case GurpsSheet():
            return GurpsForm.from_sheet(sheet)
        case D6Sheet():
            return D6Form.from_sheet(sheet)
        case _:
            assert_never(sheet)


def read_form(system: str, rules: Any, fields: Sequence[tuple[str, str]]) -> CharacterForm:
    """The form model of a game's system from the posted fields; one line if a field is no
    sheet's."""
    posted = _Posted(fields)
    if system == "fs3":
        return _fs3(posted, rules)
    if system == "gurps":
        from rollplay.systems.gurps.names import ATTRIBUTES

        return GurpsForm(
            posted.name(),
            posted.numbers("attr", ATTRIBUTES),
            tuple(Rated(n, posted.whole(v, f"skill {n}") or 0)
                  for n, v in posted.rows("skill", ("name", "level"), "skills")),
        )  # fmt: skip
    if system == "d6":
        skills = posted.rows("skill", ("name", "code", "attribute"), "skills")
        for name, code, attribute in skills:
            if not code and not attribute:  # a name just typed: say what it still needs
                raise FormError(f"skill {name}: give its die code, the attribute it falls "
                                f"under, or both")  # fmt: skip
        return D6Form(
            posted.name(),
            tuple((n, c) for n, c in posted.rows("attr", ("name", "code"), "attributes")),
            tuple(D6Skill(*row) for row in skills),
            posted.whole(posted.text("character_points", ""), "Character Points"),
            posted.whole(posted.text("fate_points", ""), "Fate Points"),
        )
    raise FormError(f"no character form for {system.upper()}: paste the sheet as text")


def _fs3(posted: _Posted, rules: Any) -> FS3Form:
    rated = bool(rules.scaled_skill_dice)
    chosen = rules.background_attribute is None  # 3.2: each background skill names its own
    columns = ("name", "rating", "attribute") if chosen else ("name", "rating")
    background = [
        Background(
            row[0],
            posted.whole(row[1], f"background skill {row[0]}") or 0,
            (row[2] or None) if chosen else None,
        )
        for row in posted.rows("bg", columns, "background skills")
    ]
    languages = [
        Rated(row[0], (posted.whole(row[1], f"language {row[0]}") or 0) if rated else 1)
        for row in posted.rows("lang", ("name", "rating") if rated else ("name",), "languages")
    ]
    return FS3Form(
        posted.name(),
        posted.text("concept", "the concept", lines=True),
        posted.numbers("attr", rules.attributes),
        posted.numbers("action", tuple(s.name for s in rules.action_skills)),
        tuple(background),
        tuple(languages),
        tuple(q for (q,) in posted.rows("quirk", ("",), "quirks")),
        rated,
        tuple((n, s) for n, s in posted.rows("spec", ("name", "skill"), "specialties")),
    )


class _Posted:
    """The posted fields, each read once into what the form model holds."""

    def __init__(self, fields: Sequence[tuple[str, str]]) -> None:
        self._fields: dict[str, list[str]] = {}
        for key, value in fields:
            self._fields.setdefault(key, []).append(value)

    def text(self, key: str, what: str, lines: bool = False) -> str:
        value = (self._fields.get(key) or [""])[0]
        return _clean(value, what, lines)

    def name(self) -> str:
        return " ".join(self.text("name", "the name").split())

    def whole(self, value: str, what: str) -> int | None:
        """A typed whole number; None when the field is blank."""
        value = value.strip().replace("\u2212", "-")
        if not value:
            return None
        if not _WHOLE.fullmatch(value):
            raise FormError(f"{what}: {value[:20]!r} is not a whole number")
        return int(value)

    def numbers(self, prefix: str, names: Sequence[str]) -> tuple[Rated, ...]:
        """The number fields named for each of ``names``; a blank one is left out."""
        typed = ((n, self.whole(self.text(f"{prefix}.{n}", n), n)) for n in names)
        return tuple(Rated(n, v) for n, v in typed if v is not None)

    def rows(self, prefix: str, columns: tuple[str, ...], what: str) -> list[tuple[str, ...]]:
        """A table's rows, in order; a row with no name (one just added) is left out."""
        keys = [f"{prefix}.{c}" if c else prefix for c in columns]
        listed = [self._fields.get(k, []) for k in keys]
        if len({len(x) for x in listed}) > 1:
            raise FormError(f"the {what} rows are not whole: each needs all its fields")
        if len(listed[0]) > MAX_ROWS:
            raise FormError(f"{len(listed[0])} {what} on the form; at most {MAX_ROWS} (a "
                            f"bigger sheet can be pasted as text or imported)")  # fmt: skip
        out: list[tuple[str, ...]] = []
        seen: set[str] = set()
        for row in zip(*listed, strict=True):
            cells = tuple(" ".join(_clean(v, what, False).split()) for v in row)
            if not cells[0]:
                continue
            if cells[0].casefold() in seen:
                raise FormError(f"{cells[0]} is on the form twice among the {what}")
            seen.add(cells[0].casefold())
            out.append(cells)
        return out


def _clean(value: str, what: str, lines: bool) -> str:
    if len(value) > MAX_FIELD:
        raise FormError(f"{what} is {len(value):,} characters long; at most {MAX_FIELD:,}")
    allowed = "\n\r\t" if lines else ""
    for ch in value:
        if unicodedata.category(ch) in ("Cc", "Cf") and ch not in allowed:
            raise FormError(f"{what} holds a control character (U+{ord(ch):04X}); type it "
                            f"without one")  # fmt: skip
    return value.strip()
