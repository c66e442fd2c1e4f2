"""House rules: a YAML or TOML file that starts from an edition and overrides any field.

    extends = "3.2"          # the edition to start from (default 3.3)
    name = "Battlestar 3.2"  # optional
    success_at = 6           # any field of FS3Ruleset; tables replace the edition's whole
    [[levels]]
    at_least = 0
    title = "Failure"

Keys are the field names of ``FS3Ruleset``; unknown keys are errors (rollplay.rulesfile).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from rollplay import rulesfile
from rollplay.systems.fs3.presets import DEFAULT_EDITION, preset
from rollplay.systems.fs3.ruleset import FS3Ruleset

_HINT = "`rollplay fs3 rules` prints every accepted key"


def from_mapping(data: Mapping[str, Any], *, source: str = "house rules") -> FS3Ruleset:
    """Build a ruleset from an edition plus overrides."""
    base = preset(str(data.get("extends", DEFAULT_EDITION)))
    return rulesfile.extend(base, data, source, hint=_HINT)


def dump(ruleset: FS3Ruleset, fmt: str = "toml") -> str:
    """A ruleset as a house-rules file: the starting point for a game's own."""
    return rulesfile.render({"extends": ruleset.edition, **rulesfile.plain(ruleset)}, fmt)
