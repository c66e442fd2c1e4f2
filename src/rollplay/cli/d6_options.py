"""The options of `rollplay d6` rolls, each side of a contest its own, and a check from
them. Parsing only; the rules live in rollplay.systems.d6."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any, TypeVar

import click

from rollplay.table.systems.request import unskilled_value

if TYPE_CHECKING:
    from rollplay.systems.d6.character import D6Character
    from rollplay.systems.d6.rolls import D6Check
    from rollplay.systems.d6.ruleset import D6Ruleset

F = TypeVar("F", bound=Callable[..., Any])

# Options every roll takes, each side of a contest its own: (flag, parameter, click settings).
SIDE: tuple[tuple[str, str, dict[str, Any]], ...] = (
    (
        "--bonus",
        "bonuses",
        {
            "multiple": True,
            "metavar": "+1D|+2",
            "help": "A bonus: dice join the regular dice, a number adds to the total "
            "(--bonus=+1D, --bonus=-2, --bonus '+1D scope').",
        },
    ),
    ("--cp", "cp", {"type": int, "default": 0, "metavar": "N",
                    "help": "Character Points spent: each an extra Wild Die."}),
    ("--fate", "fate", {"is_flag": True, "help": "Spend a Fate Point: double the code."}),
    ("--gm-allows-both", "gm_allows_both", {
        "is_flag": True, "help": "The GM allows Character and Fate Points on this roll."}),
    ("--wild-one", "wild_one", {
        "type": click.Choice(["complication", "cancel"]),
        "help": "A 1 on the Wild Die's first toss: flag a complication, or cancel the "
        "highest die (default: the ruleset's, complication)."}),
    ("--unskilled", "unskilled", {
        "is_flag": False, "flag_value": "default", "metavar": "[=N]",
        "help": "Untrained use: the difficulty rises by 5 (or by N: --unskilled=2). With "
        "--sheet, a skill the sheet lacks is rolled from its attribute."}),
    ("--attribute", "attribute", {
        "metavar": "NAME",
        "help": "With --sheet and --unskilled: the attribute the untrained skill falls under."}),
    ("--prepare", "prepare", {"type": int, "default": 0, "metavar": "N",
                              "help": "Doublings of time: +1D each, max 3."}),
    ("--rush", "rush", {"metavar": "25|50|75",
                        "help": "Percent less time: +5, +10 or +20 difficulty."}),
    ("--related", "related", {
        "multiple": True, "metavar": "TOTAL:DIFFICULTY",
        "help": "A related skill's roll, e.g. 19:15 (+2 on the total; a miss takes away)."}),
    ("--carry", "carry", {
        "type": int, "metavar": "N",
        "help": "Result points of an earlier roll: half of them, rounded up, added."}),
    ("--second-chance", "second_chance", {
        "type": int, "default": 0, "metavar": "RAISE",
        "help": "A second try: the difficulty rises by RAISE (the GM's call)."}),
    ("--actions", "actions", {
        "type": int, "default": 1, "metavar": "N",
        "help": "Actions this round: each after the first costs the multi-action penalty (1D)."}),
    ("--sheet", "sheet", {"metavar": "FILE",
                          "help": "A character sheet; CODE may then be a skill name."}),
)  # fmt: skip


def side_options(vs: bool = False) -> Callable[[F], F]:
    """Every roll option; with ``vs``, the resister's twins (--vs-cp, --vs-sheet...)."""

    def apply(f: F) -> F:
        for flag, param, settings in reversed(SIDE):
            extra = dict(settings)
            if vs:
                extra["help"] = f"As {flag}, for the resister."
            name, dest = ("--vs-" + flag[2:], "vs_" + param) if vs else (flag, param)
            f = click.option(name, dest, **extra)(f)
        return f

    return apply


def judged_options(f: F) -> F:
    """Options of a roll against a difficulty."""
    options = (
        click.option(
            "--difficulty",
            metavar="N|NAME[=N]",
            help="A number, or a standard difficulty: very-easy, easy, moderate, difficult, "
            "very-difficult, heroic, legendary; NAME=N for a number in its range (moderate=13).",
        ),
        click.option(
            "--damage-from",
            "damage_from",
            type=int,
            metavar="N",
            help="A damage roll: the attack's result points, a fifth (rounded up) added.",
        ),
    )
    for option in reversed(options):
        f = option(f)
    return f


def rules_option(f: F) -> F:
    return click.option(
        "--rules", "rules_file", metavar="FILE", help="A house-rules file (TOML/YAML/JSON)."
    )(f)


def ruleset(rules_file: str | None) -> D6Ruleset:
    from rollplay.systems.rulesets import load

    return load("d6", path=rules_file)  # type: ignore[no-any-return]


def _character(sheet: str | None, rules: D6Ruleset) -> D6Character | None:
    if sheet is None:
        return None
    from rollplay.rulesfile import read
    from rollplay.systems.d6.character import SheetError, from_mapping

    return from_mapping(read(sheet, "sheet", SheetError), sheet, rules.pips_per_die)


def make_check(
    code: str,
    rules: D6Ruleset,
    kw: dict[str, Any],
    name: str | None,
    *,
    contest: bool = False,
    attack: bool = False,
) -> D6Check:
    """A check from one side's options (``kw``, without any vs_ prefix)."""
    from rollplay.systems.d6.options import RollOptions
    from rollplay.systems.d6.options import make_check as check_from
    from rollplay.systems.d6.results import parse_related

    options = RollOptions(
        difficulty=kw.get("difficulty"),
        bonuses=tuple(kw["bonuses"]),
        cp=kw["cp"],
        fate=kw["fate"],
        gm_allows_both=kw["gm_allows_both"],
        wild_one=kw["wild_one"],
        unskilled=unskilled_value(kw["unskilled"]),
        attribute=kw["attribute"],
        prepare=kw["prepare"],
        rush=kw["rush"] or 0,
        related=tuple(parse_related(r) for r in kw["related"]),
        carry=kw["carry"],
        damage_from=kw.get("damage_from"),
        second_chance=kw["second_chance"],
        actions=kw["actions"],
        attack=attack,
        name=name,
    )
    character = _character(kw["sheet"], rules)
    return check_from(code, options, rules, character=character, contest=contest)
