"""The idempotency keys' table (IdempotencyKey): claiming a key for a write, keeping
its answer, and forgetting keys a day old, or older than a user's LIVE newest. The server's
middleware (server/idempotency.py) decides what to do with each outcome.

A command run under a key (``KEYED``) stores its answer in the key's row in the command's
own transaction (``written``: Service.execute), so a write that committed is never run
again, even when the server stopped before its HTTP answer was kept: the claim, taken over
after ABANDONED, answers from what was stored (docs/rulings.md, H11)."""

from __future__ import annotations

from contextvars import ContextVar
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any

import sqlalchemy as sa
from sqlalchemy import (
    JSON,
    Connection,
    DateTime,
    Engine,
    ForeignKey,
    Integer,
    LargeBinary,
    String,
    UniqueConstraint,
)
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Mapped, mapped_column

from rollplay.table.store.base import Base, aware, now

KEEP = timedelta(hours=24)  # how long a key's answer is kept
ABANDONED = timedelta(minutes=2)  # a claim this old, still unanswered, was cut off
# The most keys one user holds: a new key past it forgets that user's oldest, so no player can
# fill the database with keys (docs/rulings.md, H8). A key a thousand writes old is no retry.
LIVE = 1000


class IdempotencyKey(Base):
    """A signed-in write's answer under the Idempotency-Key its client sent (server/
    idempotency.py): ``request`` fingerprints the write, ``status`` is None while it is
    being answered. Kept for a day."""

    __tablename__ = "idempotency_keys"
    __table_args__ = (UniqueConstraint("user_id", "key"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    user_id: Mapped[int] = mapped_column(ForeignKey("users.id", ondelete="CASCADE"))
    key: Mapped[str] = mapped_column(String(200))
    request: Mapped[str] = mapped_column(String(64))
    status: Mapped[int | None] = mapped_column(Integer, nullable=True)
    headers: Mapped[Any] = mapped_column(JSON, nullable=True)
    body: Mapped[bytes | None] = mapped_column(LargeBinary, nullable=True)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=now, index=True)


Key = IdempotencyKey  # the short name the queries below use


RESULT = "rollplay-result"  # an unanswered claim's headers: its body is its command's answer


@dataclass(frozen=True)
class Claimed:
    """The key is this request's: run it, then ``keep`` its answer (or ``drop`` the claim).
    ``replay``: its command was done before, under a claim cut off before its answer was
    kept: the command's stored answer (its type's name and JSON), to answer with again."""

    row: int
    replay: tuple[str, bytes] | None = None


@dataclass
class Keyed:
    """A keyed request being answered, as the service sees it (``KEYED``): its claim's row,
    the answer to give again if its command was done before, and whether its command wrote
    (then its claim is never simply dropped: the write happened)."""

    row: int
    replay: tuple[str, bytes] | None = None
    taken: bool = False  # a command of the request has run (or been answered) under it
    written: bool = False


KEYED: ContextVar[Keyed | None] = ContextVar("keyed", default=None)


@dataclass(frozen=True)
class Answered:
    """The same request came with this key before: its answer."""

    status: int
    headers: list[tuple[str, str]]
    body: bytes


@dataclass(frozen=True)
class Busy:
    """The same request with this key is being answered right now."""


@dataclass(frozen=True)
class Mismatch:
    """This key came before with a different request."""


Claim = Claimed | Answered | Busy | Mismatch


def claim(engine: Engine, user_id: int, key: str, request: str) -> Claim:
    """The key for ``request`` (a fingerprint of method, path and body), for ``user_id``."""
    for _ in range(3):  # a stale row removed by another request in between: try again
        try:
            with engine.begin() as conn:
                row = conn.execute(sa.insert(Key).returning(Key.id), {
                    "user_id": user_id, "key": key, "request": request,
                    "created_at": now()}).scalar_one()  # fmt: skip
                oldest_kept = conn.execute(sa.select(Key.id).where(Key.user_id == user_id)
                                           .order_by(Key.id.desc()).offset(LIVE - 1)
                                           .limit(1)).scalar()  # fmt: skip
                if oldest_kept is not None:
                    conn.execute(sa.delete(Key).where(Key.user_id == user_id,
                                                      Key.id < oldest_kept))  # fmt: skip
            return Claimed(row)
        except IntegrityError:
            pass
        with engine.begin() as conn:
            found = conn.execute(sa.select(Key).where(
                Key.user_id == user_id, Key.key == key)).first()  # fmt: skip
            if found is None:
                continue
            age = now() - aware(found.created_at)
            done = _result(found)
            if age > KEEP or (found.status is None and age > ABANDONED and done is None):
                conn.execute(sa.delete(Key).where(Key.id == found.id))
                continue
            if found.request != request:
                return Mismatch()
            if found.status is None and age > ABANDONED:  # cut off after its write: take it
                taken = conn.execute(sa.update(Key).where(
                    Key.id == found.id, Key.created_at == found.created_at,
                ).values(created_at=now()))  # fmt: skip
                return Claimed(found.id, done) if _count(taken) == 1 else Busy()
            if found.status is None:
                return Busy()
            headers = [(str(k), str(v)) for k, v in found.headers or ()]
            return Answered(found.status, headers, bytes(found.body or b""))
    return Busy()


def keep(engine: Engine, row: int, status: int, headers: list[tuple[str, str]],
         body: bytes) -> None:  # fmt: skip
    with engine.begin() as conn:
        conn.execute(sa.update(Key).where(Key.id == row).values(
            status=status, headers=[list(h) for h in headers], body=body))  # fmt: skip


def written(conn: Connection, row: int, kind: str, body: bytes) -> None:
    """In the command's own transaction: its answer (``kind``, its type's name; ``body``,
    its JSON), under the claim, until the HTTP answer is kept in its place."""
    conn.execute(sa.update(Key).where(Key.id == row, Key.status.is_(None))
                 .values(headers=[[RESULT, kind]], body=body))  # fmt: skip


def release(engine: Engine, row: int) -> None:
    """A claim whose command wrote but whose answer failed (a 5xx, a dropped connection):
    its retry may take it over at once and answer from what the command stored."""
    with engine.begin() as conn:
        conn.execute(sa.update(Key).where(Key.id == row, Key.status.is_(None))
                     .values(created_at=now() - ABANDONED - timedelta(seconds=1)))  # fmt: skip


def _result(found: Any) -> tuple[str, bytes] | None:
    """An unanswered claim's stored command answer, if its command wrote."""
    if found.status is not None or found.body is None:
        return None
    kinds = [str(v) for k, v in found.headers or () if k == RESULT]
    return (kinds[0], bytes(found.body)) if kinds else None


def _count(done: Any) -> int:
    return int(done.rowcount or 0)


def drop(engine: Engine, row: int) -> None:
    with engine.begin() as conn:
        conn.execute(sa.delete(Key).where(Key.id == row))


def expire(engine: Engine) -> int:
    """Forget every key older than KEEP; how many were forgotten."""
    with engine.begin() as conn:
        done: Any = conn.execute(sa.delete(Key).where(Key.created_at < now() - KEEP))
        return int(done.rowcount or 0)
