"""D6 house rules: a file that ``extends`` the built-in ruleset and overrides any field of
``D6Ruleset`` (``rollplay d6 rules`` prints every one)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from rollplay import rulesfile
from rollplay.systems.d6.presets import DEFAULT_EDITION, preset
from rollplay.systems.d6.ruleset import D6Ruleset


def from_mapping(data: Mapping[str, Any], *, source: str = "house rules") -> D6Ruleset:
    base = preset(str(data.get("extends", DEFAULT_EDITION)))
    return rulesfile.extend(base, data, source, hint="`rollplay d6 rules` prints every key")


def dump(ruleset: D6Ruleset, fmt: str = "toml") -> str:
    return rulesfile.render({"extends": ruleset.edition, **rulesfile.plain(ruleset)}, fmt)
