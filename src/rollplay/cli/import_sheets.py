"""``rollplay import aresmush-sheet FILE... --game NAME [--player USER] [--json]``: AresMUSH
characters made characters of an FS3 game, unapproved, each with a report of what was kept,
converted or left out (issue 38 §2; docs/moving.md). The work is the table service's."""

from __future__ import annotations

from pathlib import Path

import click

from rollplay.aresmush.report import Status
from rollplay.cli.render import bold, emit_json, say
from rollplay.cli.table import db_option, open_table
from rollplay.errors import RollplayError

MARKS: dict[Status, str] = {"kept": " ", "converted": "~", "unsupported": "!"}


def _read(path: str) -> tuple[str, bytes]:
    """A file's name and bytes, within the limit a sheet's file has (checked before it is
    read whole)."""
    from rollplay.aresmush.sheets import MAX_FILE_BYTES

    p = Path(path)
    if not p.is_file():
        raise RollplayError(f"{path}: no such file")
    if p.stat().st_size > MAX_FILE_BYTES:
        raise RollplayError(f"{p.name}: larger than {MAX_FILE_BYTES:,} bytes")
    return p.name, p.read_bytes()


@click.command("aresmush-sheet")
@click.argument("files", nargs=-1, required=True, metavar="FILE...")
@click.option("--game", "game_name", required=True, metavar="NAME", help="An FS3 game.")
@click.option("--player", metavar="USER", help="Who plays them (a player of the game).")
@click.option("--json", "as_json", is_flag=True, help="The report as JSON.")
@db_option
def aresmush_sheet(
    files: tuple[str, ...], game_name: str, player: str | None, as_json: bool, db: str | None
) -> None:
    """AresMUSH characters into an FS3 game: each FILE the text of AresMUSH's `sheet`
    command, or a character backup (.zip) or its profile/sheet.txt. They arrive
    unapproved, noting where they came from; all are made, or none."""
    read = [_read(f) for f in files]
    done = open_table(db).import_sheets(game_name, read, player)
    if as_json:
        emit_json(done)
        return
    for sheet in done.characters:
        say(f"{bold(sheet.name)} joins {done.game} (not yet approved), {sheet.origin}")
        for item in sheet.items:
            if item.status != "kept":
                say(f"  {MARKS[item.status]} {item.key}: {item.status}, {item.note}")
        kept = sum(1 for i in sheet.items if i.status == "kept")
        say(f"  {kept} of {len(sheet.items)} lines kept as they were")
