"""The statements verifiable dice add to a roll's transaction (writers.py runs them): taking
the next nonce of a game's seed chain, and, once per chain and per player, making the seed
and the client seed that do not exist yet.

Taking a nonce is one statement, ``UPDATE seeds SET nonces = nonces + 1 ... RETURNING``, which
also reads the roller's client seed: the row lock it takes holds any other roll (and a
rotation) of that chain until this one commits, so no two rolls share a nonce and a rolled
back roll gives its nonce back. On PostgreSQL the same statement takes the game's
event-order lock first (writers.py: every write takes it before its first row lock), so a
roll that spent points first and a roll that did not cannot deadlock.

What is made once (a chain's first seed, a player's first client seed) is looked for again
in a statement of its own once the lock is held: a statement sees what committed before it
began, and the roll that made it may have committed while this one waited for the lock.
"""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any, NamedTuple

from sqlalchemy import Connection, exists, insert, literal, select, text

from rollplay.table.store.models import ClientSeed, Seed

CHAINS = ("public", "hidden")


class Taken(NamedTuple):
    """A roll's nonce and what it is drawn with: the chain's current seed and its
    commitment, and the roller's client seed (None: they have none yet)."""

    seed: bytes
    commitment: str
    nonce: int
    client_seed: str | None


_TAKE = (
    "UPDATE seeds SET nonces = nonces + 1 "
    "WHERE game_id = :gid AND chain = :chain AND revealed_at IS NULL "
    "RETURNING seed, commitment, nonces - 1, "
    "(SELECT value FROM client_seeds WHERE game_id = :gid AND user_id IS NOT DISTINCT FROM :uid "
    "ORDER BY id LIMIT 1)"
)
# The event-order lock (writers._ORDER) joined in, so it is taken before the row lock.
_PG_TAKE = (
    "WITH locked AS (SELECT pg_advisory_xact_lock(:space, :gid)) "
    "UPDATE seeds SET nonces = seeds.nonces + 1 FROM locked "
    "WHERE seeds.game_id = :gid AND seeds.chain = :chain AND seeds.revealed_at IS NULL "
    "RETURNING seeds.seed, seeds.commitment, seeds.nonces - 1, "
    "(SELECT value FROM client_seeds WHERE game_id = :gid "
    "AND user_id IS NOT DISTINCT FROM CAST(:uid AS INTEGER) ORDER BY id LIMIT 1)"
)
_SQLITE_TAKE = (
    "UPDATE seeds SET nonces = nonces + 1 "
    "WHERE game_id = ? AND chain = ? AND revealed_at IS NULL "
    "RETURNING seed, commitment, nonces - 1, "
    "(SELECT value FROM client_seeds WHERE game_id = ? AND user_id IS ? ORDER BY id LIMIT 1)"
)
_SQLITE_NEW_SEED = (
    "INSERT INTO seeds (game_id, chain, seed, commitment, nonces, created_at) "
    "SELECT ?, ?, ?, ?, 0, ? WHERE NOT EXISTS "
    "(SELECT 1 FROM seeds WHERE game_id = ? AND chain = ? AND revealed_at IS NULL)"
)
_SQLITE_CLIENT_SEED = (
    "SELECT value FROM client_seeds WHERE game_id = ? AND user_id IS ? ORDER BY id LIMIT 1"
)
_SQLITE_CLIENT = (
    "INSERT INTO client_seeds (game_id, user_id, value, created_at, updated_at) "
    "VALUES (?, ?, ?, ?, ?)"
)


def _taken(row: Any) -> Taken | None:
    if row is None:
        return None
    seed, commitment, nonce, client = row
    return Taken(bytes(seed), str(commitment), int(nonce), client)


class CoreNonces:
    """The statements through SQLAlchemy Core (any database; the only way on PostgreSQL)."""

    conn: Connection
    postgres: bool

    def nonce(self, game_id: int, chain: str, user_id: int | None) -> Taken | None:
        from rollplay.table.store import ordering

        params = {"gid": game_id, "chain": chain, "uid": user_id}
        if self.postgres:
            statement, params = _PG_TAKE, {**params, "space": ordering.LOCK_SPACE}
        else:
            statement = _TAKE if self.postgres else _TAKE.replace(" NOT DISTINCT FROM", "")
        return _taken(self.conn.execute(text(statement), params).first())

    def new_seed(self, game_id: int, chain: str, seed: bytes, commitment: str) -> bool:
        """Make the chain's first (or next) seed unless another roll just did; False if it
        did. The game's event-order lock comes first, in a statement of its own, so the
        check below sees a seed that a roll holding the lock committed meanwhile."""
        from rollplay.table.store.ordering import order_events

        order_events(self.conn, game_id)
        current = select(Seed.id).where(Seed.game_id == game_id, Seed.chain == chain,
                                        Seed.revealed_at.is_(None))  # fmt: skip
        when = literal(datetime.now(UTC), Seed.created_at.type)
        values = select(
            literal(game_id), literal(chain), literal(seed, Seed.seed.type), literal(commitment),
            literal(0), when,
        ).where(~exists(current))  # fmt: skip
        columns = ["game_id", "chain", "seed", "commitment", "nonces", "created_at"]
        made = self.conn.execute(insert(Seed).from_select(columns, values).returning(Seed.id))
        return made.first() is not None

    def add_client_seed(self, game_id: int, user_id: int | None, value: str) -> str:
        """A player's first client seed, ``value``; or the one another roll just made."""
        from rollplay.table.store.ordering import order_events

        order_events(self.conn, game_id)
        made = self.conn.execute(select(ClientSeed.value).where(
            ClientSeed.game_id == game_id, ClientSeed.user_id.is_not_distinct_from(user_id)
        ).order_by(ClientSeed.id).limit(1)).scalar()  # fmt: skip
        if made is not None:
            return str(made)
        when = datetime.now(UTC)
        row = {"game_id": game_id, "user_id": user_id, "value": value, "created_at": when,
               "updated_at": when}  # fmt: skip
        self.conn.execute(insert(ClientSeed).values(row))
        return value

    def last_ruleset(self, game_id: int) -> str | None:
        """The fingerprint the game's latest ``ruleset`` event gives, if it has one."""
        row = self.conn.execute(text(_LAST_RULESET.replace("?", ":gid")), {"gid": game_id})
        return _version(row.scalar())


class SQLiteNonces:
    """The same statements on the sqlite3 cursor, inside its BEGIN IMMEDIATE (which already
    keeps every other writer out)."""

    cursor: Any

    def nonce(self, game_id: int, chain: str, user_id: int | None) -> Taken | None:
        row = self.cursor.execute(_SQLITE_TAKE, (game_id, chain, game_id, user_id)).fetchone()
        return _taken(row)

    def new_seed(self, game_id: int, chain: str, seed: bytes, commitment: str) -> bool:
        params = (game_id, chain, seed, commitment, _stored(), game_id, chain)
        return bool(self.cursor.execute(_SQLITE_NEW_SEED, params).rowcount == 1)

    def add_client_seed(self, game_id: int, user_id: int | None, value: str) -> str:
        made = self.cursor.execute(_SQLITE_CLIENT_SEED, (game_id, user_id)).fetchone()
        if made is not None:
            return str(made[0])
        when = _stored()
        self.cursor.execute(_SQLITE_CLIENT, (game_id, user_id, value, when, when))
        return value

    def last_ruleset(self, game_id: int) -> str | None:
        row = self.cursor.execute(_LAST_RULESET, (game_id,)).fetchone()
        return _version(None if row is None else row[0])


# Read once per game and process (dicing.ensure_ruleset keeps what it learns).
_LAST_RULESET = ("SELECT payload FROM events WHERE game_id = ? AND kind = 'ruleset' "
                 "ORDER BY id DESC LIMIT 1")  # fmt: skip


def _version(payload: Any) -> str | None:
    import json

    data = json.loads(payload) if isinstance(payload, str | bytes) else payload
    return str(data["version"]) if isinstance(data, dict) and "version" in data else None


def _stored() -> str:
    """Now, as SQLAlchemy's SQLite DateTime stores it (naive UTC text)."""
    return datetime.now(UTC).strftime("%Y-%m-%d %H:%M:%S.%f")
