"""``rollplay roll|cp-after|log``: rolls with characters' sheets and the log. Parsing and
rendering only; the work is the table service's, one transaction per command."""

from __future__ import annotations

import sys
from collections.abc import Sequence
from datetime import datetime
from typing import TYPE_CHECKING, Any, cast

import click

from rollplay.cli.options import dice_options, finish_dice, json_option, table_dice
from rollplay.cli.render import emit_answer, emit_json, say
from rollplay.cli.roll_options import roll_options
from rollplay.cli.table import db_option, game_option, open_table
from rollplay.errors import RollplayError
from rollplay.table.limits import MAX_LOG_LIMIT

if TYPE_CHECKING:
    from rollplay.dice import Dice
    from rollplay.table import commands as c
    from rollplay.table.answers import AnyAnswer
    from rollplay.table.service import Table


@click.command("roll")
@click.argument("words", nargs=-1, required=True, metavar="NAME EXPR | NAME/EXPR vs NAME/EXPR")
@game_option()
@click.option(
    "--assist",
    "assists",
    multiple=True,
    metavar="NAME/EXPR",
    help="FS3 teamwork: a character assisting (repeatable); assisters roll first.",
)
@roll_options
@click.option(
    "--cp-after",
    type=click.IntRange(0, 100),
    default=0,
    metavar="N",
    help="D6: after the roll is shown, spend N Character Points on it (as `cp-after`); in a "
    "contest, on the first side's roll.",
)
@click.option(
    "--vs-cp-after",
    type=click.IntRange(0, 100),
    default=0,
    metavar="N",
    help="D6: as --cp-after, for the second side of a contest (A vs B).",
)
@click.option(
    "--ask-cp",
    is_flag=True,
    help="D6: after the roll is shown, ask how many Character Points to spend (a terminal).",
)
@click.option(
    "--visibility",
    type=click.Choice(["public", "private", "secret"]),
    default="public",
    show_default=True,
    help="Who sees it in the log: everyone, the roller and Storyteller, the Storyteller.",
)
@dice_options("8,7,3,1,1")
@db_option
@json_option
def roll(
    *, words: Sequence[str], assists: Sequence[str], game_name: str | None, visibility: str,
    cp_after: int, vs_cp_after: int, ask_cp: bool, faces: str | None, seed: str | None,
    db: str | None, as_json: bool, **kw: Any,
) -> None:  # fmt: skip
    """Roll a character's ability from its sheet, and log it; or two characters against each
    other (NAME/EXPR vs NAME/EXPR, the second side's options as --vs-mod, --vs-cp...); or FS3
    teamwork (--assist NAME/EXPR). Every option of `rollplay fs3|gurps|d6 roll` works here;
    each game's system refuses the ones it does not use.

    \b
    Examples:
      rollplay roll Nikos Firearms+Reflexes --mod=-1 --luck bonus
      rollplay roll "Inspector Vance" Interrogation --difficulty hard --visibility secret
      rollplay roll "Kara Voss" Search --difficulty 15 --cp 1 --prepare 1
      rollplay roll Nikos/Melee vs Mavros/Melee --vs-mod=-1
      rollplay roll Nikos Piloting --assist Mavros/Athletics
    """
    from rollplay.render.answers import answer_lines
    from rollplay.render.text import echo_lines
    from rollplay.table import commands as c
    from rollplay.table.answers import drawn_from
    from rollplay.table.systems import OPTION_NAMES
    from rollplay.table.systems.request import from_options as side_request

    contest = "vs" in words
    second = side_request("-", kw, "vs_").given()
    if second and not contest:
        raise RollplayError(
            f"{', '.join('--vs-' + OPTION_NAMES[k][2:] for k in second)}: for the second side of "
            f"a contest (A vs B)"
        )
    if contest and assists:
        raise RollplayError("--assist is teamwork on one roll; a contest (A vs B) has none")
    after = cp_after or vs_cp_after or ask_cp
    if after and assists:
        raise RollplayError("--cp-after and --ask-cp are D6's; teamwork is FS3's (000)")
    if vs_cp_after and not contest:
        raise RollplayError("--vs-cp-after: for the second side of a contest (A vs B)")
    if after and faces is not None:
        raise RollplayError(
            "typed --faces are the roll's; type the Character Point dice with "
            "`rollplay cp-after LOG_ID N --faces ...`"
        )
    source = table_dice(faces, seed)
    table = open_table(db)
    command = _command(words, assists, game_name, cast("c.Visibility", visibility), kw)
    if after:  # refused before anything is rolled, never after (issue 28)
        first = command.first if isinstance(command, c.Opposed) else command.leader \
            if isinstance(command, c.Teamwork) else command.side  # fmt: skip
        where = table.own_character(game_name, first.character)[0]
        if table.game(where).system != "d6":
            raise RollplayError("Character Points after the roll are the D6 System's (003)")
    answer = table.execute(command, dice=source)
    extra = finish_dice(source, drawn_from(answer))
    if not as_json:
        echo_lines(answer_lines(answer))
    answer = _points_after(table, answer, (cp_after, vs_cp_after), ask_cp, source, quiet=as_json)
    if as_json:
        emit_answer(answer, extra)


def _points_after(
    table: Table, answer: AnyAnswer, counts: tuple[int, int], ask: bool, source: Dice | None,
    *, quiet: bool,
) -> AnyAnswer:  # fmt: skip
    """003 Character Points after the roll: on one roll, or on each side of a contest in
    turn (the second judged against the first as it then stands); asked for on a terminal
    with ``ask``. The answer is the improved roll (with ``first_roll``), or the contest with
    each improved side (``after``)."""
    from rollplay.render.answers import answer_lines
    from rollplay.render.text import echo_lines
    from rollplay.table.answers import D6OpposedRolled, D6Rolled
    from rollplay.table.play.after import add_character_points

    sides: list[str | None]
    if isinstance(answer, D6Rolled):
        rolls, sides = [answer.log_id], [None]
    elif isinstance(answer, D6OpposedRolled):
        rolls, sides = list(answer.log_ids), [answer.initiator.name, answer.resister.name]
    else:
        return answer
    improved: list[D6Rolled] = []
    for entry, given, who in zip(rolls, counts, sides, strict=False):
        count = given
        if ask and sys.stdin.isatty():  # 003: the player sees the roll, then decides
            count = click.prompt(f"Character Points to spend after {who or 'the roll'}",
                                 type=click.IntRange(0, 100), default=0, err=True)  # fmt: skip
        if count:
            improved.append(add_character_points(table, answer.game, entry, count, dice=source))
            if not quiet:
                echo_lines(answer_lines(improved[-1]))
    if isinstance(answer, D6Rolled):
        return improved[0].model_copy(update={"first_roll": answer}) if improved else answer
    return answer.model_copy(update={"after": tuple(improved)})


@click.command("cp-after")
@click.argument("entry", type=click.IntRange(1, 2**62), metavar="LOG_ID")
@click.argument("count", type=click.IntRange(1, 100), metavar="N")
@dice_options("6,3")
@game_option()
@db_option
@json_option
def cp_after(
    *, entry: int, count: int, faces: str | None, seed: str | None, game_name: str | None,
    db: str | None, as_json: bool,
) -> None:  # fmt: skip
    """D6: spend N Character Points on a roll already made, after seeing it (003 Character
    Points), before the character rolls again: each an extra Wild Die, logged as a new entry.

    \b
    Example:
      rollplay roll "Kara Voss" Search --difficulty 15     # logged as #12: 14, a failure
      rollplay cp-after 12 2                               # two more Wild Dice on #12
    """
    from rollplay.render.answers import answer_lines
    from rollplay.render.text import echo_lines
    from rollplay.table.play.after import add_character_points

    source = table_dice(faces, seed)
    answer = add_character_points(open_table(db), game_name, entry, count, dice=source)
    extra = finish_dice(source, answer.dice_source)
    if as_json:
        emit_answer(answer, extra)
        return
    echo_lines(answer_lines(answer))


def _command(
    words: Sequence[str], assists: Sequence[str], game_name: str | None, seen: c.Visibility,
    kw: dict[str, Any],
) -> c.Roll | c.Opposed | c.Teamwork:  # fmt: skip
    """The table command ``rollplay roll`` asks for: a roll, a contest or teamwork."""
    from rollplay.table import commands as c
    from rollplay.table.systems import Request
    from rollplay.table.systems.request import from_options as side_request

    def request(expression: str, own: bool = True) -> Request:
        return side_request(expression, kw) if own else Request(expression)

    if "vs" in words:
        at = words.index("vs")
        (a, ea), (b, eb) = _side(words[:at]), _side(words[at + 1 :])
        return c.Opposed(
            game_name, c.Side(a, request(ea)), c.Side(b, side_request(eb, kw, "vs_")), seen
        )
    name, expression = _side(words)
    first = c.Side(name, request(expression))
    if assists:
        helpers = tuple(c.Side(n, request(e, own=False)) for n, e in (_side((x,)) for x in assists))
        return c.Teamwork(game_name, first, helpers, seen)
    return c.Roll(game_name, first, seen)


def _side(words: Sequence[str]) -> tuple[str, str]:
    """('Bob/Melee',) or ('Bob', 'Melee') -> ('Bob', 'Melee')."""
    if len(words) == 1 and "/" in words[0]:
        name, _, expression = words[0].partition("/")
    elif len(words) == 2:
        name, expression = words
    else:
        raise RollplayError(
            f"say who rolls what: NAME EXPR, or NAME/EXPR (around 'vs'); got "
            f"{_clip(' '.join(words))!r}"
        )
    if not name.strip() or not expression.strip():
        raise RollplayError(f"{_clip('/'.join(words))!r}: give both a name and what to roll")
    return name.strip(), expression.strip()


@click.command("log")
@game_option()
@click.option("--character", metavar="NAME", help="Only this character's rolls.")
@click.option("--since", metavar="DATE", help="From this date or time (ISO, e.g. 2026-11-01).")
@click.option("--until", metavar="DATE", help="Before this date or time.")
@click.option(
    "--limit",
    type=click.IntRange(0, MAX_LOG_LIMIT),
    default=50,
    show_default=True,
    help="Newest N (0: all).",
)
@click.option(
    "--as",
    "viewer",
    metavar="USER|CHARACTER",
    help="See the log as this user, or as this character's player, does: others' private "
    "rolls unseen and every secret roll's result hidden (default: as whoever acts).",
)
@click.option(
    "--export",
    "export_fmt",
    type=click.Choice(["jsonl", "csv"]),
    help="Print every matching entry, oldest first, as JSON Lines or CSV.",
)
@db_option
@json_option
def log(
    *, game_name: str | None, character: str | None, since: str | None, until: str | None,
    limit: int, viewer: str | None, export_fmt: str | None, db: str | None, as_json: bool,
) -> None:  # fmt: skip
    """The roll log, newest first."""
    filters: dict[str, Any] = {
        "game_name": game_name, "character": character, "since": _when(since, "--since"),
        "until": _when(until, "--until"), "viewer": viewer,
    }  # fmt: skip
    table = open_table(db)
    if viewer is not None and table.is_user(viewer):
        table, filters["viewer"] = table.acting_as(viewer), None
    if export_fmt:
        click.echo(table.export_log(export_fmt, **filters), nl=False)
        return
    entries = table.log(limit=limit or None, **filters)
    if as_json:
        emit_json([e.model_dump(mode="json") for e in entries])
        return
    from rollplay.render.cards import entry_card
    from rollplay.render.text import echo_lines

    if not entries:
        say("No rolls logged yet." if not any(filters.values()) else "No rolls match.")
    for e in entries:
        echo_lines(entry_card(e))


def _clip(text: str, width: int = 60) -> str:
    return text if len(text) <= width else text[: width - 1] + "\u2026"


def _when(text: str | None, what: str) -> datetime | None:
    if text is None:
        return None
    from datetime import UTC

    try:
        value = datetime.fromisoformat(text)
    except ValueError:
        raise RollplayError(
            f"{what} {text!r}: write a date or time like 2026-11-01 or 2026-11-01T18:30"
        ) from None
    return value if value.tzinfo else value.replace(tzinfo=UTC)
