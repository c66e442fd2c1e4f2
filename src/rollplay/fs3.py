"""FS3 for Python programs: ``from rollplay import fs3``.

    >>> from rollplay import fs3
    >>> from rollplay.dice import ScriptedDice
    >>> r = fs3.roll(5, attribute=2, edition="3.2", dice=ScriptedDice([5, 4, 1, 1, 2]))
    >>> r.successes, r.level, r.embarrassing
    (0, 'Embarrassing Failure', True)
    >>> float(fs3.odds(5, edition="3.3").success)
    0.89410400390625

Every function takes ``edition`` ("3.3", the default, or "3.2") or a ``ruleset`` (a house-
ruled one from ``load_rules``), and rolling ones take ``dice`` (a source from
``rollplay.dice``; OS entropy when left out).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from pathlib import Path

from rollplay.dice import Dice, default_dice
from rollplay.systems.fs3.contests import OpposedRoll, TeamRoll
from rollplay.systems.fs3.contests import opposed as _opposed
from rollplay.systems.fs3.contests import teamwork as _teamwork
from rollplay.systems.fs3.luck import LuckSpend
from rollplay.systems.fs3.odds import FS3Odds, OpposedOdds, check_odds
from rollplay.systems.fs3.odds import opposed_odds as _opposed_odds
from rollplay.systems.fs3.pool import Pool, resolve
from rollplay.systems.fs3.presets import DEFAULT_EDITION, preset
from rollplay.systems.fs3.rolls import Check, FS3Roll, Modifier, roll_check, roll_pool
from rollplay.systems.fs3.ruleset import FS3Ruleset

__all__ = [
    "Check",
    "FS3Odds",
    "FS3Roll",
    "FS3Ruleset",
    "Modifier",
    "OpposedOdds",
    "OpposedRoll",
    "Pool",
    "TeamRoll",
    "load_rules",
    "odds",
    "opposed",
    "opposed_odds",
    "pool",
    "roll",
    "ruleset",
    "teamwork",
]


def ruleset(edition: str | FS3Ruleset = DEFAULT_EDITION) -> FS3Ruleset:
    """A built-in edition ("3.3", "3.2"), or the ruleset given."""
    return edition if isinstance(edition, FS3Ruleset) else preset(edition)


def load_rules(path: str | Path) -> FS3Ruleset:
    """A house-ruled ruleset from a YAML or TOML file (see docs/fs3.md)."""
    from rollplay.systems.rulesets import load

    return load("fs3", path=path)  # type: ignore[no-any-return]


def _rules(edition: str, rules: FS3Ruleset | None) -> FS3Ruleset:
    return rules if rules is not None else preset(edition)


def pool(
    expression: str,
    ratings: Mapping[str, int] | None = None,
    *,
    edition: str = DEFAULT_EDITION,
    ruleset: FS3Ruleset | None = None,
) -> Pool:
    """How many dice a roll string gives, and where each came from."""
    return resolve(expression, _rules(edition, ruleset), ratings)


def roll(
    pool: int | str | Check,
    *,
    attribute: int | None = None,
    ratings: Mapping[str, int] | None = None,
    modifiers: Sequence[int | Modifier] = (),
    situations: Sequence[str] = (),
    luck: LuckSpend | None = None,
    luck_cancelled: bool = False,
    name: str | None = None,
    edition: str = DEFAULT_EDITION,
    ruleset: FS3Ruleset | None = None,
    dice: Dice | None = None,
) -> FS3Roll:
    """Roll an ability: a number of dice, or a roll string like ``Firearms+Reflexes-1``
    with ``ratings={"Firearms": 3, "Reflexes": 2}``."""
    rules = _rules(edition, ruleset)
    source = dice or default_dice()
    if type(pool) is int and not (modifiers or situations or luck or luck_cancelled or name):
        return roll_pool(pool, attribute, rules, source)
    if isinstance(pool, Check):
        return roll_check(pool, rules, source)
    check = Check(
        pool, attribute, ratings, tuple(modifiers), tuple(situations), luck, luck_cancelled, name
    )
    return roll_check(check, rules, source)


def odds(
    pool: int | str | Check,
    *,
    attribute: int | None = None,
    ratings: Mapping[str, int] | None = None,
    modifiers: Sequence[int | Modifier] = (),
    situations: Sequence[str] = (),
    luck: LuckSpend | None = None,
    edition: str = DEFAULT_EDITION,
    ruleset: FS3Ruleset | None = None,
) -> FS3Odds:
    """Exact chances of each success level, of success, and the mean number of successes."""
    check = (
        pool
        if isinstance(pool, Check)
        else Check(pool, attribute, ratings, tuple(modifiers), tuple(situations), luck)
    )
    return check_odds(check, _rules(edition, ruleset))


def opposed(
    first: int | str | Check,
    second: int | str | Check,
    *,
    edition: str = DEFAULT_EDITION,
    ruleset: FS3Ruleset | None = None,
    dice: Dice | None = None,
) -> OpposedRoll:
    """Both sides roll; the one with more successes wins (000/002 Opposed Rolls)."""
    return _opposed(first, second, _rules(edition, ruleset), dice)


def opposed_odds(
    first: int | str | Check,
    second: int | str | Check,
    *,
    edition: str = DEFAULT_EDITION,
    ruleset: FS3Ruleset | None = None,
) -> OpposedOdds:
    """Exact chances that the first side wins, draws or loses, and of each margin."""
    a = first if isinstance(first, Check) else Check(first)
    b = second if isinstance(second, Check) else Check(second)
    return _opposed_odds(a, b, _rules(edition, ruleset))


def teamwork(
    leader: int | str | Check,
    assisters: Sequence[int | str | Check],
    *,
    edition: str = DEFAULT_EDITION,
    ruleset: FS3Ruleset | None = None,
    dice: Dice | None = None,
) -> TeamRoll:
    """Assisters roll first; their levels modify the leader's group roll (000 Teamwork)."""
    return _teamwork(leader, assisters, _rules(edition, ruleset), dice)
