"""The database tables. Schema changes go through a migration in migrations/versions/."""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

from sqlalchemy import (
    JSON,
    Boolean,
    CheckConstraint,
    DateTime,
    ForeignKey,
    Index,
    Integer,
    String,
    UniqueConstraint,
)
from sqlalchemy.orm import DeclarativeBase, Mapped, mapped_column


def now() -> datetime:
    return datetime.now(UTC)


class Base(DeclarativeBase):
    pass


class Game(Base):
    """A game: its system, edition, house rules (a ruleset file's data) and ability lists."""

    __tablename__ = "games"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    name: Mapped[str] = mapped_column(String(100), unique=True)
    system: Mapped[str] = mapped_column(String(10))
    edition: Mapped[str] = mapped_column(String(20))
    rules: Mapped[dict[str, Any]] = mapped_column(JSON, default=dict)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=now)
    day: Mapped[int] = mapped_column(Integer, default=0, server_default="0")  # last day healed


class Character(Base):
    """A character's sheet (the system's sheet format, as JSON) and the points that change
    in play, kept in columns so that spending them is one conditional UPDATE."""

    __tablename__ = "characters"
    __table_args__ = (
        UniqueConstraint("game_id", "name"),
        CheckConstraint(
            "luck >= 0 AND xp_halves >= 0 AND character_points >= 0 AND fate_points >= 0",
            name="points_not_negative",
        ),
    )

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    game_id: Mapped[int] = mapped_column(ForeignKey("games.id", ondelete="CASCADE"), index=True)
    name: Mapped[str] = mapped_column(String(100))
    sheet: Mapped[dict[str, Any]] = mapped_column(JSON)
    approved: Mapped[bool] = mapped_column(Boolean, default=False)
    luck: Mapped[int] = mapped_column(Integer, default=0)
    xp_halves: Mapped[int] = mapped_column(Integer, default=0)
    character_points: Mapped[int] = mapped_column(Integer, default=0)
    fate_points: Mapped[int] = mapped_column(Integer, default=0)
    raises_since_award: Mapped[int] = mapped_column(Integer, default=0, server_default="0")
    version: Mapped[int] = mapped_column(Integer, default=1)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=now)
    updated_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=now)

    __mapper_args__ = {"version_id_col": version}  # noqa: RUF012 - lost updates fail loudly


class RollEntry(Base):
    """One roll, never changed or deleted (the database refuses both: see the migration)."""

    __tablename__ = "roll_log"
    __table_args__ = (
        Index("ix_roll_log_game_character", "game_id", "character", "id"),
        Index("ix_roll_log_created", "created_at"),
        Index("ix_roll_log_character", "character", "id"),
    )

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    game_id: Mapped[int] = mapped_column(ForeignKey("games.id"))
    character_id: Mapped[int | None] = mapped_column(ForeignKey("characters.id"), nullable=True)
    character: Mapped[str] = mapped_column(String(100))
    system: Mapped[str] = mapped_column(String(10))
    expression: Mapped[str] = mapped_column(String(200))
    modifiers: Mapped[list[Any]] = mapped_column(JSON, default=list)
    spends: Mapped[dict[str, Any]] = mapped_column(JSON, default=dict)
    dice: Mapped[Any] = mapped_column(JSON)
    outcome: Mapped[dict[str, Any]] = mapped_column(JSON)
    visibility: Mapped[str] = mapped_column(String(10))
    ruleset_version: Mapped[str] = mapped_column(String(16))
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=now)


class Combat(Base):
    """A combat the tracker runs: its combatants' state and the actions set for this turn."""

    __tablename__ = "combats"
    __table_args__ = (UniqueConstraint("game_id", "name"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    game_id: Mapped[int] = mapped_column(ForeignKey("games.id", ondelete="CASCADE"))
    name: Mapped[str] = mapped_column(String(100))
    turn: Mapped[int] = mapped_column(Integer, default=1)
    combatants: Mapped[list[Any]] = mapped_column(JSON, default=list)
    actions: Mapped[dict[str, Any]] = mapped_column(JSON, default=dict)
    active: Mapped[bool] = mapped_column(Boolean, default=True)
    version: Mapped[int] = mapped_column(Integer, default=1)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=now)

    __mapper_args__ = {"version_id_col": version}  # noqa: RUF012 - two Storytellers at once
