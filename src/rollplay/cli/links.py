"""``rollplay link``: chat accounts (Discord, a MUSH) that act as a user, linked by a
one-time code the user makes here or on the web page and types to the bot; and ``rollplay
game settings``, a game's table settings (table/links.py, table/games.py)."""

from __future__ import annotations

import click

from rollplay.cli.options import json_option
from rollplay.cli.render import bold, emit_json, say
from rollplay.cli.service import open_service
from rollplay.cli.table import db_option


@click.group()
def link() -> None:
    """Chat accounts that play as you (Discord, an Evennia MUSH)."""


@link.command("code")
@db_option
@json_option
def link_code(db: str | None, as_json: bool) -> None:
    """A one-time code to link a chat account: type it to the bot (/link CODE on Discord,
    +rollplay/link CODE on a MUSH). Run it as yourself: rollplay --as NAME link code."""
    data = open_service(db).link_code()
    if as_json:
        emit_json(data)
        return
    say(f"Your link code, for {data.minutes} minutes: {bold(data.code)}")
    say("Type it to the bot: /link CODE on Discord, +rollplay/link CODE on a MUSH.")


@link.command("list")
@db_option
@json_option
def link_list(db: str | None, as_json: bool) -> None:
    """Your linked chat accounts."""
    rows = open_service(db).links()
    if as_json:
        emit_json(rows)
        return
    if not rows:
        say("No chat account is linked.")
    for r in rows:
        say(f"{r.platform} {r.external_id}" + (f" ({r.label})" if r.label else ""))


@link.command("remove")
@click.argument("platform")
@click.argument("external_id", metavar="ID")
@db_option
@json_option
def link_remove(platform: str, external_id: str, db: str | None, as_json: bool) -> None:
    """Unlink the chat account ID on PLATFORM (discord, evennia)."""
    data = open_service(db).unlink_account(platform, external_id)
    emit_json(data) if as_json else say(f"Unlinked {platform} {external_id}.")
