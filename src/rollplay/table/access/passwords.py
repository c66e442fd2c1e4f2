"""Password hashing: argon2id at argon2-cffi's recommended parameters (RFC 9106's
low-memory profile: 64 MiB, three passes), about 100 ms a hash on purpose.

``ROLLPLAY_FAST_PASSWORD_HASHING=1`` swaps in the cheapest argon2id parameters, for test
suites only: a test server signs people in hundreds of times, and at full strength that was a
quarter of the suite's time. A hash records its own parameters, so either setting verifies
the other's hashes; ``rollplay serve`` warns when the cheap one is on, and a sign-in under the
production setting re-hashes any password stored more cheaply."""

from __future__ import annotations

import os
from functools import cache

from argon2 import PasswordHasher, profiles

FAST_ENV = "ROLLPLAY_FAST_PASSWORD_HASHING"
PRODUCTION = PasswordHasher()  # argon2id, RFC 9106 low-memory: t=3, m=64 MiB, p=4
_FAST = PasswordHasher.from_parameters(profiles.CHEAPEST)


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
