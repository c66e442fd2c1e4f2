"""The service's core: its database, the actor it runs for, its transactions, who the actor
is in a game (their standing, and the one check every command asks of it), spending points
and writing events. base.py adds the lookups every command shares.

Every public method of the service is one transaction: it commits whole or not at all, with
its events, so a crash or an error mid-command leaves the database as it was. Points are spent
with a conditional ``UPDATE ... WHERE points >= n``, so two processes can never both spend the
last one; a character whose sheet changes is read with a row lock (PostgreSQL) or under
SQLite's write lock, and a version column turns any lost update into an error instead.
"""

from __future__ import annotations

import copy
from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from typing import Any, NamedTuple, Self

from sqlalchemy import Engine, select, text
from sqlalchemy.orm import Session

from rollplay.errors import RollplayError, RuleError, suggest
from rollplay.table.access.actors import OWNER, Actor
from rollplay.table.access.authz import Act, Forbidden, Standing
from rollplay.table.events.audiences import event_values
from rollplay.table.events.payloads import Payload
from rollplay.table.info import Vocabulary
from rollplay.table.limits import pose_pace
from rollplay.table.store.db import StorageError, database_url, open_engine, require_current
from rollplay.table.store.models import Character, User
from rollplay.table.store.writers import CoreWriter, Writer
from rollplay.table.systems import Points


class Written(NamedTuple):
    """An event a command wrote: its number, its game, and who learns of it (its row's
    audience columns, as audiences.told reads them), kept as it was written so the command's
    answer names only those its actor may see without reading them again (base.execute)."""

    number: int
    game: Any
    scene_id: int | None
    scene_private: bool
    audience: str
    character_id: int | None
    shared: Any


WRITTEN: ContextVar[list[Written] | None] = ContextVar("written", default=None)
"""The events written while a command runs (base.execute: the command's answer names those
its actor may see, so a chat bridge can post each where its audience is)."""

_HELD: ContextVar[Session | None] = ContextVar("held", default=None)
"""The one transaction a whole command runs in (``held``), while it is open."""


# The game's own records, never a scene's (rulings S3): the dice's seeds and rules, which
# every verifier needs whoever made them, who is in the game and plays whom, and each
# character's sheet as it changes (every member may read it; a verifier replays it: V14).
# A request's new odds land where the request is, a scene or none (rulings R32).
GAME_KINDS = frozenset({"seed_commit", "seed_reveal", "client_seed", "game", "game_settings",
                        "game_renamed", "game_archived",
                        "member", "player", "character", "ruleset", "sheet", "raise",
                        "request_odds"})  # fmt: skip


def in_play(game: Any, act: Act) -> None:
    """Refuse every act but reading and managing in an archived game (issue 31)."""
    if game.archived and act not in (Act.READ, Act.MANAGE):
        raise Forbidden(f"{game.name} is archived: it is kept to read, and no longer "
                        f"played (its Storyteller may take it out of the archive)")  # fmt: skip


class Core:
    """The table's records in one database (a SQLAlchemy URL, a SQLite path, or the default
    file), served to one actor (the owner unless ``acting``)."""

    def __init__(
        self, url: str | None = None, *, engine: Engine | None = None, actor: Actor = OWNER
    ) -> None:
        self.url = database_url(url)
        self.engine = engine or open_engine(self.url)
        require_current(self.engine)
        self.actor = actor
        self.pose_pace = pose_pace()  # a bad ROLLPLAY_POSE_RATE stops the service here
        self._rulesets: dict[tuple[int, str], tuple[Any, str]] = {}
        # (game id, fingerprint) of ruleset events seen in the log (dicing.ensure_ruleset).
        self.logged_rulesets: set[tuple[int, str]] = set()
        self._sheets: dict[tuple[int, int, int, int], Any] = {}
        self._vocabularies: dict[tuple[Any, ...], Vocabulary] = {}
        # scene_reads.scene_panel's pose orders, by (scene id, the game's newest event id)
        self._orders: dict[tuple[int, int], Any] = {}

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
        """One ORM transaction: committed when the block ends, rolled back if it raises.
        Inside ``held``, a savepoint of the held transaction (rolled back alone if it
        raises)."""
        outer = self._held()
        if outer is not None:
            with outer.begin_nested():
                yield outer
            return
        with Session(self.engine, expire_on_commit=False) as session, session.begin():
            yield session

    @contextmanager
    def reading(self) -> Iterator[Session]:
        """A transaction that only reads: on SQLite it takes no write lock, so any number of
        readers (live viewers catching up) run beside the one writer. Inside ``held``, the
        held transaction (which sees the command's own writes)."""
        outer = self._held()
        if outer is not None:
            yield outer
            return
        bind = self.engine.execution_options(reading=True)
        with Session(bind, expire_on_commit=False) as session, session.begin():
            yield session

    @contextmanager
    def held(self) -> Iterator[Session]:
        """One transaction for everything until the block ends: every ``transaction``,
        ``reading`` and ``snapshot`` inside it is part of it. A keyed command runs so, to
        store its answer in the same commit as its writes (rulings H11). Inside another
        ``held``, part of that one (a keyed command among several held together)."""
        outer = self._held()
        if outer is not None:
            yield outer
            return
        with Session(self.engine, expire_on_commit=False) as session, session.begin():
            mark = _HELD.set(session)
            try:
                yield session
            finally:
                _HELD.reset(mark)

    @property
    def holding(self) -> bool:
        """Whether a ``held`` transaction is open here (a write then joins it)."""
        return self._held() is not None

    def _held(self) -> Session | None:
        outer = _HELD.get()
        return outer if outer is not None and outer.bind is self.engine else None

    @contextmanager
    def snapshot(self) -> Iterator[Session]:
        """A read that sees one moment in all its statements: SQLite's read transaction does
        already (WAL); PostgreSQL's default sees each statement's own, so a live feed that
        read a batch of events and then the state they left could see a later state (a
        pose's order already paused). Costs PostgreSQL one statement more."""
        with self.reading() as session:
            if self.engine.dialect.name == "postgresql" and not self.holding:
                session.execute(text("SET TRANSACTION ISOLATION LEVEL REPEATABLE READ READ ONLY"))
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
        scenes = frozenset() if role in (None, "storyteller") else \
            writer.private_scenes(game.id, actor.user_id)  # fmt: skip
        return Standing(game.name, actor.name, role, plays, scenes)

    def require(self, w: Writer | Session, game: Any, act: Act, character: Any = None) -> Standing:
        standing = self.standing(w, game)
        standing.require(act, None if character is None else character.id,
                         "" if character is None else character.name)  # fmt: skip
        in_play(game, act)
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
        scene: tuple[int, bool] | None = None,
        refers: int | None = None,
        announce: bool = True,
    ) -> int:
        """Write one event, its kind its payload's, in the command's transaction; returns
        its number in its game (the id every viewer sees: rulings T8). It lands in
        ``scene`` (its id, and whether it is private), or else in the running scene its
        actor joined last in the game, if any (rulings S3), which must be the scene the
        actor's surface plays, if it plays one (rulings S41). ``refers``: the number of the
        event it is about (an edit's pose, an answer's request: migration 0017). ``announce``
        False keeps it out of the command's answer (what chat bridges post): a record for the
        log alone."""
        writer = CoreWriter(w.connection()) if isinstance(w, Session) else w
        if scene is None and payload.kind not in GAME_KINDS:
            scene = self.landing(writer, game)
            self.in_scene_here(None if scene is None else scene[0])
        values = event_values(
            game.id, self.actor, payload, visibility=visibility,
            character_id=None if character is None else character.id,
            character=None if character is None else character.name, shared=shared,
            audience=audience, scene=scene, refers=refers,
        )  # fmt: skip
        number = writer.event(values)
        written = WRITTEN.get()
        if written is not None and announce:
            written.append(Written(number, game, values["scene_id"], values["scene_private"],
                                   values["audience"], values["character_id"],
                                   values["shared"]))  # fmt: skip
        return number

    def landing(self, w: Writer, game: Any) -> tuple[int, bool] | None:
        """The scene (its id, and whether it is private) an event the actor writes now lands
        in when nothing names one: the running scene they joined last (rulings S3)."""
        if self.actor.as_character is not None:
            return None
        return w.scene(game.id, self.actor.user_id)

    def in_scene_here(self, scene_id: int | None) -> None:
        """Refuse, in one line, what would land outside the scene the actor's surface plays
        (a chat channel or a room bound to a scene: rulings S41)."""
        here = self.actor.scene
        if here is not None and scene_id != here.id:
            raise RollplayError(
                f"{self.actor.name} is not playing scene {here.number}, which "
                f"is played here: join it first (scene/join {here.number})"
            )

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
