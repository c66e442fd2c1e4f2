"""The command language: one line, as players type on a MUSH (the FS3 convention), to one of
the table's commands (rollplay.table.commands).

    >>> command = parse("roll/private Nikos/Firearms+Reflexes-1", system="fs3")
    >>> command.side.character, command.side.request.expression, command.visibility
    ('Nikos', 'Firearms+Reflexes-1', 'private')
    >>> to_line(command, system="fs3")
    'roll/private Nikos/Firearms+Reflexes-1'

The same grammar serves `rollplay do`, the web roll box and the chat bridges. A line that is
not a command raises GrammarError (a RollplayError, so a ValueError): one line naming the bad
part and what is accepted, with the nearest command, option, ability or character where one
is near. docs/grammar.md is the reference.
"""

from __future__ import annotations

from collections.abc import Iterable

from rollplay.grammar.errors import GrammarError
from rollplay.grammar.parsing import parse
from rollplay.grammar.words import MAX_LINE
from rollplay.table.commands import Command

__all__ = ["MAX_LINE", "GrammarError", "parse", "to_line"]


def to_line(command: Command, *, system: str, combat_actions: Iterable[str] | None = None) -> str:
    """The line that asks for ``command``: one `parse` reads back as the same command (a
    command no line can say, like a name holding '/', raises GrammarError)."""
    from rollplay.grammar.lines import to_line as write

    return write(command, system, None if combat_actions is None else tuple(combat_actions))
