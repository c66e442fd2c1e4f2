"""The limits a user can hit at the table, in one place (docs/limits.md lists them all).

They keep every number inside what both databases store (PostgreSQL's INTEGER is 32 bits) and
every text inside what a screen, a chat message or a log line can show.
"""

from __future__ import annotations

import os
from typing import NamedTuple

from rollplay.errors import RollplayError

MAX_NAME = 100  # characters in a game's, a character's or a combat's name
MAX_EXPRESSION = 200  # characters in a roll expression (FS3 roll strings say the same)
MAX_XP_AWARD = 1_000  # XP in one award (whole or half points)
MAX_XP = 100_000  # XP a character may hold
MAX_LUCK_AWARD = 100  # luck points in one award
MAX_LUCK = 1_000  # luck points a character may hold
MAX_REASON = 500  # characters in the reason given for an award or a spend
MAX_LOG_LIMIT = 1_000_000_000  # entries one log query may ask for (0: all)
MAX_POSE = 8_000  # characters in one pose: a long paragraph or a few (issue 30)
MAX_TITLE = 200  # characters in a scene's title
MAX_SUMMARY = 2_000  # characters in a scene's summary
MAX_POSE_WINDOW = 10_080  # minutes a pose may be edited in: at most a week (issue 30)
# Poses (and their edits and deletions) one user may write in a game in any POSE_SPAN
# seconds, from every surface together (rulings S72); ROLLPLAY_POSE_RATE=N/SECONDS or off.
POSE_RATE = 10
POSE_SPAN = 30.0
POSE_ENV = "ROLLPLAY_POSE_RATE"


class Pace(NamedTuple):
    """The pose limit in force: ``poses`` in any ``seconds`` (0: no limit)."""

    poses: int
    seconds: float


def pose_pace() -> Pace:
    """The pose limit ``POSE_ENV`` sets (``N/SECONDS`` with both above 0, or ``off``), or
    the default; read once, when a service starts, so a bad value stops it there in one
    line rather than refusing a player's pose."""
    said = os.environ.get(POSE_ENV, "").strip().casefold()
    if not said:
        return Pace(POSE_RATE, POSE_SPAN)
    if said == "off":
        return Pace(0, 0.0)
    count, _, span = said.partition("/")
    try:
        rate, seconds = int(count), float(span.removesuffix("s"))
    except ValueError:
        rate, seconds = 0, 0.0
    if rate <= 0 or not 0 < seconds < 1e6:
        raise RollplayError(f"{POSE_ENV} is N/SECONDS with both above 0, like "
                            f"{POSE_RATE}/{POSE_SPAN:g}, or off; got {said[:40]!r}")  # fmt: skip
    return Pace(rate, seconds)
