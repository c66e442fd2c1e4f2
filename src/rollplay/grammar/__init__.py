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

from collections.abc import Callable, Iterable

from rollplay.grammar.errors import GrammarError
from rollplay.grammar.words import MAX_LINE, Context, clean_line, command_word
from rollplay.table.commands import Command

__all__ = ["MAX_LINE", "GrammarError", "parse", "to_line"]

Handler = Callable[[str, str, Context], Command]


def _handlers() -> dict[str, Handler]:
    from rollplay.grammar import combat, points, rolls, sheets

    return {
        "roll": rolls.roll, "cp": points.cp, "luck": points.luck, "xp": points.xp,
        "sheet": sheets.sheet, "log": sheets.log, "combat": combat.combat, "heal": combat.heal,
    }  # fmt: skip


def default_actions() -> tuple[str, ...]:
    """FS3's combat actions (002 Combat Turns), each a ``combat/ACTION`` command."""
    from rollplay.systems.fs3.combat.state import ACTIONS

    return ACTIONS


def parse(
    line: str,
    *,
    system: str,
    game: str | None = None,
    abilities: Iterable[str] = (),
    characters: Iterable[str] = (),
    combat_actions: Iterable[str] | None = None,
) -> Command:
    """The command a line asks for, in a game of ``system`` ("fs3", "gurps" or "d6").

    ``game`` fills every command's game (None: the caller's to fill). ``abilities`` and
    ``characters``, when given, are the names a line may roll and name: any other is refused
    with the nearest ones suggested (an NPC's name is free). ``combat_actions`` are the
    ``combat/ACTION`` commands (default: FS3's nine)."""
    if system not in ("fs3", "gurps", "d6"):
        raise GrammarError(f"unknown system {system!r}; accepted: fs3, gurps, d6", str(system))
    actions = tuple(default_actions() if combat_actions is None else combat_actions)
    ctx = Context(system, game, tuple(abilities), tuple(characters), actions)
    text = clean_line(line).removeprefix("+").lstrip()
    if not text:
        raise GrammarError("an empty line: type a command, like roll Firearms or sheet", text)
    head, _, args = text.partition(" ")
    if (
        "/" in head
        and " vs " in f" {text.casefold()} "
        and head.split("/")[0].casefold() not in ("roll", "r")
        and not _is_command(head, actions)  # "combat/status vs": a combat called "vs"
    ):  # "Nikos/Firearms vs Mavros/Melee": a contest needs no command word (FS3's MUSHes)
        head, args = "roll", text
    word, switch = command_word(head, actions)
    return _handlers()[word](switch, args.strip(), ctx)


def _is_command(head: str, actions: tuple[str, ...]) -> bool:
    try:
        command_word(head, actions)
    except GrammarError:
        return False
    return True


def to_line(command: Command, *, system: str, combat_actions: Iterable[str] | None = None) -> str:
    """The line that asks for ``command``: one `parse` reads back as the same command (a
    command no line can say, like a name holding '/', raises GrammarError)."""
    from rollplay.grammar.lines import to_line as write

    return write(command, system, None if combat_actions is None else tuple(combat_actions))
