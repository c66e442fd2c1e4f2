"""Games: creating them (with their house rules checked first), listing, reading, their
settings, and the example games."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from sqlalchemy import String, bindparam, cast, func, select
from sqlalchemy.orm import Session

from rollplay.errors import RollplayError
from rollplay.table.access.authz import Act, Forbidden
from rollplay.table.base import ServiceBase
from rollplay.table.events import payloads as ev
from rollplay.table.info import GameInfo, Vocabulary
from rollplay.table.limits import MAX_POSE_WINDOW
from rollplay.table.play.names import clean_name, game_dict
from rollplay.table.store.db import StorageError
from rollplay.table.store.models import Character, Game, Membership
from rollplay.table.systems import system

VOCABULARIES_KEPT = 2_000  # games' vocabularies kept per worker (a page of 500 tables)

DEFAULT_EDITION = {"fs3": "3.3", "gurps": "4e", "d6": "d6"}


# A game's identity, its rules and its characters' versions (any change to either changes
# it), and the actor's role there: the key to its kept vocabulary.
_STAMP = (
    select(Game.id, Game.name, Game.system, Game.edition, cast(Game.rules, String),
           func.count(Character.id), func.sum(Character.version), func.max(Character.id),
           select(Membership.role).where(Membership.game_id == Game.id,
                                         Membership.user_id == bindparam("uid"))
           .scalar_subquery().label("role"))
    .outerjoin(Character, Character.game_id == Game.id)
    .where(Game.name == bindparam("name"))
    .group_by(Game.id)
)  # fmt: skip


def new_game(
    t: ServiceBase,
    name: str,
    system_name: str,
    edition: str | None = None,
    rules: Mapping[str, Any] | None = None,
) -> GameInfo:
    """A new game; a user who makes one is its Storyteller."""
    sys_ = system(system_name)
    overrides = dict(rules or {})
    edition = str(overrides.pop("extends", None) or edition or DEFAULT_EDITION[sys_.name])
    sys_.ruleset(edition, overrides)  # refuse bad rules before storing them
    name = clean_name(name, "game")
    if t.actor.as_character is not None:
        raise Forbidden(f"{t.actor.name} is a view of a character: it makes no games")
    with t.transaction() as s:
        if s.scalar(select(Game).where(Game.name == name)) is not None:
            raise StorageError(f"there is already a game called {name!r}")
        game = Game(name=name, system=sys_.name, edition=edition, rules=overrides)
        s.add(game)
        s.flush()
        if t.actor.user_id is not None:
            s.add(Membership(game_id=game.id, user_id=t.actor.user_id, role="storyteller"))
        made = ev.GameMade.written({"name": game.name, "system": game.system,
                                    "edition": game.edition, "rules": overrides})  # fmt: skip
        t.record(s, game, made)
        _commit_seeds(t, s, game)
        return game_dict(game)


def games(t: ServiceBase) -> list[GameInfo]:
    """The games this actor is in (every game, for the owner), with their role and the
    characters they play there (``yours``)."""
    with t.reading() as s:
        out = []
        for g in s.scalars(select(Game).order_by(Game.name)):
            standing = t.standing(s, g)
            if standing.role is not None:
                ids = list(standing.characters)
                yours: list[str] = []
                if ids:
                    query = select(Character.name).where(Character.id.in_(ids))
                    yours = list(s.scalars(query.order_by(Character.name)))
                out.append(game_dict(g, role=standing.role, yours=tuple(yours)))
        return out


def game(t: ServiceBase, name: str) -> GameInfo:
    """A game, with the asker's role, its characters and those the asker plays."""
    with t.reading() as s:
        game = t.game_row(s, name)
        standing = t.require(s, game, Act.READ)
        query = select(Character.id, Character.name).where(Character.game_id == game.id)
        rows = list(s.execute(query.order_by(Character.name)))
        return game_dict(game, role=standing.role, characters=tuple(n for _, n in rows),
                         yours=tuple(n for i, n in rows if i in standing.characters))  # fmt: skip


def vocabulary(t: ServiceBase, name: str) -> Vocabulary:
    """What a command line in this game may name: its system, the characters in it, and
    what they can roll (sheets are open to everyone in the game). Every line the server
    runs asks for it, so it is kept until the game's rules or a character in it change
    (one small query finds out, and whether the actor may read the game)."""
    with t.reading() as s:
        stamp = s.execute(_STAMP, {"name": name, "uid": t.actor.user_id or 0}).first()
        member = t.actor.owner or (stamp is not None and stamp.role is not None)
        key = None if stamp is None else tuple(stamp)[:-1]
        known = t._vocabularies.get(key) if member and key is not None else None
        if known is None:  # read and checked in full (and refused, if it must be)
            game = t.game_row(s, name)
            t.require(s, game, Act.READ)
            rules, _ = t.ruleset_of(game)
            known = _vocabulary(t, s, game, rules)
            if key is not None and t.actor.as_character is None:
                if len(t._vocabularies) >= VOCABULARIES_KEPT:  # the oldest goes: clearing
                    del t._vocabularies[next(iter(t._vocabularies))]  # all thrashed 500 games
                t._vocabularies[key] = known
        return known  # immutable: the kept one is handed out as it is


def _vocabulary(t: ServiceBase, s: Session, game: Game, rules: Any) -> Vocabulary:
    sys_ = system(game.system)
    rows = list(s.scalars(select(Character).where(Character.game_id == game.id)))
    abilities: dict[str, None] = {}
    for row in rows:
        for ability in sys_.ability_names(t.sheet_of(game, row, rules), rules):
            abilities.setdefault(ability)
    names = sorted(r.name for r in rows)
    return Vocabulary(
        game=game.name, system=game.system, characters=tuple(names), abilities=tuple(abilities)
    )


def set_announce_secret(t: ServiceBase, name: str, announce: bool) -> GameInfo:
    """Whether players learn that a secret roll was made (001 When the GM Rolls)."""
    return game_settings(t, name, announce_secret=announce)


def game_settings(t: ServiceBase, name: str, *, announce_secret: bool | None = None,
    players_ask_secret: bool | None = None, provable: bool | None = None,
    pose_window: int | None = None,
) -> GameInfo:  # fmt: skip
    """Change a game's table settings (the Storyteller): whether players learn that a
    secret roll was made (001 When the GM Rolls), whether a player may ask for a secret
    roll of their own character (rulings T9), and whether the dice come from committed
    seeds (issue 18; off: OS entropy), and for how many minutes a pose's author may edit
    it (issue 30; 0: never). None leaves a setting as it is."""
    with t.transaction() as s:
        game = t.game_row(s, name)
        t.require(s, game, Act.MANAGE)
        changed: dict[str, bool | int] = {}
        if announce_secret is not None:
            game.announce_secret = changed["announce_secret"] = announce_secret
        if players_ask_secret is not None:
            game.players_ask_secret = changed["players_ask_secret"] = players_ask_secret
        if provable is not None:
            game.provable = changed["provable"] = provable
        if pose_window is not None:
            if isinstance(pose_window, bool) or not 0 <= pose_window <= MAX_POSE_WINDOW:
                raise RollplayError(f"a pose window is 0 to {MAX_POSE_WINDOW:,} minutes, "
                                    f"not {pose_window!r}")  # fmt: skip
            game.pose_window = changed["pose_window"] = pose_window
        if changed:
            t.record(s, game, ev.GameSettings.written(changed))
        return game_dict(game)


def rename_game(t: ServiceBase, name: str, new: str) -> GameInfo:
    """Give a game a new name (its Storyteller): one not taken by another game."""
    new = clean_name(new, "game")
    with t.transaction() as s:
        game = t.game_row(s, name)
        t.require(s, game, Act.MANAGE)
        if new == game.name:
            raise RollplayError(f"{game.name} is already called {new!r}")
        if s.scalar(select(Game.id).where(Game.name == new)) is not None:
            raise StorageError(f"there is already a game called {new!r}")
        old, game.name = game.name, new
        s.flush()
        t.record(s, game, ev.GameRenamed(old=old, new=new))
        return game_dict(game, role=t.standing(s, game).role)


def archive_game(t: ServiceBase, name: str, archived: bool = True) -> GameInfo:
    """Archive a game (its Storyteller): kept to read and verify, nothing played in it
    (Core.require refuses every act but reading and managing), or take it out again."""
    with t.transaction() as s:
        game = t.game_row(s, name)
        t.require(s, game, Act.MANAGE)
        if game.archived == archived:
            state = "archived" if archived else "not archived"
            raise RollplayError(f"{game.name} is already {state}")
        game.archived = archived
        t.record(s, game, ev.GameArchived(archived=archived))
        return game_dict(game, role=t.standing(s, game).role)


def add_examples(t: ServiceBase) -> list[str]:
    """Create the example games (rollplay/examples/games.yaml) that are not here yet;
    each is one transaction. Returns the names created."""
    from pathlib import Path

    import yaml

    from rollplay.table.play.names import parse_sheet_file

    root = Path(__file__).parents[2] / "examples"
    created = []
    with t.transaction() as s:
        existing = set(s.scalars(select(Game.name)))
    for spec in yaml.safe_load((root / "games.yaml").read_text(encoding="utf-8")):
        if spec["name"] in existing:
            continue
        sheets = [parse_sheet_file(str(root / c), spec["system"]) for c in spec["characters"]]
        with t.transaction() as s:
            game = Game(name=spec["name"], system=spec["system"], edition=spec["edition"],
                        rules={})  # fmt: skip
            s.add(game)
            s.flush()
            made = ev.GameMade(name=game.name, system=game.system, edition=game.edition)
            t.record(s, game, made)
            _commit_seeds(t, s, game)
            for sheet in sheets:
                t.add_character_row(s, game, sheet)
        created.append(spec["name"])
    return created


def _commit_seeds(service: ServiceBase, s: Session, game: Game) -> None:
    """A new game's seeds, committed in its first events, before any roll (issue 18), and
    its ruleset, so no roll has to write it (which would tell that a roll was made)."""
    from rollplay.table.dice.dicing import commit_seed, ensure_ruleset
    from rollplay.table.dice.nonces import CHAINS
    from rollplay.table.store.writers import CoreWriter

    for chain in CHAINS:
        commit_seed(service, CoreWriter(s.connection()), game, chain)
    ensure_ruleset(service, CoreWriter(s.connection()), game)
