"""``rollplay game|char``: games and characters at the table. Parsing and rendering only;
the work is the table service's (rollplay.table.service), one transaction per command."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any, TypeVar

import click

from rollplay.cli.options import (
    format_option,
    json_option,
)
from rollplay.cli.render import bold, emit_json, say

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


def open_table(db: str | None) -> Table:
    from rollplay.cli.service import open_service

    return open_service(db)


def show(data: Any, as_json: bool) -> None:
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
    data = open_table(db).new_game(name, system_name, edition, rules)
    show(data, as_json) if as_json else say(f"Game {bold(data.name)}: {system_name} {data.edition}")


@game.command("rename")
@click.argument("name")
@click.argument("new")
@db_option
@json_option
def game_rename(name: str, new: str, db: str | None, as_json: bool) -> None:
    """Give game NAME the name NEW (its Storyteller)."""
    data = open_table(db).rename_game(name, new)
    show(data, as_json) if as_json else say(f"Game {name} is now {bold(data.name)}")


@game.command("archive")
@click.argument("name")
@click.option("--undo", is_flag=True, help="Take the game out of the archive.")
@db_option
@json_option
def game_archive(name: str, undo: bool, db: str | None, as_json: bool) -> None:
    """Archive game NAME: kept to read and verify, nothing played in it."""
    data = open_table(db).archive_game(name, not undo)
    said = "is archived" if data.archived else "is out of the archive"
    show(data, as_json) if as_json else say(f"Game {bold(data.name)} {said}")


@game.command("list")
@db_option
@json_option
def game_list(db: str | None, as_json: bool) -> None:
    """Every game."""
    games = open_table(db).games()
    if as_json:
        emit_json(games)
        return
    for g in games:
        say(f"{g.name}  ({g.system} {g.edition})")


@game.command("example")
@db_option
@json_option
def game_example(db: str | None, as_json: bool) -> None:
    """Create the example games (an FS3, a GURPS and a D6 game, with characters)."""
    created = open_table(db).add_examples()
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
    data = open_table(db).game(name)
    if as_json:
        emit_json(data)
        return
    system = {"fs3": "FS3", "gurps": "GURPS", "d6": "D6"}[data.system]
    say(f"{bold(data.name)}  ({system} {data.edition})")
    say(f"Characters: {', '.join(data.characters) or 'none yet'}")
    rules = data.rules
    say(f"House rules: {', '.join(sorted(rules)) if rules else 'none (the edition as written)'}")


def game_option(required: bool = False) -> Callable[[F], F]:
    return click.option(
        "--game",
        "game_name",
        required=required,
        metavar="GAME",
        help="The game (needed when the name is in several games).",
    )


# -- characters ------------------------------------------------------------------------------


@click.group()
def char() -> None:
    """Characters: sheets, character creation checks, approval, import and export."""


@char.command("new")
@click.argument("file")
@game_option(required=True)
@db_option
@json_option
def char_new(file: str, game_name: str, db: str | None, as_json: bool) -> None:
    """Add a character from a sheet file (YAML, TOML or JSON; a .gcs file for GURPS)."""
    _import(file, game_name, db, as_json)


@char.command("import")
@click.argument("file")
@game_option(required=True)
@db_option
@json_option
def char_import(file: str, game_name: str, db: str | None, as_json: bool) -> None:
    """Import a character: YAML, JSON, or a GCS file (version 5) for GURPS."""
    _import(file, game_name, db, as_json)


def _import(file: str, game_name: str, db: str | None, as_json: bool) -> None:
    from rollplay.table.service import parse_sheet_file

    table = open_table(db)
    system_name = table.game(game_name).system
    data = table.new_character(game_name, parse_sheet_file(file, system_name))
    if as_json:
        emit_json(data)
        return
    say(f"{bold(data.name)} joins {game_name} (not yet approved)")


@char.command("set")
@click.argument("name")
@click.argument("changes", nargs=-1, required=True)
@game_option()
@db_option
@json_option
def char_set(
    name: str, changes: Sequence[str], game_name: str | None, db: str | None, as_json: bool
) -> None:
    """Change a sheet: KEY.PATH=VALUE pairs, e.g. action.Firearms=4 concept="A pilot".
    VALUE is read as YAML (numbers, lists); 'null' removes the key."""
    from rollplay.grammar.sheets import merge_changes

    merged = merge_changes(changes)
    table = open_table(db)
    data = table.set_character(game_name, name, merged)
    if as_json:
        emit_json(data)
        return
    say(f"{bold(data.name)}'s sheet changed" + ("" if data.approved else
        " (it needs the Storyteller's approval again)"))  # fmt: skip


@char.command("show")
@click.argument("name")
@game_option()
@db_option
@json_option
def char_show(name: str, game_name: str | None, db: str | None, as_json: bool) -> None:
    """A character: sheet, points, approval and any character-creation problems."""
    table = open_table(db)
    data = table.character(game_name, name)
    if as_json:
        emit_json(data)
        return
    from rollplay.render.sheets import sheet_card
    from rollplay.render.text import echo_lines

    echo_lines(sheet_card(data))


@char.command("check")
@click.argument("name")
@game_option()
@db_option
@json_option
def char_check(name: str, game_name: str | None, db: str | None, as_json: bool) -> None:
    """List every character-creation problem at once (exit code 1 if there are any)."""
    table = open_table(db)
    problems = table.check(game_name, name)
    # the game's unusual skills it holds: for the Storyteller's look, not problems (A11)
    unusual = list(table.character(game_name, name).unusual or ())
    if as_json:
        emit_json({"character": name, "valid": not problems, "problems": problems,
                   "unusual": unusual})  # fmt: skip
    elif problems:
        for p in problems:
            say(f"- {p}")
    else:
        say(f"{name}: valid")
    if unusual and not as_json:
        say(f"note: unusual for this game, for the Storyteller's look: {', '.join(unusual)}")
    if problems:
        raise SystemExit(1)


@char.command("approve")
@click.argument("name")
@game_option()
@db_option
@json_option
def char_approve(name: str, game_name: str | None, db: str | None, as_json: bool) -> None:
    """The Storyteller approves a valid character."""
    table = open_table(db)
    data = table.approve(game_name, name)
    show(data, as_json) if as_json else say(f"{bold(name)} approved")


@char.command("sendback")
@click.argument("name")
@click.argument("comment")
@game_option()
@db_option
@json_option
def char_sendback(
    name: str, comment: str, game_name: str | None, db: str | None, as_json: bool
) -> None:
    """The Storyteller sends a sheet back to its player, saying why (not approved)."""
    table = open_table(db)
    data = table.send_back(game_name, name, comment)
    show(data, as_json) if as_json else say(f"{bold(name)} sent back: {comment.strip()}")


@char.command("export")
@click.argument("name")
@game_option()
@format_option("yaml", "json")
@db_option
def char_export(name: str, game_name: str | None, fmt: str, db: str | None) -> None:
    """Print a character's sheet as YAML or JSON (which `char import` reads back)."""
    table = open_table(db)
    sheet = table.character(game_name, name).sheet
    if fmt == "json":
        emit_json(sheet)
    else:
        import yaml

        click.echo(yaml.safe_dump(sheet, sort_keys=False, allow_unicode=True), nl=False)


@game.command("settings")
@click.argument("game_name", metavar="GAME")
@click.option("--announce-secret/--hide-secret", default=None,
              help="Whether players learn that a secret roll was made (001).")  # fmt: skip
@click.option("--players-ask-secret/--no-players-ask-secret", default=None,
              help="Whether a player may ask for a secret roll of their own character "
                   "(rulings T9).")  # fmt: skip
@click.option("--provable/--no-provable", default=None,
              help="Whether the dice come from committed seeds, verifiable afterwards "
                   "(docs/verify.md; off: OS entropy).")  # fmt: skip
@click.option("--pose-window", type=int, default=None, metavar="MINUTES",
              help="For how many minutes a pose's author may edit or delete it "
                   "(docs/scenes.md; 0: never; default 15).")  # fmt: skip
@db_option
@json_option
def game_settings(
    *, game_name: str, announce_secret: bool | None, players_ask_secret: bool | None,
    provable: bool | None, pose_window: int | None, db: str | None, as_json: bool,
) -> None:  # fmt: skip
    """Show or change GAME's table settings (the Storyteller's)."""
    service = open_table(db)
    if (announce_secret, players_ask_secret, provable, pose_window) == (None, None, None, None):
        data = service.game(game_name)
    else:
        data = service.game_settings(game_name, announce_secret=announce_secret,
                                     players_ask_secret=players_ask_secret,
                                     provable=provable, pose_window=pose_window)  # fmt: skip
    if as_json:
        keys = {"name", "announce_secret", "players_ask_secret", "provable", "pose_window"}
        emit_json(data.model_dump(include=keys))
        return
    say(f"{bold(data.name)}: secret rolls "
        f"{'announced' if data.announce_secret else 'not announced'} to players; players "
        f"{'may' if data.players_ask_secret else 'may not'} ask for secret rolls; dice "
        f"{'verifiable' if data.provable else 'from OS entropy'}; poses editable for "
        f"{data.pose_window} minutes")  # fmt: skip
