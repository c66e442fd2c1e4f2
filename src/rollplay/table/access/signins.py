"""A user's sign-ins, which they may list and end: their sessions (browsers) and API tokens.
A password change ends every other one at once: whoever held a stolen cookie or token is out
as soon as the user (or the owner, for them) sets a new password. The one that made the
change is kept, so a browser changing its own password stays signed in."""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import select, update
from sqlalchemy.orm import Session

from rollplay.errors import RollplayError
from rollplay.table.access.accounts import check_password, digest, hash_password, revoked
from rollplay.table.access.authz import Forbidden
from rollplay.table.access.members import user_row
from rollplay.table.access.passwords import matches
from rollplay.table.base import ServiceBase
from rollplay.table.info import Ended, SessionInfo, TokenInfo
from rollplay.table.store.db import StorageError
from rollplay.table.store.models import ApiToken, LoginSession, User, aware, now


def _user_id(t: ServiceBase) -> int:
    if t.actor.user_id is None:
        raise Forbidden("sessions and tokens belong to users: act as one (--as USER)")
    return t.actor.user_id


def _stamp(moment: datetime) -> str:
    return aware(moment).isoformat(timespec="seconds")


def tokens(t: ServiceBase) -> list[TokenInfo]:
    """The acting user's live API tokens, oldest first (labels, never secrets)."""
    user_id = _user_id(t)
    with t.reading() as s:
        rows = s.scalars(select(ApiToken).where(ApiToken.user_id == user_id,
                                                ApiToken.revoked.is_(False))
                         .order_by(ApiToken.id))  # fmt: skip
        return [TokenInfo(id=r.id, label=r.label, created_at=_stamp(r.created_at)) for r in rows]


def sessions(t: ServiceBase, current: str | None = None) -> list[SessionInfo]:
    """The acting user's live sessions, oldest first; ``current`` (a cookie) marks its own."""
    user_id, mine = _user_id(t), None if current is None else digest(current)
    moment = now()
    with t.reading() as s:
        rows = s.scalars(select(LoginSession).where(LoginSession.user_id == user_id,
                                                    LoginSession.revoked.is_(False))
                         .order_by(LoginSession.id))  # fmt: skip
        return [SessionInfo(id=r.id, created_at=_stamp(r.created_at),
                            expires_at=None if r.expires_at is None else _stamp(r.expires_at),
                            current=r.secret_hash == mine)
                for r in rows if r.expires_at is None or aware(r.expires_at) > moment]  # fmt: skip


def end_session(t: ServiceBase, session_id: int) -> None:
    """End one of the acting user's sessions."""
    user_id = _user_id(t)
    with t.transaction() as s:
        row = s.get(LoginSession, session_id) if 0 < session_id < 2**62 else None
        if row is None or row.user_id != user_id:
            raise StorageError(f"no session #{session_id} of yours")
        row.revoked = True
        revoked(s)


def end_all(s: Session, user_id: int, keep: str | None = None) -> tuple[int, int]:
    """End every session and token of a user but the one whose secret is ``keep``; how many
    of each were ended."""
    kept = "" if keep is None else digest(keep)
    ended = []
    for model in (LoginSession, ApiToken):
        done = s.execute(update(model).where(model.user_id == user_id,
                                             model.revoked.is_(False),
                                             model.secret_hash != kept)
                         .values(revoked=True))  # fmt: skip
        ended.append(int(done.rowcount))  # type: ignore[attr-defined]
    revoked(s)
    return ended[0], ended[1]


def set_password(t: ServiceBase, user: str, password: str, keep: str | None = None) -> Ended:
    """Set a user's password (the owner, or the user themself), ending every session and
    token of theirs but ``keep`` (the secret of the one making the change)."""
    hashed = hash_password(password)
    with t.transaction() as s:
        row = user_row(s, user)
        if not t.actor.owner and t.actor.user_id != row.id:
            raise Forbidden(f"{t.actor.name} may not set {row.name}'s password")
        row.password_hash = hashed
        sessions_ended, tokens_ended = end_all(s, row.id, keep)
        return Ended(user=row.name, sessions=sessions_ended, tokens=tokens_ended)


def change_password(t: ServiceBase, current: str, new: str, keep: str | None = None) -> Ended:
    """The acting user changes their own password, proving they know the current one (a
    stolen session alone cannot lock its owner out)."""
    user_id = _user_id(t)
    check_password(new)
    with t.reading() as s:
        stored = s.get_one(User, user_id).password_hash
    if stored is None or not matches(stored, current[:1024]):
        raise RollplayError("that is not your current password")
    return set_password(t, t.actor.name, new, keep)
