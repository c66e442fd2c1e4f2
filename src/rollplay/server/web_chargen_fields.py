"""What each system's character form shows (issue 31), from the game's ruleset, so that
house rules which add or remove attributes, skills or languages show on the form: the number
fields with the bounds the sheet readers accept, and the rows a table starts with (D6: the
attributes its ruleset files skills under). A sheet sent back is fixed in the same form,
filled in from the sheet as stored (``filled``, issue 37)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Any, assert_never

from rollplay.server.web_chargen import D6Form, FS3Form, GurpsForm, Rated, form_of
from rollplay.table.events.sheets import D6Sheet, FS3Sheet, GurpsSheet


@dataclass(frozen=True)
class Number:
    """A number field: its name, the bounds a sheet takes, what it starts at, a note (an FS3
    action skill's linked attribute) and what the game says of it (an FS3 game moved in from
    AresMUSH describes each ability: rulings A3)."""

    name: str
    lo: int
    hi: int
    value: int | None = None
    note: str = ""
    about: str = ""


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
    # FS3: the game's introduction above each kind of ability (AresMUSH's blurbs, A3)
    attribute_blurb: str = ""
    action_blurb: str = ""
    background_blurb: str = ""
    language_blurb: str = ""


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
    about = rules.description  # "" where the game describes none (every edition)
    return Fields(
        attributes=tuple(
            Number(a, low, top, start, about=about("attribute", a)) for a in rules.attributes
        ),
        action=tuple(
            Number(s.name, lo, hi, 0, s.attribute, about("action", s.name))
            for s in rules.action_skills
        ),
        background=Number("", *(scaled or (lo, hi))),
        rulings=rules.attributes if rules.background_attribute is None else (),
        languages=rules.languages,
        language=None if scaled is None else Number("", *scaled, scaled[1]),
        first_language=rules.languages[0] if rules.languages else "",
        attribute_blurb=about("attribute", ""),
        action_blurb=about("action", ""),
        background_blurb=about("background", ""),
        language_blurb=about("language", ""),
    )


def filled(system: str, rules: Any, sheet: FS3Sheet | GurpsSheet | D6Sheet) -> Fields:
    """The form of ``fields_of``, filled in from a stored sheet (``Character.typed_sheet``)
    as its form model reads it (web_chargen.form_of): every field the form has, at the
    sheet's value; a part of the sheet the form has no field for is kept as it is when the
    fix is sent (web_characters)."""
    blank = fields_of(system, rules)
    form = form_of(sheet, rules)
    match form:
        case FS3Form():
            action = {x.name: x.rating for x in form.action}
            return replace(
                blank, attributes=_numbers(blank.attributes, form.attributes),
                action=tuple(replace(x, value=action.get(x.name, 0)) for x in blank.action),
                rows=Rows(
                    concept=form.concept,
                    background=tuple((b.name, b.rating, b.attribute or "")
                                     for b in form.background),
                    languages=tuple((x.name, x.rating if form.rated_languages else None)
                                    for x in form.languages),
                    specialties=form.specialties, quirks=form.quirks,
                ),
            )  # fmt: skip
        case GurpsForm():
            rows = Rows(skills=tuple((x.name, str(x.rating), "") for x in form.skills))
            return replace(blank, attributes=_numbers(blank.attributes, form.attributes),
                           rows=rows)  # fmt: skip
        case D6Form():
            rows = Rows(skills=tuple((x.name, x.code, x.attribute) for x in form.skills),
                        points=(form.character_points, form.fate_points))  # fmt: skip
            return replace(blank, codes=form.attributes or blank.codes, rows=rows)
        case _:
            assert_never(form)


def _numbers(fields: tuple[Number, ...], given: Sequence[Rated]) -> tuple[Number, ...]:
    """The number fields at the values a sheet gives (the rest as they start)."""
    values = {x.name: x.rating for x in given}
    return tuple(replace(f, value=values.get(f.name, f.value)) for f in fields)
