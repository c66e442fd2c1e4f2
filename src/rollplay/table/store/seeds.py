"""The provable dice's tables (docs/verify.md): each game's server seeds and its players'
client seeds."""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import (
    CheckConstraint,
    DateTime,
    ForeignKey,
    Index,
    Integer,
    LargeBinary,
    String,
    UniqueConstraint,
    text,
)
from sqlalchemy.orm import Mapped, mapped_column

from rollplay.table.store.base import Base, now


class Seed(Base):
    """A server seed of one of a game's two chains (docs/verify.md): ``public`` for public
    rolls, ``hidden`` for private and secret ones. The seed itself never leaves the server
    until it is revealed; its commitment (SHA-256) is published when it is made. ``nonces``
    counts the rolls made under it (the next roll's nonce). One seed per chain is current:
    the one not yet revealed."""

    __tablename__ = "seeds"
    __table_args__ = (
        CheckConstraint("chain IN ('public', 'hidden')", name="seed_chain"),
        Index(
            "ix_seeds_current",
            "game_id",
            "chain",
            unique=True,
            sqlite_where=text("revealed_at IS NULL"),
            postgresql_where=text("revealed_at IS NULL"),
        ),
    )

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    game_id: Mapped[int] = mapped_column(ForeignKey("games.id", ondelete="CASCADE"))
    chain: Mapped[str] = mapped_column(String(10))
    seed: Mapped[bytes] = mapped_column(LargeBinary(32))
    commitment: Mapped[str] = mapped_column(String(64))
    nonces: Mapped[int] = mapped_column(Integer, default=0, server_default="0")
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=now)
    revealed_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True), nullable=True)


class ClientSeed(Base):
    """A player's client seed in one game, mixed into every roll they make there
    (``user_id`` None: the database's owner)."""

    __tablename__ = "client_seeds"
    __table_args__ = (UniqueConstraint("game_id", "user_id"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    game_id: Mapped[int] = mapped_column(ForeignKey("games.id", ondelete="CASCADE"))
    user_id: Mapped[int | None] = mapped_column(
        ForeignKey("users.id", ondelete="CASCADE"), nullable=True
    )
    value: Mapped[str] = mapped_column(String(64))
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=now)
    updated_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=now)
