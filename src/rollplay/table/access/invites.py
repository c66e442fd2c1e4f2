"""Invites: a Storyteller's link that makes someone a member of a game (the player of a
character, an observer or a Storyteller). A link is single-use and expires; only the SHA-256
of its secret is stored, so a stolen database holds no usable link.

Whoever holds the link may use it: accepting is authorized by the secret, not by a role. A
signed-in user joins as themselves; anyone else chooses a name and a password, and gets an
account and a session in the same transaction as the membership. The first run's link
(``game`` None, made only by the database's owner) makes its taker Storyteller of every game.
"""

from __future__ import annotations

import secrets
import unicodedata
from datetime import timedelta

from sqlalchemy import select, update
from sqlalchemy.orm import Session

from rollplay.errors import RollplayError
from rollplay.table.access.accounts import check_password, digest, hash_password, new_session
from rollplay.table.access.actors import Actor
from rollplay.table.access.authz import ROLES, Act, Forbidden
from rollplay.table.access.members import name_free, new_user
from rollplay.table.access.shown_once import made
from rollplay.table.base import ServiceBase
from rollplay.table.events import payloads as ev
from rollplay.table.info import Invite as InviteInfo
from rollplay.table.info import Joined, NewInvite
from rollplay.table.play.names import user_name
from rollplay.table.store.db import StorageError
from rollplay.table.store.models import Character, Game, Invite, Membership, User, aware, now

MAX_HOURS = 24 * 30
MAX_LABEL = 100  # characters in an invite's label (the column's length)
_RANK = {"observer": 0, "player": 1, "storyteller": 2}  # an invite never lowers a role
_GONE = ("this invite link is unknown, used, revoked or expired: "
         "ask your Storyteller for a new one")  # fmt: skip


class InviteError(RollplayError):
    """A link that cannot be used (which of unknown, used, revoked or expired is not said)."""


def _state(row: Invite) -> str:
    if row.used_at is not None:
        return "used"
    if row.revoked:
        return "revoked"
    return "expired" if aware(row.expires_at) <= now() else "open"


def new_invite(
    t: ServiceBase,
    game_name: str | None,
    role: str = "player",
    character: str | None = None,
    hours: float = 72,
    *,
    label: str = "",
) -> NewInvite:
    """A link to join ``game_name`` (the game's Storyteller makes it); its secret
    (``token``) is shown only here. No game: the first run's Storyteller link. ``label``
    says who it is for, so that the game's list of invites tells them apart."""
    said = _label(label)
    if role not in ROLES:
        raise RollplayError(f"unknown role {role!r}; accepted: {', '.join(ROLES)}")
    if character is not None and role != "player":
        raise RollplayError(f"an invite for a character makes its player, not the {role}")
    if not 0 < hours <= MAX_HOURS:
        raise RollplayError(f"an invite lasts more than 0 and at most {MAX_HOURS} hours")
    token = "inv_" + secrets.token_urlsafe(32)
    with t.transaction() as s:
        row = Invite(secret_hash=digest(token), role=role, created_by=t.actor.user_id,
                     expires_at=now() + timedelta(hours=hours), label=said)  # fmt: skip
        if game_name is None:
            if not t.actor.owner:
                raise Forbidden("only the database's owner makes a link for every game")
            if role != "storyteller":
                raise RollplayError("the link for every game makes a Storyteller")
            _revoke_setup_links(t, s)
        else:
            game = t.game_row(s, game_name)
            t.require(s, game, Act.MANAGE)
            row.game_id = game.id
            if character is not None:
                row.character_id = t.character_row(s, game.name, character)[1].id
        s.add(row)
        s.flush()
        made("invite")
        return NewInvite(**_invite_dict(s, row).model_dump(), token=token)


def invites(t: ServiceBase, game_name: str) -> list[InviteInfo]:
    """A game's invites, newest first, with their state (never their secrets)."""
    with t.reading() as s:
        game = t.game_row(s, game_name)
        t.require(s, game, Act.MANAGE)
        rows = s.scalars(select(Invite).where(Invite.game_id == game.id)
                         .order_by(Invite.id.desc()))  # fmt: skip
        return [_invite_dict(s, row) for row in rows]


def revoke_invite(t: ServiceBase, invite_id: int, game_name: str | None = None) -> InviteInfo:
    """Close an invite before anyone takes it (its game's Storyteller). ``game_name`` (a
    game's page): only that game's invites are found, and the game's Storyteller is checked
    first; another game's invite is as unknown as a number never given (rulings H15)."""
    with t.transaction() as s:
        named = None if game_name is None else t.game_row(s, game_name)
        if named is not None:
            t.require(s, named, Act.MANAGE)
        row = s.get(Invite, invite_id) if 0 < invite_id < 2**62 else None
        game = None if row is None or row.game_id is None else s.get(Game, row.game_id)
        # Someone outside the invite's game is told what an unknown id tells: its game's
        # name is not theirs to learn (issue 37), nor that the number is in use.
        outside = game is not None and t.standing(s, game).role is None
        elsewhere = named is not None and (game is None or game.id != named.id)
        if row is None or outside or elsewhere or (game is None and not t.actor.owner):
            raise StorageError(f"no invite #{invite_id}")  # a 404, like any unknown number
        if game is not None:
            t.require(s, t.game_row(s, game.name), Act.MANAGE)
        row.revoked = True
        return _invite_dict(s, row)


def invite(t: ServiceBase, token: str) -> InviteInfo:
    """What an open link offers, for the page that accepts it."""
    with t.reading() as s:
        row = s.scalar(select(Invite).where(Invite.secret_hash == digest(token)))
        if row is None or _state(row) != "open":
            raise InviteError(_GONE)
        return _invite_dict(s, row)


def accept_invite(
    t: ServiceBase, token: str, name: str | None = None, password: str | None = None
) -> Joined:
    """Use a link: as this actor if a user, else as a new user ``name`` with ``password``
    (who is also signed in: ``session`` and ``csrf_token``, shown once)."""
    hashed = None
    if t.actor.user_id is None:
        if not name or password is None:
            raise RollplayError("to accept an invite, choose a name and a password")
        name = user_name(name)
        check_password(password)
        _check_open(t, token, name)  # cheap checks first: a bogus link costs no hash
        hashed = hash_password(password)  # slow (and gated): before the lock
    with t.transaction() as s:
        row = s.scalar(select(Invite).where(Invite.secret_hash == digest(token))
                       .with_for_update())  # fmt: skip
        if row is None or _state(row) != "open":
            raise InviteError(_GONE)
        if hashed is not None and name is not None:
            person = new_user(s, name, hashed)
        else:
            person = s.get_one(User, t.actor.user_id)
        # The claim is conditional, so two takers of one link cannot both succeed.
        claimed = s.execute(update(Invite).where(Invite.id == row.id, Invite.used_at.is_(None))
                            .values(used_at=now(), used_by=person.id))  # fmt: skip
        if claimed.rowcount != 1:  # type: ignore[attr-defined]
            raise InviteError(_GONE)
        joined = _join(t.acting(Actor(person.name, person.id)), s, row, person)
        character = None
        if row.character_id is not None:
            character = s.get_one(Character, row.character_id).name
        session = new_session(s, person.id) if hashed is not None else {}
        return Joined(user=person.name, role=row.role, games=tuple(joined),
                      character=character, **session)  # fmt: skip


def _check_open(t: ServiceBase, token: str, name: str) -> None:
    """Refuse an unknown, used, revoked or expired link, or a name taken or like one taken,
    before hashing anything (the transaction checks both again)."""
    with t.reading() as s:
        row = s.scalar(select(Invite).where(Invite.secret_hash == digest(token)))
        if row is None or _state(row) != "open":
            raise InviteError(_GONE)
        name_free(s, name)  # the checks new_user makes, so none of them comes after a hash


def _join(t: ServiceBase, s: Session, row: Invite, person: User) -> list[str]:
    """Make ``person`` a member as ``row`` says, each game's change an event."""
    names = (list(s.scalars(select(Game.name).order_by(Game.id))) if row.game_id is None
             else [s.get_one(Game, row.game_id).name])  # fmt: skip
    for name in names:
        game = t.game_row(s, name)  # takes the game's event order (writers.py)
        member = s.scalar(select(Membership).where(
            Membership.game_id == game.id, Membership.user_id == person.id))  # fmt: skip
        if member is None:
            member = Membership(game_id=game.id, user_id=person.id, role=row.role)
            s.add(member)
        elif _RANK[row.role] > _RANK[member.role]:
            member.role = row.role
        played = []
        if row.character_id is not None:
            character = s.get_one(Character, row.character_id)
            character.player_id = person.id
            played.append(character.name)
        s.flush()
        said = ev.Membership(
            game=game.name, user=person.name, role=member.role, characters=tuple(played)
        )
        t.record(s, game, said)
        if member.role != "observer":  # one who may roll gets their client seed now (V10)
            from rollplay.table.dice.dicing import ensure_client_seed
            from rollplay.table.store.writers import CoreWriter

            ensure_client_seed(t, CoreWriter(s.connection()), game, person.id, person.name)
    return names


def _revoke_setup_links(t: ServiceBase, s: Session) -> None:
    """A new first-run link replaces any earlier one still open (one link at a time)."""
    s.execute(update(Invite).where(Invite.game_id.is_(None), Invite.used_at.is_(None))
              .values(revoked=True))  # fmt: skip


def _label(text: object) -> str:
    """An invite's label: one line of at most MAX_LABEL characters, spaces tidied."""
    if not isinstance(text, str):
        raise RollplayError("an invite's label is text: who the link is for")
    tidy = " ".join(text.split())
    if len(tidy) > MAX_LABEL:
        raise RollplayError(f"an invite's label is at most {MAX_LABEL} characters, not "
                            f"{len(tidy)}")  # fmt: skip
    if any(unicodedata.category(ch) in ("Cc", "Cf") for ch in tidy):
        raise RollplayError("an invite's label holds a control character; type it without one")
    return tidy


def _invite_dict(s: Session, row: Invite) -> InviteInfo:
    game = None if row.game_id is None else s.get_one(Game, row.game_id)
    character = None if row.character_id is None else s.get_one(Character, row.character_id)
    return InviteInfo(id=row.id, game=None if game is None else game.name, role=row.role,
                      character=None if character is None else character.name,
                      expires_at=aware(row.expires_at).isoformat(timespec="seconds"),
                      state=_state(row), label=row.label or "")  # fmt: skip
