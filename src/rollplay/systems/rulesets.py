"""The one way a ruleset is made, for every system and every caller (the facades, the
command line, the table): a built-in edition, house rules over an edition (a game's stored
rules), or a rules file (YAML, TOML or JSON, which names its edition with ``extends``)."""

from __future__ import annotations

import importlib
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from rollplay.errors import RollplayError

SYSTEMS = ("fs3", "gurps", "d6")


def load(
    system: str,
    *,
    edition: str | None = None,
    rules: Mapping[str, Any] | None = None,
    path: str | Path | None = None,
) -> Any:
    """``system``'s ruleset: from ``path`` if given, else ``rules`` over ``edition`` (the
    system's default edition when None), else the edition as written."""
    if system not in SYSTEMS:
        raise RollplayError(f"unknown system {system!r}; accepted: {', '.join(SYSTEMS)}")
    package = f"rollplay.systems.{system}"
    if path is not None:
        from rollplay.rulesfile import read

        houserules = importlib.import_module(f"{package}.houserules")
        return houserules.from_mapping(read(path), source=str(path))
    presets = importlib.import_module(f"{package}.presets")
    chosen = edition or presets.DEFAULT_EDITION
    if not rules:
        return presets.preset(chosen)
    houserules = importlib.import_module(f"{package}.houserules")
    return houserules.from_mapping({"extends": chosen, **rules}, source="the game's rules")
