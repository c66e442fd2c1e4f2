"""What each system's character form shows (issue 31), from the game's ruleset, so that
house rules which add or remove attributes, skills or languages show on the form: the number
fields with the bounds the sheet readers accept, and the rows a table starts with (D6: the
attributes its ruleset files skills under). A sheet sent back is fixed in the same form,
filled in from the sheet as stored (``filled``, issue 37)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace
from typing import Any


@dataclass(frozen=True)
class Number:
    """A number field: its name, the bounds a sheet takes, what it starts at, and a note
    (an FS3 action skill's linked attribute)."""

    name: str
    lo: int
    hi: int
    value: int | None = None
    note: str = ""


@dataclass(frozen=True)
class Fields:
    attributes: tuple[Number, ...] = ()
    action: tuple[Number, ...] = ()  # FS3
    background: Number | None = None  # FS3: a background skill's rating bounds
    rulings: tuple[str, ...] = ()  # FS3 3.2: the attributes a background skill may name
    languages: tuple[str, ...] = ()  # FS3: the game's languages
    language: Number | None = None  # FS3: a language's rating bounds; None: unrated (3.2)
    first_language: str = ""  # FS3: the row the languages start with
    skill: Number | None = None  # GURPS: a skill level's bounds
    codes: tuple[tuple[str, str], ...] = ()  # D6: the attribute rows it starts with
    rows: Rows | None = None  # a sheet's own rows, when the form fixes one


@dataclass(frozen=True)
class Rows:
    """What a sheet being fixed fills the form's text fields and tables with."""

    concept: str = ""  # FS3
    background: tuple[tuple[str, int, str], ...] = ()  # FS3: name, rating, its attribute
    languages: tuple[tuple[str, int | None], ...] = ()  # FS3: name, rating (None: unrated)
    specialties: tuple[tuple[str, str], ...] = ()  # FS3: the specialty, its action skill
    quirks: tuple[str, ...] = ()  # FS3
    skills: tuple[tuple[str, str, str], ...] = ()  # GURPS: name, level; D6: name, code, under
    points: tuple[int | None, int | None] = (None, None)  # D6: Character and Fate Points


def fields_of(system: str, rules: Any) -> Fields:
    if system == "fs3":
        return _fs3(rules)
    if system == "gurps":
        from rollplay.systems.gurps.names import ATTRIBUTE_LEVELS, ATTRIBUTES, SKILL_LEVELS
        from rollplay.systems.gurps.sheet import FROM_IQ

        iq = Number("", *ATTRIBUTE_LEVELS, None, "blank: as IQ")  # rulings G7
        return Fields(
            attributes=tuple(
                Number(a, iq.lo, iq.hi, None, iq.note)
                if a in FROM_IQ
                else Number(a, *ATTRIBUTE_LEVELS, 10)
                for a in ATTRIBUTES
            ),
            skill=Number("", *SKILL_LEVELS),
        )
    if system == "d6":
        named = tuple(dict.fromkeys(g.attribute for g in rules.skills))
        return Fields(codes=tuple((a, "3D") for a in named) or (("", "3D"),))  # one to name
    return Fields()


def _fs3(rules: Any) -> Fields:
    from rollplay.systems.fs3.sheet_fields import scaled_range

    low, top = rules.attribute_range  # 002 Attributes: 1 to 4, a house range at both ends
    start = min(max(rules.default_attribute, low), top)
    lo, hi = rules.skill_range
    scaled = scaled_range(rules)
    return Fields(
        attributes=tuple(Number(a, low, top, start) for a in rules.attributes),
        action=tuple(Number(s.name, lo, hi, 0, s.attribute) for s in rules.action_skills),
        background=Number("", *(scaled or (lo, hi))),
        rulings=rules.attributes if rules.background_attribute is None else (),
        languages=rules.languages,
        language=None if scaled is None else Number("", *scaled, scaled[1]),
        first_language=rules.languages[0] if rules.languages else "",
    )


def filled(system: str, rules: Any, sheet: Mapping[str, Any]) -> Fields:
    """The form of ``fields_of``, filled in from a stored sheet (in its system's own format,
    as `char new` reads one): every field the form has, at the sheet's value; a part of the
    sheet the form has no field for is kept as it is when the fix is sent (web_characters)."""
    blank = fields_of(system, rules)
    attributes = _table(sheet.get("attributes"))
    numbers = tuple(replace(a, value=_whole(attributes.get(a.name), a.value))
                    for a in blank.attributes)  # fmt: skip
    if system == "fs3":
        action = _table(sheet.get("action"))
        listed = sheet.get("languages")
        languages: tuple[tuple[str, int | None], ...] = (
            tuple((str(k), _whole(v, None)) for k, v in listed.items())
            if isinstance(listed, Mapping)
            else tuple((str(k), None) for k in listed or ())
        )
        return replace(
            blank, attributes=numbers,
            action=tuple(replace(x, value=_whole(action.get(x.name), 0)) for x in blank.action),
            rows=Rows(
                concept=str(sheet.get("concept") or ""),
                background=tuple(_background(k, v) for k, v in
                                 _table(sheet.get("background")).items()),
                languages=languages,
                specialties=tuple((str(x), str(skill)) for skill, listed_ in
                                  _table(sheet.get("specialties")).items()
                                  for x in listed_ or ()),
                quirks=tuple(str(q) for q in sheet.get("quirks") or ()),
            ),
        )  # fmt: skip
    skills = _table(sheet.get("skills"))
    if system == "gurps":
        rows = Rows(skills=tuple((str(k), str(v), "") for k, v in skills.items()))
        return replace(blank, attributes=numbers, rows=rows)
    if system == "d6":
        codes = tuple((str(k), str(v)) for k, v in attributes.items()) or blank.codes
        rows = Rows(skills=tuple(_d6_skill(k, v) for k, v in skills.items()),
                    points=(_whole(sheet.get("character_points"), None),
                            _whole(sheet.get("fate_points"), None)))  # fmt: skip
        return replace(blank, codes=codes, rows=rows)
    return blank


def _table(value: Any) -> Mapping[str, Any]:
    return value if isinstance(value, Mapping) else {}


def _whole(value: Any, default: int | None) -> int | None:
    return value if isinstance(value, int) and not isinstance(value, bool) else default


def _background(name: Any, entry: Any) -> tuple[str, int, str]:
    """An FS3 background skill's row: a rating, or a rating and its attribute (3.2)."""
    if isinstance(entry, Mapping):
        return str(name), _whole(entry.get("rating"), 0) or 0, str(entry.get("attribute") or "")
    return str(name), _whole(entry, 0) or 0, ""


def _d6_skill(name: Any, entry: Any) -> tuple[str, str, str]:
    """A D6 skill's row: its code, or its code and the attribute it falls under."""
    if isinstance(entry, Mapping):
        return str(name), str(entry.get("code") or ""), str(entry.get("attribute") or "")
    return str(name), str(entry), ""
