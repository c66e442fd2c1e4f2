"""``rollplay d6 ...``: roll, opposed, odds, difficulties, rules. Parsing and rendering
only; the rules live in rollplay.systems.d6."""

from __future__ import annotations

import sys
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
from rollplay.systems.d6.limits import MAX_DIFFICULTY

if TYPE_CHECKING:
    from rollplay.systems.d6.character import D6Character
    from rollplay.systems.d6.rolls import D6Check, D6Roll
    from rollplay.systems.d6.ruleset import D6Ruleset

F = TypeVar("F", bound=Callable[..., Any])


@click.group()
def d6() -> None:
    """The D6 System: die codes, the Wild Die, Character and Fate Points, exact odds."""


# Options every roll takes, each side of a contest its own: (flag, parameter, click settings).
_SIDE: tuple[tuple[str, str, dict[str, Any]], ...] = (
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


def _side_options(vs: bool = False) -> Callable[[F], F]:
    """Every roll option; with ``vs``, the resister's twins (--vs-cp, --vs-sheet...)."""

    def apply(f: F) -> F:
        for flag, param, settings in reversed(_SIDE):
            extra = dict(settings)
            if vs:
                extra["help"] = f"As {flag}, for the resister."
            name, dest = ("--vs-" + flag[2:], "vs_" + param) if vs else (flag, param)
            f = click.option(name, dest, **extra)(f)
        return f

    return apply


def _judged_options(f: F) -> F:
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


def _rules_option(f: F) -> F:
    return click.option(
        "--rules", "rules_file", metavar="FILE", help="A house-rules file (TOML/YAML/JSON)."
    )(f)


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


def _make_check(
    code: str,
    rules: D6Ruleset,
    kw: dict[str, Any],
    name: str | None,
    *,
    contest: bool = False,
    attack: bool = False,
) -> D6Check:
    """A check from one side's options (``kw``, without any vs_ prefix)."""
    from rollplay.systems.d6.options import RollOptions, make_check
    from rollplay.systems.d6.results import parse_related

    unskilled = kw["unskilled"]
    if unskilled is None:
        unskilled_value: bool | int = False
    elif unskilled == "default":
        unskilled_value = True
    else:
        unskilled_value = whole(unskilled, "--unskilled", MAX_DIFFICULTY)
    options = RollOptions(
        difficulty=kw.get("difficulty"),
        bonuses=tuple(kw["bonuses"]),
        cp=kw["cp"],
        fate=kw["fate"],
        gm_allows_both=kw["gm_allows_both"],
        wild_one=kw["wild_one"],
        unskilled=unskilled_value,
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
    return make_check(code, options, rules, character=character, contest=contest)


# -- roll ------------------------------------------------------------------------------------


@d6.command()
@click.argument("code")
@_judged_options
@_side_options()
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
@_rules_option
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
    rules = _ruleset(kw.pop("rules_file"))
    check = _make_check(code, rules, kw, name, attack=attack)
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


def _tosses(tosses: Sequence[int]) -> str:
    return " → ".join(str(t) for t in tosses)


def print_roll(r: D6Roll, *, judged: bool = True, echo: Callable[[str], None] = say) -> None:
    """A roll in two lines (and a note for a Critical Failure or an attack). Unjudged, the
    total is shown without the verdict: points may still be spent after it."""
    who = f"{r.name}: " if r.name else ""
    what = f"{r.skill} {r.code}" if r.skill else r.code
    if r.attribute:
        what = f"{r.skill} untrained, from {r.attribute} {r.code}"
    if r.fate:
        what += f", doubled by a Fate Point to {r.rolled}"
    extras = "".join(f", {b}" for b in r.bonuses)
    if r.related:
        extras += f", related skills {signed(r.related)}"
    echo(f"{who}{what}{extras}")
    wild = _tosses(r.wild)
    if r.critical_failure:
        wild = alarm(wild)
    parts = [f"dice {' '.join(map(str, r.dice))}" if r.dice else "", f"Wild Die {wild}"]
    parts += [f"CP die {_tosses(t)}" for t in r.cp_dice]
    if r.cancelled:
        parts.append(f"cancelled {' '.join(map(str, r.cancelled))}")
    adds = r.pips + r.bonus + r.related
    line = " | ".join(p for p in parts if p) + (f" | {signed(adds)}" if adds else "")
    if not judged:
        echo(f"{line} = {bold(str(r.total))} (before Character Points after the roll)")
    else:
        echo(f"{line} = {bold(str(r.total))}{_verdict(r)}")
    if r.critical_failure:
        if r.complication:
            echo(alarm("Critical Failure on the Wild Die: a complication occurs"))
        else:
            echo(alarm("Critical Failure on the Wild Die: it cancels the highest die"))
    if judged:
        _attack_line(r, echo)


def print_after(r: D6Roll, cp: int) -> None:
    """The Character Points spent after the roll, the new total and the verdict."""
    dice = " | ".join(f"CP die {_tosses(t)}" for t in r.cp_dice[len(r.cp_dice) - cp :])
    spent = f"{cp} Character Point{'s' if cp != 1 else ''} after the roll: {dice}" if cp else ""
    say(f"{spent}{' ' if spent else ''}= {bold(str(r.total))}{_verdict(r)}".strip())
    _attack_line(r, say)


def _verdict(r: D6Roll) -> str:
    if r.difficulty is None:
        return ""
    mods = "".join(f" {signed(v)} {reason}" for reason, v in r.difficulty_mods)
    outcome = "success" if r.success else "failure"
    verdict = f" vs {r.difficulty}{mods and f' (with{mods})'}: {bold(outcome)}"
    return verdict + f", {signed(r.result_points or 0)} result points"


def _attack_line(r: D6Roll, echo: Callable[[str], None]) -> None:
    if not r.attack or r.difficulty is None:
        return
    if r.success:
        echo(
            f"Damage bonus {signed(r.damage_bonus or 0)} (a fifth of the result points, rounded up)"
        )
    else:
        echo("The attack misses: no damage")


# -- opposed ---------------------------------------------------------------------------------


@d6.command()
@click.argument("initiator")
@click.argument("resister")
@_side_options()
@_side_options(vs=True)
@click.option("--name", metavar="NAME", help="The initiator's name.")
@click.option("--vs-name", "vs_name", metavar="NAME", help="The resister's name.")
@click.option("--attack", is_flag=True, help="The initiator attacks: a win's damage bonus.")
@_rules_option
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

    rules = _ruleset(rules_file)
    mine = {k: v for k, v in kw.items() if not k.startswith("vs_")}
    theirs = {k[3:]: v for k, v in kw.items() if k.startswith("vs_")}
    first = _make_check(initiator, rules, mine, name, contest=True, attack=attack)
    second = _make_check(resister, rules, theirs, vs_name, contest=True)
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


# -- odds ------------------------------------------------------------------------------------


@d6.command()
@click.argument("code")
@_judged_options
@_side_options()
@_rules_option
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
