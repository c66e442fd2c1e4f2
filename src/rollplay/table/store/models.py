"""The database tables: the games, their characters, their events and combats here; the
rest in modules by what they hold (accounts, scenes, chat, seeds, npcs, idempotency, feeds), all
gathered here, so ``Base.metadata`` imported from this module holds every table (what
Alembic and tests/table/test_migrations.py compare). Schema changes go through a migration
in migrations/versions/."""

from __future__ import annotations

from datetime import datetime
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
    false,
    text,
    true,
)
from sqlalchemy.orm import Mapped, mapped_column

from rollplay.table.store.accounts import (
    ApiToken,
    Invite,
    LoginSession,
    Membership,
    Revocations,
    Secret,
    Throttle,
    User,
)
from rollplay.table.store.base import Base, aware, now
from rollplay.table.store.chat import ChatChannel, ChatLink, LinkCode
from rollplay.table.store.feeds import FeedHolder, OpenFeed
from rollplay.table.store.idempotency import IdempotencyKey
from rollplay.table.store.npcs import Npc
from rollplay.table.store.scenes import Scene, ScenePerson
from rollplay.table.store.seeds import ClientSeed, Seed

__all__ = [
    "ONCE",
    "ApiToken",
    "Base",
    "Character",
    "ChatChannel",
    "ChatLink",
    "ClientSeed",
    "Combat",
    "Event",
    "FeedHolder",
    "Game",
    "IdempotencyKey",
    "Invite",
    "LinkCode",
    "LoginSession",
    "Membership",
    "Npc",
    "OpenFeed",
    "Revocations",
    "Scene",
    "ScenePerson",
    "Secret",
    "Seed",
    "Throttle",
    "User",
    "aware",
    "now",
]


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
    # 001 When the GM Rolls: whether players learn that a secret roll was made.
    announce_secret: Mapped[bool] = mapped_column(Boolean, default=True)
    # Whether a player may ask for a secret roll of their own character (rulings T9).
    players_ask_secret: Mapped[bool] = mapped_column(Boolean, default=True, server_default=true())
    # Whether the table's dice come from committed seeds (issue 18; off: OS entropy).
    provable: Mapped[bool] = mapped_column(Boolean, default=True, server_default=true())
    # How many events the game has: the last one's number (migration 0011; writers.py).
    events: Mapped[int] = mapped_column(Integer, default=0, server_default="0")
    # For how many minutes a pose's author may edit or delete it (issue 30; 0: never).
    pose_window: Mapped[int] = mapped_column(Integer, default=15, server_default="15")
    # An archived game is kept to read and verify; nothing is played in it (issue 31).
    archived: Mapped[bool] = mapped_column(Boolean, default=False, server_default=false())


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
    player_id: Mapped[int | None] = mapped_column(
        ForeignKey("users.id", ondelete="SET NULL"), nullable=True
    )
    raises_since_award: Mapped[int] = mapped_column(Integer, default=0, server_default="0")
    # The Storyteller's comment when they last sent the sheet back (issue 31); None once approved.
    review_note: Mapped[str | None] = mapped_column(String(1000), nullable=True)
    # Where an imported character came from (file, format, when: issue 38); None if made here.
    # Approval holds an imported sheet to the game's rules, not a fresh creation's budget (A44).
    origin: Mapped[str | None] = mapped_column(String(500), nullable=True)
    version: Mapped[int] = mapped_column(Integer, default=1)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=now)
    updated_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=now)

    __mapper_args__ = {"version_id_col": version}  # noqa: RUF012 - lost updates fail loudly


# The events that close a request or reveal a roll: one per request or roll (ix_events_once).
ONCE = "kind IN ('roll', 'request_cancel', 'roll_reveal') AND refers IS NOT NULL"


class Event(Base):
    """One change at the table, never changed or deleted (the database refuses both: see
    migration 0006). ``payload`` is the whole event, for its ``audience``; everyone else in
    the game sees ``shared`` (None: they do not learn of it). Decided when it is written."""

    __tablename__ = "events"
    __table_args__ = (
        Index("ix_events_game", "game_id", "id"),
        Index("ix_events_number", "game_id", "number", unique=True),
        Index("ix_events_game_character", "game_id", "character", "id"),
        Index("ix_events_character", "character", "id"),
        Index("ix_events_created", "created_at"),
        Index("ix_events_scene", "scene_id", "id"),
        Index("ix_events_refers", "game_id", "refers"),
        # A request is closed once and a roll revealed once (migration 0017).
        Index(
            "ix_events_once",
            "game_id",
            "refers",
            unique=True,
            sqlite_where=text(ONCE),
            postgresql_where=text(ONCE),
        ),
        CheckConstraint(
            "audience IN ('everyone', 'character', 'storyteller')", name="known_audience"
        ),
    )

    id: Mapped[int] = mapped_column(Integer, primary_key=True)  # the order of all games' events
    game_id: Mapped[int] = mapped_column(ForeignKey("games.id"))
    number: Mapped[int] = mapped_column(Integer)  # 1, 2, 3, ... in its game: what viewers see
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=now)
    actor_id: Mapped[int | None] = mapped_column(ForeignKey("users.id"), nullable=True)
    actor: Mapped[str] = mapped_column(String(100))
    kind: Mapped[str] = mapped_column(String(40))
    character_id: Mapped[int | None] = mapped_column(ForeignKey("characters.id"), nullable=True)
    character: Mapped[str | None] = mapped_column(String(100), nullable=True)
    visibility: Mapped[str] = mapped_column(String(10))
    audience: Mapped[str] = mapped_column(String(12))
    payload: Mapped[dict[str, Any]] = mapped_column(JSON)
    shared: Mapped[dict[str, Any] | None] = mapped_column(JSON(none_as_null=True), nullable=True)
    # The scene it happened in (None: none), and whether that scene is private: then only
    # its people and the Storyteller learn of it at all (events/audiences.py).
    scene_id: Mapped[int | None] = mapped_column(Integer, nullable=True)
    scene_private: Mapped[bool] = mapped_column(Boolean, default=False, server_default=false())
    # The earlier event this one is about (issue 30): the pose it edits or deletes, the
    # request it answers or cancels, the secret roll it reveals. None: none.
    refers: Mapped[int | None] = mapped_column(Integer, nullable=True)


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
    # The scene it was started in (migration 0022): a private scene's combat is that
    # scene's, seen and fought only by those who may see the scene (rulings H9).
    scene_id: Mapped[int | None] = mapped_column(Integer, nullable=True)
    scene_private: Mapped[bool] = mapped_column(Boolean, default=False, server_default=false())

    __mapper_args__ = {"version_id_col": version}  # noqa: RUF012 - two Storytellers at once
