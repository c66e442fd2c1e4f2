"""Which table a MUSH plays at: the game's settings name the database and the game, and the
server process keeps one service per database, so its engine and caches outlive a command."""

from __future__ import annotations

from dataclasses import dataclass

from rollplay.errors import RollplayError
from rollplay.table.service import Service

PLATFORM = "evennia"  # the service's name for accounts linked from an Evennia game


class BridgeError(RollplayError):
    """The MUSH is not set up for rollplay, or the account typing is not linked."""


@dataclass(frozen=True)
class TableSettings:
    db: str  # a SQLAlchemy URL or a SQLite path: the web server's own database
    game: str


def table_settings() -> TableSettings:
    """The table named in the game's settings (server/conf/settings.py)."""
    from django.conf import settings

    db = getattr(settings, "ROLLPLAY_DB", None)
    game = getattr(settings, "ROLLPLAY_GAME", None)
    if not db or not game:
        raise BridgeError("this game has no rollplay table yet: an admin sets ROLLPLAY_DB and "
                          "ROLLPLAY_GAME in server/conf/settings.py")  # fmt: skip
    return TableSettings(str(db), str(game))


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
