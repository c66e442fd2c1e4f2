"""The ratings an FS3 roll (and a D6 skill's code) used, held to its character's sheet at
that moment (issue 29 point 3, rulings V14; ``server/static/verify_sheets.js`` is the
same, with the same lines).

The export carries, where the reader may see them, each character as made (``character``:
its sheet), each sheet change (``sheet``: the changes and, since issue 29, the sheet as
stored after them) and each skill raised for XP (``raise``: skill, from, to). Replayed in
event order they give each character's sheet at each roll; every part of an FS3 roll's
pool that names an ability on that sheet with a rating ("Firearms 2") must name its rating
there (its parts' dice, and its pool against them, are provable_asked.py's); a D6 check of
a skill on the sheet names the sheet's code for it. A part the sheet does
not rate (Everyman, a specialty, a modifier) is not judged, nor a roll of a character whose
sheet the reader was not shown."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from rollplay.table.dice.provable_checks import event_key, event_number
from rollplay.table.dice.provable_checks import said as _said
from rollplay.table.play.names import merge  # as the sheet change merged it

__all__ = ["rating_problems"]

Line = Mapping[str, Any]
SECTIONS = ("attributes", "action", "background", "languages")  # where a rating is found


def rating_problems(lines: Sequence[Line]) -> dict[tuple[str, int], str]:
    """(game, event number) of each FS3 roll -> the line saying its pool is not what its
    character's sheet then gives."""
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
            wrong = _pool(line, name, *sheets[key])
            if wrong:
                out[event_key(line)] = wrong
    return out


def _pool(line: Line, name: str, at: int, sheet: Mapping[str, Any]) -> str:
    o = line.get("outcome")
    if isinstance(o, Mapping) and o.get("system") == "d6":
        return _code(o, name, at, sheet)
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
    """A D6 check of a skill on the sheet rolls the sheet's code for it (003)."""
    skill, skills = o.get("skill"), sheet.get("skills")
    if not isinstance(skill, str) or not isinstance(skills, Mapping) or skill not in skills:
        return ""
    code = skills[skill]
    code = code.get("code") if isinstance(code, Mapping) else code
    if isinstance(code, str) and o.get("code") != code:
        return (f"its code for {skill} is {_said(o.get('code'))}, but {name}'s sheet (#{at}) "
                f"gives {code} then")  # fmt: skip
    return ""


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
