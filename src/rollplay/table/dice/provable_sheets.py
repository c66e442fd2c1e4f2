"""The ratings an FS3 roll, a D6 code and a GURPS level used, held to its character's sheet at
that moment (issue 29 point 3, rulings V14; ``server/static/verify_sheets.js`` is the
same, with the same lines).

The export carries, where the reader may see them, each character as made (``character``:
its sheet), each sheet change (``sheet``: the changes and, since issue 29, the sheet as
stored after them) and each skill raised for XP (``raise``: skill, from, to). Replayed in
event order they give each character's sheet at each roll; every part of an FS3 roll's
pool that names an ability on that sheet with a rating ("Firearms 2") must name its rating
there (its parts' dice, and its pool against them, are provable_asked.py's); a D6 check
rolls the sheet's code (a skill's, an attribute's, or untrained the named attribute's); a
GURPS roll's base level is the sheet's (an attribute's, a skill's, or the default it
names). A part the sheet does not rate (Everyman, a specialty, a modifier) is not judged,
nor a roll of a character whose sheet the reader was not shown, nor an NPC's (none)."""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from typing import Any

from rollplay.table.dice.provable_checks import event_key, event_number
from rollplay.table.dice.provable_checks import said as _said
from rollplay.table.dice.provable_rules import Rules
from rollplay.table.play.names import merge  # as the sheet change merged it

__all__ = ["rating_problems"]

Line = Mapping[str, Any]
SECTIONS = ("attributes", "action", "background", "languages")  # where a rating is found
_DEFAULT = re.compile(r"(.+?)(?:([+-])([0-9]+))?")  # gurps.defaults.Default, as it is said


def rating_problems(
    lines: Sequence[Line], rules: Mapping[tuple[str, int], Rules] | None = None
) -> dict[tuple[str, int], str]:
    """(game, event number) of each roll of a character with a sheet -> the line saying
    what it rolled is not what the sheet then gives (``rules``: each roll's ruleset in
    force, provable_rules.py, for GURPS's Rule of 20)."""
    sheets: dict[tuple[str, str], tuple[int, Mapping[str, Any]]] = {}
    out = {}
    for line in sorted(lines, key=event_number):
        name, kind = line.get("character"), line.get("kind")
        if not isinstance(name, str):
            continue
        key = (_said(line.get("game")), name)
        if kind == "character":
            sheet = line.get("sheet")
            if isinstance(sheet, Mapping):
                sheets[key] = (event_number(line), sheet)
        elif kind == "sheet" and key in sheets:
            after, changes = line.get("sheet"), line.get("changes")
            if isinstance(after, Mapping):
                sheets[key] = (event_number(line), after)
            elif isinstance(changes, Mapping):  # an event from before the sheet was kept
                sheets[key] = (event_number(line), merge(sheets[key][1], changes))
        elif kind == "raise" and key in sheets:
            sheets[key] = (event_number(line), _raised(sheets[key][1], line))
        elif kind == "roll" and key in sheets and line.get("hidden") is not True:
            given = (rules or {}).get(event_key(line))
            wrong = _pool(line, name, *sheets[key], given)
            if wrong:
                out[event_key(line)] = wrong
    return out


def _pool(line: Line, name: str, at: int, sheet: Mapping[str, Any], rules: Rules | None) -> str:
    o = line.get("outcome")
    if isinstance(o, Mapping) and o.get("system") == "d6":
        return _code(o, name, at, sheet)
    if isinstance(o, Mapping) and o.get("system") == "gurps":
        return _level(o, name, at, sheet, rules)
    if not isinstance(o, Mapping) or o.get("system") != "fs3":
        return ""
    parts = o.get("parts")
    if not isinstance(parts, list) or not all(isinstance(p, Mapping) for p in parts):
        return ""
    for part in parts:
        label = part.get("label")
        ability, _, shown = label.rpartition(" ") if isinstance(label, str) else ("", "", "")
        if not shown.isascii() or not shown.isdigit():
            continue
        rating = _rating(sheet, ability)
        if rating is not None and rating != int(shown):
            return (f"its pool counts {label}, but {name}'s sheet (#{at}) rates {ability} "
                    f"{rating} then")  # fmt: skip
    return ""


def _code(o: Mapping[str, Any], name: str, at: int, sheet: Mapping[str, Any]) -> str:
    """A D6 check rolls the sheet's code (003): a skill's own, an attribute's rolled by its
    name, and, for a skill the sheet lacks rolled untrained, the attribute's it names."""
    skill, attribute = o.get("skill"), o.get("attribute")
    skills, attributes = sheet.get("skills"), sheet.get("attributes")
    if not isinstance(skill, str):
        return ""
    if isinstance(attribute, str):  # 003 Untrained Skill Use
        held, what = attributes, attribute
    elif isinstance(skills, Mapping) and skill in skills:
        held, what = skills, skill
    else:
        held, what = attributes, skill
    if not isinstance(held, Mapping) or what not in held:
        return ""
    code = held[what]
    code = code.get("code") if isinstance(code, Mapping) else code
    if isinstance(code, str) and o.get("code") != code:
        return (f"its code for {skill} is {_said(o.get('code'))}, but {name}'s sheet (#{at}) "
                f"gives {what} {code} then")  # fmt: skip
    return ""


def _level(o: Line, name: str, at: int, sheet: Mapping[str, Any], rules: Rules | None) -> str:
    """A GURPS roll's base level is the sheet's (levels.py): an attribute's, a trained
    skill's, or the default it names: its source's level (an attribute past the Rule of 20
    capped, rulings G13) and modifier, one of the defaults the sheet lists for the skill and
    the best of them, where it lists any (the built-in ones are not in the export)."""
    skill, base, via = o.get("skill"), o.get("base"), o.get("default")
    attributes, skills = sheet.get("attributes"), sheet.get("skills")
    if not (isinstance(skill, str) and type(base) is int and isinstance(attributes, Mapping)
            and isinstance(skills, Mapping)):  # fmt: skip
        return ""
    if via is None:
        value = attributes.get(skill) if skill in attributes else skills.get(skill)
        what = skill
    elif isinstance(via, str):
        value, what = _by_default(via, attributes, skills, rules), f"{skill} ({via})"
        listed = sheet.get("defaults")
        mine = listed.get(skill) if isinstance(listed, Mapping) else None
        if isinstance(mine, list) and mine and all(isinstance(t, str) for t in mine):
            if _key(via) not in [_key(t) for t in mine]:
                return (f"its base level comes from the default {via}, but {name}'s sheet "
                        f"(#{at}) lists {skill}'s defaults as {_said(mine)} then")  # fmt: skip
            levels = [_by_default(t, attributes, skills, rules) for t in mine]
            best = max(levels) if all(type(v) is int for v in levels) else None  # type: ignore[type-var]
            if type(value) is int and best is not None and value < best:
                return (f"its base level is {base}, but {name}'s sheet (#{at}) gives {skill} "
                        f"{best} by its best default then")  # fmt: skip
    else:
        return ""
    if type(value) is int and value != base:
        return f"its base level is {base}, but {name}'s sheet (#{at}) gives {what} {value} then"
    return ""


def _by_default(
    text: str, attributes: Mapping[str, Any], skills: Mapping[str, Any], rules: Rules | None
) -> int | None:
    """A default's level off the sheet ('IQ-5'), or None where it cannot be told."""
    m = _DEFAULT.fullmatch(text)
    if m is None:
        return None
    source, value = m.group(1), None
    if source in attributes and isinstance(rules, Mapping):
        value = attributes[source]
        cap, capped = rules.get("default_attribute_cap"), rules.get("capped_attributes")
        if (type(value) is int and type(cap) is int and 0 < cap < value
                and isinstance(capped, list) and source in capped):  # fmt: skip
            value = cap
    elif source in skills and source not in attributes:
        value = skills[source]
    by = -int(m.group(3)) if m.group(2) == "-" else int(m.group(3) or 0)
    return value + by if type(value) is int else None


def _key(text: str) -> str:
    """A default as the sheet may spell it ('per - 6' is 'Per-6')."""
    return "".join(text.split()).replace("\u2212", "-").lower()


def _rating(sheet: Mapping[str, Any], ability: str) -> int | None:
    """The ability's rating on the sheet: the first section that holds it."""
    for section in SECTIONS:
        held = sheet.get(section)
        if isinstance(held, Mapping) and ability in held:
            value = held[ability]
            if isinstance(value, Mapping):
                value = value.get("rating")
            return value if type(value) is int else None
    return None


def _raised(sheet: Mapping[str, Any], line: Line) -> dict[str, Any]:
    """002 Experience: the skill raised, in the section that holds it."""
    skill, after = line.get("skill"), line.get("to")
    out = dict(sheet)
    for section in SECTIONS[1:]:
        held = out.get(section)
        if isinstance(held, Mapping) and isinstance(skill, str) and skill in held:
            value = held[skill]
            new = {**value, "rating": after} if isinstance(value, Mapping) else after
            out[section] = {**held, skill: new}
            break
    return out
