"""A game whose house rules hold an AresMUSH config's abilities (its attributes, action
skills with their linked attributes and specialties, languages, and the attribute that
rules background skills), read in place from the real config for the character import's
tests; the config import itself (issue 38 §1) is another part's."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import yaml

from tests.aresmush.fixtures import game_dir


def _section(path: Path) -> dict[str, Any]:
    data = yaml.safe_load(path.read_text())
    inner: dict[str, Any] = data["fs3skills"]
    return inner


def _skill(s: dict[str, Any]) -> dict[str, Any]:
    return {"name": s["name"], "attribute": s["linked_attr"],
            "specialties": list(s.get("specialties") or [])}  # fmt: skip


def ares_rules(game: str = "AresMUSH__aresmush") -> dict[str, Any]:
    where = game_dir(game)
    attrs = _section(where / "fs3skills_attrs.yml")
    action = _section(where / "fs3skills_action.yml")["action_skills"]
    langs = _section(where / "fs3skills_langs.yml")["languages"]
    return {
        "extends": "3.3",
        "attributes": [a["name"] for a in attrs["attributes"]],
        "background_attribute": attrs["default_linked_attr"],
        "action_skills": [
            {
                "name": s["name"],
                "attribute": s["linked_attr"],
                "specialties": list(s.get("specialties") or []),
            }
            for s in action
        ],
        "languages": [lang["name"] for lang in langs],
        "combat": {"repair_ability": "Technician"},  # the 3.3 preset's Repair is not here
    }
