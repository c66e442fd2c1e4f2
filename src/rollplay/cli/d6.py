"""``rollplay d6 ...``: roll, opposed, odds, difficulties, rules. Parsing and rendering
only; the rules live in rollplay.systems.d6."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any, TypeVar

import click

from rollplay.cli.options import (
    dice_options,
    dice_source,
    finish_dice,
    format_option,
    json_option,
)
from rollplay.cli.render import alarm, bold, emit_json, percent, say, signed
from rollplay.errors import RollplayError, whole

if TYPE_CHECKING:
    from rollplay.systems.d6.character import D6Character
    from rollplay.systems.d6.rolls import D6Check, D6Roll
    from rollplay.systems.d6.ruleset import D6Ruleset

F = TypeVar("F", bound=Callable[..., Any])


@click.group()
def d6() -> None:
    """The D6 System: die codes, the Wild Die, Character and Fate Points, exact odds."""


def _check_options(f: F) -> F:
    options = (
        click.option(
            "--difficulty",
            metavar="N|NAME",
            help="A number, or a standard difficulty: very-easy, easy, moderate, difficult, "
            "very-difficult, heroic, legendary.",
        ),
        click.option(
            "--bonus",
            "bonuses",
            multiple=True,
            metavar="+1D|+2",
            help="A bonus: dice join the regular dice, a number adds to the total "
            "(--bonus=+1D, --bonus=-2, --bonus '+1D scope').",
        ),
        click.option(
            "--cp",
            type=int,
            default=0,
            metavar="N",
            help="Character Points spent: each an extra Wild Die.",
        ),
        click.option("--fate", is_flag=True, help="Spend a Fate Point: double the code."),
        click.option(
            "--gm-allows-both",
            is_flag=True,
            help="The GM allows Character and Fate Points on this roll.",
        ),
        click.option(
            "--wild-one",
            type=click.Choice(["complication", "cancel"]),
            help="A 1 on the Wild Die's first toss: flag a complication, or cancel the "
            "highest die (default: the ruleset's, complication).",
        ),
        click.option(
            "--unskilled",
            is_flag=False,
            flag_value="default",
            metavar="[=N]",
            help="Untrained use: the difficulty rises by 5 (or by N: --unskilled=2).",
        ),
        click.option(
            "--prepare",
            type=int,
            default=0,
            metavar="N",
            help="Doublings of time: +1D each, max 3.",
        ),
        click.option(
            "--rush",
            type=click.Choice(["25", "50", "75"]),
            help="Percent less time: +5, +10 or +20 difficulty.",
        ),
        click.option(
            "--related",
            multiple=True,
            metavar="TOTAL:DIFFICULTY",
            help="A related skill's roll, e.g. 19:15 (+2 on the total; a miss takes away).",
        ),
        click.option(
            "--sheet", metavar="FILE", help="A character sheet; CODE may then be a skill name."
        ),
        click.option(
            "--rules", "rules_file", metavar="FILE", help="A house-rules file (TOML/YAML/JSON)."
        ),
    )
    for option in reversed(options):
        f = option(f)
    return f


def _ruleset(rules_file: str | None) -> D6Ruleset:
    if rules_file:
        from rollplay.rulesfile import read
        from rollplay.systems.d6.houserules import from_mapping

        return from_mapping(read(rules_file), source=rules_file)
    from rollplay.systems.d6.presets import preset

    return preset()


def _character(sheet: str | None, rules: D6Ruleset) -> D6Character | None:
    if sheet is None:
        return None
    from rollplay.rulesfile import read
    from rollplay.systems.d6.character import SheetError, from_mapping

    return from_mapping(read(sheet, "sheet", SheetError), sheet, rules.pips_per_die)


def _related(pairs: Sequence[str]) -> list[tuple[int, int]]:
    out = []
    for pair in pairs:
        total, sep, difficulty = pair.partition(":")
        if not sep:
            raise RollplayError(f"bad --related {pair!r}: write TOTAL:DIFFICULTY, like 19:15")
        out.append((whole(total, "--related TOTAL"), whole(difficulty, "--related DIFFICULTY")))
    return out


def _make_check(code: str, rules: D6Ruleset, kw: dict[str, Any], name: str | None) -> D6Check:
    from rollplay.systems.d6.rolls import build_check

    unskilled = kw["unskilled"]
    if unskilled is None:
        unskilled_value: bool | int = False
    elif unskilled == "default":
        unskilled_value = True
    else:
        unskilled_value = whole(unskilled, "--unskilled")
    return build_check(
        code,
        rules,
        difficulty=kw["difficulty"],
        bonuses=kw["bonuses"],
        character_points=kw["cp"],
        fate=kw["fate"],
        wild_one=kw["wild_one"],
        unskilled=unskilled_value,
        prepare=kw["prepare"],
        rush=int(kw["rush"] or 0),
        related=_related(kw["related"]),
        gm_allows_both=kw["gm_allows_both"],
        character=_character(kw["sheet"], rules),
        name=name,
    )


# -- roll ------------------------------------------------------------------------------------


@d6.command()
@click.argument("code")
@_check_options
@click.option("--name", metavar="NAME", help="Who rolls (shown in the output).")
@dice_options("4,3,5,6,2")
@json_option
def roll(
    *,
    code: str,
    name: str | None,
    faces: str | None,
    seed: str | None,
    as_json: bool,
    **kw: Any,
) -> None:
    """Roll a die code (4D+2), or a skill or attribute from --sheet.

    \b
    Dice are drawn in this order: the regular dice, the Wild Die's tosses, then each
    Character Point die's tosses.
    \b
    Examples:
      rollplay d6 roll 4D+2 --difficulty moderate
      rollplay d6 roll 3D --difficulty 15 --bonus=+1D --cp 2
      rollplay d6 roll 2D+1 --difficulty 10 --unskilled --wild-one cancel
      rollplay d6 roll Search --sheet kara.yaml --difficulty 12 --fate
    """
    from rollplay.systems.d6.rolls import roll_check

    rules = _ruleset(kw.pop("rules_file"))
    check = _make_check(code, rules, kw, name)
    source = dice_source(faces, seed)
    result = roll_check(check, rules, source)
    extra = finish_dice(source)
    if as_json:
        emit_json({**result.to_dict(), **extra})
        return
    print_roll(result)


def _tosses(tosses: Sequence[int]) -> str:
    return " → ".join(str(t) for t in tosses)


def print_roll(r: D6Roll) -> None:
    who = f"{r.name}: " if r.name else ""
    what = f"{r.skill} {r.code}" if r.skill else r.code
    if r.fate:
        what += f", doubled by a Fate Point to {r.rolled}"
    extras = "".join(f", {b}" for b in r.bonuses)
    if r.related:
        extras += f", related skills {signed(r.related)}"
    say(f"{who}{what}{extras}")
    wild = _tosses(r.wild)
    if r.critical_failure:
        wild = alarm(wild)
    parts = [f"dice {' '.join(map(str, r.dice))}" if r.dice else "", f"Wild Die {wild}"]
    parts += [f"CP die {_tosses(t)}" for t in r.cp_dice]
    if r.cancelled:
        parts.append(f"cancelled {' '.join(map(str, r.cancelled))}")
    adds = r.pips + r.bonus + r.related
    line = " | ".join(p for p in parts if p) + (f" | {signed(adds)}" if adds else "")
    verdict = ""
    if r.difficulty is not None:
        mods = "".join(f" {signed(v)} {reason}" for reason, v in r.difficulty_mods)
        outcome = "success" if r.success else "failure"
        verdict = f" vs {r.difficulty}{mods and f' (with{mods})'}: {bold(outcome)}"
        verdict += f", {signed(r.result_points or 0)} result points"
    say(f"{line} = {bold(str(r.total))}{verdict}")
    if r.critical_failure:
        if r.complication:
            say(alarm("Critical Failure on the Wild Die: a complication occurs"))
        else:
            say(alarm("Critical Failure on the Wild Die: it cancels the highest die"))


# -- opposed ---------------------------------------------------------------------------------


@d6.command()
@click.argument("initiator")
@click.argument("resister")
@click.option("--rules", "rules_file", metavar="FILE", help="A house-rules file.")
@dice_options("4,3,5,6,2,1,6,3")
@json_option
def opposed(
    *,
    initiator: str,
    resister: str,
    rules_file: str | None,
    faces: str | None,
    seed: str | None,
    as_json: bool,
) -> None:
    """Both sides roll a die code; the higher total wins, ties go to the initiator.

    \b
    Example:
      rollplay d6 opposed 4D+1 3D+2
    """
    from rollplay.systems.d6.rolls import build_check
    from rollplay.systems.d6.rolls import opposed as roll_opposed

    rules = _ruleset(rules_file)
    first = build_check(initiator, rules, name="Initiator")
    second = build_check(resister, rules, name="Resister")
    source = dice_source(faces, seed)
    result = roll_opposed(first, second, rules, source)
    extra = finish_dice(source)
    if as_json:
        emit_json({**result.to_dict(), **extra})
        return
    print_roll(result.initiator)
    print_roll(result.resister)
    tie = " (a tie goes to the initiator)" if result.margin == 0 else ""
    say(f"{bold(result.winner.capitalize() + ' wins')} by {result.margin}{tie}")


# -- odds ------------------------------------------------------------------------------------


@d6.command()
@click.argument("code")
@_check_options
@json_option
def odds(*, code: str, as_json: bool, **kw: Any) -> None:
    """Exact odds before rolling: the distribution of the total and the chance of success.

    \b
    Examples:
      rollplay d6 odds 4D+2 --difficulty 15
      rollplay d6 odds 3D --difficulty moderate --cp 1 --wild-one cancel
    """
    from rollplay.systems.d6.odds import check_odds

    rules = _ruleset(kw.pop("rules_file"))
    o = check_odds(_make_check(code, rules, kw, None), rules)
    if as_json:
        emit_json(o.to_dict())
        return
    head = f"{code}: mean total {float(o.mean):.2f}"
    if o.success is not None:
        head += f"; success against {o.difficulty}: {bold(percent(o.success))}"
    say(head)
    say(
        f"Critical Failure (a 1 on the Wild Die's first toss): {percent(o.critical_failure)}, "
        f"resolved as {o.wild_one}"
    )
    shown = [(t, p) for t, p in o.distribution.items() if p >= 0.0005]
    say("Total: " + "  ".join(f"{t}: {percent(p)}" for t, p in shown))
    say(f"(explosions cut off where under 1e-12 remains: {float(o.truncated):.1e} left out)")


# -- reference -------------------------------------------------------------------------------


@d6.command()
@click.option("--rules", "rules_file", metavar="FILE", help="A house-rules file.")
@json_option
def difficulties(rules_file: str | None, as_json: bool) -> None:
    """The standard difficulties (003): names, ranges and the number each name gives."""
    rules = _ruleset(rules_file)
    rows = [
        {
            "name": d.name,
            "number": d.number,
            "lowest": d.lowest,
            "highest": d.highest,
            "description": d.description,
        }
        for d in rules.difficulties
    ]
    if as_json:
        emit_json({"system": "d6", "difficulties": rows})
        return
    for row in rows:
        top = "+" if row["highest"] is None else f"-{row['highest']}"
        span = f"{row['lowest']}{top if row['highest'] != row['lowest'] else ''}"
        say(f"{row['name']:<15} {row['number']:>3}   ({span})  {row['description']}")


@d6.command()
@click.option("--rules", "rules_file", metavar="FILE", help="Check this house-rules file.")
@format_option()
def rules(rules_file: str | None, fmt: str) -> None:
    """Print the ruleset as a house-rules file: a game's starting point."""
    from rollplay.systems.d6.houserules import dump

    click.echo(dump(_ruleset(rules_file), fmt), nl=False)
