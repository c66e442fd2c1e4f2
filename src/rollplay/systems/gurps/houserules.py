"""GURPS house rules: a file that ``extends`` the built-in ruleset and overrides any field
of ``GURPSRuleset`` (``rollplay gurps rules`` prints every one)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from rollplay import rulesfile
from rollplay.systems.gurps.presets import DEFAULT_EDITION, preset
from rollplay.systems.gurps.ruleset import GURPSRuleset


def from_mapping(data: Mapping[str, Any], *, source: str = "house rules") -> GURPSRuleset:
    base = preset(str(data.get("extends", DEFAULT_EDITION)))
    return rulesfile.extend(base, data, source, hint="`rollplay gurps rules` prints every key")


def dump(ruleset: GURPSRuleset, fmt: str = "toml") -> str:
    return rulesfile.render({"extends": ruleset.edition, **rulesfile.plain(ruleset)}, fmt)
