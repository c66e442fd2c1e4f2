"""Users and their roles in games (table/authz.py says what each role may do). Passwords and
sessions are the server's; here a user is a name the table knows."""

from __future__ import annotations

from typing import Any

from sqlalchemy import select
from sqlalchemy.orm import Session

from rollplay.errors import RollplayError, suggest
from rollplay.table.access.authz import ROLES, Act, Forbidden
from rollplay.table.base import ServiceBase
from rollplay.table.events import payloads as ev
from rollplay.table.info import Member
from rollplay.table.info import User as UserInfo
from rollplay.table.play.lookalikes import lookalike
from rollplay.table.play.names import name_key, user_by_name, user_name
from rollplay.table.store.db import StorageError
from rollplay.table.store.models import Character, Membership, User


def name_free(s: Session, name: str) -> None:
    """Refuse ``name`` (already checked by names.user_name) if a user has it or a name like
    it (lookalikes.py): users' names are one list for every game."""
    if s.scalar(user_by_name(name)) is not None:
        raise StorageError(f"there is already a user called {name!r}")
    other = lookalike(name, s.scalars(select(User.name)))
    if other is not None:
        raise StorageError(f"{name!r} looks like the user {other!r}: choose a name that "
                           f"cannot be taken for theirs")  # fmt: skip


def new_user(s: Session, name: str, password_hash: str | None = None) -> User:
    """A new user called ``name`` (already checked by names.user_name), unless taken or
    like a name taken (name_free)."""
    name_free(s, name)
    row = User(name=name, name_key=name_key(name), password_hash=password_hash)
    s.add(row)
    s.flush()
    return row


def user_row(s: Session, name: str) -> User:
    """A user by name (any case), or an error naming the nearest."""
    row = s.scalar(user_by_name(name))
    if row is None:
        known = list(s.scalars(select(User.name).order_by(User.name)))
        raise StorageError(f"no user called {name!r}{suggest(name, known)}; "
                           f"add one with `rollplay user add NAME`")  # fmt: skip
    return row


def add_user(t: ServiceBase, name: str) -> UserInfo:
    """A new user (the database's owner adds them; the server adds sign-up later)."""
    if not t.actor.owner:
        raise Forbidden(f"{t.actor.name} may not add users: the database's owner does")
    with t.transaction() as s:
        row = new_user(s, user_name(name))
        return UserInfo(name=row.name, id=row.id)


def is_user(t: ServiceBase, name: str) -> bool:
    with t.reading() as s:
        return s.scalar(user_by_name(name)) is not None


def users(t: ServiceBase) -> list[UserInfo]:
    with t.reading() as s:
        return [UserInfo(name=u.name, id=u.id)
                for u in s.scalars(select(User).order_by(User.name_key))]  # fmt: skip


def add_member(
    t: ServiceBase, game_name: str, user: str, role: str, characters: tuple[str, ...] = ()
) -> Member:
    """Give ``user`` a role in a game (or change it), and make them the player of
    ``characters``. The game's Storyteller (or the owner) does this."""
    if role not in ROLES:
        raise RollplayError(f"unknown role {role!r}; accepted: {', '.join(ROLES)}")
    if characters and role != "player":
        raise RollplayError(f"--character makes a player; {user} would be the {role}")
    with t.transaction() as s:
        game, person, member = _membership(t, s, game_name, user)
        if member is None:
            member = Membership(game_id=game.id, user_id=person.id, role=role)
            s.add(member)
        member.role = role
        played = []
        for name in characters:
            _, row = t.character_row(s, game.name, name, lock=True)
            row.player_id = person.id
            played.append(row.name)
        s.flush()
        t.record(s, game, ev.Membership(game=game.name, user=person.name, role=role,
                                        characters=tuple(played)))  # fmt: skip
        from rollplay.table.dice.dicing import ensure_client_seed
        from rollplay.table.store.writers import CoreWriter

        if role != "observer":  # one who may roll gets their client seed now (rulings V10)
            ensure_client_seed(t, CoreWriter(s.connection()), game, person.id, person.name)
        return Member(game=game.name, user=person.name, role=role, characters=tuple(played))


def _membership(t: ServiceBase, s: Session, game_name: str, user: str) -> tuple[Any, User, Any]:
    """The game (which the actor must manage), the user, and their membership if any."""
    game = t.game_row(s, game_name)
    t.require(s, game, Act.MANAGE)
    person = user_row(s, user)
    member = s.scalar(select(Membership).where(
        Membership.game_id == game.id, Membership.user_id == person.id))  # fmt: skip
    return game, person, member


def members(t: ServiceBase, game_name: str) -> list[Member]:
    with t.reading() as s:
        game = t.game_row(s, game_name)
        t.require(s, game, Act.READ)
        rows = s.execute(select(User, Membership.role).join(Membership)
                         .where(Membership.game_id == game.id)
                         .order_by(User.name_key))  # fmt: skip
        out = []
        for person, role in rows:
            played = s.scalars(select(Character.name).where(
                Character.game_id == game.id, Character.player_id == person.id
            ).order_by(Character.name))  # fmt: skip
            out.append(Member(game=game.name, user=person.name, role=role,
                              characters=tuple(played)))  # fmt: skip
        return out


def remove_member(t: ServiceBase, game_name: str, user: str) -> Member:
    """Take a user out of a game; the characters they played become the Storyteller's."""
    with t.transaction() as s:
        game, person, member = _membership(t, s, game_name, user)
        if member is None:
            raise StorageError(f"{person.name} is not in {game.name}")
        s.delete(member)
        for row in s.scalars(select(Character).where(
                Character.game_id == game.id, Character.player_id == person.id)):  # fmt: skip
            row.player_id = None
        t.record(s, game, ev.Membership(game=game.name, user=person.name, role=None))
        return Member(game=game.name, user=person.name, role=None)
