"""``rollplay import`` and ``rollplay export``: a game brought in from another table and
taken out again (issue 38: AresMUSH's config, character sheets and scene logs;
docs/moving.md). Each subcommand lives in its own module, loaded when named."""

from __future__ import annotations

import importlib

import click

_IMPORTS = {
    "aresmush": "rollplay.cli.import_config:aresmush",
    "aresmush-sheet": "rollplay.cli.import_sheets:aresmush_sheet",
    "aresmush-scene": "rollplay.cli.import_scenes:aresmush_scene",
}
_EXPORTS = {
    "aresmush": "rollplay.cli.import_config:export_aresmush",
}


class _Lazy(click.Group):
    """A group whose subcommands are imported when named (as the top level's are)."""

    table: dict[str, str] = {}  # noqa: RUF012

    def list_commands(self, ctx: click.Context) -> list[str]:
        # Only those built: a help page or a sweep over the commands finds each it lists.
        return sorted(name for name in self.table if self.get_command(ctx, name) is not None)

    def get_command(self, ctx: click.Context, cmd_name: str) -> click.Command | None:
        where = self.table.get(cmd_name)
        if where is None:
            return None
        module, _, attr = where.partition(":")
        try:
            command = getattr(importlib.import_module(module), attr)
        except (ImportError, AttributeError):  # a subcommand not built yet
            return None
        assert isinstance(command, click.Command)
        return command


class _Imports(_Lazy):
    table = _IMPORTS


class _Exports(_Lazy):
    table = _EXPORTS


@click.group("import", cls=_Imports)
def import_() -> None:
    """Bring a game in from another table (AresMUSH: its config, sheets, scene logs)."""


@click.group("export", cls=_Exports)
def export() -> None:
    """Write a game out for another table (AresMUSH: its config files)."""
