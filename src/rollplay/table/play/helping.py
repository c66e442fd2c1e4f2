"""``help``: the command language of the game's system, for anyone who may read the game."""

from __future__ import annotations

from rollplay.dice import Dice
from rollplay.grammar.help import usages
from rollplay.table import commands as c
from rollplay.table.access.authz import Act
from rollplay.table.answers import HelpLine, HelpShown
from rollplay.table.base import ServiceBase
from rollplay.table.handlers import handles


@handles(c.Help, act=Act.READ)
def run_help(t: ServiceBase, cmd: c.Help, dice: Dice | None) -> HelpShown:
    """The language's lines, each with an example in the game's roll syntax."""
    game = t.game_for(cmd.game)
    with t.transaction() as s:
        row = t.game_row(s, game)
        t.standing(s, row).require(Act.READ)  # the game's members, as every read
        system = row.system
    lines = tuple(HelpLine(line=u.line, says=u.says) for u in usages(system, cmd.topic))
    return HelpShown(system=system, lines=lines)
