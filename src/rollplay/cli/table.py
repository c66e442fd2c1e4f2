"""``rollplay game|char|xp|luck|roll|log``: the table's records. Parsing and rendering only;
the work is the table service's (rollplay.table.service), one transaction per command."""

from __future__ import annotations

import sys
from collections.abc import Callable, Sequence
from datetime import datetime
from typing import TYPE_CHECKING, Any, TypeVar

import click

from rollplay.cli.options import (
    dice_options,
    dice_source,
    finish_dice,
    format_option,
    json_option,
)
from rollplay.cli.render import bold, emit_json, say
from rollplay.cli.roll_options import roll_options
from rollplay.errors import RollplayError
from rollplay.table.limits import MAX_LOG_LIMIT

if TYPE_CHECKING:
    from rollplay.table.service import Table

F = TypeVar("F", bound=Callable[..., Any])


def db_option(f: F) -> F:
    return click.option(
        "--db",
        metavar="URL|PATH",
        envvar="ROLLPLAY_DATABASE_URL",
        help="Database: a SQLAlchemy URL or a SQLite file (default: one in your data folder).",
    )(f)


def _table(db: str | None) -> Table:
    from rollplay.cli.service import open_service

    return open_service(db)


def _show(data: Any, as_json: bool) -> None:
    if as_json:
        emit_json(data)


# -- games -----------------------------------------------------------------------------------


@click.group()
def game() -> None:
    """Games: a system, an edition and house rules."""


@game.command("new")
@click.argument("name")
@click.option("--system", "system_name", required=True, type=click.Choice(["fs3", "gurps", "d6"]))
@click.option("--edition", metavar="E", help="FS3: 3.3 or 3.2; GURPS: 4e; D6: d6.")
@click.option("--rules", "rules_file", metavar="FILE", help="A house-rules file for the game.")
@db_option
@json_option
def game_new(
    *,
    name: str, system_name: str, edition: str | None, rules_file: str | None, db: str | None,
    as_json: bool,
) -> None:  # fmt: skip
    """Start a game."""
    rules = None
    if rules_file:
        from rollplay.rulesfile import read

        rules = read(rules_file)
    data = _table(db).new_game(name, system_name, edition, rules)
    _show(data, as_json) if as_json else say(
        f"Game {bold(data['name'])}: {system_name} {data['edition']}"
    )


@game.command("list")
@db_option
@json_option
def game_list(db: str | None, as_json: bool) -> None:
    """Every game."""
    games = _table(db).games()
    if as_json:
        emit_json(games)
        return
    for g in games:
        say(f"{g['name']}  ({g['system']} {g['edition']})")


@game.command("example")
@db_option
@json_option
def game_example(db: str | None, as_json: bool) -> None:
    """Create the example games (an FS3, a GURPS and a D6 game, with characters)."""
    created = _table(db).add_examples()
    if as_json:
        emit_json({"created": created})
    else:
        say(f"Created: {', '.join(created)}" if created else "The example games are already here.")


@game.command("show")
@click.argument("name")
@db_option
@json_option
def game_show(name: str, db: str | None, as_json: bool) -> None:
    """A game, its rules and its characters."""
    data = _table(db).game(name)
    if as_json:
        emit_json(data)
        return
    system = {"fs3": "FS3", "gurps": "GURPS", "d6": "D6"}[data["system"]]
    say(f"{bold(data['name'])}  ({system} {data['edition']})")
    say(f"Characters: {', '.join(data['characters']) or 'none yet'}")
    rules = data["rules"]
    say(f"House rules: {', '.join(sorted(rules)) if rules else 'none (the edition as written)'}")


# -- characters ------------------------------------------------------------------------------


@click.group()
def char() -> None:
    """Characters: sheets, character creation checks, approval, import and export."""


def _game_option(required: bool = False) -> Callable[[F], F]:
    return click.option(
        "--game",
        "game_name",
        required=required,
        metavar="GAME",
        help="The game (needed when the name is in several games).",
    )


@char.command("new")
@click.argument("file")
@_game_option(required=True)
@db_option
@json_option
def char_new(file: str, game_name: str, db: str | None, as_json: bool) -> None:
    """Add a character from a sheet file (YAML, TOML or JSON; a .gcs file for GURPS)."""
    _import(file, game_name, db, as_json)


@char.command("import")
@click.argument("file")
@_game_option(required=True)
@db_option
@json_option
def char_import(file: str, game_name: str, db: str | None, as_json: bool) -> None:
    """Import a character: YAML, JSON, or a GCS file (version 5) for GURPS."""
    _import(file, game_name, db, as_json)


def _import(file: str, game_name: str, db: str | None, as_json: bool) -> None:
    from rollplay.table.service import parse_sheet_file

    table = _table(db)
    system_name = table.game(game_name)["system"]
    data = table.new_character(game_name, parse_sheet_file(file, system_name))
    if as_json:
        emit_json(data)
        return
    say(f"{bold(data['name'])} joins {game_name} (not yet approved)")


@char.command("set")
@click.argument("name")
@click.argument("changes", nargs=-1, required=True)
@_game_option()
@db_option
@json_option
def char_set(
    name: str, changes: Sequence[str], game_name: str | None, db: str | None, as_json: bool
) -> None:
    """Change a sheet: KEY.PATH=VALUE pairs, e.g. action.Firearms=4 concept="A pilot".
    VALUE is read as YAML (numbers, lists); 'null' removes the key."""
    from rollplay.rulesfile import yaml_value

    merged: dict[str, Any] = {}
    for change in changes:
        path, sep, raw = change.partition("=")
        if not sep or not path.strip() or len(path) > 300:
            raise RollplayError(
                f"bad change {change[:60]!r}: write KEY=VALUE, like action.Firearms=4"
            )
        value = yaml_value(raw, path.strip())
        node = merged
        keys = [k.strip() for k in path.split(".")]
        if not all(keys):
            raise RollplayError(f"bad key {path!r}: names joined by dots, like action.Firearms")
        for key in keys[:-1]:
            node = node.setdefault(key, {})
            if not isinstance(node, dict):
                raise RollplayError(f"{path!r} sets inside {key!r}, which is also set to a value")
        node[keys[-1]] = value
    table = _table(db)
    data = table.set_character(game_name, name, merged)
    if as_json:
        emit_json(data)
        return
    say(f"{bold(data['name'])}'s sheet changed" + ("" if data["approved"] else
        " (it needs the Storyteller's approval again)"))  # fmt: skip


@char.command("show")
@click.argument("name")
@_game_option()
@db_option
@json_option
def char_show(name: str, game_name: str | None, db: str | None, as_json: bool) -> None:
    """A character: sheet, points, approval and any character-creation problems."""
    table = _table(db)
    data = table.character(game_name, name)
    if as_json:
        emit_json(data)
        return
    from rollplay.render.sheets import sheet_card
    from rollplay.render.text import echo_lines

    game = table.game(data["game"])
    echo_lines(sheet_card(data, game["system"], game["edition"]))


@char.command("check")
@click.argument("name")
@_game_option()
@db_option
@json_option
def char_check(name: str, game_name: str | None, db: str | None, as_json: bool) -> None:
    """List every character-creation problem at once (exit code 1 if there are any)."""
    table = _table(db)
    problems = table.check(game_name, name)
    if as_json:
        emit_json({"character": name, "valid": not problems, "problems": problems})
    elif problems:
        for p in problems:
            say(f"- {p}")
    else:
        say(f"{name}: valid")
    if problems:
        raise SystemExit(1)


@char.command("approve")
@click.argument("name")
@_game_option()
@db_option
@json_option
def char_approve(name: str, game_name: str | None, db: str | None, as_json: bool) -> None:
    """The Storyteller approves a valid character."""
    table = _table(db)
    data = table.approve(game_name, name)
    _show(data, as_json) if as_json else say(f"{bold(name)} approved")


@char.command("export")
@click.argument("name")
@_game_option()
@format_option("yaml", "json")
@db_option
def char_export(name: str, game_name: str | None, fmt: str, db: str | None) -> None:
    """Print a character's sheet as YAML or JSON (which `char import` reads back)."""
    table = _table(db)
    sheet = table.character(game_name, name)["sheet"]
    if fmt == "json":
        emit_json(sheet)
    else:
        import yaml

        click.echo(yaml.safe_dump(sheet, sort_keys=False, allow_unicode=True), nl=False)


# -- experience and luck ---------------------------------------------------------------------


@click.group()
def xp() -> None:
    """FS3 experience: the Storyteller awards it; players raise skills with it (002)."""


@xp.command("award")
@click.argument("name")
@click.argument("amount", type=float)
@_game_option()
@db_option
@json_option
def xp_award(
    name: str, amount: float, game_name: str | None, db: str | None, as_json: bool
) -> None:
    """Award AMOUNT XP (whole or half points)."""
    data = _table(db).award_xp(game_name, name, amount)
    _show(data, as_json) if as_json else say(f"{name} has {data['xp']:g} XP")


@xp.command("raise")
@click.argument("name")
@click.argument("skill")
@click.option(
    "--kind",
    type=click.Choice(["action", "background", "language"]),
    default="action",
    show_default=True,
    help="What kind of skill.",
)
@_game_option()
@db_option
@json_option
def xp_raise(
    *, name: str, skill: str, kind: str, game_name: str | None, db: str | None, as_json: bool
) -> None:
    """Spend XP to raise SKILL one level (or learn a language), at the 002 cost."""
    data = _table(db).raise_skill(game_name, name, skill, kind)
    if as_json:
        emit_json(data)
        return
    r = data["raised"]
    say(
        f"{name}: {r['skill']} {r['from']} → {r['from'] + 1} for {r['cost']:g} XP "
        f"({data['xp']:g} left)"
    )


@click.group()
def luck() -> None:
    """FS3 luck points (002 Luck): awarded by the Storyteller, spent on rolls."""


@luck.command("award")
@click.argument("name")
@click.argument("amount", type=int, default=1)
@_game_option()
@db_option
@json_option
def luck_award(
    name: str, amount: int, game_name: str | None, db: str | None, as_json: bool
) -> None:
    """Award luck points (1 by default)."""
    data = _table(db).award_luck(game_name, name, amount)
    _show(data, as_json) if as_json else say(f"{name} has {data['luck']} luck")


@luck.command("spend")
@click.argument("name")
@_game_option()
@db_option
@json_option
def luck_spend(name: str, game_name: str | None, db: str | None, as_json: bool) -> None:
    """Spend a luck point outside a roll (to cancel one used against the character).
    On a roll, spend it with `rollplay roll NAME EXPR --luck bonus`."""
    data = _table(db).spend_luck(game_name, name)
    _show(data, as_json) if as_json else say(f"{name} has {data['luck']} luck left")


# -- rolls and the log -----------------------------------------------------------------------


@click.command("roll")
@click.argument("words", nargs=-1, required=True, metavar="NAME EXPR | NAME/EXPR vs NAME/EXPR")
@_game_option()
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
    help="D6: after the roll is shown, spend N Character Points on it (as `cp-after`).",
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
    cp_after: int, ask_cp: bool, faces: str | None, seed: str | None, db: str | None,
    as_json: bool, **kw: Any,
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
    from rollplay.cli.roll_options import request as side_request
    from rollplay.table.systems import OPTION_NAMES, Request

    def request(expression: str, own: bool = True) -> Request:
        return side_request(expression, kw) if own else Request(expression)

    contest = "vs" in words
    second = side_request("-", kw, "vs_").given()
    if second and not contest:
        raise RollplayError(
            f"{', '.join('--vs-' + OPTION_NAMES[k][2:] for k in second)}: for the second side of "
            f"a contest (A vs B)"
        )
    if contest and assists:
        raise RollplayError("--assist is teamwork on one roll; a contest (A vs B) has none")
    if (cp_after or ask_cp) and (contest or assists):
        raise RollplayError("--cp-after and --ask-cp follow one character's roll")
    if (cp_after or ask_cp) and faces is not None:
        raise RollplayError(
            "typed --faces are the roll's; type the Character Point dice with "
            "`rollplay cp-after LOG_ID N --faces ...`"
        )
    source = dice_source(faces, seed)
    table = _table(db)
    if contest:
        at = words.index("vs")
        (a, ea), (b, eb) = _side(words[:at]), _side(words[at + 1 :])
        result = table.opposed(
            game_name, (a, request(ea)), (b, side_request(eb, kw, "vs_")),
            visibility=visibility, dice=source,
        )  # fmt: skip
    else:
        name, expression = _side(words)
        first = (name, request(expression))
        if assists:
            helpers = [(n, request(e, own=False)) for n, e in (_side((x,)) for x in assists)]
            result = table.teamwork(game_name, first, helpers, visibility=visibility, dice=source)
        else:
            result = table.roll(game_name, name, first[1], visibility=visibility, dice=source)
    extra = finish_dice(source)
    if (cp_after or ask_cp) and result["system"] != "d6":
        raise RollplayError("Character Points after the roll are the D6 System's (003)")
    if not as_json:
        _roll_card(result)
    if ask_cp and sys.stdin.isatty():  # 003: the player sees the roll, then decides
        cp_after = click.prompt(
            "Character Points to spend after the roll", type=click.IntRange(0, 100), default=0,
            err=True,
        )  # fmt: skip
    if cp_after:
        from rollplay.table.after import add_character_points

        shown = result
        result = add_character_points(table, shown["log_id"], cp_after, dice=source)
        result["first_roll"] = shown
        if not as_json:
            _roll_card(result)
    if as_json:
        emit_json({**result, **extra})


def _roll_card(result: dict[str, Any]) -> None:
    from rollplay.render.cards import outcome_card
    from rollplay.render.text import echo_lines

    ids = result.get("log_ids") or [result["log_id"]]
    who = result.get("character") or "Opposed roll"
    logged = ", ".join(f"#{i}" for i in ids)
    say(f"{bold(who)} ({result['game']}) · log {logged} · {result['visibility']}")
    echo_lines(outcome_card(result))


@click.command("cp-after")
@click.argument("entry", type=click.IntRange(1, 2**62), metavar="LOG_ID")
@click.argument("count", type=click.IntRange(1, 100), metavar="N")
@dice_options("6,3")
@db_option
@json_option
def cp_after(
    *, entry: int, count: int, faces: str | None, seed: str | None, db: str | None,
    as_json: bool,
) -> None:  # fmt: skip
    """D6: spend N Character Points on a roll already made, after seeing it (003 Character
    Points), before the character rolls again: each an extra Wild Die, logged as a new entry.

    \b
    Example:
      rollplay roll "Kara Voss" Search --difficulty 15     # logged as #12: 14, a failure
      rollplay cp-after 12 2                               # two more Wild Dice on #12
    """
    from rollplay.render.cards import outcome_card
    from rollplay.render.text import echo_lines
    from rollplay.table.after import add_character_points

    source = dice_source(faces, seed)
    result = add_character_points(_table(db), entry, count, dice=source)
    extra = finish_dice(source)
    if as_json:
        emit_json({**result, **extra})
        return
    say(f"{bold(result['character'])} ({result['game']}) · log #{result['log_id']} · "
        f"{result['visibility']}")  # fmt: skip
    echo_lines(outcome_card(result))


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
@_game_option()
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
    table = _table(db)
    if viewer is not None and table.is_user(viewer):
        table, filters["viewer"] = table.acting_as(viewer), None
    if export_fmt:
        click.echo(table.export_log(export_fmt, **filters), nl=False)
        return
    entries = table.log(limit=limit or None, **filters)
    if as_json:
        emit_json(entries)
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
