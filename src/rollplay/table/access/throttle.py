"""The throttle on guesses: sign-ins and invite links, counted in the database so that every
worker and every parallel request counts against the same attempts.

Each attempt is *claimed* before its password is hashed: a row per key holds how many
attempts it saw and the earliest time the next one is heard. The first ``free`` attempts
pass at once; each one after that waits twice as long as the one before (up to ``most``
seconds); ``lapse`` seconds without an attempt start the count again. A claim is a
conditional update of the count it read, so parallel requests each take their own number
and at most ``free`` of them get through a burst, however many workers there are.

Keys are SHA-256 digests: the table holds no address or name in clear."""

from __future__ import annotations

import hashlib
import math
from dataclasses import dataclass
from datetime import datetime, timedelta

from sqlalchemy import delete, update
from sqlalchemy.exc import IntegrityError

from rollplay.errors import RollplayError
from rollplay.table.base import ServiceBase
from rollplay.table.play.names import name_key
from rollplay.table.store.models import Throttle, aware, now


class TryLater(RollplayError):
    """Refused for now (a 429 or a 503): ask again after ``retry_after`` seconds."""

    status = 429

    def __init__(self, message: str, retry_after: int) -> None:
        super().__init__(message)
        self.retry_after = max(1, retry_after)


@dataclass(frozen=True)
class Policy:
    free: int  # attempts heard in a burst before any wait
    first: float  # the first wait (seconds), doubled with each later attempt
    most: float  # the longest wait
    lapse: float  # seconds without an attempt after which the count starts again
    what: str  # the refusal's words


# An address and a name together: a stranger's guesses slow only their own address, so no
# one can lock a user out from elsewhere (docs/deploy.md, the limits).
# A lapse longer than the longest wait: one who keeps guessing at the slowest pace never
# earns a fresh burst.
SIGN_IN = Policy(5, 1.0, 900.0, 3600.0, "too many failed sign-ins for this name from here")
ADDRESS = Policy(50, 1.0, 300.0, 1800.0, "too many sign-ins from this address")
INVITE_ADDRESS = Policy(20, 1.0, 300.0, 1800.0, "too many invite attempts from this address")
INVITE_LINK = Policy(10, 1.0, 300.0, 1800.0, "too many attempts at this invite link")
# Past every policy's lapse (always longer than its longest wait), a row counts nothing.
FORGET = timedelta(seconds=max(p.lapse for p in (SIGN_IN, ADDRESS, INVITE_ADDRESS, INVITE_LINK)))


def key(kind: str, *parts: str) -> str:
    joined = "\0".join(parts).encode()
    return f"{kind}:{hashlib.sha256(joined).hexdigest()}"


def sign_in_keys(address: str, name: str) -> list[tuple[str, Policy]]:
    # The name as sign-in finds its user (NFKC, any case: play/names.py), so `Pia`, its full-width
    # and its mathematical-bold forms are one account's guesses, not three bursts.
    return [(key("sign-in", address, name_key(name)), SIGN_IN),
            (key("address", address), ADDRESS)]  # fmt: skip


def invite_keys(address: str, token: str) -> list[tuple[str, Policy]]:
    return [(key("invite", token), INVITE_LINK),
            (key("invite-address", address), INVITE_ADDRESS)]  # fmt: skip


def claim(t: ServiceBase, keys: list[tuple[str, Policy]]) -> None:
    """Count one attempt under every key, or raise TryLater if any must wait (checked
    first, from a read: a refusal writes nothing and takes no write lock)."""
    with t.reading() as s:
        moment = now()
        for k, policy in keys:
            _refuse_if_waiting(s.get(Throttle, k), policy, moment)
    for k, policy in keys:
        _claim(t, k, policy)


def passed(t: ServiceBase, keys: list[tuple[str, Policy]]) -> None:
    """The attempt succeeded: its first key starts again (the user got in), and the
    others give back the attempt (a busy shared address is not slowed by right passwords)."""
    first, *rest = [k for k, _ in keys]
    with t.transaction() as s:
        s.execute(delete(Throttle).where(Throttle.key == first))
        s.execute(update(Throttle).where(Throttle.key.in_(rest), Throttle.attempts > 0)
                  .values(attempts=Throttle.attempts - 1))  # fmt: skip


def _wait(policy: Policy, attempts: int) -> float:
    """The wait after the ``attempts``-th attempt."""
    if attempts < policy.free:
        return 0.0
    return min(policy.first * 2.0 ** min(attempts - policy.free, 60), policy.most)


def _refuse_if_waiting(row: Throttle | None, policy: Policy, moment: datetime) -> None:
    if row is not None and (ready := aware(row.next_at)) > moment:
        wait = math.ceil((ready - moment).total_seconds())
        raise TryLater(f"{policy.what}: try again in {wait} s", wait)


def _claim(t: ServiceBase, k: str, policy: Policy) -> None:
    for _ in range(8):  # lost races read again; a claim wins or is refused
        moment = now()
        try:
            with t.transaction() as s:
                row = s.get(Throttle, k)
                if row is None:
                    # Rows quiet past the longest lapse count nothing any more: a flood of
                    # new keys leaves at most an hour of them.
                    s.execute(delete(Throttle).where(Throttle.last_at < moment - FORGET))
                    ready_at = moment + timedelta(seconds=_wait(policy, 1))
                    s.add(Throttle(key=k, attempts=1, last_at=moment, next_at=ready_at))
                    s.flush()
                    return
                _refuse_if_waiting(row, policy, moment)
                lapsed = aware(row.last_at) <= moment - timedelta(seconds=policy.lapse)
                count = 1 if lapsed else row.attempts + 1
                won = s.execute(
                    update(Throttle).where(Throttle.key == k, Throttle.attempts == row.attempts)
                    .values(attempts=count, last_at=moment,
                            next_at=moment + timedelta(seconds=_wait(policy, count)))
                )  # fmt: skip
                if won.rowcount == 1:  # type: ignore[attr-defined]
                    return
        except IntegrityError:  # another request made the row first
            continue
    raise TryLater(f"{policy.what}: too many at once", 1)
