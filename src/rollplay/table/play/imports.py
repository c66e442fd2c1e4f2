"""Moving in from AresMUSH and out again (issue 38; docs/moving.md): a game made from an
AresMUSH config's files (by name, as a form uploads them, a .zip among them unpacked), with
the report of what became of every setting; and a game's house rules as AresMUSH config
files. The surfaces (``rollplay import aresmush``, the new-game form) only call these."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from sqlalchemy import select

from rollplay.aresmush import config as ares_config
from rollplay.aresmush import convert
from rollplay.aresmush.report import Report
from rollplay.errors import RollplayError
from rollplay.table.base import ServiceBase
from rollplay.table.play import games as _games
from rollplay.table.play.names import clean_name
from rollplay.table.store.db import StorageError
from rollplay.table.store.models import Game
from rollplay.table.systems import system


def import_aresmush(
    t: ServiceBase, name: str, files: Mapping[str, bytes], *, edition: str = "3.3",
    dry_run: bool = False, where: str = "the upload",
) -> Report:  # fmt: skip
    """Make the game ``name`` with the house rules an AresMUSH config says (a dry run: check
    all of it and make nothing), and say what became of each setting. Bad input is one
    line, and nothing is made."""
    if edition not in convert.EDITIONS:
        raise RollplayError(f"unknown edition {edition!r}; accepted: {', '.join(convert.EDITIONS)}")
    config = ares_config.parse(ares_config.expand(files), where)
    rules, items = convert.house_rules(config, edition)
    overrides = {k: v for k, v in rules.items() if k != "extends"}
    try:
        system("fs3").ruleset(edition, overrides)
    except RollplayError as exc:
        first = str(exc).splitlines()[0] if str(exc) else type(exc).__name__
        raise ares_config.ConfigError(f"{where}: rollplay refuses these rules: {first}") from None
    game = clean_name(name, "game")
    if dry_run:
        with t.reading() as s:
            if s.scalar(select(Game).where(Game.name == game)) is not None:
                raise StorageError(f"there is already a game called {game!r}")
        return Report(game, items)
    made = _games.new_game(t, game, "fs3", edition, overrides)
    return Report(made.name, items)


def aresmush_files(t: ServiceBase, name: str) -> dict[str, Mapping[str, Any]]:
    """A game's house rules as AresMUSH config files' data, by file name (an FS3 game the
    actor is in)."""
    from rollplay.systems.fs3.ruleset import FS3Ruleset

    info = _games.game(t, name)
    if info.system != "fs3":
        raise RollplayError(f"{info.name} plays {info.system}: only an FS3 game has an "
                            f"AresMUSH config")  # fmt: skip
    rules = system("fs3").ruleset(info.edition, info.rules)
    assert isinstance(rules, FS3Ruleset)
    return convert.config_files(rules)
