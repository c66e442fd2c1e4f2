"""A per-user token bucket for the bot's commands: each Discord user may make ``rate``
commands in any ``per`` seconds, and a burst of up to ``rate`` at once; past that they are
told to slow down, and the table does no work for them (docs/discord.md)."""

from __future__ import annotations

import re
import time
from collections.abc import Callable
from dataclasses import dataclass

from rollplay.errors import RollplayError

DEFAULT = "10/10"  # ten commands in any ten seconds
_SPEC = re.compile(r"(\d{1,6})/(\d{1,6}(?:\.\d{1,3})?)s?")
_KEEP = 10_000  # users remembered before the idle ones (a full bucket) are forgotten


@dataclass(frozen=True)
class Rate:
    """``rate`` commands per ``per`` seconds; 0 commands: no limit (only ever from ``off``)."""

    rate: int
    per: float

    @classmethod
    def parse(cls, spec: str) -> Rate:
        """``N/SECONDS`` (``10/10``, ``5/2.5s``), N and SECONDS above 0; ``off`` turns the
        limit off (``0/10`` is refused: a typo must not silently lift it)."""
        text = spec.strip().casefold()
        if text == "off":
            return cls(0, 1.0)
        match = _SPEC.fullmatch(text)
        if match is None or int(match[1]) <= 0 or float(match[2]) <= 0:
            raise RollplayError(f"a rate limit is N/SECONDS with both above 0, like {DEFAULT}, "
                                f"or off; got {spec!r}")  # fmt: skip
        return cls(int(match[1]), float(match[2]))

    def __str__(self) -> str:
        return "off" if self.rate == 0 else f"{self.rate} commands per {self.per:g} s"


class Limiter:
    """Token buckets by user id: each holds up to ``rate`` tokens, refilled at ``rate/per``
    a second; a command takes one. ``clock`` is for the tests."""

    def __init__(self, rate: Rate, clock: Callable[[], float] = time.monotonic) -> None:
        self.rate = rate
        self.clock = clock
        self.buckets: dict[str, tuple[float, float]] = {}  # user: (tokens, when)

    def allow(self, user: str) -> bool:
        if self.rate.rate == 0:
            return True
        now = self.clock()
        tokens = self._tokens(user, now)
        if tokens < 1:
            self.buckets[user] = (tokens, now)
            return False
        self.buckets[user] = (tokens - 1, now)
        if len(self.buckets) > _KEEP:
            self._forget(now)
        return True

    def wait(self, user: str) -> float:
        """Seconds until ``user`` may make a command again."""
        if self.rate.rate == 0:
            return 0.0
        tokens = self._tokens(user, self.clock())
        return max(0.0, (1 - tokens) * self.rate.per / self.rate.rate)

    def _tokens(self, user: str, now: float) -> float:
        full = float(self.rate.rate)
        tokens, then = self.buckets.get(user, (full, now))
        return min(full, tokens + (now - then) * full / self.rate.per)

    def _forget(self, now: float) -> None:
        """Drop the buckets that have filled again (their users are idle): memory stays
        bounded by how many users are busy at once."""
        idle = [u for u in self.buckets if self._tokens(u, now) >= self.rate.rate]
        for user in idle:
            del self.buckets[user]
