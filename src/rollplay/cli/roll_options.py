"""The options of `rollplay roll`: every option a system's own roll command takes, so a roll
from a stored sheet can say all a `rollplay fs3|gurps|d6 roll` can; a contest's second side
has its own (--vs-mod, --vs-cp...). Each system refuses the options it does not use
(rollplay.table.systems.check_options); the Request they make is
``table.systems.request.from_options``'s, which the command language shares."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar

import click

from rollplay.cli.d6_options import SIDE as D6_SIDE

F = TypeVar("F", bound=Callable[..., Any])

_LUCK = ["bonus", "reroll", "hail-mary", "boost", "hinder"]

# (flag, parameter, click settings); every one has a --vs- twin for a contest's second side.
_EACH_SIDE: tuple[tuple[str, str, dict[str, Any]], ...] = (
    ("--mod", "mods", {"multiple": True, "metavar": "N[ REASON]",
                       "help": "A modifier (repeatable): FS3 dice, GURPS skill, D6 total."}),
    ("--situation", "situations", {"multiple": True, "metavar": "NAME",
                                   "help": "FS3: a named situation (taking-time, defaulting...)."}),
    ("--luck", "luck", {"type": click.Choice(_LUCK),
                        "help": "FS3: spend a luck point (boost/hinder: with --luck-from)."}),
    ("--luck-from", "luck_from", {"metavar": "NAME",
                                  "help": "FS3.2: who spends the boost or hinder."}),
    ("--luck-cancel", "luck_cancel", {
        "is_flag": True, "help": "FS3.2: the roller spends a point to cancel that boost or "
        "hinder (002 Luck)."}),
    *(spec for spec in D6_SIDE if spec[0] != "--sheet"),
)  # fmt: skip
_FIRST_ONLY: tuple[tuple[str, str, dict[str, Any]], ...] = (
    ("--difficulty", "difficulty", {
        "metavar": "D", "help": "GURPS: task difficulty (hard, hard=-5, -3); D6: a number or a "
        "name (moderate, moderate=13)."}),
    ("--defense", "defense", {"is_flag": True, "help": "GURPS: a defense roll."}),
    ("--sense", "sense", {"is_flag": True, "help": "GURPS: a Sense roll, made in secret "
                          "(--visibility secret); a failure notices nothing."}),
    ("--damage-from", "damage_from", {
        "type": int, "metavar": "N",
        "help": "D6: a damage roll with an attack's result points (a fifth, rounded up)."}),
    ("--attack", "attack", {"is_flag": True, "help": "D6: an attack (its damage bonus shown)."}),
)  # fmt: skip


def roll_options(f: F) -> F:
    """Every option, the first side's and the --vs- twins."""
    specs = [*_FIRST_ONLY, *_EACH_SIDE]
    specs += [
        (
            f"--vs-{flag[2:]}",
            f"vs_{param}",
            {**settings, "help": f"As {flag}, for the second side of a contest (A vs B)."},
        )
        for flag, param, settings in _EACH_SIDE
    ]
    for flag, param, settings in reversed(specs):
        f = click.option(flag, param, **settings)(f)
    return f
