"""Opening the table service for a command: the database (``--db``) and who acts (the
global ``--as USER``; without it, the database's owner, Storyteller of every game)."""

from __future__ import annotations

from typing import TYPE_CHECKING

import click

if TYPE_CHECKING:
    from rollplay.table.service import Service

AS_KEY = "rollplay.as"


def acting_user() -> str | None:
    ctx = click.get_current_context(silent=True)
    return None if ctx is None else ctx.find_root().meta.get(AS_KEY)


def open_service(db: str | None) -> Service:
    from rollplay.table.service import Service

    service = Service(db)
    user = acting_user()
    return service if user is None else service.acting_as(user)
