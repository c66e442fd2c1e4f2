"""``rollplay fs3 simulate ...``: many attacks, or whole combats, at once, for balancing
gear (rollplay.systems.fs3.combat's simulators), with a progress bar on a terminal."""

from __future__ import annotations

import sys
import time
from typing import TYPE_CHECKING, Any

import click

from rollplay.cli.options import (
    json_option,
)
from rollplay.cli.render import (
    emit_json,
    percent,
    say,
)
from rollplay.errors import RollplayError

if TYPE_CHECKING:
    pass

from rollplay.cli.fs3_options import ruleset_from, ruleset_options

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


@click.group()
def simulate() -> None:
    """Simulators for balancing gear: many attacks, or whole combats, at once."""


def _range(low: int, high: int) -> click.IntRange:
    return click.IntRange(low, high)


def _seed_and_chart(command: Any) -> Any:
    """--seed and --chart, which every simulation takes."""
    command = click.option("--chart", metavar="FILE",
                           help="Also draw the results: a .png or .svg file.")(command)  # fmt: skip
    return click.option("--seed", type=_range(0, 2**63 - 1), metavar="S",
                        help="Seed: the same seed, the same result.")(command)  # fmt: skip


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
@_seed_and_chart
@ruleset_options
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

    rules = ruleset_from(edition, rules_file)
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
@_seed_and_chart
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
    rules = ruleset_from(edition if "rules" not in data else None, data.get("rules"))
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
