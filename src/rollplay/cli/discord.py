"""``rollplay discord``: the Discord bot on the table's database (bridges/discord). The bot's
token is read from the environment, never the command line, where other users of the
machine could read it."""

from __future__ import annotations

import logging
import os

import click

from rollplay.cli.table import db_option
from rollplay.errors import RollplayError


@click.command("discord")
@click.option("--token-env", default="DISCORD_TOKEN", show_default=True, metavar="NAME",
              help="The environment variable holding the bot's token.")  # fmt: skip
@click.option(
    "--guild",
    type=click.IntRange(1),
    metavar="ID",
    help="Sync the slash commands to this server at once (else globally).",
)
@db_option
def discord(*, token_env: str, guild: int | None, db: str | None) -> None:
    """Run the Discord bot: slash commands at this database's table (docs/discord.md)."""
    token = os.environ.get(token_env, "").strip()
    if not token:
        raise RollplayError(f"set {token_env} to the bot's token (Discord Developer Portal, "
                            f"Bot, Reset Token); see docs/discord.md")  # fmt: skip
    try:
        from rollplay.bridges.discord.bot import run
    except ImportError:
        raise RollplayError(
            'the Discord bot needs discord.py: pip install "rollplay[discord]"'
        ) from None
    from rollplay.cli.service import open_service

    logging.basicConfig(
        level=logging.INFO, format="%(asctime)s %(levelname)s %(name)s: %(message)s"
    )
    run(open_service(db), token, guild)
