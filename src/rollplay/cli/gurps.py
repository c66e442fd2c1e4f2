"""``rollplay gurps ...``: roll, odds, difficulties, rules. Parsing and rendering only; the
rules live in rollplay.systems.gurps."""

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
    say_dice,
)
from rollplay.cli.render import alarm, bold, console, emit_json, percent, say, signed, spaced
from rollplay.errors import RollplayError, whole

if TYPE_CHECKING:
    from rollplay.systems.gurps.character import Character
    from rollplay.systems.gurps.odds import GURPSOdds
    from rollplay.systems.gurps.rolls import GURPSRoll
    from rollplay.systems.gurps.ruleset import GURPSRuleset

F = TypeVar("F", bound=Callable[..., Any])


@click.group()
def gurps() -> None:
    """GURPS 4th edition success rolls: 3d6 roll-under, criticals, margins, defaults, odds."""


def _check_options(f: F) -> F:
    for option in reversed(
        (
            click.option(
                "--mod",
                "mods",
                multiple=True,
                metavar="N[ REASON]",
                help="A modifier, with an optional reason: --mod=-5 or --mod '-5 in the dark'.",
            ),
            click.option(
                "--difficulty",
                metavar="NAME[=N]",
                help="Task difficulty from the table (`rollplay gurps difficulties`): hard, "
                "hard=-5, very-easy...",
            ),
            click.option(
                "--defense", is_flag=True, help="A defense roll: allowed below effective 3."
            ),
            click.option(
                "--sheet",
                metavar="FILE",
                help="A character sheet (TOML/YAML/JSON, or a GCS .gcs file); SKILL is then a "
                "skill or attribute name.",
            ),
            click.option(
                "--rules",
                "rules_file",
                metavar="FILE",
                help="A house-rules file that extends the built-in ruleset.",
            ),
        )
    ):
        f = option(f)
    return f


def _ruleset(rules_file: str | None) -> GURPSRuleset:
    from rollplay.systems.rulesets import load

    return load("gurps", path=rules_file)  # type: ignore[no-any-return]


def _skill(text: str, sheet: str | None) -> tuple[int | str, Character | None]:
    """SKILL is a number, or an ability's name on --sheet."""
    stripped = text.strip().replace("\u2212", "-")
    if stripped.lstrip("+-").isdigit():
        if sheet is not None:
            raise click.UsageError("with --sheet, SKILL is a skill or attribute name")
        return whole(stripped, "SKILL"), None
    if sheet is None:
        raise RollplayError(
            f"SKILL {text!r}: give a number (the skill level), or a skill name with --sheet FILE"
        )
    from rollplay.gurps import load_sheet

    return text, load_sheet(sheet)


# -- roll ------------------------------------------------------------------------------------


@gurps.command()
@click.argument("skill")
@_check_options
@click.option("--name", metavar="NAME", help="Who rolls (shown in the output).")
@click.option(
    "--secret",
    is_flag=True,
    help="A GM's secret roll (information, senses): the player is told only that it was made.",
)
@click.option(
    "--sense",
    is_flag=True,
    help="A Sense roll, made in secret: a failure notices nothing (never a lie).",
)
@dice_options("6,5,3")
@json_option
def roll(
    *,
    skill: str,
    mods: Sequence[str],
    difficulty: str | None,
    defense: bool,
    sheet: str | None,
    rules_file: str | None,
    name: str | None,
    secret: bool,
    sense: bool,
    faces: str | None,
    seed: str | None,
    as_json: bool,
) -> None:
    """Roll 3d6 against SKILL: a number, or a skill or attribute name with --sheet.

    \b
    Examples:
      rollplay gurps roll 9 --mod "-5 working by touch" --mod "+10 primitive lock"
      rollplay gurps roll 12 --difficulty hard
      rollplay gurps roll 2 --defense
      rollplay gurps roll Lockpicking --sheet louis.yaml
      rollplay gurps roll Search --sheet louis.yaml --secret
      rollplay gurps roll Per --sheet louis.yaml --sense
    """
    from rollplay.systems.gurps.rolls import build_check, roll_check
    from rollplay.systems.gurps.secret import CATEGORY_WORDS, roll_secret

    rules = _ruleset(rules_file)
    level, character = _skill(skill, sheet)
    check = build_check(
        level, mods, rules, difficulty=difficulty, defense=defense, character=character, name=name
    )
    source = dice_source(faces, seed)
    if secret or sense:
        hidden = roll_secret(check, rules, source, sense=sense)
        extra = finish_dice(source)
        if as_json:
            emit_json({"player": hidden.player_view(), "gm": {**hidden.gm_view(), **extra}})
            return
        info = hidden.information
        say(bold("Secret roll: for the GM's eyes only"))
        print_roll(hidden.roll)
        say(f"Information: {bold(info.grade)} ({CATEGORY_WORDS[info.category]}): {info.meaning}")
        say(f"Tell the player: {hidden.player_view()['message']}")
        say_dice(extra)
        return
    result = roll_check(check, rules, source)
    extra = finish_dice(source)
    if as_json:
        emit_json({**result.to_dict(), **extra})
        return
    print_roll(result)
    say_dice(extra)


def print_roll(r: GURPSRoll) -> None:
    who = f"{r.name}: " if r.name else ""
    what = r.skill or ("Defense" if r.defense else "Skill")
    via = f" (default {r.default})" if r.default else ""
    mods = "".join(f" {spaced(m.value)}{' ' + m.reason if m.reason else ''}" for m in r.modifiers)
    arrow = f" → effective {r.effective}" if r.modifiers else ""
    say(f"{who}{what}{via} {r.base}{mods}{arrow}")
    verdict = r.outcome.upper() if r.critical else r.outcome
    styled = alarm(verdict) if r.outcome == "critical failure" else bold(verdict)
    if r.success:
        margin = f"succeeds by {r.margin}" if r.margin >= 0 else f"automatic on {r.total}"
    else:
        margin = f"fails by {-r.margin}" if r.margin < 0 else f"automatic on {r.total}"
    dice = " ".join(str(d) for d in r.dice)
    say(f"Rolled {dice} = {bold(str(r.total))} vs {r.effective}: {styled} ({margin})")


# -- odds ------------------------------------------------------------------------------------


@gurps.command()
@click.argument("skill", required=False)
@_check_options
@click.option("--table", metavar="FROM-TO", help="Odds for every effective skill in a range.")
@json_option
def odds(
    *,
    skill: str | None,
    mods: Sequence[str],
    difficulty: str | None,
    defense: bool,
    sheet: str | None,
    rules_file: str | None,
    table: str | None,
    as_json: bool,
) -> None:
    """Exact odds before rolling: success, critical success, critical failure, margins.

    \b
    Examples:
      rollplay gurps odds 12
      rollplay gurps odds 9 --mod=-5 --mod=+10
      rollplay gurps odds Interrogation --sheet louis.yaml
      rollplay gurps odds --table 3-20
    """
    from rollplay import gurps as system

    rules = _ruleset(rules_file)
    if table is not None:
        if skill is not None or mods or difficulty or sheet:
            raise click.UsageError("--table shows every skill in a range; give no SKILL with it")
        _odds_table(table, rules, as_json)
        return
    if skill is None:
        raise click.UsageError("say which skill: a number, or a name with --sheet (or --table)")
    level, character = _skill(skill, sheet)
    o = system.odds(
        level,
        mods,
        difficulty=difficulty,
        defense=defense,
        character=character,
        ruleset=rules,
    )
    if as_json:
        emit_json(o.to_dict())
        return
    _print_odds(o)


def _print_odds(o: GURPSOdds) -> None:
    kind = "defense" if o.defense else "skill"
    say(
        f"Effective {kind} {o.effective}: success {bold(percent(o.success))}   "
        f"critical success {percent(o.critical_success)}   "
        f"critical failure {percent(o.critical_failure)}"
    )
    row = "  ".join(f"{signed(m)}: {percent(p)}" for m, p in o.margins.items())
    say(f"Margin (effective minus roll): {row}")


def _odds_table(span: str, rules: GURPSRuleset, as_json: bool) -> None:
    from rollplay.gurps import odds_table

    lo_text, sep, hi_text = span.strip().partition("-")
    if not (sep and lo_text.isdigit() and hi_text.isdigit()):
        raise RollplayError(f"bad --table {span!r}: write FROM-TO, e.g. 3-20")
    rows = odds_table(whole(lo_text, "--table FROM"), whole(hi_text, "--table TO"), ruleset=rules)
    if as_json:
        emit_json({"system": "gurps", "skills": [r.to_dict() for r in rows]})
        return
    from rich.table import Table

    t = Table(title=f"{rules.name}: odds by effective skill", title_justify="left")
    for heading in ("Skill", "Success", "Crit. success", "Crit. failure"):
        t.add_column(heading, justify="right")
    for r in rows:
        label = f"{r.effective} (defense)" if r.defense else str(r.effective)
        t.add_row(
            label, percent(r.success), percent(r.critical_success), percent(r.critical_failure)
        )
    console().print(t)


# -- reference -------------------------------------------------------------------------------


@gurps.command()
@click.option("--rules", "rules_file", metavar="FILE", help="A house-rules file.")
@json_option
def difficulties(rules_file: str | None, as_json: bool) -> None:
    """The task difficulty table (001 Task Difficulty): names and modifiers."""
    rules = _ruleset(rules_file)
    if as_json:
        emit_json(
            {
                "system": "gurps",
                "difficulties": [
                    {
                        "name": d.name,
                        "modifier": d.modifier,
                        "lowest": d.lowest,
                        "highest": d.highest,
                        "description": d.description,
                    }
                    for d in rules.difficulties
                ],
            }
        )
        return
    for d in rules.difficulties:
        span = signed(d.modifier)
        if d.lowest != d.highest:
            other = d.lowest if d.modifier == d.highest else d.highest
            span += f" (or {signed(other)})"
        say(f"{d.name:<17} {span:<12} {d.description}")


@gurps.command()
@click.option("--rules", "rules_file", metavar="FILE", help="Check this house-rules file.")
@format_option()
def rules(rules_file: str | None, fmt: str) -> None:
    """Print the ruleset as a house-rules file: a game's starting point."""
    from rollplay.systems.gurps.houserules import dump

    click.echo(dump(_ruleset(rules_file), fmt), nl=False)
