"""Accounts: passwords (argon2id), sessions for browsers and tokens for scripts and bots.

Only hashes are stored: a password's argon2id hash, and the SHA-256 of each session's and
token's secret (which are random, so a fast hash is enough). Signing in says the same thing
for an unknown name as for a wrong password, and takes as long (no user enumeration)."""

from __future__ import annotations

import base64
import hashlib
import hmac
import secrets
from collections.abc import Collection
from datetime import datetime, timedelta

from sqlalchemy import select, update
from sqlalchemy.orm import Session

from rollplay.errors import RollplayError
from rollplay.table.access.actors import Actor
from rollplay.table.access.authz import Forbidden
from rollplay.table.access.members import user_row
from rollplay.table.access.passwords import make_hash, matches, needs_rehash
from rollplay.table.access.shown_once import made
from rollplay.table.base import ServiceBase
from rollplay.table.info import NewToken, SignedIn
from rollplay.table.play.names import user_by_name
from rollplay.table.store.db import StorageError
from rollplay.table.store.models import ApiToken, LoginSession, Revocations, User, aware, now

SESSION_DAYS = 30
MIN_PASSWORD, MAX_PASSWORD = 8, 1024


class SignInError(RollplayError):
    """A wrong name or password (which of the two is not said)."""


def digest(secret: str) -> str:
    return hashlib.sha256(secret.encode()).hexdigest()


def check_password(password: str) -> None:
    if not MIN_PASSWORD <= len(password) <= MAX_PASSWORD:
        raise RollplayError(
            f"a password is {MIN_PASSWORD} to {MAX_PASSWORD} characters, not {len(password)}"
        )


def hash_password(password: str) -> str:
    check_password(password)
    return make_hash(password)


def csrf_for(session: str) -> str:
    """A session's CSRF token, derived from its secret: the server can put it in the pages it
    draws for that session, and no one without the cookie can make it."""
    mac = hmac.new(session.encode(), b"rollplay csrf", hashlib.sha256).digest()
    return base64.urlsafe_b64encode(mac).decode().rstrip("=")


def new_session(s: Session, user_id: int) -> dict[str, str]:
    """A new session for a user: its secret (the cookie) and its CSRF token, shown once."""
    secret = secrets.token_urlsafe(32)
    csrf = csrf_for(secret)
    made("session")
    s.add(LoginSession(secret_hash=digest(secret), user_id=user_id, csrf_hash=digest(csrf),
                       expires_at=now() + timedelta(days=SESSION_DAYS)))  # fmt: skip
    return {"session": secret, "csrf_token": csrf}


def has_password(t: ServiceBase, user: str) -> bool:
    with t.reading() as s:
        return user_row(s, user).password_hash is not None


def sign_in(t: ServiceBase, name: str, password: str) -> SignedIn:
    """A new session for a right name and password: its secret (the cookie) and its CSRF
    token, each shown once."""
    with t.reading() as s:
        row = s.scalar(user_by_name(name))  # any case, NFKC or as stored (issue 29)
        stored = row.password_hash if row is not None else None
    ok = matches(stored, password[:MAX_PASSWORD])
    if not ok or row is None or stored is None:
        raise SignInError("wrong name or password")
    rehashed = hash_password(password) if needs_rehash(stored) else None
    with t.transaction() as s:
        if rehashed is not None:  # only if no one changed it meanwhile
            s.execute(update(User).where(User.id == row.id, User.password_hash == stored)
                      .values(password_hash=rehashed))  # fmt: skip
        return SignedIn(user=row.name, **new_session(s, row.id))


def session_actor(t: ServiceBase, secret: str) -> tuple[Actor, str] | None:
    """The actor a session cookie signs in, with its CSRF token's hash; None if unknown,
    revoked or expired."""
    with t.reading() as s:
        found = s.execute(
            select(LoginSession, User).join(User, User.id == LoginSession.user_id)
            .where(LoginSession.secret_hash == digest(secret))
        ).first()  # fmt: skip
    if found is None:
        return None
    session, user = found
    expires = session.expires_at
    if session.revoked or (expires is not None and aware(expires) < now()):
        return None
    return Actor(user.name, user.id), session.csrf_hash


def sign_out(t: ServiceBase, secret: str, everywhere: bool = False) -> None:
    """End a session (``everywhere``: every session and every API token of its user)."""
    with t.transaction() as s:
        session = s.scalar(select(LoginSession).where(LoginSession.secret_hash == digest(secret)))
        if session is None:
            return
        revoke = update(LoginSession).values(revoked=True)
        if everywhere:
            s.execute(revoke.where(LoginSession.user_id == session.user_id))
            s.execute(update(ApiToken).where(ApiToken.user_id == session.user_id)
                      .values(revoked=True))  # fmt: skip
        else:
            s.execute(revoke.where(LoginSession.id == session.id))
        revoked(s)


def new_token(t: ServiceBase, label: str) -> NewToken:
    """An API token for this actor (a user), shown once."""
    if t.actor.user_id is None:
        raise Forbidden("API tokens belong to users: act as one (--as USER)")
    secret = "rp_" + secrets.token_urlsafe(32)
    with t.transaction() as s:
        token = ApiToken(secret_hash=digest(secret), user_id=t.actor.user_id,
                         label=label.strip()[:100] or "token")  # fmt: skip
        s.add(token)
        s.flush()
        made("token")
        return NewToken(id=token.id, label=token.label, token=secret)


def revoke_token(t: ServiceBase, token_id: int) -> None:
    with t.transaction() as s:
        token = s.get(ApiToken, token_id) if 0 < token_id < 2**62 else None
        if token is None or token.user_id != t.actor.user_id:
            raise StorageError(f"no token #{token_id} of yours")
        token.revoked = True
        revoked(s)


def live_credentials(t: ServiceBase, digests: Collection[str]) -> dict[str, datetime | None]:
    """Which of these sessions' and tokens' secret hashes still sign someone in (not revoked,
    not expired), each with when it expires (None: a token, which does not): a live stream
    opened with one of the others is closed (server/hub.py)."""
    wanted = sorted(set(digests))
    if not wanted:
        return {}
    moment = now()
    live: dict[str, datetime | None] = {}
    with t.reading() as s:
        for start in range(0, len(wanted), 500):
            part = wanted[start : start + 500]
            for secret_hash, expires in s.execute(
                select(LoginSession.secret_hash, LoginSession.expires_at)
                .where(LoginSession.secret_hash.in_(part), LoginSession.revoked.is_(False))
            ):  # fmt: skip
                if expires is None or aware(expires) > moment:
                    live[secret_hash] = None if expires is None else aware(expires)
            live.update(dict.fromkeys(s.scalars(select(ApiToken.secret_hash).where(
                ApiToken.secret_hash.in_(part), ApiToken.revoked.is_(False)))))  # fmt: skip
    return live


def revoked(s: Session) -> None:
    """Count a revocation, in the transaction that makes it (store/accounts.Revocations)."""
    s.execute(update(Revocations).values(number=Revocations.number + 1))


def revocation_mark(t: ServiceBase) -> int:
    """How many revocations have been made: a live hub that saw this number before has no
    feed to close but for an expiry (server/hub.py)."""
    with t.reading() as s:
        return int(s.scalar(select(Revocations.number)) or 0)


def token_actor(t: ServiceBase, secret: str) -> Actor | None:
    with t.reading() as s:
        found = s.execute(
            select(ApiToken, User).join(User, User.id == ApiToken.user_id)
            .where(ApiToken.secret_hash == digest(secret), ApiToken.revoked.is_(False))
        ).first()  # fmt: skip
    return None if found is None else Actor(found[1].name, found[1].id)
