"""``rollplay import aresmush-scene FILE... --game NAME``: AresMUSH scene logs (the web
portal's Download) made finished scenes of a game (issue 38; docs/moving.md, section 3).
Every file is read and checked first, so a bad one makes nothing; then the logs are made
scenes in one transaction (each an ``ImportScene``, the Storyteller's; rulings A57), and the
report says per file the scene made, whose poses, what was kept as emits and system lines."""

from __future__ import annotations

from pathlib import Path

import click

from rollplay.cli.options import json_option
from rollplay.cli.table import db_option


@click.command("aresmush-scene")
@click.argument("files", nargs=-1, required=True,
                type=click.Path(exists=True, dir_okay=False, path_type=Path))  # fmt: skip
@click.option("--game", "game_name", required=True, metavar="NAME",
              help="The game the scenes join (you are its Storyteller).")  # fmt: skip
@db_option
@json_option
def aresmush_scene(*, files: tuple[Path, ...], game_name: str, db: str | None,
                   as_json: bool) -> None:  # fmt: skip
    """Import AresMUSH scene logs (FILE: what the portal's scene Download saves) as
    finished scenes of NAME: each pose credited to the character whose name begins it,
    other lines kept as emits, OOC and system lines as written, all marked imported."""
    from rollplay.aresmush.scenes import MAX_LOG_BYTES, LogError, decode, read
    from rollplay.cli.render import emit_json
    from rollplay.cli.service import open_service
    from rollplay.render.answers import answer_lines
    from rollplay.render.text import echo_lines

    logs = []
    for path in files:
        size = path.stat().st_size
        if size > MAX_LOG_BYTES:  # said before it is read
            raise LogError(f"{path.name} is {size:,} bytes: a scene log may be at most "
                           f"{MAX_LOG_BYTES:,}")  # fmt: skip
        logs.append((path.name, read(decode(path.read_bytes(), path.name), path.name)))
    service = open_service(db)
    answers = service.import_scenes(game_name, logs)
    if as_json:
        emit_json({"game": game_name,
                   "scenes": [a.model_dump(mode="json") for a in answers]})  # fmt: skip
        return
    for answer in answers:
        echo_lines(answer_lines(answer))
