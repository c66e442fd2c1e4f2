"""``rollplay heal day``: a day of healing in a game (004 Healing Damage)."""

from __future__ import annotations

from collections.abc import Sequence

import click

from rollplay.cli.options import dice_options, finish_dice, json_option, table_dice
from rollplay.cli.render import bold, emit_answer, say
from rollplay.cli.table import db_option
from rollplay.table.combat.healing import parse_doctors, parse_repair


@click.group()
def heal() -> None:
    """Healing over days (FS3, 004 Healing Damage)."""


@heal.command()
@click.option("--game", "game_name", required=True, metavar="GAME", help="The game.")
@click.option(
    "--day",
    type=click.IntRange(1, 1_000_000),
    metavar="N",
    help="Which day (default: the next one; a day already healed changes nothing).",
)
@click.option(
    "--doctor",
    "doctors",
    multiple=True,
    metavar="PATIENT=DOCTOR",
    help="A doctor's patient for the day (repeatable; one doctor each).",
)
@click.option("--hospital", multiple=True, metavar="NAME", help="A patient in a hospital.")
@click.option(
    "--repair",
    "repairs",
    multiple=True,
    metavar="COMBAT:VEHICLE=MECHANIC",
    help="A vehicle a mechanic repairs today (004 Vehicle Healing; repeatable).",
)
@dice_options("8,7,3")
@db_option
@json_option
def day(
    *, game_name: str, day: int | None, doctors: Sequence[str], hospital: Sequence[str],
    repairs: Sequence[str], faces: str | None, seed: str | None, db: str | None,
    as_json: bool,
) -> None:  # fmt: skip
    """Advance the game a day: every wounded character heals, and mechanics repair vehicles.
    A day already healed is not healed again."""
    from rollplay.cli.service import open_service
    from rollplay.render.cards import source_spans
    from rollplay.render.combat import day_lines
    from rollplay.render.text import line_text
    from rollplay.table.combat.healing import heal_day

    pairs = parse_doctors(doctors)
    jobs = tuple(parse_repair(spec) for spec in repairs)
    source = table_dice(faces, seed)
    report = heal_day(open_service(db), game_name, day=day, doctors=pairs, hospital=tuple(hospital),
                      repairs=jobs, dice=source)  # fmt: skip
    extra = finish_dice(source, report.dice_source)
    if as_json:
        emit_answer(report, extra)
        return
    first, *rest = day_lines(report)
    say(bold(first) + line_text(source_spans(report.dice_source, report.provable)))
    for line in rest:
        say(line)
