"""Names and records as the service hands them out: the checks a name passes, sheets merged
key by key, and games and characters as plain data."""

from __future__ import annotations

import unicodedata
from collections.abc import Mapping
from typing import Any

from sqlalchemy import Select, select
from sqlalchemy.orm import Session

from rollplay.errors import RollplayError, suggest
from rollplay.table.answers import Character as CharacterAnswer
from rollplay.table.info import GameInfo
from rollplay.table.limits import MAX_NAME
from rollplay.table.play.lookalikes import lookalike, normal_name, one_script
from rollplay.table.store.db import StorageError
from rollplay.table.store.models import Character, Game, User


def clean_name(value: Any, what: str) -> str:
    """A name in its one form (NFKC, spaces tidied), refused if it holds what cannot be seen
    (lookalikes.REFUSED): docs/limits.md."""
    if not isinstance(value, str) or len(value) > 4 * MAX_NAME:
        raise RollplayError(f"a {what} needs a name of 1 to {MAX_NAME} characters")
    name = normal_name(value, what)
    if not 1 <= len(name) <= MAX_NAME:
        raise RollplayError(f"a {what} needs a name of 1 to {MAX_NAME} characters")
    return name


def name_key(name: str) -> str:
    """What two names that are one name share: their NFKC form without regard to case."""
    return unicodedata.normalize("NFKC", name).casefold()


def user_name(value: Any) -> str:
    """A user's name: one ``--as USER`` and ``luck/award NAME=1`` can address, in one
    script (or one of the scripts written together)."""
    name = clean_name(value, "user")
    if "/" in name or "=" in name:
        raise RollplayError(f"a user's name cannot contain '/' or '=' ({name!r})")
    one_script(name, "user")
    return name


def character_name(value: Any) -> str:
    """A character's name: one the command forms can address (``NAME/EXPR``, ``A vs B``),
    in one script (or one of the scripts written together)."""
    name = clean_name(value, "character")
    if "/" in name or name.casefold() == "vs" or "=" in name:
        raise RollplayError(
            f"a character's name cannot contain '/' or '=' or be 'vs' ({name!r}): commands "
            f"are written NAME/EXPR, A vs B and luck/award NAME=1"
        )
    one_script(name, "character")
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
    key = name_key(name)
    for known in s.scalars(select(Character.name).where(Character.game_id == game.id)):
        if name_key(known) == key:
            return known
    return None


def new_character_name(s: Session, game: Game, value: Any) -> str:
    """A new character's name in ``game``: checked, and neither taken nor like one taken."""
    name = character_name(value)
    known = list(s.scalars(select(Character.name).where(Character.game_id == game.id)))
    key = name_key(name)
    if any(name_key(k) == key for k in known):
        raise StorageError(f"{game.name} already has a character called {name!r}")
    other = lookalike(name, known)
    if other is not None:
        raise StorageError(
            f"{name!r} looks like {other!r}, already a character in {game.name}: choose a "
            f"name that cannot be taken for it"
        )
    return name


def user_by_name(name: str) -> Select[User]:
    """The user called ``name`` in any case or form; a name stored before names took one
    form (NFKC) is still found as it was written, and first."""
    raw = name.casefold()
    return (select(User).where(User.name_key.in_({raw, name_key(name)}))
            .order_by(User.name_key != raw).limit(1))  # fmt: skip


def names_like(s: Session, game_name: str | None, name: str) -> list[str]:
    """The stored names a log filter means: this name in any case and form (NFKC: a name in
    full-width letters is the name), in the game if given."""
    query = select(Character.name).distinct()
    if game_name:
        query = query.join(Game).where(Game.name == game_name)
    known = list(s.scalars(query))
    found = [k for k in known if name_key(k) == name_key(name)]
    if not found:
        raise StorageError(f"no character called {name!r}{suggest(name, known)}")
    return found


def game_dict(g: Game, **more: Any) -> GameInfo:
    """A game as the service tells of it (``more``: the asker's place in it)."""
    return GameInfo(name=g.name, system=g.system, edition=g.edition, rules=g.rules,
                    announce_secret=g.announce_secret, players_ask_secret=g.players_ask_secret,
                    provable=g.provable, pose_window=g.pose_window, archived=g.archived,
                    **more)  # fmt: skip


def character_dict(
    c: Character, g: Game, player: str | None = None, **more: Any
) -> CharacterAnswer:
    """A character as a command answers it (``more``: what a command adds, as
    ``CharacterAnswer``'s fields)."""
    from rollplay.table.systems import system

    return CharacterAnswer.model_validate({
        "game": g.name, "name": c.name, "approved": c.approved, "player": player,
        "sheet": c.sheet, "origin": c.origin, **system(g.system).points_shown(c), **more,
    })  # fmt: skip


def parse_sheet_file(path: str, game_system: str) -> dict[str, Any]:
    """A sheet file in the game's system's format (a GCS file for GURPS)."""
    from rollplay.table.systems import system

    return system(game_system).read_sheet(path)
