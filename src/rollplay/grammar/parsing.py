"""Reading a line of the command language: its command word (and switch), then the part of
the grammar that reads that command (rolls.py, points.py, sheets.py, combat.py)."""

from __future__ import annotations

from collections.abc import Callable, Iterable

from rollplay.grammar.errors import GrammarError
from rollplay.grammar.words import Context, clean_line, command_word
from rollplay.table.commands import Command, Help

Handler = Callable[[str, str, Context], Command]


def _handlers() -> dict[str, Handler]:
    from rollplay.grammar import combat, points, rolls, scenes, sheets

    return {
        "roll": rolls.roll, "cp": points.cp, "luck": points.luck, "xp": points.xp,
        "sheet": sheets.sheet, "log": sheets.log, "combat": combat.combat, "heal": combat.heal,
        "scene": scenes.scene, "pose": scenes.pose, "say": _posed, "emit": _posed, "ooc": _posed,
        "request": scenes.request, "answer": scenes.answer, "reveal": scenes.reveal,
        "help": _help,
    }  # fmt: skip


def _help(switch: str, args: str, ctx: Context) -> Command:
    from rollplay.grammar.help import usages

    shown = usages(ctx.system, args)  # an unknown topic is refused here, with the nearest
    return Help(ctx.game, shown[0].word if args.strip() else None)


def _posed(switch: str, args: str, ctx: Context) -> Command:
    """A pose word shortened (``po``, ``em``): refused, so a line is a pose only by its
    whole word or its mark (scenes.py reads those first)."""
    raise GrammarError("type a pose's word whole: pose, say, emit, ooc, or : ; \\\\", args)


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
    from rollplay.grammar.scenes import pose_line

    posed = pose_line(line, ctx)
    if posed is not None:
        return posed
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
    if not _is_command(head, actions) and _names_an_ability(text, ctx):
        head, args = "roll", text  # "Firearms", "Nikos/Firearms+1": a bare ability is a roll
    word, switch = command_word(head, actions)
    return _handlers()[word](switch, args.strip(), ctx)


def _names_an_ability(text: str, ctx: Context) -> bool:
    """Whether a line begins with an ability the game knows (after ``NAME/``, if any),
    followed by nothing, a space, an option or a modifier (``Firearms+1``)."""
    folded = text.casefold()
    after = folded.split("/", 1)[1] if "/" in folded else None
    for ability in ctx.abilities:
        a = ability.casefold()
        for part in (folded, after):
            if (
                part is not None
                and part.startswith(a)
                and part[len(a) : len(a) + 1] in ("", " ", "+", "-", "/")
            ):
                return True
    return False


def _is_command(head: str, actions: tuple[str, ...]) -> bool:
    try:
        command_word(head, actions)
    except GrammarError:
        return False
    return True
