"""The scenes' tables (issue 30): a game's scenes and the people in each. Their events are
in models.Event (``scene_id``); their full-text search index is each database's own kind
of table (migration 0018), not a model."""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import (
    CheckConstraint,
    DateTime,
    ForeignKey,
    Index,
    Integer,
    String,
    UniqueConstraint,
)
from sqlalchemy.orm import Mapped, mapped_column

from rollplay.table.store.base import Base, now


class Scene(Base):
    """A scene of a game (issue 30): its ledger is the events that carry its id."""

    __tablename__ = "scenes"
    __table_args__ = (
        UniqueConstraint("game_id", "number"),
        CheckConstraint("kind IN ('social', 'action', 'plot')", name="scene_kind"),
        CheckConstraint("state IN ('running', 'paused', 'finished')", name="scene_state"),
        CheckConstraint("privacy IN ('open', 'private')", name="scene_privacy"),
    )

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    game_id: Mapped[int] = mapped_column(ForeignKey("games.id", ondelete="CASCADE"))
    number: Mapped[int] = mapped_column(Integer)  # 1, 2, 3, ... in its game
    title: Mapped[str] = mapped_column(String(200))
    summary: Mapped[str] = mapped_column(String(2000), default="", server_default="")
    location: Mapped[str] = mapped_column(String(200), default="", server_default="")
    kind: Mapped[str] = mapped_column(String(10), default="social", server_default="social")
    state: Mapped[str] = mapped_column(String(10), default="running", server_default="running")
    privacy: Mapped[str] = mapped_column(String(10), default="open", server_default="open")
    pose_order: Mapped[str] = mapped_column(String(12), default="free", server_default="free")
    started_by: Mapped[int | None] = mapped_column(
        ForeignKey("users.id", ondelete="SET NULL"), nullable=True
    )
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=now)
    finished_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True), nullable=True)


class ScenePerson(Base):
    """Someone in a scene: a participant (joined) or invited (may read and join a private
    one). ``user_id`` None: the database's owner."""

    __tablename__ = "scene_people"
    __table_args__ = (
        Index("ix_scene_people_user", "user_id", "scene_id"),
        Index("ix_scene_people_scene", "scene_id"),
        CheckConstraint("role IN ('participant', 'invited')", name="scene_role"),
    )

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    scene_id: Mapped[int] = mapped_column(ForeignKey("scenes.id", ondelete="CASCADE"))
    user_id: Mapped[int | None] = mapped_column(
        ForeignKey("users.id", ondelete="CASCADE"), nullable=True
    )
    role: Mapped[str] = mapped_column(String(12))
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=now)
