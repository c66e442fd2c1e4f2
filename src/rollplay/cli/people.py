"""``rollplay user|member|db|events``: who plays, their roles in games, the database's
schema, and the events a user may see. The rules of who may do what are the service's."""

from __future__ import annotations

import click

from rollplay.cli.options import json_option
from rollplay.cli.render import bold, emit_json, say
from rollplay.cli.service import open_service
from rollplay.cli.table import db_option


@click.group()
def user() -> None:
    """Users of the table (the database's owner adds them)."""


_PASSWORD_STDIN = click.option(
    "--password-stdin", is_flag=True, help="Read the password from standard input (one line)."
)


def _password(from_stdin: bool, required: bool) -> str | None:
    """A password from stdin, or asked for twice on a terminal (never on the command line)."""
    import sys

    if from_stdin:
        try:
            return sys.stdin.readline().rstrip("\r\n")
        except (OSError, ValueError) as exc:  # closed or unreadable stdin
            raise click.UsageError(f"could not read a password from stdin: {exc}") from None
    if not sys.stdin.isatty():
        if required:
            raise click.UsageError("no terminal to ask for a password on: use --password-stdin")
        return None
    return str(click.prompt("Password", hide_input=True, confirmation_prompt=True, err=True))


@user.command("add")
@click.argument("name")
@_PASSWORD_STDIN
@db_option
@json_option
def user_add(name: str, password_stdin: bool, db: str | None, as_json: bool) -> None:
    """Add a user called NAME, with a password (asked for on a terminal, or --password-stdin;
    without either, they cannot sign in until `rollplay user password NAME`)."""
    service = open_service(db)
    password = _password(password_stdin, required=False)
    if password is not None:  # refuse a bad password before the user exists
        from rollplay.table.access.accounts import check_password

        check_password(password)
    data = service.add_user(name)
    if password is not None:
        service.set_password(data.name, password)
    emit_json(data) if as_json else say(f"User {bold(data.name)} added")


@user.command("password")
@click.argument("name")
@_PASSWORD_STDIN
@db_option
@json_option
def user_password(name: str, password_stdin: bool, db: str | None, as_json: bool) -> None:
    """Set NAME's password (asked for on a terminal, or --password-stdin). Every session and
    API token of theirs ends at once: whoever held one signs in again."""
    password = _password(password_stdin, required=True)
    assert password is not None
    ended = open_service(db).set_password(name, password)
    if as_json:
        emit_json(ended)
        return
    say(
        f"{bold(ended.user)}'s password is set; ended {ended.sessions} session(s) and "
        f"{ended.tokens} token(s)"
    )


@user.command("list")
@db_option
@json_option
def user_list(db: str | None, as_json: bool) -> None:
    """Every user."""
    users = open_service(db).users()
    if as_json:
        emit_json(users)
        return
    for u in users:
        say(u.name)


@click.group()
def member() -> None:
    """Users' roles in a game: storyteller, player (of characters) or observer."""


@member.command("add")
@click.argument("game_name", metavar="GAME")
@click.argument("user_name", metavar="USER")
@click.option("--role", type=click.Choice(["storyteller", "player", "observer"]),
              required=True, help="What the user does in the game.")  # fmt: skip
@click.option("--character", "characters", multiple=True, metavar="NAME",
              help="A character the player plays (repeatable).")  # fmt: skip
@db_option
@json_option
def member_add(
    *, game_name: str, user_name: str, role: str, characters: tuple[str, ...],
    db: str | None, as_json: bool,
) -> None:  # fmt: skip
    """Give USER a role in GAME (or change it); --character makes them its player."""
    data = open_service(db).add_member(game_name, user_name, role, characters)
    if as_json:
        emit_json(data)
        return
    plays = f", playing {', '.join(data.characters)}" if data.characters else ""
    say(f"{bold(data.user)} is {role} in {data.game}{plays}")


@member.command("remove")
@click.argument("game_name", metavar="GAME")
@click.argument("user_name", metavar="USER")
@db_option
@json_option
def member_remove(game_name: str, user_name: str, db: str | None, as_json: bool) -> None:
    """Take USER out of GAME; their characters become the Storyteller's."""
    data = open_service(db).remove_member(game_name, user_name)
    emit_json(data) if as_json else say(f"{bold(data.user)} left {data.game}")


@member.command("list")
@click.argument("game_name", metavar="GAME")
@db_option
@json_option
def member_list(game_name: str, db: str | None, as_json: bool) -> None:
    """Who is in GAME, in what role, playing whom."""
    members = open_service(db).members(game_name)
    if as_json:
        emit_json(members)
        return
    for m in members:
        plays = f" ({', '.join(m.characters)})" if m.characters else ""
        say(f"{m.user}: {m.role}{plays}")


@click.group()
def db() -> None:
    """The database: its schema."""


@db.command("upgrade")
@db_option
@json_option
def db_upgrade(db: str | None, as_json: bool) -> None:
    """Bring the database's schema up to this rollplay's (back it up first). Safe when
    several processes run it at once."""
    from rollplay.table.store.db import database_url, open_engine, upgrade

    engine = open_engine(database_url(db))
    try:
        before, after = upgrade(engine)
    finally:
        engine.dispose()
    if as_json:
        emit_json({"before": before, "after": after})
    elif before == after:
        say(f"The database is up to date (schema {after}).")
    else:
        say(f"Upgraded the database from schema {before or 'none'} to {after}.")


@click.command("events")
@click.option("--game", "game_name", required=True, metavar="GAME", help="The game.")
@click.option("--after", type=click.IntRange(0, 2**62), default=0, show_default=True,
              metavar="ID", help="Only events after this id (the last one seen).")  # fmt: skip
@click.option("--limit", type=click.IntRange(1, 1000), default=100, show_default=True,
              help="At most this many.")  # fmt: skip
@db_option
@json_option
def events(game_name: str, after: int, limit: int, db: str | None, as_json: bool) -> None:
    """A game's events, oldest first, as whoever acts may see them."""
    found = open_service(db).events_for(game_name, after=after, limit=limit)
    if as_json:
        emit_json(found)
        return
    if not found:
        say("No events.")
    for e in found:
        who = e.character or ""
        hidden = " (hidden)" if e.hidden else ""
        say(f"#{e.id} {e.time[:16].replace('T', ' ')} {e.kind} {who}{hidden}".rstrip())
