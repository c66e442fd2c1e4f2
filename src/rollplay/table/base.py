"""The service's foundation: its database, the actor it runs for, and the lookups every
command shares (games, characters, rulesets, parsed sheets, the actor's standing, spending
points and writing events).

Every public method of the service is one transaction: it commits whole or not at all, with
its events, so a crash or an error mid-command leaves the database as it was. Points are spent
with a conditional ``UPDATE ... WHERE points >= n``, so two processes can never both spend the
last one; a character whose sheet changes is read with a row lock (PostgreSQL) or under
SQLite's write lock, and a version column turns any lost update into an error instead.
"""

from __future__ import annotations

import copy
import json
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from contextvars import ContextVar
from typing import Any, Self

from sqlalchemy import Engine, select
from sqlalchemy.orm import Session

from rollplay.errors import RuleError, suggest
from rollplay.table.access.actors import OWNER, Actor
from rollplay.table.access.authz import Act, Standing
from rollplay.table.answers import Character as CharacterAnswer
from rollplay.table.events import payloads as ev
from rollplay.table.events.audiences import event_values
from rollplay.table.events.payloads import Payload
from rollplay.table.play.names import casefold_match, character_dict, character_name
from rollplay.table.store.db import StorageError, database_url, open_engine, require_current
from rollplay.table.store.models import Character, Game, User
from rollplay.table.store.writers import CoreWriter, Writer, order_events
from rollplay.table.systems import Points, ruleset_version, system

WRITTEN: ContextVar[list[int] | None] = ContextVar("written", default=None)
"""The ids of the events written while a command runs (execute.py: the command's result
names them, so a chat bridge can post each where its audience is)."""


class ServiceBase:
    """The table's records in one database (a SQLAlchemy URL, a SQLite path, or the default
    file), served to one actor (the owner unless ``acting``)."""

    def __init__(
        self, url: str | None = None, *, engine: Engine | None = None, actor: Actor = OWNER
    ) -> None:
        self.url = database_url(url)
        self.engine = engine or open_engine(self.url)
        require_current(self.engine)
        self.actor = actor
        self._rulesets: dict[tuple[int, str], tuple[Any, str]] = {}
        self._sheets: dict[tuple[int, int, int, int], Any] = {}
        self._vocabularies: dict[tuple[Any, ...], dict[str, Any]] = {}

    def close(self) -> None:
        self.engine.dispose()

    def acting(self, actor: Actor) -> Self:
        """The same service (database, caches) run for another actor."""
        other = copy.copy(self)
        other.actor = actor
        return other

    def acting_as(self, user: str) -> Self:
        """The service run for the user called ``user`` (any case)."""
        with self.transaction() as s:
            row = s.scalar(select(User).where(User.name_key == user.casefold()))
            if row is None:
                known = list(s.scalars(select(User.name).order_by(User.name)))
                raise StorageError(f"no user called {user!r}{suggest(user, known)}; "
                                   f"add one with `rollplay user add NAME`")  # fmt: skip
            return self.acting(Actor(row.name, row.id))

    @contextmanager
    def transaction(self) -> Iterator[Session]:
        """One ORM transaction: committed when the block ends, rolled back if it raises."""
        with Session(self.engine, expire_on_commit=False) as session, session.begin():
            yield session

    @contextmanager
    def reading(self) -> Iterator[Session]:
        """A transaction that only reads: on SQLite it takes no write lock, so any number of
        readers (live viewers catching up) run beside the one writer."""
        bind = self.engine.execution_options(reading=True)
        with Session(bind, expire_on_commit=False) as session, session.begin():
            yield session

    # -- who acts ----------------------------------------------------------------------------

    def standing(self, w: Writer | Session, game: Any) -> Standing:
        """The actor's role in ``game`` and the characters they play there."""
        actor = self.actor
        if actor.as_character is not None:
            s = w if isinstance(w, Session) else None
            ids = frozenset(
                row.id for row in _characters(s, self.engine, game.id)
                if row.name.casefold() == actor.as_character.casefold()
            )  # fmt: skip
            return Standing(game.name, actor.name, "player", ids)
        if actor.user_id is None:
            return Standing(game.name, actor.name, "storyteller")
        writer = CoreWriter(w.connection()) if isinstance(w, Session) else w
        role, plays = writer.standing(game.id, actor.user_id)
        return Standing(game.name, actor.name, role, plays)

    def require(self, w: Writer | Session, game: Any, act: Act, character: Any = None) -> Standing:
        standing = self.standing(w, game)
        standing.require(act, None if character is None else character.id,
                         "" if character is None else character.name)  # fmt: skip
        return standing

    def record(
        self,
        w: Writer | Session,
        game: Any,
        payload: Payload,
        *,
        visibility: str = "public",
        character: Any = None,
        shared: Payload | None = None,
        audience: str | None = None,
    ) -> int:
        """Write one event, its kind its payload's, in the command's transaction; returns
        its id."""
        values = event_values(
            game.id, self.actor, payload, visibility=visibility,
            character_id=None if character is None else character.id,
            character=None if character is None else character.name, shared=shared,
            audience=audience,
        )  # fmt: skip
        writer = CoreWriter(w.connection()) if isinstance(w, Session) else w
        event_id = writer.event(values)
        written = WRITTEN.get()
        if written is not None:
            written.append(event_id)
        return event_id

    # -- games and characters --------------------------------------------------------------

    def game_row(self, s: Session, name: str) -> Game:
        """A game by name, or an error suggesting the closest one."""
        game = s.scalar(select(Game).where(Game.name == name))
        if game is not None:
            order_events(s.connection(), game.id)  # a write's events in order (writers.py)
        if game is None:
            if not self.actor.owner:  # the table's other games are not a member's business
                raise StorageError(f"no game called {name!r}")
            known = list(s.scalars(select(Game.name)))
            raise StorageError(
                f"no game called {name!r}{suggest(name, known)}; "
                f"games: {', '.join(known) or 'none'}"
            )
        return game

    def ruleset_of(self, game: Any) -> tuple[Any, str]:
        """A game's ruleset and its fingerprint, built once per version of its rules."""
        key = (game.id, json.dumps(game.rules, sort_keys=True) + game.edition)
        cached = self._rulesets.get(key)
        if cached is None:
            rules = system(game.system).ruleset(game.edition, game.rules)
            cached = self._rulesets[key] = (rules, ruleset_version(rules))
        return cached

    def sheet_of(self, game: Any, row: Any, rules: Any) -> Any:
        """The character's checked sheet, parsed once per stored version of it (the version
        column changes with every write, from any process)."""
        key = (game.id, row.id, row.version, id(rules))
        parsed = self._sheets.get(key)
        if parsed is None:
            if len(self._sheets) > 1000:
                self._sheets.clear()
            parsed = self._sheets[key] = system(game.system).parse(row.sheet, rules)
        return parsed

    def add_character_row(
        self, s: Session, game: Game, sheet: Mapping[str, Any], player_id: int | None = None
    ) -> CharacterAnswer:
        """A new character in ``game``, its sheet checked and its starting points given."""
        rules, _ = self.ruleset_of(game)
        sys_ = system(game.system)
        stored = sys_.sheet(sheet, rules, "sheet")
        points = sys_.starting_points(stored, rules)
        name = character_name(stored["name"])
        if casefold_match(s, game, name) is not None:
            raise StorageError(f"{game.name} already has a character called {name!r}")
        row = Character(
            game_id=game.id, name=name, sheet=stored, approved=False, luck=points.luck,
            xp_halves=0, character_points=points.character_points,
            fate_points=points.fate_points, player_id=player_id,
        )  # fmt: skip
        s.add(row)
        s.flush()
        self.record(s, game, ev.CharacterMade(name=name, sheet=stored), character=row)
        return character_dict(row, game)

    def _find(self, s: Session, game: Game, name: str, lock: bool = False) -> Character | None:
        query = select(Character).where(Character.game_id == game.id, Character.name == name)
        if lock:
            query = query.with_for_update()
        return s.scalar(query)

    def character_row(
        self, s: Session, game_name: str | None, name: str, lock: bool = False
    ) -> tuple[Game, Character]:
        """A character (and its game) by name, loosely matched; errors suggest names."""
        game = self.game_row(s, game_name) if game_name else self._game_of(s, name)
        row = self._find(s, game, name, lock)
        if row is None:
            row = self._find(s, game, casefold_match(s, game, name) or name, lock)
        if row is None:
            known = list(s.scalars(select(Character.name).where(Character.game_id == game.id)))
            raise StorageError(
                f"{game.name} has no character called {name!r}{suggest(name, known)}"
            )
        return game, row

    def _game_of(self, s: Session, name: str) -> Game:
        """The game of a character named without --game, matched exactly or else without
        regard to case: it must be unambiguous."""
        games = list(
            s.scalars(
                select(Game).join(Character).where(Character.name == name).order_by(Game.name)
            )
        )
        if not games:
            pairs = s.execute(select(Game, Character.name).join(Character).order_by(Game.name))
            games = [g for g, known in pairs if known.casefold() == name.casefold()]
        if len(games) == 1:
            return games[0]
        all_games = list(s.scalars(select(Game).order_by(Game.name)))
        if not games and len(all_games) == 1:
            return all_games[0]
        if games:
            names = ", ".join(g.name for g in games)
            raise StorageError(f"{name!r} is in several games ({names}); say which with --game")
        known = list(s.scalars(select(Character.name)))
        raise StorageError(f"no character called {name!r}{suggest(name, known)} in any game")

    def spend(self, w: Writer, row: Any, cost: Points) -> None:
        """Take points away in one conditional UPDATE: the database decides, so two
        processes cannot both spend the last point."""
        if not (cost.luck or cost.character_points or cost.fate_points):
            return
        if w.spend(row.id, cost.luck, cost.character_points, cost.fate_points):
            return
        have = dict(zip(("luck", "Character Points", "Fate Points"), w.points(row.id), strict=True))
        wanted = {
            "luck": cost.luck,
            "Character Points": cost.character_points,
            "Fate Points": cost.fate_points,
        }
        short = [f"{k}: wants {v}, has {have[k]}" for k, v in wanted.items() if v > have[k]]
        raise RuleError(f"{row.name} has too few points ({'; '.join(short)})")


def _characters(s: Session | None, engine: Engine, game_id: int) -> list[Any]:
    query = select(Character.id, Character.name).where(Character.game_id == game_id)
    if s is not None:
        return list(s.execute(query))
    with engine.execution_options(reading=True).connect() as conn:
        return list(conn.execute(query))
