"""``rollplay heal day``: a day of healing in a game (004 Healing Damage)."""

from __future__ import annotations

from collections.abc import Sequence

import click

from rollplay.cli.options import dice_options, finish_dice, json_option, table_dice
from rollplay.cli.render import bold, emit_answer, say
from rollplay.cli.table import db_option
from rollplay.errors import RollplayError


@click.group()
def heal() -> None:
    """Healing over days (FS3, 004 Healing Damage)."""


def parse_doctors(pairs: Sequence[str]) -> dict[str, str]:
    """PATIENT=DOCTOR pairs: one doctor per patient (004)."""
    out: dict[str, str] = {}
    for pair in pairs:
        patient, sep, doctor = pair.partition("=")
        if not sep or not patient.strip() or not doctor.strip():
            raise RollplayError(f"bad --doctor {pair[:60]!r}: write PATIENT=DOCTOR")
        if patient.strip().casefold() in map(str.casefold, out):
            raise RollplayError(f"{patient.strip()} has two doctors; one per patient (004)")
        out[patient.strip()] = doctor.strip()
    return out


def parse_repair(spec: str) -> tuple[str, str, str]:
    """COMBAT:VEHICLE=MECHANIC."""
    where, sep, mechanic = spec.partition("=")
    combat, colon, vehicle = where.partition(":")
    if not (sep and colon and combat.strip() and vehicle.strip() and mechanic.strip()):
        raise RollplayError(f"bad --repair {spec[:60]!r}: write COMBAT:VEHICLE=MECHANIC")
    return combat.strip(), vehicle.strip(), mechanic.strip()


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
    from rollplay.render.combat import day_lines
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
    say(bold(first))
    for line in rest:
        say(line)
