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
    LargeBinary,
    String,
    UniqueConstraint,
    false,
    text,
    true,
)
from sqlalchemy.orm import DeclarativeBase, Mapped, mapped_column


def now() -> datetime:
    return datetime.now(UTC)


def aware(moment: datetime) -> datetime:
    """A stored time as an aware UTC time (SQLite hands it back without its zone)."""
    return moment if moment.tzinfo is not None else moment.replace(tzinfo=UTC)


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
    version: Mapped[int] = mapped_column(Integer, default=1)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=now)
    updated_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=now)

    __mapper_args__ = {"version_id_col": version}  # noqa: RUF012 - lost updates fail loudly


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


class Npc(Base):
    """An NPC on the Storyteller's roster (issue 31): a name and what it rolls without a sheet
    (an FS3 rating, a GURPS level, a D6 die code), with a note."""

    __tablename__ = "npcs"
    __table_args__ = (UniqueConstraint("game_id", "name"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    game_id: Mapped[int] = mapped_column(ForeignKey("games.id", ondelete="CASCADE"))
    name: Mapped[str] = mapped_column(String(100))
    rating: Mapped[str] = mapped_column(String(100))
    note: Mapped[str] = mapped_column(String(500), default="")
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=now)


class LinkCode(Base):
    """A one-time code that links a chat account (Discord, a MUSH) to the user who made it;
    only its SHA-256 is stored."""

    __tablename__ = "link_codes"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    secret_hash: Mapped[str] = mapped_column(String(64), unique=True)
    user_id: Mapped[int] = mapped_column(ForeignKey("users.id", ondelete="CASCADE"))
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=now)
    expires_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))
    used_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True), nullable=True)


class ChatLink(Base):
    """A chat account (``platform``, its id there) that acts as a user."""

    __tablename__ = "chat_links"
    __table_args__ = (UniqueConstraint("platform", "external_id"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    platform: Mapped[str] = mapped_column(String(20))
    external_id: Mapped[str] = mapped_column(String(100))
    user_id: Mapped[int] = mapped_column(ForeignKey("users.id", ondelete="CASCADE"))
    label: Mapped[str] = mapped_column(String(100), default="", server_default="")
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=now)


class ChatChannel(Base):
    """A chat channel bound to a game: rolls typed there are that game's; ``gm_channel``
    (None: the Storytellers' direct messages) gets the copies only the Storyteller sees. A
    MUSH's room hosting a scene is one too (its id the room's)."""

    __tablename__ = "chat_channels"
    __table_args__ = (UniqueConstraint("platform", "channel_id"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    platform: Mapped[str] = mapped_column(String(20))
    channel_id: Mapped[str] = mapped_column(String(100))
    game_id: Mapped[int] = mapped_column(ForeignKey("games.id", ondelete="CASCADE"))
    gm_channel: Mapped[str | None] = mapped_column(String(100), nullable=True)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=now)
    # The scene played here (issue 30; None: none): its poses and rolls go to it, and the
    # bridge relays what its other surfaces write (bridges/relay.py).
    scene_id: Mapped[int | None] = mapped_column(
        ForeignKey("scenes.id", ondelete="SET NULL"), nullable=True
    )


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
