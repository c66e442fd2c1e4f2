"""``rollplay import aresmush DIR --game NAME`` and ``rollplay export aresmush --game NAME
DIR`` (issue 38; docs/moving.md): an AresMUSH game's config in as a rollplay game's house
rules, with the report of every setting, and a game's house rules out as AresMUSH config
files. Reading the folder and printing are here; the work is the table service's."""

from __future__ import annotations

from collections.abc import Sequence
from itertools import groupby
from pathlib import Path

import click

from rollplay.aresmush.config import ConfigError, sources
from rollplay.aresmush.files import STATUSES, config_text, report_json
from rollplay.aresmush.report import Item, Report
from rollplay.cli.options import json_option
from rollplay.cli.render import emit_json, say
from rollplay.cli.table import db_option, open_table


@click.command("aresmush")
@click.argument("folder", metavar="DIR")
@click.option("--game", "game_name", required=True, metavar="NAME", help="The game to make.")
@click.option("--edition", type=click.Choice(["3.3", "3.2"]), default="3.3", show_default=True,
              help="The FS3 edition the game starts from.")  # fmt: skip
@click.option("--dry-run", is_flag=True, help="Report only: make no game.")
@db_option
@json_option
def aresmush(
    *, folder: str, game_name: str, edition: str, dry_run: bool, db: str | None, as_json: bool
) -> None:
    """Make a game from an AresMUSH config folder (its game/config) or a .zip of one, and
    report what became of every setting."""
    files = sources(Path(folder))
    report = open_table(db).import_aresmush(
        game_name, files, edition=edition, dry_run=dry_run, where=folder
    )
    if as_json:
        emit_json(report_json(report, edition, dry_run))
        return
    for line in report_lines(report, edition, dry_run):
        say(line)


def report_lines(report: Report, edition: str, dry_run: bool) -> list[str]:
    """A readable report: what was made, the counts, then the settings file by file, a run
    of settings with one fate and one note said once under their common key."""
    made = "would make" if dry_run else "made"
    counts = ", ".join(f"{report.count(s)} {s}" for s in STATUSES)
    lines = [f"{made} the FS3 {edition} game {report.game} from an AresMUSH config: "
             f"{len(report.items)} settings ({counts})"]  # fmt: skip
    for file, in_file in groupby(report.items, key=lambda i: i.file):
        lines.append("")
        lines.append(file)
        for (status, note), run in groupby(in_file, key=lambda i: (i.status, i.note)):
            keys = [i.key for i in run]
            lines.append(f"  {status:<11} {_common(keys)}: {note}")
    return lines


def _common(keys: Sequence[str]) -> str:
    """'fs3skills.attributes (12 settings)': the dotted key the run shares."""
    if len(keys) == 1:
        return keys[0]
    parts = [k.split(".") for k in keys]
    shared = []
    for column in zip(*parts, strict=False):
        if len(set(column)) != 1:
            break
        shared.append(column[0])
    return f"{'.'.join(shared) or keys[0]} ({len(keys)} settings)"


@click.command("aresmush")
@click.option("--game", "game_name", required=True, metavar="NAME", help="The game to write.")
@click.argument("folder", metavar="DIR")
@db_option
@json_option
def export_aresmush(*, game_name: str, folder: str, db: str | None, as_json: bool) -> None:
    """Write a game's house rules as AresMUSH config files (fs3skills_*.yml,
    fs3combat_*.yml) into DIR, a new or empty folder's worth of them."""
    files = open_table(db).aresmush_files(game_name)
    target = Path(folder)
    if target.exists() and not target.is_dir():
        raise ConfigError(f"{folder}: not a folder")
    clash = sorted(name for name in files if (target / name).exists())
    if clash:
        raise ConfigError(f"{folder} already holds {', '.join(clash)}: choose an empty folder")
    target.mkdir(parents=True, exist_ok=True)
    for name, data in files.items():
        (target / name).write_text(config_text(data), encoding="utf-8")
    if as_json:
        emit_json({"game": game_name, "folder": str(target), "files": sorted(files)})
        return
    say(f"wrote {len(files)} AresMUSH config files for {game_name} into {target}")


__all__ = ["Item", "aresmush", "export_aresmush"]
