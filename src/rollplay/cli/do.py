"""``rollplay do "LINE" --game G``: one line of the command language (the MUSH convention,
docs/grammar.md), as the web roll box and the chat bridges take it, run through the service
for whoever acts, and shown as the command it became shows its result."""

from __future__ import annotations

from typing import Any

import click

from rollplay.cli.options import dice_options, finish_dice, json_option, table_dice
from rollplay.cli.render import bold, emit_json, say
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

    service = open_service(db)
    words = service.vocabulary(game_name)
    command = parse(line, system=words["system"], game=words["game"],
                    abilities=words["abilities"], characters=words["characters"])  # fmt: skip
    source = table_dice(faces, seed)
    result = service.execute(command, dice=source)
    extra = finish_dice(source, result)
    if as_json:
        emit_json({**result, **extra})
        return
    show(result)


def show(result: dict[str, Any]) -> None:
    """A command's result as its own CLI command shows it."""
    from rollplay.render.text import echo_lines

    kind = result["command"]
    if "log_id" in result or "log_ids" in result:
        from rollplay.cli.rolls import roll_card

        roll_card(result)
    elif kind == "CombatTurn":
        from rollplay.render.combat import turn_lines

        first, *rest = turn_lines(result)
        say(bold(first))
        for line in rest:
            say(line)
    elif kind == "HealDay":
        from rollplay.render.combat import day_lines

        for line in day_lines(result):
            say(line)
    elif kind.startswith("Combat"):
        from rollplay.cli.combat import show_status

        show_status(result)
    elif kind == "ShowSheet":
        from rollplay.render.sheets import sheet_card

        echo_lines(sheet_card(result, result["system"], result["edition"]))
    elif kind == "ShowLog":
        from rollplay.render.cards import entry_card

        for entry in result["entries"]:
            echo_lines(entry_card(entry))
        if not result["entries"]:
            say("No rolls logged yet.")
    else:
        from rollplay.render.answers import summary
        from rollplay.render.text import echo_lines

        echo_lines([summary(result)])
