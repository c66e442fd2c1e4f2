"""``rollplay fs3 ...``: roll, opposed, odds, rules (and simulate, fs3_simulate.py; the options
they share are fs3_options.py). Parsing and rendering only; the rules
live in rollplay.systems.fs3."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any, TypeVar

import click

from rollplay.cli.fs3_options import (
    check_options,
    make_check,
    pool_spec,
    ruleset_from,
    ruleset_options,
)
from rollplay.cli.fs3_simulate import simulate
from rollplay.cli.options import (
    dice_options,
    dice_source,
    finish_dice,
    format_option,
    json_option,
    say_dice,
)
from rollplay.cli.render import (
    alarm,
    bold,
    console,
    emit_json,
    mark_dice,
    percent,
    say,
    signed,
    spaced,
)
from rollplay.errors import RollplayError, whole

if TYPE_CHECKING:
    from rollplay.systems.fs3.odds import FS3Odds
    from rollplay.systems.fs3.rolls import FS3Roll
    from rollplay.systems.fs3.ruleset import FS3Ruleset

F = TypeVar("F", bound=Callable[..., Any])


@click.group()
def fs3() -> None:
    """FS3 ability rolls, opposed rolls, teamwork and exact odds (editions 3.3 and 3.2)."""


# -- roll ----------------------------------------------------------------------------------


@fs3.command()
@click.argument("expression", required=False)
@click.option(
    "--dice",
    "-d",
    "dice_count",
    type=int,
    metavar="N",
    help="Roll N dice (an NPC's single rating) instead of a roll string.",
)
@check_options()
@click.option(
    "--assist",
    "assists",
    multiple=True,
    type=int,
    metavar="N",
    help="An assister's pool (000 Teamwork); assisters roll first.",
)
@ruleset_options
@dice_options("8,7,3,1,1")
@json_option
def roll(
    *,
    expression: str | None,
    dice_count: int | None,
    assists: tuple[int, ...],
    edition: str | None,
    rules_file: str | None,
    faces: str | None,
    seed: str | None,
    as_json: bool,
    **kw: Any,
) -> None:
    """Roll an ability: a roll string like Firearms+Reflexes-1, or --dice N.

    \b
    Examples:
      rollplay fs3 roll --dice 5
      rollplay fs3 roll "Firearms+Reflexes-1" --rating Firearms=3 --rating Reflexes=2
      rollplay fs3 roll --dice 5 --attribute 2 --edition 3.2 --faces 5,4,1,1,2
      rollplay fs3 roll Repair --rating Repair=4 --rating Wits=2 --assist 5 --assist 4
    """
    from rollplay.systems.fs3.contests import teamwork
    from rollplay.systems.fs3.rolls import roll_check

    rules = ruleset_from(edition, rules_file)
    check = make_check(pool_spec(expression, dice_count, "the roll"), kw)
    source = dice_source(faces, seed)
    if assists:
        team = teamwork(check, list(assists), rules, source)
        extra = finish_dice(source)
        if as_json:
            emit_json({"system": "fs3", **team.to_dict(), **extra})
            return
        for i, a in enumerate(team.assists, 1):
            mod = rules.assist_modifier(a.level)
            say(f"Assist {i}: {roll_line(a, rules)}  → {signed(mod)}")
        capped = f" (capped from {signed(team.uncapped)})" if team.uncapped != team.modifier else ""
        say(f"Teamwork modifier {signed(team.modifier)}{capped}")
        print_roll(team.leader, rules)
        say_dice(extra)
        return
    result = roll_check(check, rules, source)
    extra = finish_dice(source)
    if as_json:
        emit_json({"system": "fs3", **result.to_dict(), **extra})
        return
    print_roll(result, rules)
    say_dice(extra)


def roll_line(r: FS3Roll, rules: FS3Ruleset) -> str:
    marks = mark_dice(r.dice, rules.success_faces)
    n = r.successes
    return f"{marks}  = {n} success{'es' if n != 1 else ''}: {bold(r.level)}"


def _dice_word(n: int) -> str:
    return f"{n} {'die' if n == 1 else 'dice'}"


def print_roll(r: FS3Roll, rules: FS3Ruleset) -> None:
    who = f"{r.name}: " if r.name else ""
    base = r.requested - sum(m.value for m in r.modifiers)
    if r.parts:
        what = " ".join(
            spaced(d) if label == "modifier" else (label if i == 0 else f"+ {label}")
            for i, (label, d) in enumerate(r.parts)
        )
    else:
        what = _dice_word(base)
    mods = "".join(f" {signed(m.value)} {m.reason}" for m in r.modifiers)
    arrow = f" → {_dice_word(r.pool)}" if (r.parts or mods or r.pool != base) else ""
    say(f"{who}{rules.name}: {what}{mods}{arrow}")
    if r.requested < 1:
        if rules.below_one_die == "roll-one":
            say(f"(the pool came to {r.requested}; below one die, one die is rolled)")
        else:
            say(f"(the pool came to {r.requested}; below one die, the roll fails)")
    if r.discarded is not None:
        say(f"not kept: {roll_line(r.discarded, rules)}")
        say(f"kept:     {roll_line(r, rules)}  (luck re-roll: the better of two)")
    else:
        say(roll_line(r, rules))
    if r.embarrassing:
        say(alarm(f"{r.ones} ones: {r.level}!"))
    if r.unlisted:  # 000 Untrained Rolls; a typo shows (rulings R7)
        near = f" (did you mean {r.closest}?)" if r.closest else ""
        say(f"{r.unlisted} is not among the ratings given{near}")


# -- opposed ------------------------------------------------------------------------------


@fs3.command()
@click.argument("expression", required=False)
@click.option(
    "--dice", "-d", "dice_count", type=int, metavar="N", help="The first side rolls N dice."
)
@click.option(
    "--vs",
    "vs",
    required=True,
    metavar="N|ROLL",
    help="The second side: a number of dice or a roll string.",
)
@check_options()
@check_options("vs-", "the second side's ")
@ruleset_options
@dice_options("8,7,3,1,1")
@json_option
def opposed(
    *,
    expression: str | None,
    dice_count: int | None,
    vs: str,
    edition: str | None,
    rules_file: str | None,
    faces: str | None,
    seed: str | None,
    as_json: bool,
    **kw: Any,
) -> None:
    """Roll both sides of an opposed roll and name the winner and the margin.

    \b
    Examples:
      rollplay fs3 opposed --dice 5 --vs 4
      rollplay fs3 opposed Melee --rating Melee=4 --rating Brawn=3 --name Nemesis \\
          --vs Melee --vs-rating Melee=3 --vs-rating Brawn=3 --vs-name Mavros
    """
    from rollplay.systems.fs3.contests import opposed as roll_opposed

    rules = ruleset_from(edition, rules_file)
    first = make_check(pool_spec(expression, dice_count, "the first side"), kw)
    second = make_check(pool_spec(vs, None, "--vs"), kw, "vs_")
    source = dice_source(faces, seed)
    result = roll_opposed(first, second, rules, source)
    extra = finish_dice(source)
    if as_json:
        emit_json({"system": "fs3", **result.to_dict(), **extra})
        return
    print_roll(result.first._replace(name=result.first.name or "First"), rules)
    print_roll(result.second._replace(name=result.second.name or "Second"), rules)
    if result.winner is None:
        both = " (both failed)" if result.both_failed else ""
        say(f"{bold(result.margin)}{both}")
    else:
        side = result.first if result.winner == "first" else result.second
        who = side.name or result.winner.capitalize()
        say(f"{bold(who + ' wins')} by {result.net}: {bold(result.margin)}")
    say_dice(extra)


# -- odds ---------------------------------------------------------------------------------


@fs3.command()
@click.argument("expression", required=False)
@click.option("--dice", "-d", "dice_count", type=int, metavar="N", help="A pool of N dice.")
@click.option(
    "--vs", "vs", metavar="N|ROLL", help="Odds of an opposed roll against this pool or roll string."
)
@click.option(
    "--table",
    "table",
    metavar="FROM-TO",
    help="A table of level odds for every pool in a range, e.g. 1-12.",
)
@check_options()
@check_options("vs-", "the second side's ")
@ruleset_options
@json_option
def odds(
    *,
    expression: str | None,
    dice_count: int | None,
    vs: str | None,
    table: str | None,
    edition: str | None,
    rules_file: str | None,
    as_json: bool,
    **kw: Any,
) -> None:
    """Exact odds, before rolling: each success level, success, the mean; or win, draw
    and lose against --vs.

    \b
    Examples:
      rollplay fs3 odds --dice 5
      rollplay fs3 odds "Firearms+Reflexes" --rating Firearms=3 --rating Reflexes=2
      rollplay fs3 odds --dice 5 --vs 4
      rollplay fs3 odds --table 1-12 --edition 3.2
    """
    from rollplay.systems.fs3.odds import check_odds, opposed_odds

    rules = ruleset_from(edition, rules_file)
    if table is not None:
        if expression is not None or dice_count is not None or vs is not None:
            raise click.UsageError("--table shows every pool in a range; give no pool with it")
        _odds_table(rules, table, kw["attribute"], as_json)
        return
    first = make_check(pool_spec(expression, dice_count, "the pool"), kw)
    if vs is not None:
        second = make_check(pool_spec(vs, None, "--vs"), kw, "vs_")
        result = opposed_odds(first, second, rules)
        if as_json:
            emit_json({"system": "fs3", **result.to_dict()})
            return
        say(f"{rules.name}: {_dice_word(result.first.pool)} against {result.second.pool}")
        say(
            f"win {bold(percent(result.win))}   draw {percent(result.draw)}   "
            f"lose {percent(result.lose)}   (both fail {percent(result.both_fail)})"
        )
        for side, label in (("first", "You win by"), ("second", "They win by")):
            row = "   ".join(f"{t} {percent(p)}" for t, p in result.margins[side].items())
            say(f"{label}: {row}")
        return
    o = check_odds(first, rules)
    if as_json:
        emit_json({"system": "fs3", **o.to_dict()})
        return
    _print_odds(o, rules)


def _print_odds(o: FS3Odds, rules: FS3Ruleset) -> None:
    from rich.table import Table

    out = console()
    note = f" (pool came to {o.requested})" if o.requested != o.pool else ""
    reroll = ", keeping the better of two rolls (luck)" if o.reroll else ""
    t = Table(
        title=f"{rules.name}: {o.pool} {'die' if o.pool == 1 else 'dice'}{note}{reroll}",
        title_justify="left",
    )
    t.add_column("Level")
    t.add_column("Chance", justify="right")
    for title, p in o.levels.items():
        t.add_row(title, percent(p))
    out.print(t)
    say(f"Success or better: {bold(percent(o.success))}   mean successes: {float(o.mean):.2f}")


def _odds_table(rules: FS3Ruleset, span: str, attribute: int | None, as_json: bool) -> None:
    from rollplay.systems.fs3.odds import pool_odds

    lo_text, _, hi_text = span.partition("-")
    if not (lo_text.isdigit() and hi_text.isdigit()):
        raise RollplayError(f"bad --table {span!r}: write FROM-TO with 1 <= FROM <= TO, e.g. 1-12")
    lo, hi = whole(lo_text, "--table FROM"), whole(hi_text, "--table TO")
    if not 1 <= lo <= hi:
        raise RollplayError(f"bad --table {span!r}: write FROM-TO with 1 <= FROM <= TO, e.g. 1-12")
    if hi > rules.max_dice:
        raise RollplayError(f"--table {span}: pools go up to max_dice, {rules.max_dice}")
    rows = [pool_odds(n, attribute, rules) for n in range(lo, hi + 1)]
    if as_json:
        emit_json({"system": "fs3", "edition": rules.edition, "pools": [r.to_dict() for r in rows]})
        return
    from rich.table import Table

    judged = ""
    if not rules.majority_ones:
        judged = f", embarrassment judged at attribute {attribute or rules.default_attribute}"
    t = Table(title=f"{rules.name} odds by pool{judged}", title_justify="left")
    t.add_column("Dice", justify="right")
    for title in rules.level_titles():
        t.add_column(
            title.replace(" Success", "").replace("Embarrassing Failure", "Embarr."),
            justify="right",
        )
    t.add_column("Success+", justify="right")
    for r in rows:
        t.add_row(str(r.pool), *(percent(p) for p in r.levels.values()), percent(r.success))
    console().print(t)


# -- rules ----------------------------------------------------------------------------------


@fs3.command()
@ruleset_options
@format_option()
def rules(edition: str | None, rules_file: str | None, fmt: str) -> None:
    """Print a ruleset as a house-rules file: a game's starting point.

    With --rules FILE, checks the file and prints the ruleset it makes.
    """
    from rollplay.systems.fs3.houserules import dump

    ruleset = ruleset_from(edition, rules_file)
    click.echo(dump(ruleset, fmt), nl=False)


fs3.add_command(simulate)
