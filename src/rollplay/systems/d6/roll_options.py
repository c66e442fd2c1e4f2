"""Everything a player or GM can say about one D6 roll, as plain values (``RollOptions``):
what the command line, the Python facade and a table fill in, and what ``options.py`` turns
into a check and ``modifiers.py`` into its bonuses and difficulty modifiers."""

from __future__ import annotations

from dataclasses import dataclass

from rollplay.systems.d6.code import Bonus


@dataclass(frozen=True)
class RollOptions:
    """Everything that can be said about one roll (docs/d6.md), as plain values.

    ``cp``: Character Points spent before the roll; ``fate``: spend a Fate Point;
    ``unskilled``: True for the ruleset's modifier, or a number; ``attribute``: the attribute
    an untrained skill falls under, when neither sheet nor ruleset says; ``prepare``:
    doublings of time; ``rush``: percent less time; ``related``: related rolls as (total,
    difficulty), or their modifiers; ``carry``: result points of an earlier roll;
    ``damage_from``: an attack's result points, on its damage roll; ``second_chance``: the
    raise of a second try's difficulty; ``actions``: actions this round; ``attack``: the
    roll is an attack (its damage bonus is shown).
    """

    difficulty: str | int | None = None
    bonuses: tuple[str | Bonus, ...] = ()
    cp: int = 0
    fate: bool = False
    gm_allows_both: bool = False
    wild_one: str | None = None
    unskilled: bool | int = False
    attribute: str | None = None
    prepare: int = 0
    rush: int | str = 0
    related: tuple[int | tuple[int, int], ...] = ()
    carry: int | None = None
    damage_from: int | None = None
    second_chance: int = 0
    actions: int = 1
    attack: bool = False
    name: str | None = None
