"""Every way a roll at the table can come out, with its chance: the real roller run once
for each sequence of faces it can draw (rolls that draw a varying number of dice, such as
teamwork, included), for holding exact odds to it; and the odds' exact values to hold."""

from __future__ import annotations

import itertools
from collections import Counter
from collections.abc import Callable, Iterable, Iterator
from fractions import Fraction
from math import prod
from typing import Any


class _Path:
    """Dice that hand out ``prefix``, then 1s, noting each die's sides: one path through a
    roll's draws. The next path is found from this one like an odometer's next reading."""

    name = "path"

    def __init__(self, prefix: list[int]) -> None:
        self.faces = list(prefix)
        self.sides: list[int] = []

    def roll(self, sides: int, count: int) -> tuple[int, ...]:
        out = []
        for _ in range(count):
            if len(self.sides) == len(self.faces):
                self.faces.append(1)
            out.append(self.faces[len(self.sides)])
            self.sides.append(sides)
        return tuple(out)


def every_roll(run: Callable[[Any], Any]) -> Iterator[tuple[Any, Fraction]]:
    """``run(dice)``'s result for every sequence of faces it can draw, with that sequence's
    chance (the chances add up to 1). Only for rolls that always end: no exploding dice."""
    prefix: list[int] = []
    while True:
        dice = _Path(prefix)
        result = run(dice)
        faces, sides = dice.faces[: len(dice.sides)], dice.sides
        yield result, Fraction(1, prod(sides))
        last = max((i for i, (f, s) in enumerate(zip(faces, sides, strict=True)) if f < s),
                   default=-1)  # fmt: skip
        if last < 0:
            return
        prefix = [*faces[:last], faces[last] + 1]


def exploding(tosses: int, explode_on: int = 6) -> list[tuple[int, ...]]:
    """Every toss sequence of one exploding d6 that ends within ``tosses`` tosses (the odds
    cut at the same depth leave out exactly the rest)."""
    return [(6,) * k + (last,) for k in range(tosses) for last in range(1, explode_on)]


def d6_faces(groups: list[int | str], tosses: int) -> Iterator[tuple[list[int], Fraction]]:
    """The faces of every D6 roll whose exploding dice all stop within ``tosses`` tosses,
    with its chance: ``groups`` in draw order, a number for that many regular dice, "x" for
    an exploding die (rollplay.systems.d6.rolls: regular dice, Wild Die, CP dice)."""
    choices: list[list[tuple[int, ...]]] = []
    for group in groups:
        if group == "x":
            choices.append(exploding(tosses))
        else:
            choices.append(list(itertools.product(range(1, 7), repeat=int(group))))
    for picked in itertools.product(*choices):
        faces = [f for part in picked for f in part]
        yield faces, Fraction(1, 6 ** len(faces))


def exact(odds: dict[str, Any], *path: str) -> Any:
    """A value of ``odds["exact"]`` as a Fraction (or a dict of them)."""
    value = odds["exact"]
    for key in path:
        value = value[key]
    if isinstance(value, dict):
        return {k: Fraction(v) for k, v in value.items()}
    return Fraction(value)


def tally(outcomes: Iterable[tuple[Any, Fraction]]) -> dict[Any, Fraction]:
    seen: Counter[Any] = Counter()
    for key, chance in outcomes:
        seen[key] += chance  # type: ignore[assignment]
    return dict(seen)
