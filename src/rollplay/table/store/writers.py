"""The statements a logged roll needs, each way they are run.

A roll reads its characters (and its actor's standing), spends points with a conditional
UPDATE, and appends its event, in one transaction. ``CoreWriter`` runs them through
SQLAlchemy Core on any database.
``SQLiteWriter`` (sqlite_writer.py) runs the same SQL on the sqlite3 connection directly: on the
embedded default, SQLAlchemy's per-statement machinery cost eight times what SQLite itself does
(about 0.7 ms of a 0.8 ms roll; docs/performance.md). Both are tested on every storage test.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from typing import Any, Protocol

from sqlalchemy import (
    Connection,
    Engine,
    bindparam,
    exists,
    func,
    insert,
    literal,
    null,
    select,
    union_all,
    update,
)
from sqlalchemy.orm import Session

from rollplay.table.dice.nonces import CoreNonces, Taken
from rollplay.table.store.models import Character, Event, Game, Membership, Scene, ScenePerson
from rollplay.table.store.ordering import CHANNEL, LOCK_SPACE, order_events
from rollplay.table.store.sqlite_writer import SideRow, SQLiteWriter


class Writer(Protocol):
    def side(self, game: str, name: str) -> SideRow | None: ...
    def standing(self, game_id: int, user_id: int) -> tuple[str | None, frozenset[int]]: ...
    def spend(self, character_id: int, luck: int, cp: int, fate: int) -> bool: ...
    def points(self, character_id: int) -> tuple[int, int, int]: ...
    def event(self, values: Mapping[str, Any]) -> int: ...
    # Verifiable dice (nonces.py): a roll's nonce, and a chain's or a player's first seed.
    def nonce(self, game_id: int, chain: str, user_id: int | None) -> Taken | None: ...
    def new_seed(self, game_id: int, chain: str, seed: bytes, commitment: str) -> bool: ...
    def add_client_seed(self, game_id: int, user_id: int | None, value: str) -> str: ...
    def last_ruleset(self, game_id: int) -> str | None: ...
    # Scenes (issue 30): the running scene a user joined last in a game (its id and whether
    # it is private), and the private scenes they are in (participant or invited).
    def scene(self, game_id: int, user_id: int | None) -> tuple[int, bool] | None: ...
    def private_scenes(self, game_id: int, user_id: int | None) -> frozenset[int]: ...


# The one empty set: an empty frozenset built from rows is an object of its own (216 bytes),
# and every live feed's standing keeps two of them for as long as it is open (issue 39).
NONE: frozenset[Any] = frozenset()

_SIDE = (
    select(
        Game.id,
        Game.name,
        Game.system,
        Game.edition,
        Game.rules,
        Game.announce_secret,
        Game.players_ask_secret,
        Character.id,
        Character.name,
        Character.sheet,
        Character.luck,
        Character.character_points,
        Character.fate_points,
        Character.version,
        Character.player_id,
        Game.provable,
        Game.archived,
    )
    .join(Character, Character.game_id == Game.id)
    .where(Game.name == bindparam("game"), Character.name == bindparam("name"))
)
_SPEND = (
    update(Character)
    .where(
        Character.id == bindparam("cid"),
        Character.luck >= bindparam("luck"),
        Character.character_points >= bindparam("cp"),
        Character.fate_points >= bindparam("fate"),
    )
    .values(
        luck=Character.luck - bindparam("luck"),
        character_points=Character.character_points - bindparam("cp"),
        fate_points=Character.fate_points - bindparam("fate"),
        version=Character.version + 1,
    )
)
_POINTS = select(Character.luck, Character.character_points, Character.fate_points).where(
    Character.id == bindparam("cid")
)
_EVENT = insert(Event)
_COUNT = (update(Game).where(Game.id == bindparam("gid")).values(events=Game.events + 1)
          .returning(Game.events))  # fmt: skip
_ROLE = select(Membership.role).where(
    Membership.game_id == bindparam("gid"), Membership.user_id == bindparam("uid")
)
# Both in one round trip: the role's row, then a row per character played.
_STANDING = union_all(
    _ROLE.add_columns(null().label("character")),
    select(null(), Character.id).where(
        Character.game_id == bindparam("gid"), Character.player_id == bindparam("uid")
    ),
)


def _mine(query: Any, user_id: int | None) -> Any:
    who = ScenePerson.user_id.is_(None) if user_id is None else ScenePerson.user_id == user_id
    return query.select_from(ScenePerson).join(Scene, Scene.id == ScenePerson.scene_id).where(who)


class CoreWriter(CoreNonces):
    def __init__(self, conn: Connection) -> None:
        self.conn = conn
        self.postgres = conn.dialect.name == "postgresql"
        self.game_id: int | None = None  # the game whose sides this roll read

    def side(self, game: str, name: str) -> SideRow | None:
        row = self.conn.execute(_SIDE, {"game": game, "name": name}).first()
        if row is None:
            return None
        self.game_id = int(row[0])
        return tuple(row)

    def standing(self, game_id: int, user_id: int) -> tuple[str | None, frozenset[int]]:
        rows = self.conn.execute(_STANDING, {"gid": game_id, "uid": user_id}).all()
        role = next((r for r, _ in rows if r is not None), None)
        return role, frozenset(c for _, c in rows if c is not None) or NONE

    def spend(self, character_id: int, luck: int, cp: int, fate: int) -> bool:
        if self.game_id is not None:
            order_events(self.conn, self.game_id)  # before the row lock the update takes
        params = {"cid": character_id, "luck": luck, "cp": cp, "fate": fate}
        return bool(self.conn.execute(_SPEND, params).rowcount == 1)

    def points(self, character_id: int) -> tuple[int, int, int]:
        luck, cp, fate = self.conn.execute(_POINTS, {"cid": character_id}).one()
        return luck, cp, fate

    def scene(self, game_id: int, user_id: int | None) -> tuple[int, bool] | None:
        query = _mine(select(Scene.id, Scene.privacy), user_id).where(
            Scene.game_id == game_id, ScenePerson.role == "participant",
            Scene.state == "running")  # fmt: skip
        row = self.conn.execute(query.order_by(ScenePerson.id.desc()).limit(1)).first()
        return None if row is None else (int(row[0]), row[1] == "private")

    def private_scenes(self, game_id: int, user_id: int | None) -> frozenset[int]:
        query = _mine(select(Scene.id), user_id).where(
            Scene.game_id == game_id, Scene.privacy == "private")  # fmt: skip
        return frozenset(self.conn.execute(query).scalars()) or NONE

    def event(self, values: Mapping[str, Any]) -> int:
        """Append an event; returns its number in its game (what viewers see)."""
        if not self.postgres:
            number = self.conn.execute(_COUNT, {"gid": values["game_id"]}).scalar_one()
            self.conn.execute(_EVENT, {**values, "number": number})
            return int(number)
        return int(self.conn.execute(_pg_event(values)).scalar_one())


def _pg_event(values: Mapping[str, Any]) -> Any:
    """One statement: the game's event-order lock (re-entrant, so often held already), then
    the game's count of events taken up by one (its row lock makes the next writer wait and
    then read the new count), then the insert, whose id is drawn only once both are held,
    then the notification (the game's id and the event's number)."""
    columns = Event.__table__.c
    gid = values["game_id"]
    # The lock as an InitPlan of the UPDATE: taken before the game's row is.
    lock = select(func.pg_advisory_xact_lock(LOCK_SPACE, gid).label("held")).cte("locked")
    count = update(Game).where(Game.id == gid, exists(select(lock.c.held)))
    counted = count.values(events=Game.events + 1).returning(Game.events).cte("counted")
    row = select(*(literal(v, columns[k].type).label(k) for k, v in values.items()),
                 counted.c.events.label("number"))  # fmt: skip
    inserted = (insert(Event).from_select([*values, "number"], row)
                .returning(Event.number).cte("inserted"))  # fmt: skip
    message = func.concat(str(gid), ":", inserted.c.number)
    return select(inserted.c.number, func.pg_notify(CHANNEL, message).label("sent"))


class DryRun:
    """A roll's statements rehearsed for its odds, in a read transaction: sides and points
    read as the roll reads them, spends checked and counted (a second spend sees the first)
    but never made, and no event written."""

    def __init__(self, inner: Writer) -> None:
        self.inner = inner
        self.spent: dict[int, tuple[int, int, int]] = {}

    def side(self, game: str, name: str) -> SideRow | None:
        row = self.inner.side(game, name)
        if row is None or row[7] not in self.spent:  # column 7: the character's id
            return row
        return (*row[:10], *self.points(row[7]), *row[13:])  # points: columns 10 to 12

    def standing(self, game_id: int, user_id: int) -> tuple[str | None, frozenset[int]]:
        return self.inner.standing(game_id, user_id)

    def scene(self, game_id: int, user_id: int | None) -> tuple[int, bool] | None:
        return self.inner.scene(game_id, user_id)

    def private_scenes(self, game_id: int, user_id: int | None) -> frozenset[int]:
        return self.inner.private_scenes(game_id, user_id)

    def spend(self, character_id: int, luck: int, cp: int, fate: int) -> bool:
        have = self.points(character_id)
        if any(h < n for h, n in zip(have, (luck, cp, fate), strict=True)):
            return False
        done = self.spent.get(character_id, (0, 0, 0))
        self.spent[character_id] = (done[0] + luck, done[1] + cp, done[2] + fate)
        return True

    def points(self, character_id: int) -> tuple[int, int, int]:
        luck, cp, fate = self.inner.points(character_id)
        done = self.spent.get(character_id, (0, 0, 0))
        return luck - done[0], cp - done[1], fate - done[2]

    def event(self, values: Mapping[str, Any]) -> int:
        raise AssertionError("a dry run writes nothing")

    def nonce(self, game_id: int, chain: str, user_id: int | None) -> Taken | None:
        raise AssertionError("a dry run rolls nothing")

    def new_seed(self, game_id: int, chain: str, seed: bytes, commitment: str) -> bool:
        raise AssertionError("a dry run rolls nothing")

    def add_client_seed(self, game_id: int, user_id: int | None, value: str) -> str:
        raise AssertionError("a dry run rolls nothing")

    def last_ruleset(self, game_id: int) -> str | None:
        raise AssertionError("a dry run rolls nothing")


def session_writer(s: Session) -> Writer:
    """The writer of a session's open transaction (a command held whole: core.held): on
    SQLite the fast path's statements on the session's own sqlite3 connection, so they are
    that transaction's; elsewhere Core statements on its connection."""
    conn = s.connection()
    if conn.dialect.name == "sqlite":
        raw: Any = conn.connection.driver_connection
        return SQLiteWriter(raw.cursor())
    return CoreWriter(conn)


@contextmanager
def writing(engine: Engine) -> Iterator[Writer]:
    """One write transaction, committed when the block ends and rolled back if it raises."""
    if engine.dialect.name != "sqlite":
        with engine.begin() as conn:
            yield CoreWriter(conn)
        return
    raw = engine.raw_connection()  # a pooled sqlite3 connection, with rollplay's pragmas
    try:
        driver: Any = raw.driver_connection
        cursor = driver.cursor()
        cursor.execute("BEGIN IMMEDIATE")  # take the write lock now: see db.py
        try:
            yield SQLiteWriter(cursor)
        except BaseException:
            cursor.execute("ROLLBACK")
            raise
        cursor.execute("COMMIT")
    finally:
        raw.close()
