"""The idempotency keys' table (IdempotencyKey): claiming a key for a write, keeping
its answer, and forgetting keys a day old, or older than a user's LIVE newest. The server's
middleware (server/idempotency.py) decides what to do with each outcome."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any

import sqlalchemy as sa
from sqlalchemy import (
    JSON,
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


@dataclass(frozen=True)
class Claimed:
    """The key is this request's: run it, then ``keep`` its answer (or ``drop`` the claim)."""

    row: int


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
            if age > KEEP or (found.status is None and age > ABANDONED):
                conn.execute(sa.delete(Key).where(Key.id == found.id))
                continue
            if found.request != request:
                return Mismatch()
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


def drop(engine: Engine, row: int) -> None:
    with engine.begin() as conn:
        conn.execute(sa.delete(Key).where(Key.id == row))


def expire(engine: Engine) -> int:
    """Forget every key older than KEEP; how many were forgotten."""
    with engine.begin() as conn:
        done: Any = conn.execute(sa.delete(Key).where(Key.created_at < now() - KEEP))
        return int(done.rowcount or 0)
