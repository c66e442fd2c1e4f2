"""Luck for playing scenes with others, as an AresMUSH config's ``luck_for_scene`` gives it
(issue 38; rulings A17): at the end of each scene, each character who took part earns, for
every other character in it, luck by how many scenes the two have shared before: twice the
first row's luck the first time (three times with a character under 30 days old), then the
row for the most scenes they have passed. Luck earned is summed over a character's scenes,
and a whole point is awarded as the sum passes it."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime, timedelta

from rollplay.systems.fs3.house import SceneLuck

NEWCOMER = timedelta(days=30)  # AresMUSH's "Newbie Bonus"
REGULAR = 0.1  # AresMUSH's luck for a scene where the config gives no row for 0 scenes


@dataclass(frozen=True)
class Meeting:
    """A finished scene: when it finished and who took part, with when each was made."""

    finished: datetime
    people: tuple[tuple[int, datetime], ...]  # (character id, created at)


def earned(rows: Sequence[SceneLuck], scenes: Sequence[Meeting]) -> dict[int, float]:
    """Luck each character earned over ``scenes`` (in the order they finished)."""
    regular = next((row.luck for row in rows if row.after == 0), REGULAR)
    steps = sorted(rows, key=lambda row: row.after)
    shared: Counter[tuple[int, int]] = Counter()
    total: dict[int, float] = {}
    for scene in scenes:
        made = dict(scene.people)
        for who in made:
            luck = 0.0
            for other, created in made.items():
                if other == who:
                    continue
                before = shared[(who, other)]
                if before == 0:  # the first scene with them
                    luck += regular * (3 if scene.finished - created < NEWCOMER else 2)
                else:
                    luck += next((r.luck for r in reversed(steps) if before > r.after), regular)
            total[who] = total.get(who, 0.0) + luck
        for who in made:
            for other in made:
                if other != who:
                    shared[(who, other)] += 1
    return total
