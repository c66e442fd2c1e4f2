"""Names and records as the service hands them out: the checks a name passes, sheets merged
key by key, and games and characters as plain data."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from sqlalchemy import select
from sqlalchemy.orm import Session

from rollplay.errors import RollplayError, suggest
from rollplay.table.answers import Character as CharacterAnswer
from rollplay.table.info import GameInfo
from rollplay.table.store.db import StorageError
from rollplay.table.store.models import Character, Game


def clean_name(value: Any, what: str) -> str:
    if not isinstance(value, str) or not value.strip() or len(value.strip()) > 100:
        raise RollplayError(f"a {what} needs a name of 1 to 100 characters")
    if any((ord(ch) < 32 and not ch.isspace()) or ch == "\x7f" for ch in value):
        raise RollplayError(f"a {what}'s name cannot contain control characters ({value!r})")
    return " ".join(value.split())


def user_name(value: Any) -> str:
    """A user's name: one ``--as USER`` and ``luck/award NAME=1`` can address."""
    name = clean_name(value, "user")
    if "/" in name or "=" in name:
        raise RollplayError(f"a user's name cannot contain '/' or '=' ({name!r})")
    return name


def character_name(value: Any) -> str:
    """A character's name: one the command forms can address (``NAME/EXPR``, ``A vs B``)."""
    name = clean_name(value, "character")
    if "/" in name or name.casefold() == "vs" or "=" in name:
        raise RollplayError(
            f"a character's name cannot contain '/' or '=' or be 'vs' ({name!r}): commands "
            f"are written NAME/EXPR, A vs B and luck/award NAME=1"
        )
    return name


def merge(base: Mapping[str, Any], changes: Mapping[str, Any]) -> dict[str, Any]:
    """A sheet with changes merged in: tables key by key; a value of None removes a key."""
    out = dict(base)
    for key, value in changes.items():
        if value is None:
            out.pop(key, None)
        elif isinstance(value, Mapping) and isinstance(out.get(key), Mapping):
            out[key] = merge(out[key], value)
        else:
            out[key] = value
    return out


def casefold_match(s: Session, game: Game, name: str) -> str | None:
    for known in s.scalars(select(Character.name).where(Character.game_id == game.id)):
        if known.casefold() == name.casefold():
            return known
    return None


def names_like(s: Session, game_name: str | None, name: str) -> list[str]:
    """The stored names a log filter means: this name in any case, in the game if given."""
    query = select(Character.name).distinct()
    if game_name:
        query = query.join(Game).where(Game.name == game_name)
    known = list(s.scalars(query))
    found = [k for k in known if k.casefold() == name.casefold()]
    if not found:
        raise StorageError(f"no character called {name!r}{suggest(name, known)}")
    return found


def game_dict(g: Game, **more: Any) -> GameInfo:
    """A game as the service tells of it (``more``: the asker's place in it)."""
    return GameInfo(name=g.name, system=g.system, edition=g.edition, rules=g.rules,
                    announce_secret=g.announce_secret, players_ask_secret=g.players_ask_secret,
                    provable=g.provable, **more)  # fmt: skip


def character_dict(
    c: Character, g: Game, player: str | None = None, **more: Any
) -> CharacterAnswer:
    """A character as a command answers it (``more``: what a command adds, as
    ``CharacterAnswer``'s fields)."""
    from rollplay.table.systems import system

    return CharacterAnswer.model_validate({
        "game": g.name, "name": c.name, "approved": c.approved, "player": player,
        "sheet": c.sheet, **system(g.system).points_shown(c), **more,
    })  # fmt: skip


def parse_sheet_file(path: str, game_system: str) -> dict[str, Any]:
    """A sheet file in the game's system's format (a GCS file for GURPS)."""
    from rollplay.table.systems import system

    return system(game_system).read_sheet(path)
