"""The people's tables: users, their sign-in sessions and API tokens, the sign-in throttle,
invites, and each user's role in a game."""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import (
    Boolean,
    CheckConstraint,
    DateTime,
    ForeignKey,
    Integer,
    String,
    UniqueConstraint,
)
from sqlalchemy.orm import Mapped, mapped_column

from rollplay.table.store.base import Base, now


class User(Base):
    """Someone who plays or runs games. The local command line acts as the database's owner
    unless told ``--as`` a user (table/actors.py)."""

    __tablename__ = "users"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    name: Mapped[str] = mapped_column(String(100))
    name_key: Mapped[str] = mapped_column(String(100), unique=True)  # casefolded: one "Ann"
    password_hash: Mapped[str | None] = mapped_column(String(200), nullable=True)  # argon2id
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=now)


class Secret:
    """A session or an API token: only the SHA-256 of its secret is stored."""

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    secret_hash: Mapped[str] = mapped_column(String(64), unique=True)
    user_id: Mapped[int] = mapped_column(ForeignKey("users.id", ondelete="CASCADE"), index=True)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=now)
    expires_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True), nullable=True)
    revoked: Mapped[bool] = mapped_column(Boolean, default=False)


class LoginSession(Secret, Base):
    """A signed-in browser: its cookie's hash and its CSRF token's hash."""

    __tablename__ = "sessions"

    csrf_hash: Mapped[str] = mapped_column(String(100))


class ApiToken(Secret, Base):
    """A script's or a bot's token (``Authorization: Bearer``), revocable."""

    __tablename__ = "api_tokens"

    label: Mapped[str] = mapped_column(String(100))


class Revocations(Base):
    """One row: how many times sessions or tokens have been revoked (signed out, ended, a
    password changed), bumped in each revocation's own transaction. A live hub reads it with
    each batch and checks its feeds' credentials only when it moved (server/hub.py), so a
    thousand viewers' sessions are not read again for every event (issue 39)."""

    __tablename__ = "revocations"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    number: Mapped[int] = mapped_column(Integer, default=0)


class Throttle(Base):
    """Sign-in or invite attempts under one key (an address, an address and a name, a link):
    how many since the count last lapsed, and the earliest time the next one is heard."""

    __tablename__ = "throttle"

    key: Mapped[str] = mapped_column(String(200), primary_key=True)
    attempts: Mapped[int] = mapped_column(Integer)
    last_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), index=True)
    next_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))


class Invite(Base):
    """A link that makes someone a member of a game (as a character's player, an observer or
    a Storyteller), used once before it expires. ``game_id`` None is the first run's link:
    Storyteller of every game. Only the SHA-256 of its secret is stored."""

    __tablename__ = "invites"
    __table_args__ = (
        CheckConstraint("role IN ('storyteller', 'player', 'observer')", name="invite_role"),
    )

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    secret_hash: Mapped[str] = mapped_column(String(64), unique=True)
    game_id: Mapped[int | None] = mapped_column(
        ForeignKey("games.id", ondelete="CASCADE"), nullable=True, index=True
    )
    role: Mapped[str] = mapped_column(String(12))
    character_id: Mapped[int | None] = mapped_column(
        ForeignKey("characters.id", ondelete="CASCADE"), nullable=True
    )
    created_by: Mapped[int | None] = mapped_column(
        ForeignKey("users.id", ondelete="SET NULL"), nullable=True
    )
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=now)
    expires_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))
    used_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True), nullable=True)
    used_by: Mapped[int | None] = mapped_column(
        ForeignKey("users.id", ondelete="SET NULL"), nullable=True
    )
    revoked: Mapped[bool] = mapped_column(Boolean, default=False)
    # Who it is for, in the Storyteller's words (issue 37): the list tells links apart.
    label: Mapped[str] = mapped_column(String(100), default="", server_default="")


class Membership(Base):
    """A user's role in one game: storyteller, player or observer (table/authz.py)."""

    __tablename__ = "memberships"
    __table_args__ = (
        UniqueConstraint("game_id", "user_id"),
        CheckConstraint("role IN ('storyteller', 'player', 'observer')", name="known_role"),
    )

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    game_id: Mapped[int] = mapped_column(ForeignKey("games.id", ondelete="CASCADE"))
    user_id: Mapped[int] = mapped_column(ForeignKey("users.id", ondelete="CASCADE"))
    role: Mapped[str] = mapped_column(String(12))
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=now)
