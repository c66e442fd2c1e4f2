"""The live feeds open across every worker and host on one database (issue 39), so a user's
and an address's stream caps hold however many workers and hosts serve them.

Each worker is a *holder*: a row with its host, its process and when its lease runs out.
It renews the lease every third of it (``renew``); a holder whose lease ran out (its host
killed, its process gone) no longer counts, and the next renewal anywhere deletes it with
its feeds. A worker that starts again on the same host with the same process id (a
container's restart) clears its earlier self's rows at once (``start``).

A feed is *taken* in one short transaction that counts the user's and the address's live
feeds and inserts its row, serialised per user and per address: PostgreSQL's transaction-
scoped advisory locks on both (taken in one order, so two takes never wait on each other in
a ring), SQLite's one writer. So parallel takes on any number of workers never pass a cap.
It is *freed* by deleting its row. Nothing is read or written per event."""

from __future__ import annotations

import hashlib
import itertools
import os
import secrets
import socket
import threading
from datetime import timedelta
from typing import Any

from sqlalchemy import case, delete, func, insert, or_, select, text, update
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session

from rollplay.table.core import Core
from rollplay.table.store.base import as_stored, now
from rollplay.table.store.feeds import FeedHolder, OpenFeed

LEASE = 30.0  # seconds a holder's feeds count after its last renewal
_LOCKS = 0x66656564  # "feed": the advisory locks' first key (the second is the user's or address's)
_HERE: set[str] = set()  # the holders of this process (two apps in one process keep theirs)


class Full(Exception):
    """A take refused: ``who`` ("user" or "address") already holds ``cap`` feeds."""

    def __init__(self, who: str, cap: int) -> None:
        super().__init__(who, cap)
        self.who, self.cap = who, cap

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Full) and (self.who, self.cap) == (other.who, other.cap)

    def __hash__(self) -> int:
        return hash((self.who, self.cap))


def digest(kind: str, value: str) -> str:
    return hashlib.sha256(f"{kind}\0{value}".encode()).hexdigest()


class Feeds:
    """This worker's live feeds, counted in the database beside every other worker's."""

    def __init__(self, table: Core, lease: float = LEASE) -> None:
        self.table = table
        self.lease = lease
        self.host = socket.gethostname()[:200]
        self.pid = os.getpid()
        self.holder = f"{self.host[:60]}:{self.pid}:{secrets.token_hex(8)}"
        self.open: dict[int, tuple[str, str | None]] = {}  # number -> (user, address) keys
        self.unfreed: set[int] = set()  # closed here, their rows not yet deleted
        self.numbers = itertools.count(1)
        self.lock = threading.Lock()  # over ``open``
        self.starting = threading.Lock()
        self.started = False

    # -- the holder and its lease ---------------------------------------------------------

    def _clock(self, s: Session) -> Any:
        """Now, by one clock for every host: PostgreSQL's (its transaction's start); on
        SQLite (one machine) this one's."""
        if s.get_bind().dialect.name == "postgresql":
            return func.now()
        return as_stored(now(), "sqlite")

    def _until(self, s: Session) -> Any:
        clock = self._clock(s)
        return clock + timedelta(seconds=self.lease)

    def start(self) -> None:
        """Hold feeds from now: this worker's row, after clearing its earlier self's (same
        host and process id, not one of this process's) and every holder whose lease ran out."""
        with self.starting:
            if self.started:
                return
            with self.table.transaction() as s:
                s.execute(delete(FeedHolder).where(
                    FeedHolder.host == self.host, FeedHolder.pid == self.pid,
                    FeedHolder.id.not_in(_HERE | {self.holder})))  # fmt: skip
            _HERE.add(self.holder)
            self.renew()

    def _sweep(self, s: Session) -> None:
        s.execute(delete(OpenFeed).where(OpenFeed.holder.in_(
            select(FeedHolder.id).where(FeedHolder.expires_at <= self._clock(s)))))  # fmt: skip
        s.execute(delete(FeedHolder).where(FeedHolder.expires_at <= self._clock(s)))

    def renew(self) -> None:
        """Extend the lease (every third of it), and forget every holder whose lease ran out.
        A holder found gone (the database out of reach past its lease, and swept by another)
        is made again with the feeds it holds, which then count again."""
        self._delete()
        with self.table.transaction() as s:
            renewed = s.execute(update(FeedHolder).where(FeedHolder.id == self.holder)
                                .values(expires_at=self._until(s)))  # fmt: skip
            self._sweep(s)
            if renewed.rowcount == 0:  # type: ignore[attr-defined]
                s.add(FeedHolder(id=self.holder, host=self.host, pid=self.pid,
                                 expires_at=self._until(s)))  # fmt: skip
                s.flush()
                with self.lock:
                    held = list(self.open.items())
                if held:
                    s.execute(insert(OpenFeed), [
                        {"holder": self.holder, "number": n, "user_key": u, "address_key": a}
                        for n, (u, a) in held])  # fmt: skip
        _HERE.add(self.holder)
        self.started = True

    def stop(self) -> None:
        """This worker holds no feeds any more (it is shutting down)."""
        with self.table.transaction() as s:
            s.execute(delete(OpenFeed).where(OpenFeed.holder == self.holder))
            s.execute(delete(FeedHolder).where(FeedHolder.id == self.holder))
        with self.lock:
            self.open.clear()
            self.unfreed.clear()
        _HERE.discard(self.holder)
        self.started = False

    # -- feeds ----------------------------------------------------------------------------

    def take(self, user: str, address: str | None, per_user: int,
             per_address: int | None) -> int:  # fmt: skip
        """A feed for ``user`` at ``address`` (None, or ``per_address`` None: not counted by
        address), or Full when either already holds its cap of live feeds on any worker;
        its number, for ``free``."""
        if not self.started:
            self.start()
        user_key = digest("user", user)
        address_key = None if address is None or per_address is None else digest("address", address)
        number = next(self.numbers)
        for _ in range(2):  # a second time only after remaking a holder swept away
            try:
                with self.table.transaction() as s:
                    self._serialise(s, user_key, address_key)
                    users, addresses = self._counts(s, user_key, address_key)
                    if users >= per_user:
                        raise Full("user", per_user)
                    if per_address is not None and addresses >= per_address:
                        raise Full("address", per_address)
                    s.add(OpenFeed(holder=self.holder, number=number, user_key=user_key,
                                   address_key=address_key))  # fmt: skip
                    s.flush()
                with self.lock:
                    self.open[number] = (user_key, address_key)
                return number
            except IntegrityError:  # this holder's row is gone: make it again
                self.renew()
        raise Full("user", per_user)  # pragma: no cover - the holder was just made again

    def _serialise(self, s: Session, *keys: str | None) -> None:
        """Takes for the same user or address, one after another (PostgreSQL; SQLite's
        write transaction already is)."""
        if s.get_bind().dialect.name != "postgresql":
            return
        for lock in sorted({_lock_key(k) for k in keys if k is not None}):
            s.execute(text("SELECT pg_advisory_xact_lock(:a, :b)"), {"a": _LOCKS, "b": lock})

    def _counts(self, s: Session, user_key: str, address_key: str | None) -> tuple[int, int]:
        """The live feeds (their holder's lease running) of the user and of the address."""
        alive = FeedHolder.expires_at > self._clock(s)
        mine = OpenFeed.user_key == user_key
        if address_key is None:
            users = s.scalar(select(func.count()).select_from(OpenFeed)
                             .join(FeedHolder, FeedHolder.id == OpenFeed.holder)
                             .where(mine, alive))  # fmt: skip
            return int(users or 0), 0
        theirs = OpenFeed.address_key == address_key
        row = s.execute(
            select(func.sum(case((mine, 1), else_=0)), func.sum(case((theirs, 1), else_=0)))
            .join(FeedHolder, FeedHolder.id == OpenFeed.holder)
            .where(or_(mine, theirs), alive)
        ).one()  # fmt: skip
        return int(row[0] or 0), int(row[1] or 0)

    def free(self, number: int) -> None:
        """The feed ``number`` is closed: its slot is free on every worker at once."""
        with self.lock:
            if self.open.pop(number, None) is None:
                return
            self.unfreed.add(number)
        self._delete()

    def _delete(self) -> None:
        """Delete the rows of the feeds closed here (those a failed delete left, too: the
        next renewal tries again, so a slot is never kept by a worker that is alive)."""
        with self.lock:
            numbers = list(self.unfreed)
        if not numbers:
            return
        with self.table.transaction() as s:
            s.execute(delete(OpenFeed).where(OpenFeed.holder == self.holder,
                                             OpenFeed.number.in_(numbers)))  # fmt: skip
        with self.lock:
            self.unfreed.difference_update(numbers)

    def counted(self) -> dict[str, int]:
        """Every live feed by user digest (for tests and an operator's look)."""
        with self.table.reading() as s:
            rows = s.execute(
                select(OpenFeed.user_key, func.count())
                .join(FeedHolder, FeedHolder.id == OpenFeed.holder)
                .where(FeedHolder.expires_at > self._clock(s)).group_by(OpenFeed.user_key)
            ).all()  # fmt: skip
        return {key: int(count) for key, count in rows}


def _lock_key(key: str) -> int:
    """A digest as a 32-bit signed integer (PostgreSQL's advisory locks' second key)."""
    return int.from_bytes(bytes.fromhex(key[:8]), "big", signed=True)
