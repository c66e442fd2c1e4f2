"""GURPS Character Sheet (GCS) files, JSON format versions 2 to 5, as rollplay GURPS sheets.

What a success roll needs is taken: the name, the six attributes' computed values, and
every skill's and technique's computed level, from inside nested containers too (rulings
G10, G14). Skills are named as GCS shows them: 'Navigation/TL7 (Sea)', so two tech levels
of a skill stay two skills; a technique adds what it is a technique of: 'Feint (Force
Sword)'. A name still holding a template placeholder ('@Specialty@') is refused.

The file is checked as it is read: whatever it holds (an XML file from an old GCS, a list
where an object belongs, text for a number, NaN, a huge number, nesting 100,000 deep), the
answer is a sheet or one SheetError line. Nothing here touches the disk: ``read_gcs`` takes
the file's text (``rollplay.gurps.load_gcs`` reads it).
"""

from __future__ import annotations

import json
import math
import re
from collections.abc import Mapping
from typing import Any

from rollplay.systems.gurps.names import (
    ATTRIBUTE_KEYS,
    ATTRIBUTE_LEVELS,
    MAX_SKILLS,
    SKILL_LEVELS,
    Complaint,
    SheetError,
    name_in,
    number_in,
    shown,
)

VERSIONS = (2, 5)  # the JSON format versions read; all share the version 5 layout
MAX_DEPTH = 100  # levels of nesting in a file (real ones have about 10)
MAX_CHARACTERS = 20_000_000  # a file's size (a portrait makes most of a real one)

_ATTRIBUTES = {"st": "ST", "dx": "DX", "iq": "IQ", "ht": "HT", "will": "Will", "per": "Per"}
_LEADING_SPACE = re.compile(r"[\ufeff\s]*")
_RESAVE = "open it in a current GCS and save it again, then import that file"


def _complaint(source: str) -> Complaint:
    where = source if len(source) <= 300 else source[:299] + "\u2026"

    def bad(what: str) -> SheetError:
        return SheetError(f"{where}: {what}")

    return bad


def read_gcs(text: str, source: str = "GCS file") -> dict[str, Any]:
    """A GURPS sheet (the mapping ``character.from_mapping`` reads) from a GCS file's text."""
    bad = _complaint(source)
    if len(text) > MAX_CHARACTERS:
        raise bad(
            f"{len(text):,} characters; a GCS file rollplay reads is at most {MAX_CHARACTERS:,}"
        )
    space = _LEADING_SPACE.match(text)
    if text[space.end() if space else 0 :][:1] == "<":
        raise bad(
            f"an XML character file from GCS 4 or older, which rollplay does not read; "
            f"{_RESAVE} (GCS 5 and later write JSON)"
        )

    def no_constant(word: str) -> Any:
        raise bad(f"{word} is not a number a GCS file holds")

    try:
        data = json.loads(text, parse_constant=no_constant)
    except SheetError:
        raise
    except RecursionError:
        raise bad(f"nested too deep to be a GCS character (at most {MAX_DEPTH} levels)") from None
    except ValueError as exc:  # json's own errors say where; a number over 4,300 digits too
        detail = " ".join(str(exc).split())[:120]
        raise bad(f"not a GCS character file (not valid JSON: {detail})") from None
    _check_depth(data, bad)
    return from_gcs(data, source)


def _check_depth(data: Any, bad: Complaint) -> None:
    """Every object and list at most MAX_DEPTH deep; iterative, so no depth can crash it."""
    stack: list[tuple[Any, int]] = [(data, 1)] if isinstance(data, Mapping | list) else []
    while stack:
        node, depth = stack.pop()
        if depth > MAX_DEPTH:
            raise bad(f"nested too deep to be a GCS character (at most {MAX_DEPTH} levels)")
        children = node.values() if isinstance(node, Mapping) else node
        stack.extend((c, depth + 1) for c in children if isinstance(c, Mapping | list))


def from_gcs(data: Any, source: str = "GCS file") -> dict[str, Any]:
    """A GURPS sheet (the mapping ``character.from_mapping`` reads) from a GCS file's data."""
    bad = _complaint(source)
    if not isinstance(data, Mapping):
        raise bad(f"not a GCS character file (its top level is {shown(data)}, not an object)")
    kind = data.get("type", "character")
    if not isinstance(kind, str):
        raise bad(f"type is {shown(kind)}: not a GCS character file")
    if kind != "character":
        raise bad(f"a GCS {shown(kind)} file, not a character; import a character (.gcs)")
    _check_version(data, bad)
    if "attributes" not in data:
        raise bad("not a GCS character (no attributes)")
    profile = data.get("profile") or {}
    if not isinstance(profile, Mapping):
        raise bad(f"profile is {shown(profile)}; GCS writes an object")
    name = profile.get("name")
    if name is None or (isinstance(name, str) and not name.strip()):
        name = "GCS character"
    return {
        "name": name_in(name, "the character's name (profile.name)", bad),
        "system": "gurps",
        "attributes": _attributes(data["attributes"], bad),
        "skills": _skills(data.get("skills"), bad),
    }


def _check_version(data: Mapping[str, Any], bad: Complaint) -> None:
    if "version" not in data:
        raise bad(f'no version: not a GCS character file (GCS writes "version": {VERSIONS[1]})')
    version = data["version"]
    if isinstance(version, bool) or not isinstance(version, int):
        raise bad(f"version is {shown(version)}; GCS writes a whole number")
    lowest, highest = VERSIONS
    if version == 1:
        raise bad(
            f"a GCS file of format version 1, older than rollplay reads ({lowest} to "
            f"{highest}); {_RESAVE}"
        )
    if version < lowest:
        raise bad(f"format version {shown(version)} is not one GCS writes")
    if version > highest:
        raise bad(
            f"format version {shown(version)} is newer than rollplay reads ({lowest} to "
            f"{highest}); save the character from a GCS that writes version {highest}"
        )


def _attributes(raw: Any, bad: Complaint) -> dict[str, int]:
    if not isinstance(raw, list):
        raise bad(f"attributes is {shown(raw)}; GCS writes a list of attributes")
    attributes: dict[str, int] = {}
    for i, entry in enumerate(raw):
        if not isinstance(entry, Mapping):
            raise bad(f"attributes[{i}] is {shown(entry)}; GCS writes an object")
        attr_id = entry.get("attr_id")
        if not isinstance(attr_id, str):
            raise bad(f"attributes[{i}] has attr_id {shown(attr_id)}; GCS writes its id")
        key = _ATTRIBUTES.get(attr_id)
        if key is None:
            continue  # fright_check, hp, basic_speed...: not rolled from here
        if key in attributes:
            raise bad(f"attribute {key} is given twice")
        calc = entry.get("calc")
        if not isinstance(calc, Mapping) or "value" not in calc:
            raise bad(f"attribute {key} has no computed value (calc.value)")
        attributes[key] = number_in(calc["value"], f"attribute {key}", ATTRIBUTE_LEVELS, bad)
    missing = [a for a in ("ST", "DX", "IQ", "HT") if a not in attributes]
    if missing:
        raise bad(f"no computed value for {', '.join(missing)}")
    return attributes


def _skills(raw: Any, bad: Complaint) -> dict[str, int]:
    """Every skill and technique with a level, through containers, in the file's order; a
    name given twice keeps its higher level."""
    if raw is None:
        return {}
    if not isinstance(raw, list):
        raise bad(f"skills is {shown(raw)}; GCS writes a list of skills")
    found: dict[str, tuple[str, int]] = {}
    stack: list[tuple[Any, str, int]] = [(s, f"skills[{i}]", 1) for i, s in enumerate(raw)]
    stack.reverse()
    while stack:
        item, where, depth = stack.pop()
        if depth > MAX_DEPTH:
            raise bad(f"skills nested more than {MAX_DEPTH} containers deep")
        if not isinstance(item, Mapping):
            raise bad(f"{where} is {shown(item)}; GCS writes a skill (an object)")
        kind = item.get("type")
        if kind is not None and not isinstance(kind, str):
            raise bad(f"{where} has type {shown(kind)}; GCS writes text")
        children = item.get("children")
        if children is not None or (kind or "").endswith("_container"):
            if children is None:
                continue  # an empty container
            if not isinstance(children, list):
                raise bad(f"{where}.children is {shown(children)}; GCS writes a list")
            inner = [(c, f"{where}.children[{i}]", depth + 1) for i, c in enumerate(children)]
            stack.extend(reversed(inner))
            continue
        label = _label(item, where, kind, bad)
        level = _level(item, label, bad)
        if level is None:
            continue
        key = label.casefold()
        if key not in found or found[key][1] < level:
            found[key] = (found[key][0] if key in found else label, level)
        if len(found) > MAX_SKILLS:
            raise bad(f"more than {MAX_SKILLS} skills; rollplay reads at most {MAX_SKILLS}")
    return dict(found.values())


def _label(item: Mapping[str, Any], where: str, kind: str | None, bad: Complaint) -> str:
    """How GCS names it: 'Name/TLx (Specialization)', or 'Technique (Skill)'."""
    name = name_in(item.get("name"), f"the name of {where}", bad)
    if kind == "technique" or (kind is None and "default" in item):
        return name_in(f"{name} ({_technique_of(item, name, bad)})", f"technique {name}", bad)
    tech_level = item.get("tech_level")
    if tech_level is not None:
        if not isinstance(tech_level, str) or len(tech_level) > 20:
            raise bad(f"tech_level of {name} is {shown(tech_level)}; GCS writes a short text")
        if tech_level.strip():
            name = f"{name}/TL{''.join(tech_level.split())}"
    specialization = item.get("specialization")
    if specialization is not None and specialization != "":
        name += f" ({name_in(specialization, f'the specialization of {name}', bad)})"
    return name_in(name, f"skill {name}", bad)


def _technique_of(item: Mapping[str, Any], name: str, bad: Complaint) -> str:
    """What a technique defaults from: a skill (and its specialization) or an attribute."""
    default = item.get("default")
    kind = default.get("type") if isinstance(default, Mapping) else None
    if not isinstance(default, Mapping) or not isinstance(kind, str):
        raise bad(f"technique {name} does not say what it is a technique of (default.type)")
    if kind != "skill":
        return ATTRIBUTE_KEYS.get(kind.casefold()) or name_in(kind, f"the default of {name}", bad)
    skill = name_in(default.get("name"), f"the skill technique {name} belongs to", bad)
    specialization = default.get("specialization")
    if specialization is not None and specialization != "":
        skill += f" ({name_in(specialization, f'the specialization of {skill}', bad)})"
    return skill


def _level(item: Mapping[str, Any], label: str, bad: Complaint) -> int | None:
    """The computed level, or None when there is none: GCS writes no level below 1 (or for a
    skill whose prerequisites are unmet), and such a skill is left off (rulings G11)."""
    calc = item.get("calc")
    if calc is None:
        return None
    if not isinstance(calc, Mapping):
        raise bad(f"calc of {label} is {shown(calc)}; GCS writes an object")
    level = calc.get("level")
    if level is None:
        return None
    number = isinstance(level, int | float) and not isinstance(level, bool)
    if number and math.isfinite(level) and level < 1:
        return None
    return number_in(level, f"skill {label}", SKILL_LEVELS, bad)
