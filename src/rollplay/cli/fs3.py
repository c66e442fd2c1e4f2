"""``rollplay fs3 ...``: roll, opposed, odds, rules. Parsing and rendering only; the rules
live in rollplay.systems.fs3."""

from __future__ import annotations

import sys
import time
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
from rollplay.systems.fs3.rolls import LUCK_SPENDS

if TYPE_CHECKING:
    from rollplay.systems.fs3.odds import FS3Odds
    from rollplay.systems.fs3.rolls import Check, FS3Roll
    from rollplay.systems.fs3.ruleset import FS3Ruleset

F = TypeVar("F", bound=Callable[..., Any])


@click.group()
def fs3() -> None:
    """FS3 ability rolls, opposed rolls, teamwork and exact odds (editions 3.3 and 3.2)."""


# -- shared options -----------------------------------------------------------------------


def _ruleset_options(f: F) -> F:
    f = click.option(
        "--rules",
        "rules_file",
        metavar="FILE",
        help="A house-rules file (TOML or YAML) that extends an edition.",
    )(f)
    f = click.option(
        "--edition", "-e", metavar="3.3|3.2", help="FS3 edition: 3.3 (the default) or 3.2."
    )(f)
    return f


# One side's roll options: (flag, parameter, click settings, help with {who} and {prefix}).
_CHECK_OPTIONS: tuple[tuple[str, str, dict[str, Any], str], ...] = (
    ("name", "name", {"metavar": "NAME"}, "Who makes {who}roll (shown in the output)."),
    (
        "rating",
        "ratings",
        {"multiple": True, "metavar": "NAME=N"},
        "A rating used by {who}roll string, e.g. Firearms=3.",
    ),
    (
        "attribute",
        "attribute",
        {"type": int, "metavar": "A"},
        "The linked attribute's rating for {who}roll (FS3.2 judges embarrassing failures by it).",
    ),
    (
        "mod",
        "mods",
        {"multiple": True, "type": int, "metavar": "N"},
        "A modifier to {who}dice, e.g. --{prefix}mod=-2.",
    ),
    (
        "situation",
        "situations",
        {"multiple": True, "metavar": "NAME"},
        "A named modifier on {who}roll (see `rollplay fs3 rules`), e.g. taking-time.",
    ),
    ("luck", "luck", {"type": click.Choice(LUCK_SPENDS)}, "A luck point spent on {who}roll."),
    (
        "luck-cancelled",
        "luck_cancelled",
        {"is_flag": True},
        "The luck spent on {who}roll was cancelled by another point.",
    ),
)


def _check_options(prefix: str = "", who: str = "the ") -> Callable[[F], F]:
    """Options that shape one side's roll; ``--vs-...`` for the second side."""
    key = prefix.replace("-", "_")

    def apply(f: F) -> F:
        for flag, dest, settings, text in reversed(_CHECK_OPTIONS):
            f = click.option(
                f"--{prefix}{flag}",
                f"{key}{dest}",
                **settings,
                help=text.format(who=who, prefix=prefix),
            )(f)
        return f

    return apply


# -- parsing helpers --------------------------------------------------------------------


def _ruleset(edition: str | None, rules_file: str | None) -> FS3Ruleset:
    if rules_file and edition is not None:
        raise click.UsageError(
            "give --edition or --rules, not both (a rules file names its edition with 'extends')"
        )
    from rollplay.systems.rulesets import load

    return load("fs3", edition=edition, path=rules_file)  # type: ignore[no-any-return]


def _ratings(pairs: Sequence[str]) -> dict[str, int]:
    ratings: dict[str, int] = {}
    for pair in pairs:
        name, sep, value = pair.partition("=")
        name = name.strip()
        if not sep or not name or not value.strip().lstrip("+-").isdigit():
            raise RollplayError(f"bad --rating {pair!r}: write NAME=NUMBER, like Firearms=3")
        ratings[name] = whole(value, f"--rating {name}")
    return ratings


def _pool_spec(expression: str | None, dice_count: int | None, what: str) -> int | str:
    if expression is not None and dice_count is not None:
        raise click.UsageError(f"give {what} as a roll string or as --dice, not both")
    if dice_count is not None:
        if dice_count < 0:
            raise RollplayError(f"--dice {dice_count}: a pool is 0 or more dice")
        return dice_count
    if expression is None:
        raise click.UsageError(
            "say what to roll: a roll string like Firearms+Reflexes, or --dice N"
        )
    text = expression.strip()
    return whole(text, "a pool") if text.isdigit() else expression


def _make_check(spec: int | str, kw: dict[str, Any], prefix: str = "") -> Check:
    from rollplay.systems.fs3.rolls import Check

    return Check(
        pool=spec,
        attribute=kw[f"{prefix}attribute"],
        ratings=_ratings(kw[f"{prefix}ratings"]),
        modifiers=tuple(kw[f"{prefix}mods"]),
        situations=tuple(kw[f"{prefix}situations"]),
        luck=kw[f"{prefix}luck"],
        luck_cancelled=kw[f"{prefix}luck_cancelled"],
        name=kw[f"{prefix}name"],
    )


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
@_check_options()
@click.option(
    "--assist",
    "assists",
    multiple=True,
    type=int,
    metavar="N",
    help="An assister's pool (000 Teamwork); assisters roll first.",
)
@_ruleset_options
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
    from rollplay.systems.fs3.rolls import roll_check, teamwork

    rules = _ruleset(edition, rules_file)
    check = _make_check(_pool_spec(expression, dice_count, "the roll"), kw)
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
        return
    result = roll_check(check, rules, source)
    extra = finish_dice(source)
    if as_json:
        emit_json({"system": "fs3", **result.to_dict(), **extra})
        return
    print_roll(result, rules)


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
@_check_options()
@_check_options("vs-", "the second side's ")
@_ruleset_options
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
    from rollplay.systems.fs3.rolls import opposed as roll_opposed

    rules = _ruleset(edition, rules_file)
    first = _make_check(_pool_spec(expression, dice_count, "the first side"), kw)
    second = _make_check(_pool_spec(vs, None, "--vs"), kw, "vs_")
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
@_check_options()
@_check_options("vs-", "the second side's ")
@_ruleset_options
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

    rules = _ruleset(edition, rules_file)
    if table is not None:
        if expression is not None or dice_count is not None or vs is not None:
            raise click.UsageError("--table shows every pool in a range; give no pool with it")
        _odds_table(rules, table, kw["attribute"], as_json)
        return
    first = _make_check(_pool_spec(expression, dice_count, "the pool"), kw)
    if vs is not None:
        second = _make_check(_pool_spec(vs, None, "--vs"), kw, "vs_")
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
@_ruleset_options
@format_option()
def rules(edition: str | None, rules_file: str | None, fmt: str) -> None:
    """Print a ruleset as a house-rules file: a game's starting point.

    With --rules FILE, checks the file and prints the ruleset it makes.
    """
    from rollplay.systems.fs3.houserules import dump

    ruleset = _ruleset(edition, rules_file)
    click.echo(dump(ruleset, fmt), nl=False)


# -- simulate -------------------------------------------------------------------------------

_clock = time.monotonic  # the progress bar's clock (tests move it)


class _Progress:
    """A Rich progress bar for a long simulation: shown once a run has taken a second, on a
    terminal only, and never with --json (stdout carries the JSON)."""

    def __init__(self, total: int, label: str, as_json: bool) -> None:
        self.total, self.label = total, label
        self.enabled = not as_json and sys.stdout.isatty()
        self.started = _clock()
        self.bar: Any = None

    def __call__(self, done: int) -> None:
        if not self.enabled:
            return
        if self.bar is None:
            if _clock() - self.started < 1.0:
                return
            from rich.console import Console
            from rich.progress import Progress

            console = Console(file=sys.stdout, force_terminal=True)
            self.bar = Progress(console=console, transient=True, auto_refresh=False)
            self.bar.start()
            self.task = self.bar.add_task(self.label, total=self.total)
        self.bar.update(self.task, completed=done, refresh=True)

    def __enter__(self) -> _Progress:
        return self

    def __exit__(self, *_: object) -> None:
        if self.bar is not None:
            self.bar.stop()


@fs3.group()
def simulate() -> None:
    """Simulators for balancing gear: many attacks, or whole combats, at once."""


def _range(low: int, high: int) -> click.IntRange:
    return click.IntRange(low, high)


@simulate.command("attack")
@click.option("--attack-dice", type=_range(0, 10_000), required=True, metavar="A",
              help="The attacker's pool (0 to the ruleset's max_dice).")  # fmt: skip
@click.option("--defense-dice", type=_range(0, 10_000), required=True, metavar="D",
              help="The defender's pool.")  # fmt: skip
@click.option("--weapon", metavar="NAME", help="A weapon from the rules' gear (or the numbers).")
@click.option("--armor", metavar="NAME", help="Armor from the rules' gear (or --protection).")
@click.option("--penetration", type=_range(1, 1000), metavar="P", help="The weapon's penetration.")
@click.option("--lethality", type=_range(-1000, 1000), metavar="L", help="The weapon's lethality.")
@click.option("--protection", type=_range(0, 1000), default=0, metavar="PR",
              help="Armor at every location.")  # fmt: skip
@click.option("--cover", is_flag=True, help="The defender is in the Cover stance.")
@click.option("--target", default="Chest", show_default=True, help="The location aimed at.")
@click.option("--trials", type=_range(1, 100_000_000), default=100_000, show_default=True,
              help="How many attacks.")  # fmt: skip
@click.option("--seed", type=_range(0, 2**63 - 1), metavar="S",
              help="Seed: the same seed, the same result.")  # fmt: skip
@click.option("--chart", metavar="FILE", help="Also draw the results: a .png or .svg file.")
@_ruleset_options
@json_option
def simulate_attack(
    *, attack_dice: int, defense_dice: int, weapon: str | None, armor: str | None,
    penetration: int | None, lethality: int | None, protection: int, cover: bool, target: str,
    trials: int, seed: int | None, chart: str | None, edition: str | None,
    rules_file: str | None, as_json: bool,
) -> None:  # fmt: skip
    """What a weapon does against an armor: miss, hit location, stopped, wound severity.

    \b
    Examples:
      rollplay fs3 simulate attack --attack-dice 6 --defense-dice 4 --penetration 4 \\
          --lethality 10 --protection 4 --cover --trials 1000000 --seed 1
      rollplay fs3 simulate attack --attack-dice 6 --defense-dice 4 --weapon Rifle \\
          --armor "Flak Vest"
    """
    from rollplay.systems.fs3.combat.simulate import simulate_attacks

    rules = _ruleset(edition, rules_file)
    gear = rules.combat
    if max(attack_dice, defense_dice) > rules.max_dice:
        raise RollplayError(f"a pool goes up to max_dice, {rules.max_dice}")
    if weapon is not None:
        w = gear.weapon(weapon)
        penetration = w.penetration if penetration is None else penetration
        lethality = w.lethality if lethality is None else lethality
    if penetration is None or lethality is None:
        raise click.UsageError("give --weapon, or both --penetration and --lethality")
    shield: int | dict[str, int] = protection
    if armor is not None:
        shield = dict(gear.armor_named(armor).protection)
    with _Progress(trials, "attacks", as_json) as progress:
        stats = simulate_attacks(
            attack_dice, defense_dice, penetration=penetration, lethality=lethality,
            protection=shield, cover=cover, target=target, rules=gear, fs3=rules, trials=trials,
            seed=seed, progress=progress,
        )  # fmt: skip
    if chart:
        from rollplay.cli.charts import attack_chart

        attack_chart(chart, stats.to_dict())
    if as_json:
        emit_json({"system": "fs3", **stats.to_dict()})
        return
    say(f"{trials:,} attacks: {attack_dice} dice against {defense_dice}, penetration "
        f"{penetration}, lethality {lethality}")  # fmt: skip
    say(f"missed or blocked {percent(stats.attack_missed)}   stopped {percent(stats.stopped)}")
    say("Location: " + "  ".join(f"{k} {percent(v)}" for k, v in stats.location.items()))
    say("Wounds:   " + "  ".join(f"{k} {percent(v)}" for k, v in stats.severity.items()))


@simulate.command("combat")
@click.argument("scenario")
@click.option("--combats", type=_range(1, 1_000_000), default=10_000, show_default=True,
              help="How many.")  # fmt: skip
@click.option("--max-turns", type=_range(1, 1000), default=30, show_default=True,
              help="A combat's limit.")  # fmt: skip
@click.option("--seed", type=_range(0, 2**63 - 1), metavar="S",
              help="Seed: the same seed, the same result.")  # fmt: skip
@click.option("--chart", metavar="FILE", help="Also draw the results: a .png or .svg file.")
@json_option
def simulate_combat(
    *, scenario: str, combats: int, max_turns: int, seed: int | None, chart: str | None,
    as_json: bool,
) -> None:  # fmt: skip
    """Play a scenario's combat many times: each side's win rate (with a 95% interval),
    turns to finish, knockouts. SCENARIO is a YAML/TOML/JSON file (docs/combat.md)."""
    from rollplay.rulesfile import read
    from rollplay.systems.fs3.combat.battle import scenario_fighters, simulate_battles

    data = read(scenario, "scenario")
    edition = str(data.get("edition", "3.3"))
    rules = _ruleset(edition if "rules" not in data else None, data.get("rules"))
    fighters = scenario_fighters(data, rules.combat, scenario)
    with _Progress(combats, "combats", as_json) as progress:
        stats = simulate_battles(fighters, rules=rules.combat, fs3=rules, combats=combats,
                                 max_turns=max_turns, seed=seed, progress=progress)  # fmt: skip
    if chart:
        from rollplay.cli.charts import battle_chart

        battle_chart(chart, stats.to_dict())
    if as_json:
        emit_json({"system": "fs3", **stats.to_dict()})
        return
    say(f"{combats:,} combats, {rules.name}")
    for side, share in stats.wins.items():
        lo, hi = stats.wins_ci[side]
        say(f"  {side}: wins {percent(share)} (95%: {percent(lo)} to {percent(hi)}), "
            f"{stats.knockouts_mean[side]:.2f} knocked out on average")  # fmt: skip
    say(f"  draws {percent(stats.draws)}, unfinished after {max_turns} turns "
        f"{percent(stats.unfinished)}; {stats.turns_mean:.1f} turns on average")  # fmt: skip
