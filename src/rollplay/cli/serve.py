"""``rollplay serve``: the online table's server (docs/api.md), under uvicorn."""

from __future__ import annotations

import os

import click

from rollplay.cli.render import bold, say
from rollplay.cli.table import db_option
from rollplay.errors import RollplayError
from rollplay.public_url import ENV, bound, checked, invite_link


@click.command("serve")
@click.option("--host", default="127.0.0.1", show_default=True, help="Address to listen on.")
@click.option("--port", type=click.IntRange(1, 65535), default=8000, show_default=True)
@click.option("--workers", type=click.IntRange(1, 64), default=1, show_default=True,
              help="Worker processes (PostgreSQL: one database serves them all).")  # fmt: skip
@click.option("--access-log/--no-access-log", default=True, show_default=True,
              help="Log each request as a JSON line on stderr.")  # fmt: skip
@click.option("--public-url", metavar="URL", envvar=ENV,
              help=f"The address players reach the table at, for every link it makes (env "
                   f"{ENV}; default: the address it listens on). docs/deploy.md")  # fmt: skip
@db_option
def serve(*, host: str, port: int, workers: int, access_log: bool, public_url: str | None,
          db: str | None) -> None:  # fmt: skip
    """Serve the table: the JSON API and live events. Upgrades the database first; an empty
    one gets the example games, and until someone can sign in, a one-time link makes the
    first Storyteller."""
    import uvicorn

    from rollplay.server.closing import drain_from_env
    from rollplay.server.streams import caps_from_env
    from rollplay.table.access import passwords
    from rollplay.table.limits import pose_pace
    from rollplay.table.service import Service
    from rollplay.table.store.db import database_url, open_engine, upgrade

    caps_from_env()  # a bad ROLLPLAY_STREAMS_* stops here, in one line
    drain_from_env()  # and a bad ROLLPLAY_DRAIN_SECONDS
    pose_pace()  # and a bad ROLLPLAY_POSE_RATE (every service reads it as it starts)
    try:
        base = bound(host, port) if not public_url else checked(public_url, "--public-url")
    except RollplayError as exc:
        raise click.UsageError(str(exc)) from None
    url = database_url(db)
    if workers > 1 and url.startswith("sqlite"):
        raise click.UsageError(
            "SQLite serves one worker (one writer at a time); for --workers above 1 use "
            "PostgreSQL (--db postgresql+psycopg://...; docs/deploy.md)"
        )
    engine = open_engine(url)
    try:
        upgrade(engine)
    finally:
        engine.dispose()
    if passwords.fast():
        click.echo(f"warning: {passwords.FAST_ENV}=1 hashes passwords cheaply; it is for "
                   "test suites only", err=True)  # fmt: skip
    service = Service(url)
    if not service.games():
        created = service.add_examples()
        say(f"Created the example games: {', '.join(created)}")
    if not any(service.has_password(u.name) for u in service.users()):
        token = service.new_invite(None, "storyteller", hours=24).token
        say("No one can sign in yet. Open this link to make the first Storyteller account")
        say(f"(it works once, for 24 hours): {bold(invite_link(base, token))}")
    service.close()
    os.environ["ROLLPLAY_DATABASE_URL"] = url
    os.environ["ROLLPLAY_ACCESS_LOG"] = "1" if access_log else "0"
    os.environ[ENV] = base  # the workers' links (server/app.py app_from_env)
    listening = bound(host, port)
    said = "" if base == listening else f", listening on {listening}"
    say(f"Serving the table at {bold(base + '/')}{said} (API: /api/v1, health: /healthz)")
    uvicorn.run("rollplay.server.app:app_from_env", factory=True, host=host, port=port,
                workers=workers, timeout_graceful_shutdown=1, log_level="info",
                access_log=False)  # fmt: skip
