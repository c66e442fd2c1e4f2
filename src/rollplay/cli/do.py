"""``rollplay do "LINE" --game G``: one line of the command language (the MUSH convention,
docs/grammar.md), as the web roll box and the chat bridges take it, run through the service
for whoever acts, and shown as the command it became shows its result."""

from __future__ import annotations

import click

from rollplay.cli.options import dice_options, finish_dice, json_option, table_dice
from rollplay.cli.render import emit_answer
from rollplay.cli.service import open_service
from rollplay.cli.table import db_option


@click.command("do")
@click.argument("line")
@click.option("--game", "game_name", required=True, metavar="GAME", help="The game it is for.")
@dice_options("8,7,3,1,1")
@db_option
@json_option
def do(
    *, line: str, game_name: str, faces: str | None, seed: str | None, db: str | None,
    as_json: bool,
) -> None:  # fmt: skip
    """Run one line of the command language in GAME.

    \b
    Examples:
      rollplay do "roll Nikos/Firearms+Reflexes-1" --game Pegasus
      rollplay do "Nikos/Melee vs Mavros/Melee" --game Pegasus
      rollplay --as Pia do "roll Firearms" --game Pegasus        # her own character
      rollplay do "roll/secret Inspector Vance/Detect Lies" --game Dungeon
      rollplay do "roll 4D+2 vs 15" --game Stars
      rollplay do "luck/award Nikos=1/a fine pose" --game Pegasus
    """
    from rollplay.grammar import parse
    from rollplay.table.answers import drawn_from

    service = open_service(db)
    words = service.vocabulary(game_name)
    command = parse(line, system=words.system, game=words.game,
                    abilities=words.abilities, characters=words.characters)  # fmt: skip
    source = table_dice(faces, seed)
    answer = service.execute(command, dice=source)
    extra = finish_dice(source, drawn_from(answer))
    if as_json:
        emit_answer(answer, extra)
        return
    from rollplay.render.answers import answer_lines
    from rollplay.render.text import echo_lines

    echo_lines(answer_lines(answer))
