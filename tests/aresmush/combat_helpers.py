"""Helpers for the combat side's tests (issue 38): an imported game's ruleset, and a combat
turn on it with chosen dice.

The skills side (attributes, action skills) is another converter's; where it gives none yet,
``rules_of`` fills them in plainly from the same config's fs3skills files, so the combat
side's rules can be built and fought with."""

from __future__ import annotations

from typing import Any

from rollplay.aresmush import config as ares_config
from rollplay.aresmush.convert import house_rules
from rollplay.aresmush.report import Item
from rollplay.systems.fs3.houserules import from_mapping
from rollplay.systems.fs3.ruleset import FS3Ruleset


def skills_of(cfg: ares_config.Config) -> dict[str, Any]:
    out: dict[str, Any] = {}
    attrs = cfg.setting("fs3skills", "attributes")
    if attrs is not None:
        out["attributes"] = [a["name"] for a in attrs[1]]
    action = cfg.setting("fs3skills", "action_skills")
    if action is not None:
        out["action_skills"] = [
            {"name": s["name"], "attribute": s.get("linked_attr") or out["attributes"][0]}
            for s in action[1]
        ]
    return out


def rules_of(cfg: ares_config.Config) -> tuple[FS3Ruleset, dict[str, Any], tuple[Item, ...]]:
    mapping, items = house_rules(cfg)
    for key, value in skills_of(cfg).items():
        mapping.setdefault(key, value)
    if "attributes" in mapping:
        mapping.setdefault("background_attribute", None)
    return from_mapping(mapping, source="aresmush"), mapping, items
