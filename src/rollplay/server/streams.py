"""How many live feeds each user and each client address may hold open at once, in one
worker (docs/deploy.md, Limits): without a cap one player's 2,000 streams slowed every
viewer's. One more than the cap is a 429; a feed that closes frees its slot."""

from __future__ import annotations

import os
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass

from fastapi import HTTPException

from rollplay.errors import RollplayError


@dataclass(frozen=True)
class Caps:
    """Live feeds open at once, in one worker: per user (a tab each; a script's few) and per
    client address (several people behind one home router or proxy)."""

    per_user: int = 20
    per_address: int = 60


class Slots:
    """The feeds each user and each address hold open in this worker."""

    def __init__(self, caps: Caps) -> None:
        self.caps = caps
        self.held: Counter[tuple[str, str]] = Counter()

    def take(self, user: str, address: str) -> Callable[[], None]:
        """A slot for ``user`` at ``address`` (a 429 when either is at its cap), and the
        call that frees it (once, however often it is called)."""
        keys = (("user", user), ("address", address))
        for key, cap in zip(keys, (self.caps.per_user, self.caps.per_address), strict=True):
            if self.held[key] >= cap:
                whose = "you have" if key[0] == "user" else "your address has"
                raise HTTPException(429, f"{whose} {cap} live streams open, the most allowed "
                                         "at once: close one (another tab?) first")  # fmt: skip
        self.held.update(keys)
        freed = False

        def free() -> None:
            nonlocal freed
            if not freed:
                freed = True
                self.held.subtract(keys)
                for key in keys:
                    if self.held[key] <= 0:
                        del self.held[key]

        return free


def caps_from_env() -> Caps:
    """ROLLPLAY_STREAMS_PER_USER and ROLLPLAY_STREAMS_PER_ADDRESS, or the defaults."""
    found = {}
    for field, name in (("per_user", "ROLLPLAY_STREAMS_PER_USER"),
                        ("per_address", "ROLLPLAY_STREAMS_PER_ADDRESS")):  # fmt: skip
        value = os.environ.get(name, "").strip()
        if value:
            if not value.isdecimal() or int(value) < 1:
                raise RollplayError(f"{name}={value[:20]!r}: give a whole number, 1 or more")
            found[field] = int(value)
    return Caps(**found)
