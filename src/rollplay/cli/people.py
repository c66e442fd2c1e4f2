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


@user.command("add")
@click.argument("name")
@db_option
@json_option
def user_add(name: str, db: str | None, as_json: bool) -> None:
    """Add a user called NAME."""
    data = open_service(db).add_user(name)
    emit_json(data) if as_json else say(f"User {bold(data['name'])} added")


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
        say(u["name"])


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
    plays = f", playing {', '.join(data['characters'])}" if data["characters"] else ""
    say(f"{bold(data['user'])} is {role} in {data['game']}{plays}")


@member.command("remove")
@click.argument("game_name", metavar="GAME")
@click.argument("user_name", metavar="USER")
@db_option
@json_option
def member_remove(game_name: str, user_name: str, db: str | None, as_json: bool) -> None:
    """Take USER out of GAME; their characters become the Storyteller's."""
    data = open_service(db).remove_member(game_name, user_name)
    emit_json(data) if as_json else say(f"{bold(data['user'])} left {data['game']}")


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
        plays = f" ({', '.join(m['characters'])})" if m["characters"] else ""
        say(f"{m['user']}: {m['role']}{plays}")


@click.group()
def db() -> None:
    """The database: its schema."""


@db.command("upgrade")
@db_option
@json_option
def db_upgrade(db: str | None, as_json: bool) -> None:
    """Bring the database's schema up to this rollplay's (back it up first). Safe when
    several processes run it at once."""
    from rollplay.table.db import database_url, open_engine, upgrade

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
        who = e["character"] or ""
        hidden = " (hidden)" if e["hidden"] else ""
        say(f"#{e['id']} {e['time'][:16].replace('T', ' ')} {e['kind']} {who}{hidden}".rstrip())
