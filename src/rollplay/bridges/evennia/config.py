"""Which table a MUSH plays at: the game's settings name the database and the game, and the
server process keeps one service per database, so its engine and caches outlive a command."""

from __future__ import annotations

import hashlib
import re
from dataclasses import dataclass

from rollplay.errors import RollplayError
from rollplay.table.service import Service

PLATFORM = "evennia"  # the prefix of the service's name for this MUSH's linked accounts


class BridgeError(RollplayError):
    """The MUSH is not set up for rollplay, or the account typing is not linked."""


@dataclass(frozen=True)
class TableSettings:
    db: str  # a SQLAlchemy URL or a SQLite path: the web server's own database
    game: str
    platform: str  # the name this MUSH's accounts are linked under (see platform_for)


def platform_for(game: str, chosen: str | None = None) -> str:
    """The name the table knows this MUSH's accounts by. Evennia numbers accounts from 1 in
    every game, so two MUSHes on one table must not share a name, or account #2 of one would
    act as whoever linked account #2 of the other: ``ROLLPLAY_PLATFORM`` if set, else one
    made from the game's name (one MUSH, one game)."""
    if chosen:
        return chosen
    slug = re.sub(r"[^a-z0-9]+", "-", game.casefold()).strip("-")[:10] or "game"
    return f"ev-{slug}-{hashlib.sha256(game.encode()).hexdigest()[:5]}"


def table_settings() -> TableSettings:
    """The table named in the game's settings (server/conf/settings.py)."""
    from django.conf import settings

    db = getattr(settings, "ROLLPLAY_DB", None)
    game = getattr(settings, "ROLLPLAY_GAME", None)
    if not db or not game:
        raise BridgeError("this game has no rollplay table yet: an admin sets ROLLPLAY_DB and "
                          "ROLLPLAY_GAME in server/conf/settings.py")  # fmt: skip
    chosen = getattr(settings, "ROLLPLAY_PLATFORM", None)
    return TableSettings(str(db), str(game), platform_for(str(game), chosen))


_SERVICES: dict[str, Service] = {}


def owner_service(db: str) -> Service:
    """The service for ``db`` as its owner (who links accounts); commands run on a copy of
    it acting as the linked user, sharing its engine."""
    service = _SERVICES.get(db)
    if service is None:
        service = _SERVICES[db] = Service(db)
    return service


def close_services() -> None:
    """Dispose of every engine (a server shutting down, a test's database going away)."""
    for service in _SERVICES.values():
        service.close()
    _SERVICES.clear()
