"""A config to house rules and back (issue 38): each side of AresMUSH's FS3 config has a
converter (``skills.py``: the ``fs3skills_*`` files; ``combat.py``: the ``fs3combat_*``
files) that reads its settings into a house-rules mapping (the keys ``rollplay fs3 rules``
prints), claiming each setting in the report, and writes a ruleset back as its files."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from rollplay.aresmush import combat, skills
from rollplay.aresmush.config import Config
from rollplay.aresmush.kept import gather
from rollplay.aresmush.report import Claims, Item
from rollplay.systems.fs3.ruleset import FS3Ruleset

EDITIONS = ("3.3", "3.2")


def house_rules(config: Config, edition: str = "3.3") -> tuple[dict[str, Any], tuple[Item, ...]]:
    """The house rules ``config`` says, on ``edition``, and what became of each setting."""
    claims = Claims(config)
    rules: dict[str, Any] = {"extends": edition}
    rules.update(skills.read(config, claims, edition))
    rules.update(combat.read(config, claims, edition))
    items = claims.finished()
    rules["from_aresmush"] = True  # what leaving must write back (rulings A18)
    rules["aresmush"] = gather(config, items)
    return rules, items


def config_files(ruleset: FS3Ruleset) -> dict[str, Mapping[str, Any]]:
    """A ruleset as AresMUSH config files' data, by file name (``export aresmush``)."""
    return {**skills.write(ruleset), **combat.write(ruleset)}
