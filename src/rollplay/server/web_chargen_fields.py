"""What each system's new-character form shows (issue 31), from the game's ruleset, so that
house rules which add or remove attributes, skills or languages show on the form: the number
fields with the bounds the sheet readers accept, and the rows a table starts with (D6: the
attributes its ruleset files skills under)."""

from __future__ import annotations

from dataclasses import dataclass
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
    from rollplay.systems.fs3.sheet import scaled_range

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
