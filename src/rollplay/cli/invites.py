"""``rollplay invite``: links a Storyteller sends to bring someone into a game (the service's
invites.py: single-use, expiring, stored hashed)."""

from __future__ import annotations

from typing import TYPE_CHECKING

import click

from rollplay.cli.options import json_option
from rollplay.cli.render import bold, emit_json, say
from rollplay.cli.service import open_service
from rollplay.cli.table import db_option
from rollplay.errors import RollplayError
from rollplay.public_url import ENV, checked, invite_link, public_url

if TYPE_CHECKING:
    from rollplay.table.info import Invite


@click.group()
def invite() -> None:
    """Invite links to a game: single-use, expiring."""


@invite.command("add")
@click.argument("game_name", metavar="GAME")
@click.option("--character", metavar="NAME", help="The character whose player it makes.")
@click.option("--role", type=click.Choice(["player", "observer", "storyteller"]),
              default="player", show_default=True, help="What its taker becomes.")  # fmt: skip
@click.option("--hours", type=click.FloatRange(0, 720, min_open=True), default=72,
              show_default=True, help="How long it stays open.")  # fmt: skip
@click.option(
    "--label",
    default="",
    metavar="TEXT",
    help="Who it is for (shown in the list of invites), e.g. 'for Rook'.",
)
@click.option("--url", "base", metavar="URL",
              help=f"The server's public URL, for the link (default: env {ENV}, else "
                   "rollplay serve's default address).")  # fmt: skip
@db_option
@json_option
def invite_add(
    *, game_name: str, character: str | None, role: str, hours: float, label: str,
    base: str | None, db: str | None, as_json: bool,
) -> None:  # fmt: skip
    """A link to join GAME, shown once: send it to one person."""
    try:  # checked before the invite is made: a bad address makes no link
        url = checked(base, "--url") if base is not None else public_url()
    except RollplayError as exc:
        raise click.UsageError(str(exc)) from None
    made = open_service(db).new_invite(game_name, role, character, hours, label=label)
    link = invite_link(url, made.token)
    data = made.model_copy(update={"link": link})
    if as_json:
        emit_json(data)
        return
    who = f"the player of {data.character}" if data.character else f"{role}"
    said = f" ({data.label})" if data.label else ""
    say(f"Invite #{data.id}{said} to {data.game} as {who}, open until {data.expires_at}:")
    say(f"  {bold(link)}")
    say("It works once; it is not shown again.")


@invite.command("list")
@click.argument("game_name", metavar="GAME")
@db_option
@json_option
def invite_list(game_name: str, db: str | None, as_json: bool) -> None:
    """GAME's invites and whether each is open, used, revoked or expired."""
    rows = open_service(db).invites(game_name)
    if as_json:
        emit_json(rows)
        return
    if not rows:
        say(f"No invites to {game_name}.")
    for r in rows:
        say(_line(r))


@invite.command("revoke")
@click.argument("invite_id", metavar="ID", type=click.IntRange(1, 2**62))
@db_option
@json_option
def invite_revoke(invite_id: int, db: str | None, as_json: bool) -> None:
    """Close invite ID before anyone uses it."""
    data = open_service(db).revoke_invite(invite_id)
    emit_json(data) if as_json else say(f"Revoked: {_line(data)}")


def _line(r: Invite) -> str:
    who = f"player of {r.character}" if r.character else r.role
    said = f" {r.label}:" if r.label else ""
    return f"#{r.id}{said} {who}: {r.state} (until {r.expires_at})"
