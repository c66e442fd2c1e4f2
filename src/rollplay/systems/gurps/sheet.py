"""Reading a GURPS sheet's plain data (docs/gurps.md) into a Character, by hand: the format
is five keys, and every problem is named in one line that starts with the file.

Whatever the data holds (a list where a table belongs, text for a number, a huge or
non-finite number, a boolean, nesting of any depth), the answer is a Character or one
SheetError: values are looked at only where the format expects them, and shown by their
kind, never printed whole.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from rollplay.errors import suggest
from rollplay.systems.gurps.defaults import Default, parse_default
from rollplay.systems.gurps.levels import Character
from rollplay.systems.gurps.names import (
    ATTRIBUTE_KEYS,
    ATTRIBUTE_LEVELS,
    ATTRIBUTES,
    MAX_DEFAULTS,
    MAX_SKILLS,
    SKILL_LEVELS,
    Complaint,
    SheetError,
    name_in,
    shown,
    whole_in,
)

SHEET_KEYS = ("name", "system", "attributes", "skills", "defaults")
# 001 does not set these; the Basic Set has Will and Per start equal to IQ (rulings G7).
FROM_IQ = ("Will", "Per")
_NO_DEFAULT = ("none", "no default")


def read_sheet(data: Mapping[str, Any], source: str = "sheet") -> Character:
    """A character from a sheet's plain data; the first problem is named in one line."""
    source = source if len(source) <= 300 else source[:299] + "\u2026"

    def bad(what: str) -> SheetError:
        return SheetError(f"{source}: {what}")

    if not isinstance(data, Mapping):
        raise bad(f"a GURPS sheet is a table of settings, not {shown(data)}")
    for key in data:
        if key not in SHEET_KEYS:
            hint = suggest(key, SHEET_KEYS) if isinstance(key, str) and len(key) < 50 else ""
            raise bad(
                f"unknown setting {shown(key)}{hint}; a GURPS sheet (docs/gurps.md) has "
                f"{', '.join(SHEET_KEYS)}"
            )
    name = name_in(data.get("name", "The character"), "name", bad)
    system = data.get("system", "gurps")
    if not isinstance(system, str) or not system.strip() or len(system) > 40:
        raise bad(f"system is {shown(system)}; a GURPS sheet says gurps (or leaves it out)")
    if system.strip().casefold() != "gurps":
        raise bad(f"this is a {system.strip()} sheet, not a GURPS one")
    attributes = _attributes(_table(data, "attributes", bad, required=True), bad)
    skills: dict[str, int] = {}
    defaults: dict[str, tuple[Default, ...]] = {}
    seen: set[str] = set()
    for key, entry in _table(data, "skills", bad).items():
        skill = _skill_name(key, seen, bad)
        level, listed = entry, None
        if isinstance(entry, Mapping):
            if "level" not in entry or any(k not in ("level", "defaults") for k in entry):
                raise bad(f"skill {skill}: give level (and, if you like, defaults), nothing else")
            level, listed = entry["level"], entry.get("defaults")
        elif isinstance(entry, bool) or not isinstance(entry, int):
            raise bad(
                f"skill {skill}: a skill is a level (a whole number) or {{level, defaults}}, "
                f"not {shown(entry)}"
            )
        skills[skill] = _skill_level(level, skill, bad)
        if listed is not None:
            defaults[skill] = _sheet_defaults(bad, skill, listed)
    for key, listed in _table(data, "defaults", bad).items():
        skill = name_in(key, "a name under defaults", bad)
        defaults[skill] = _sheet_defaults(bad, skill, listed)
    if len(defaults) > MAX_SKILLS:
        raise bad(f"defaults are given for {len(defaults)} skills; at most {MAX_SKILLS}")
    return Character(name, attributes, skills, defaults)


def _table(data: Mapping[str, Any], key: str, bad: Complaint, required: bool = False) -> Any:
    value = data.get(key)
    if value is None and not required:
        return {}
    if not isinstance(value, Mapping):
        what = "missing" if value is None else shown(value)
        raise bad(f"{key} must be a table of names and values; it is {what}")
    if len(value) > MAX_SKILLS:
        raise bad(f"{key} has {len(value)} entries; at most {MAX_SKILLS}")
    return value


def _attributes(table: Mapping[Any, Any], bad: Complaint) -> dict[str, int]:
    attributes: dict[str, int] = {}
    for key, value in table.items():
        canonical = ATTRIBUTE_KEYS.get(key.strip().casefold()) if isinstance(key, str) else None
        if canonical is None:
            hint = suggest(key, ATTRIBUTES) if isinstance(key, str) and len(key) < 50 else ""
            raise bad(
                f"unknown attribute {shown(key)}{hint}; GURPS attributes are "
                f"{', '.join(ATTRIBUTES)}"
            )
        if canonical in attributes:
            raise bad(f"attribute {canonical} is given twice")
        attributes[canonical] = whole_in(value, f"attribute {canonical}", ATTRIBUTE_LEVELS, bad)
    missing = [a for a in ATTRIBUTES if a not in attributes and a not in FROM_IQ]
    if missing:
        raise bad(f"missing attribute{'s' if len(missing) > 1 else ''} {', '.join(missing)}")
    for derived in FROM_IQ:
        attributes.setdefault(derived, attributes["IQ"])
    return attributes


def _skill_name(key: Any, seen: set[str], bad: Complaint) -> str:
    skill = name_in(key, "a skill's name", bad)
    folded = skill.casefold()
    if folded in seen or folded in ATTRIBUTE_KEYS:
        raise bad(f"skill {skill!r} is repeated, or an attribute's name")
    seen.add(folded)
    return skill


def _skill_level(level: Any, skill: str, bad: Complaint) -> int:
    """Rulings G11: a sheet holds skills at 1 or more. A level of 0 or below is no level (GCS
    writes none); such a skill is left off the sheet and rolls at its default, if any."""
    if isinstance(level, int) and not isinstance(level, bool) and level < SKILL_LEVELS[0]:
        raise bad(
            f"skill {skill} is {shown(level)}; a skill's level is {SKILL_LEVELS[0]} to "
            f"{SKILL_LEVELS[1]} (0 or below cannot be rolled: leave the skill out to roll its "
            f"default; rulings G11)"
        )
    return whole_in(level, f"skill {skill}", SKILL_LEVELS, bad)


def _sheet_defaults(bad: Complaint, skill: str, listed: Any) -> tuple[Default, ...]:
    if isinstance(listed, str):
        if " ".join(listed.split()).casefold() in _NO_DEFAULT:
            return ()
        listed = [listed]
    if not isinstance(listed, list | tuple):
        raise bad(f"defaults of {skill}: a list like [IQ-5, Intimidation-3], or none")
    if len(listed) > MAX_DEFAULTS:
        raise bad(f"defaults of {skill}: {len(listed)} given; at most {MAX_DEFAULTS}")
    out = []
    for text in listed:
        try:
            d = parse_default(text)
        except SheetError as exc:
            raise bad(f"defaults of {skill}: {exc}") from None
        if d.source.casefold() == skill.casefold():
            raise bad(f"defaults of {skill}: a skill cannot default to itself")
        out.append(d)
    return tuple(out)
