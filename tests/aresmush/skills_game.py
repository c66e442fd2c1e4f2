"""The skills side's tests' helpers: a real config's house rules as the import makes them,
a table of the test's own, and a game made from a config."""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from pathlib import Path
from typing import Any

import pytest

from rollplay.aresmush import combat, convert
from rollplay.aresmush import config as config_module
from rollplay.aresmush.report import Claims, Item
from rollplay.grammar.atoms import quoted
from rollplay.systems.fs3.houserules import from_mapping
from rollplay.systems.fs3.ruleset import FS3Ruleset
from rollplay.table.service import Table
from tests.aresmush.fixtures import game_dir
from tests.databases import Databases, opened

_ROLES = ("initiative", "toughness", "treat", "repair", "rally", "escape")


def combat_stand_in(cfg: config_module.Config) -> dict[str, Any]:
    """Until the combat side reads a config's combat skills (another part of issue 38), the
    combat rolls name the config's first attribute and carry no weapons, so that the skills
    side's rules can be built; once it does, its own keys are used and this is not."""
    found = config_module.Config.setting(cfg, "fs3skills", "attributes")
    first = quoted(str(found[1][0]["name"])) if found else "Brawn"  # "5th Sense" quoted
    return {"combat": {**{f"{r}_ability": first for r in _ROLES}, "weapons": []}}


def with_combat(config: config_module.Config, claims: Claims, edition: str) -> dict[str, Any]:
    """The combat side's read, or the stand-in where it gives no combat rules."""
    read = _REAL_COMBAT(config, claims, edition)
    return read if "combat" in read else {**read, **combat_stand_in(config)}


_REAL_COMBAT = combat.read


@pytest.fixture
def combat_side(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(combat, "read", with_combat)


def imported(folder: Path, edition: str = "3.3") -> tuple[dict[str, Any], tuple[Item, ...]]:
    """(house rules, report) of a config folder, with the combat side (or its stand-in)."""
    cfg = config_module.read(folder)
    rules, items = convert.house_rules(cfg, edition)
    if "combat" not in rules:
        rules.update(combat_stand_in(cfg))
    return rules, items


def ruleset(game: str, edition: str = "3.3") -> FS3Ruleset:
    return from_mapping(imported(game_dir(game), edition)[0])


@pytest.fixture
def table(databases: Databases, backend: str, tmp_path: Path) -> Iterator[Table]:
    with opened(databases, backend, "empty", tmp_path) as t:
        yield t


def make_game(t: Table, game: str, name: str = "Mars") -> str:
    """The game ``name`` imported through the table service from a real config."""
    files = {p.name: p.read_bytes() for p in game_dir(game).iterdir()}
    real = combat.read
    combat.read = with_combat
    try:
        t.import_aresmush(name, files)
    finally:
        combat.read = real
    return name


def sheet(name: str, **tables: Mapping[str, Any]) -> dict[str, Any]:
    return {"name": name, **{k: dict(v) for k, v in tables.items()}}
