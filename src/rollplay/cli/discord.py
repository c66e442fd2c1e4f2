"""``rollplay discord``: the Discord bot on the table's database (bridges/discord). The bot's
token is read from the environment, never the command line, where other users of the
machine could read it."""

from __future__ import annotations

import logging
import os
import re

import click

from rollplay.cli.table import db_option
from rollplay.errors import RollplayError

# A bot token's shape: three dot-separated parts of base64url (the user id, a timestamp, an
# HMAC). A value of another shape is refused before anything reaches the network.
TOKEN = re.compile(r"[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+")


@click.command("discord")
@click.option("--token-env", default="DISCORD_TOKEN", show_default=True, metavar="NAME",
              help="The environment variable holding the bot's token.")  # fmt: skip
@click.option(
    "--guild",
    type=click.IntRange(1),
    metavar="ID",
    help="Sync the slash commands to this server at once (else globally).",
)
@click.option(
    "--rate",
    default="10/10",
    show_default=True,
    metavar="N/SECONDS",
    help="Commands each Discord user may make in so many seconds (off: no limit).",
)
@db_option
def discord(*, token_env: str, guild: int | None, rate: str, db: str | None) -> None:
    """Run the Discord bot: slash commands at this database's table (docs/discord.md).
    A token Discord refuses, or Discord out of reach, ends it with one line and exit 2."""
    token = os.environ.get(token_env, "").strip()
    if not token:
        raise RollplayError(f"set {token_env} to the bot's token (Discord Developer Portal, "
                            f"Bot, Reset Token); see docs/discord.md")  # fmt: skip
    if not TOKEN.fullmatch(token):
        raise RollplayError(f"{token_env} does not hold a bot token (three parts separated by "
                            f"dots): copy it again from the Discord Developer Portal (Bot, "
                            f"Reset Token); see docs/discord.md")  # fmt: skip
    try:
        from rollplay.bridges.discord.bot import run
        from rollplay.bridges.discord.limits import Rate
    except ImportError:
        raise RollplayError(
            'the Discord bot needs discord.py: pip install "rollplay[discord]"'
        ) from None
    from rollplay.cli.service import open_service

    def start_log() -> None:
        logging.basicConfig(
            level=logging.INFO, format="%(asctime)s %(levelname)s %(name)s: %(message)s"
        )

    limit = Rate.parse(rate)
    run(open_service(db), token, guild, limit, on_login=start_log)
