"""Password hashing: argon2id at argon2-cffi's recommended parameters (RFC 9106's
low-memory profile: 64 MiB, three passes), about 100 ms a hash on purpose.

``ROLLPLAY_FAST_PASSWORD_HASHING=1`` swaps in the cheapest argon2id parameters, for test
suites only: a test server signs people in hundreds of times, and at full strength that was a
quarter of the suite's time. A hash records its own parameters, so either setting verifies
the other's hashes; ``rollplay serve`` warns when the cheap one is on, and a sign-in under the
production setting re-hashes any password stored more cheaply.

Every hash and every check goes through one gate: ``ROLLPLAY_HASH_WORKERS`` (1) at a time
(each takes 64 MiB, and its four lanes the machine's cores), and at most
``ROLLPLAY_HASH_QUEUE`` (8) more waiting their turn. A request that finds the queue full is
refused at once (503, ``Retry-After``) instead of waiting with the rest: a flood of
sign-ins costs a bounded memory and leaves the table's other requests their threads."""

from __future__ import annotations

import os
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from functools import cache

from argon2 import PasswordHasher, profiles
from argon2.exceptions import InvalidHashError, VerificationError

from rollplay.table.access.throttle import TryLater

FAST_ENV = "ROLLPLAY_FAST_PASSWORD_HASHING"
PRODUCTION = PasswordHasher()  # argon2id, RFC 9106 low-memory: t=3, m=64 MiB, p=4
_FAST = PasswordHasher.from_parameters(profiles.CHEAPEST)


class Busy(TryLater):
    """Too many passwords are being hashed: ask again in a moment."""

    status = 503


class Gate:
    """``workers`` hashes at a time, ``queue`` more waiting; past that, Busy at once."""

    def __init__(self, workers: int, queue: int) -> None:
        self.slots = threading.BoundedSemaphore(workers)
        self.limit = workers + queue
        self.inside = 0
        self.lock = threading.Lock()

    @contextmanager
    def __call__(self) -> Iterator[None]:
        with self.lock:
            if self.inside >= self.limit:
                raise Busy("the server is busy checking passwords: try again in a moment", 1)
            self.inside += 1
        try:
            with self.slots:
                yield
        finally:
            with self.lock:
                self.inside -= 1


GATE = Gate(int(os.environ.get("ROLLPLAY_HASH_WORKERS", "1")),
            int(os.environ.get("ROLLPLAY_HASH_QUEUE", "8")))  # fmt: skip


def make_hash(password: str) -> str:
    """A new hash of ``password`` (through the gate)."""
    with GATE():
        return hasher().hash(password)


def matches(stored: str | None, password: str) -> bool:
    """Whether ``password`` is the one ``stored`` hashes (through the gate). No stored hash
    is checked against a dummy one, so that it takes as long."""
    with GATE():
        try:
            return hasher().verify(stored or dummy(), password) and stored is not None
        except (VerificationError, InvalidHashError):
            return False


def fast() -> bool:
    """Whether the test-only cheap hashing is on."""
    return os.environ.get(FAST_ENV, "") == "1"


def hasher() -> PasswordHasher:
    """The hasher new passwords are hashed with."""
    return _FAST if fast() else PRODUCTION


@cache
def _dummy(fast_hashing: bool) -> str:
    return (_FAST if fast_hashing else PRODUCTION).hash("a password nobody has")


def dummy() -> str:
    """A hash verified against for unknown names, so that they take as long as known ones;
    made on first use (importing this module costs no hash)."""
    return _dummy(fast())


def needs_rehash(stored: str) -> bool:
    """Whether a stored hash is weaker than the hasher in force (never, in the test mode)."""
    return not fast() and PRODUCTION.check_needs_rehash(stored)
