"""The D6 System for Python programs: ``from rollplay import d6``.

    >>> from rollplay import d6
    >>> from rollplay.dice import ScriptedDice
    >>> r = d6.roll("4D+2", difficulty=15, dice=ScriptedDice([4, 3, 5, 6, 2]))
    >>> r.dice, r.wild, r.total, r.success, r.result_points
    ((4, 3, 5), (6, 2), 22, True, 7)
    >>> round(float(d6.odds("4D+2", difficulty=15).success), 4)
    0.6779

``code`` is a die code (``"4D+2"``) or the name of a skill or attribute on a ``character``.
``difficulty`` is a number or a name (``"moderate"``). ``bonuses`` are ``"+1D"``, ``"+2"`` or
``"+1D scope"``-style strings: dice join the regular dice, numbers the total. Rolling
functions take ``dice`` (OS entropy when left out); draw order is in docs/d6.md.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from rollplay import rulesfile
from rollplay.dice import Dice
from rollplay.systems.d6 import results as _results
from rollplay.systems.d6.character import D6Character, SheetError
from rollplay.systems.d6.character import from_mapping as _character_from_mapping
from rollplay.systems.d6.code import Bonus, DieCode, parse_bonus, parse_code
from rollplay.systems.d6.odds import D6Odds, check_odds
from rollplay.systems.d6.options import as_tuple as _as_tuple
from rollplay.systems.d6.presets import preset
from rollplay.systems.d6.rolls import (
    D6Check,
    D6Opposed,
    D6Roll,
    Points,
    RollOptions,
    make_check,
    roll_check,
    sheet_check,
)
from rollplay.systems.d6.rolls import opposed as _opposed
from rollplay.systems.d6.ruleset import D6Ruleset
from rollplay.systems.d6.spends import add_character_points, spend_after

__all__ = [
    "Bonus",
    "D6Character",
    "D6Check",
    "D6Odds",
    "D6Opposed",
    "D6Roll",
    "D6Ruleset",
    "DieCode",
    "Points",
    "RollOptions",
    "add_character_points",
    "bonus",
    "carried",
    "character",
    "check",
    "code",
    "damage_from",
    "load_rules",
    "load_sheet",
    "odds",
    "opposed",
    "related_modifier",
    "roll",
    "ruleset",
    "sheet_check",
    "spend_after",
]


def ruleset() -> D6Ruleset:
    """The built-in ruleset."""
    return preset()


def load_rules(path: str | Path) -> D6Ruleset:
    """A house-ruled ruleset from a TOML, YAML or JSON file (docs/d6.md)."""
    from rollplay.systems.rulesets import load

    return load("d6", path=path)  # type: ignore[no-any-return]


def character(
    data: Mapping[str, Any], source: str = "sheet", ruleset: D6Ruleset | None = None
) -> D6Character:
    return _character_from_mapping(data, source, (ruleset or preset()).pips_per_die)


def load_sheet(path: str | Path, ruleset: D6Ruleset | None = None) -> D6Character:
    return character(rulesfile.read(path, "sheet", SheetError), str(path), ruleset)


def code(text: str, ruleset: D6Ruleset | None = None) -> DieCode:
    """'4D+2' -> DieCode(dice=4, pips=2); ``code('2D+2').plus(1) == code('3D')``."""
    rules = ruleset or preset()
    return parse_code(text, rules.pips_per_die, rules.max_dice)


def bonus(text: str) -> Bonus:
    return parse_bonus(text)


def check(
    code: str | DieCode,
    difficulty: str | int | None = None,
    *,
    bonuses: Sequence[str | Bonus] = (),
    cp: int = 0,
    fate: bool = False,
    wild_one: str | None = None,
    unskilled: bool | int = False,
    prepare: int = 0,
    rush: int | str = 0,
    related: Sequence[int | tuple[int, int]] = (),
    gm_allows_both: bool = False,
    character: D6Character | None = None,
    ruleset: D6Ruleset | None = None,
    name: str | None = None,
    attribute: str | None = None,
    carry: int | None = None,
    damage_from: int | None = None,
    second_chance: int = 0,
    actions: int = 1,
    attack: bool = False,
    contest: bool = False,
) -> D6Check:
    """What to roll, from what a player says. ``cp``: Character Points (extra Wild Dice);
    ``fate``: spend a Fate Point; ``unskilled``: True for the ruleset's +5, or a number (with
    ``character``, a skill the sheet lacks is rolled from its attribute, or ``attribute``);
    ``prepare``: doublings of time (+1D each); ``rush``: percent less time (25, 50, 75);
    ``related``: related-skill rolls as (total, difficulty), or their modifiers; ``carry``:
    an earlier roll's result points (half, rounded up, added); ``damage_from``: an attack's
    result points on its damage roll (a fifth, rounded up); ``second_chance``: the raise of a
    second try's difficulty; ``actions``: actions this round (the multi-action penalty);
    ``attack``: the roll is an attack; ``contest``: one side of an opposed roll (no
    difficulty; its difficulty modifiers count against its total). Options are those of
    ``RollOptions``."""
    options = RollOptions(
        difficulty=difficulty, bonuses=_as_tuple(bonuses), cp=cp, fate=fate,
        gm_allows_both=gm_allows_both, wild_one=wild_one, unskilled=unskilled,
        attribute=attribute, prepare=prepare, rush=rush, related=_as_tuple(related),
        carry=carry, damage_from=damage_from, second_chance=second_chance, actions=actions,
        attack=attack, name=name,
    )  # fmt: skip
    return make_check(code, options, ruleset or preset(), character=character, contest=contest)


def roll(
    code: str | DieCode | D6Check,
    difficulty: str | int | None = None,
    *,
    ruleset: D6Ruleset | None = None,
    dice: Dice | None = None,
    **options: Any,
) -> D6Roll:
    """Roll a skill check (003). Options are those of ``check``."""
    rules = ruleset or preset()
    c = code if isinstance(code, D6Check) else check(code, difficulty, ruleset=rules, **options)
    return roll_check(c, rules, dice)


def odds(
    code: str | DieCode | D6Check,
    difficulty: str | int | None = None,
    *,
    ruleset: D6Ruleset | None = None,
    **options: Any,
) -> D6Odds:
    """Exact distribution of the total and the chance of success (003), before rolling."""
    rules = ruleset or preset()
    c = code if isinstance(code, D6Check) else check(code, difficulty, ruleset=rules, **options)
    return check_odds(c, rules)


def opposed(
    initiator: str | DieCode | D6Check,
    resister: str | DieCode | D6Check,
    *,
    ruleset: D6Ruleset | None = None,
    dice: Dice | None = None,
) -> D6Opposed:
    """003 Opposed Difficulties: both roll; the higher total wins, ties to the initiator."""
    rules = ruleset or preset()
    first, second = (
        side if isinstance(side, D6Check) else check(side, ruleset=rules)
        for side in (initiator, resister)
    )
    return _opposed(first, second, rules, dice)


def related_modifier(total: int, difficulty: int, *, ruleset: D6Ruleset | None = None) -> int:
    """003 Related Skills: the modifier a related roll gives the primary skill's total."""
    return _results.related_modifier(total, difficulty, ruleset or preset())


def carried(points: int, *, ruleset: D6Ruleset | None = None) -> Bonus:
    """003 Result Points: an earlier roll's result points as a bonus (half, rounded up)."""
    return _results.carried(points, ruleset or preset())


def damage_from(points: int, *, ruleset: D6Ruleset | None = None) -> Bonus:
    """003 Result Points: an attack's result points as a damage bonus (a fifth, rounded up)."""
    return _results.damage_from(points, ruleset or preset())
