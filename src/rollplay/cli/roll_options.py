"""The options of `rollplay roll`: every option a system's own roll command takes, so a roll
from a stored sheet can say all a `rollplay fs3|gurps|d6 roll` can; a contest's second side
has its own (--vs-mod, --vs-cp...). Each system refuses the options it does not use
(rollplay.table.systems.check_options)."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Any, TypeVar

import click

from rollplay.cli.d6_options import SIDE as D6_SIDE

if TYPE_CHECKING:
    from rollplay.table.systems import Request

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


def request(expression: str, kw: Mapping[str, Any], prefix: str = "") -> Request:
    """The Request one side's options make (``prefix`` "vs_" for the second side)."""
    from rollplay.cli.d6_options import unskilled_value
    from rollplay.table.systems import Request

    def get(name: str, default: Any = None) -> Any:
        value = kw.get(prefix + name, default)
        return default if value is None else value

    return Request(
        expression,
        mods=tuple(get("mods", ())),
        difficulty=None if prefix else kw.get("difficulty"),
        situations=tuple(get("situations", ())),
        luck=get("luck"),
        luck_from=get("luck_from"),
        luck_cancel=bool(get("luck_cancel", False)),
        defense=False if prefix else bool(kw.get("defense")),
        sense=False if prefix else bool(kw.get("sense")),
        cp=get("cp", 0),
        fate=bool(get("fate", False)),
        gm_allows_both=bool(get("gm_allows_both", False)),
        wild_one=get("wild_one"),
        bonuses=tuple(get("bonuses", ())),
        unskilled=unskilled_value(get("unskilled")),
        attribute=get("attribute"),
        prepare=get("prepare", 0),
        rush=get("rush", 0),
        related=tuple(get("related", ())),
        carry=get("carry"),
        damage_from=None if prefix else kw.get("damage_from"),
        second_chance=get("second_chance", 0),
        actions=get("actions", 1),
        attack=False if prefix else bool(kw.get("attack")),
    )
