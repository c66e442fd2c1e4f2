"""GURPS Character Sheet (GCS) files, version 5 JSON, as rollplay GURPS sheets.

What a success roll needs is taken: the name, the six attributes' computed values, and
every skill's (and technique's) computed level, named "Skill (Specialization)", from inside
nested containers too. GCS has already applied defaults to those levels, so per-skill
default lists are not carried over (rulings G10).
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from typing import Any

from rollplay.errors import RollplayError

_ATTRIBUTES = {"st": "ST", "dx": "DX", "iq": "IQ", "ht": "HT", "will": "Will", "per": "Per"}


def from_gcs(data: Mapping[str, Any], source: str = "GCS file") -> dict[str, Any]:
    """A GURPS sheet (the mapping character.from_mapping reads) from a GCS file's data."""
    if not isinstance(data, Mapping) or "attributes" not in data:
        raise RollplayError(f"{source}: not a GCS character (no attributes)")
    version = data.get("version")
    if version != 5:
        raise RollplayError(f"{source}: GCS file version {version!r}; rollplay reads version 5")
    attributes: dict[str, int] = {}
    for entry in data.get("attributes") or []:
        key = _ATTRIBUTES.get(str(entry.get("attr_id", "")))
        value = (entry.get("calc") or {}).get("value")
        if key and isinstance(value, int | float):
            attributes[key] = int(value)
    missing = [a for a in ("ST", "DX", "IQ", "HT") if a not in attributes]
    if missing:
        raise RollplayError(f"{source}: no computed value for {', '.join(missing)}")
    skills: dict[str, int] = {}
    for item in _walk(data.get("skills") or []):
        level = (item.get("calc") or {}).get("level")
        name = str(item.get("name") or "").strip()
        if not name or not isinstance(level, int | float):
            continue
        spec = str(item.get("specialization") or "").strip()
        label = f"{name} ({spec})" if spec else name
        skills[label] = max(int(level), skills.get(label, int(level)))
    profile = data.get("profile") or {}
    return {
        "name": str(profile.get("name") or "GCS character").strip(),
        "system": "gurps",
        "attributes": attributes,
        "skills": skills,
    }


def _walk(items: Any) -> Iterator[Mapping[str, Any]]:
    """Every skill and technique, descending into containers (they have ``children``)."""
    for item in items if isinstance(items, list) else []:
        if not isinstance(item, Mapping):
            continue
        if "children" in item:
            yield from _walk(item["children"])
        else:
            yield item
