"""The skills side of an AresMUSH config (issue 38): its files' settings read into
house rules, each claimed in the report, and a ruleset written back as those files."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from rollplay.aresmush.config import Config
from rollplay.aresmush.report import Claims
from rollplay.systems.fs3.ruleset import FS3Ruleset


def read(config: Config, claims: Claims, edition: str) -> dict[str, Any]:
    """The house-rules keys this side's settings set (unclaimed settings are reported as
    unknown)."""
    return {}


def write(ruleset: FS3Ruleset) -> dict[str, Mapping[str, Any]]:
    """This side's files for ruleset, by file name."""
    return {}
