"""``rollplay d6 ...``: roll, opposed, odds, difficulties, rules. Parsing and rendering
only; the rules live in rollplay.systems.d6."""

from __future__ import annotations

import sys
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import click

from rollplay.cli.d6_options import (
    judged_options,
    make_check,
    rules_option,
    ruleset,
    side_options,
)
from rollplay.cli.d6_render import print_after, print_roll
from rollplay.cli.options import (
    dice_options,
    dice_source,
    finish_dice,
    format_option,
    json_option,
    say_dice,
)
from rollplay.cli.render import bold, emit_json, percent, say, signed
from rollplay.errors import RollplayError

if TYPE_CHECKING:
    from rollplay.systems.d6.rolls import D6Roll
    from rollplay.systems.d6.ruleset import D6Ruleset

__all__ = ["d6", "print_roll"]


@click.group()
def d6() -> None:
    """The D6 System: die codes, the Wild Die, Character and Fate Points, exact odds."""


# -- roll ------------------------------------------------------------------------------------


@d6.command()
@click.argument("code")
@judged_options
@side_options()
@click.option("--attack", is_flag=True, help="An attack roll: show its damage bonus.")
@click.option(
    "--cp-after",
    "cp_after",
    type=int,
    default=0,
    metavar="N",
    help="Character Points spent after seeing the roll: N more Wild Dice, then the verdict.",
)
@click.option(
    "--ask-cp",
    "ask_cp",
    is_flag=True,
    help="Show the roll, then ask how many Character Points to spend (on a terminal only).",
)
@rules_option
@click.option("--name", metavar="NAME", help="Who rolls (shown in the output).")
@dice_options("4,3,5,6,2")
@json_option
def roll(
    *,
    code: str,
    name: str | None,
    attack: bool,
    cp_after: int,
    ask_cp: bool,
    faces: str | None,
    seed: str | None,
    as_json: bool,
    **kw: Any,
) -> None:
    """Roll a die code (4D+2), or a skill or attribute from --sheet.

    \b
    Dice are drawn in this order: the regular dice, the Wild Die's tosses, then each
    Character Point die's tosses (those spent after the roll last).
    \b
    Examples:
      rollplay d6 roll 4D+2 --difficulty moderate
      rollplay d6 roll 3D --difficulty 15 --bonus=+1D --cp 2
      rollplay d6 roll 2D+1 --difficulty 10 --unskilled --wild-one cancel
      rollplay d6 roll Search --sheet kara.yaml --difficulty 12 --fate
      rollplay d6 roll Lockpicking --sheet kara.yaml --difficulty easy --unskilled
      rollplay d6 roll 3D --difficulty 15 --cp-after 1
    """
    from rollplay.systems.d6.rolls import roll_check
    from rollplay.systems.d6.spends import plan_after, spend_after

    if cp_after and ask_cp:
        raise RollplayError("--cp-after N and --ask-cp both spend points after the roll: use one")
    rules = ruleset(kw.pop("rules_file"))
    check = make_check(code, rules, kw, name, attack=attack)
    if cp_after:
        plan_after(check, cp_after, rules)
    source = dice_source(faces, seed)
    first = result = roll_check(check, rules, source)
    remaining = None if check.cp_held is None else check.cp_held - check.character_points
    asked = ask_cp and _interactive()
    if asked:
        print_roll(first, judged=False, echo=_to_stderr if as_json else say)
        cp_after = _ask(first, rules, remaining, _to_stderr if as_json else say)
    elif cp_after and not as_json:
        print_roll(first, judged=False)
    if cp_after:
        result, _ = spend_after(first, cp_after, rules, remaining=remaining, dice=source)
    extra = finish_dice(source)
    if as_json:
        after = {"first_roll": first.to_dict(), "cp_after": cp_after} if cp_after else {}
        emit_json({**result.to_dict(), **after, **extra})
    elif cp_after or asked:
        print_after(result, cp_after)
    else:
        print_roll(result)
    if not as_json:
        say_dice(extra)


def _interactive() -> bool:
    return sys.stdin.isatty()


def _to_stderr(text: str) -> None:
    click.echo(text, err=True)


def _ask(
    first: D6Roll, rules: D6Ruleset, remaining: int | None, echo: Callable[[str], None]
) -> int:
    """003 Character Points: "before or after he makes a roll ... but always before the
    gamemaster determines the result": ask, within what the character and the dice allow."""
    if first.fate and not (rules.cp_with_fate or first.gm_allows_both):
        echo("(no Character Points on a roll with a Fate Point unless the GM allows it)")
        return 0
    most = rules.max_dice - first.dice_rolled
    if remaining is not None:
        most = min(most, remaining)
    if most <= 0:
        return 0
    answer: int = click.prompt(
        f"Character Points to spend after the roll (0-{most})",
        type=click.IntRange(0, most),
        default=0,
        err=True,
    )
    return answer


# -- opposed ---------------------------------------------------------------------------------


@d6.command()
@click.argument("initiator")
@click.argument("resister")
@side_options()
@side_options(vs=True)
@click.option("--name", metavar="NAME", help="The initiator's name.")
@click.option("--vs-name", "vs_name", metavar="NAME", help="The resister's name.")
@click.option("--attack", is_flag=True, help="The initiator attacks: a win's damage bonus.")
@rules_option
@dice_options("4,3,5,6,2,1,6,3")
@json_option
def opposed(
    *,
    initiator: str,
    resister: str,
    name: str | None,
    vs_name: str | None,
    attack: bool,
    rules_file: str | None,
    faces: str | None,
    seed: str | None,
    as_json: bool,
    **kw: Any,
) -> None:
    """Both sides roll; the higher total wins, ties go to the initiator.

    Every roll option applies to the initiator; its --vs- twin to the resister (--cp 1
    --vs-fate, --sheet kara.yaml --vs-sheet guard.yaml).

    \b
    Examples:
      rollplay d6 opposed 4D+1 3D+2
      rollplay d6 opposed Sneak Search --sheet kara.yaml --vs-sheet guard.yaml --vs-cp 1
    """
    from rollplay.systems.d6.rolls import opposed as roll_opposed

    rules = ruleset(rules_file)
    mine = {k: v for k, v in kw.items() if not k.startswith("vs_")}
    theirs = {k[3:]: v for k, v in kw.items() if k.startswith("vs_")}
    first = make_check(initiator, rules, mine, name, contest=True, attack=attack)
    second = make_check(resister, rules, theirs, vs_name, contest=True)
    first = first._replace(name=first.name or "Initiator")
    second = second._replace(name=second.name or "Resister")
    source = dice_source(faces, seed)
    result = roll_opposed(first, second, rules, source)
    extra = finish_dice(source)
    if as_json:
        emit_json({**result.to_dict(), **extra})
        return
    print_roll(result.initiator)
    print_roll(result.resister)
    scores = result.scores
    if scores != (result.initiator.total, result.resister.total):
        shown = [
            f"{r.name} {r.total}"
            + "".join(f" {signed(-v)} {why}" for why, v in r.difficulty_mods)
            + f" = {score}"
            for r, score in zip((result.initiator, result.resister), scores, strict=True)
        ]
        say("Difficulty modifiers count against their side: " + "; ".join(shown))
    tie = " (a tie goes to the initiator)" if result.margin == 0 else ""
    winner = result.initiator if result.winner == "initiator" else result.resister
    who = result.winner.capitalize()
    if winner.name and winner.name.casefold() != result.winner:
        who = f"{winner.name} ({result.winner})"
    say(f"{bold(who + ' wins')} by {result.margin}{tie}")
    if result.damage_bonus is not None:
        if result.winner == "initiator":
            say(f"Damage bonus {signed(result.damage_bonus)} (a fifth of the margin, rounded up)")
        else:
            say("The attack misses: no damage")
    say_dice(extra)


# -- odds ------------------------------------------------------------------------------------


@d6.command()
@click.argument("code")
@judged_options
@side_options()
@rules_option
@json_option
def odds(*, code: str, as_json: bool, **kw: Any) -> None:
    """Exact odds before rolling: the distribution of the total and the chance of success.

    \b
    Examples:
      rollplay d6 odds 4D+2 --difficulty 15
      rollplay d6 odds 3D --difficulty moderate --cp 1 --wild-one cancel
    """
    from rollplay.systems.d6.odds import check_odds

    rules = ruleset(kw.pop("rules_file"))
    o = check_odds(make_check(code, rules, kw, None), rules)
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
    rules = ruleset(rules_file)
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

    click.echo(dump(ruleset(rules_file), fmt), nl=False)
