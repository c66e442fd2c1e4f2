"""How many: a count as 004's tables write it, a number (1), dice (4d4) or halved dice (1d4/2),
for shrapnel pieces (004 Explosions) and a passenger's hits (004 Crew Hits). Read here, so
that the combat data (gear.py) can check its tables and the rules (explosion.py) roll them."""

from __future__ import annotations

import re

from rollplay.errors import RulesetError

_PIECES = re.compile(r"\s*(\d{1,3})\s*d\s*(\d{1,3})\s*(?:/\s*(\d{1,3}))?\s*")


def parse_pieces(spec: str) -> tuple[int, int, int]:
    """'4d4' -> (4, 4, 1), '1d4/2' -> (1, 4, 2), '3' -> (3, 1, 1); '' -> (0, 1, 1)."""
    text = spec.strip()
    if not text:
        return 0, 1, 1
    if text.isdecimal() and len(text) <= 3:
        return int(text), 1, 1
    match = _PIECES.fullmatch(spec) if len(spec) <= 40 else None
    if match is None or int(match[2]) < 1 or int(match[3] or 1) < 1:
        raise RulesetError(
            f"bad count {spec[:40]!r}: write a number (1), dice (4d4) or halved dice "
            f"(1d4/2), up to 999 each"
        )
    return int(match[1]), int(match[2]), int(match[3] or 1)
