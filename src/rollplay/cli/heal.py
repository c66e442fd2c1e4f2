"""``rollplay heal day``: a day of healing in a game (004 Healing Damage)."""

from __future__ import annotations

from collections.abc import Sequence

import click

from rollplay.cli.options import dice_options, dice_source, finish_dice, json_option
from rollplay.cli.render import bold, emit_json, say
from rollplay.cli.table import db_option
from rollplay.errors import RollplayError


@click.group()
def heal() -> None:
    """Healing over days (FS3, 004 Healing Damage)."""


@heal.command()
@click.option("--game", "game_name", required=True, metavar="GAME", help="The game.")
@click.option("--day", type=int, metavar="N", help="Which day (default: the next one).")
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
    """Advance the game a day: every wounded character heals. A day already healed is not
    healed again."""
    from rollplay.table.healing import heal_day
    from rollplay.table.store import Table

    pairs: dict[str, str] = {}
    for pair in doctors:
        patient, sep, doctor = pair.partition("=")
        if not sep or not patient.strip() or not doctor.strip():
            raise RollplayError(f"bad --doctor {pair!r}: write PATIENT=DOCTOR")
        if patient.strip() in pairs:
            raise RollplayError(f"{patient.strip()} has two doctors; one per patient (004)")
        pairs[patient.strip()] = doctor.strip()
    jobs = []
    for spec in repairs:
        where, sep, mechanic = spec.partition("=")
        combat, colon, vehicle = where.partition(":")
        if not (sep and colon and combat and vehicle and mechanic):
            raise RollplayError(f"bad --repair {spec!r}: write COMBAT:VEHICLE=MECHANIC")
        jobs.append((combat.strip(), vehicle.strip(), mechanic.strip()))
    source = dice_source(faces, seed)
    report = heal_day(Table(db), game_name, day=day, doctors=pairs, hospital=tuple(hospital),
                      repairs=tuple(jobs), dice=source)  # fmt: skip
    extra = finish_dice(source)
    if as_json:
        emit_json({**report, **extra})
        return
    if report["already_healed"]:
        say(f"{report['game']}: day {report['day']} was already healed; nothing changed")
        return
    say(bold(f"{report['game']}: day {report['day']}"))
    if not report["patients"]:
        say("  nobody is wounded")
    for p in [*report["patients"], *report["vehicles"]]:
        changes = ", ".join(f"{w['location']} {w['from']} → {w['to']}" for w in p["wounds"])
        who = p.get("name") or f"{p['vehicle']} (repaired by {p['mechanic']})"
        say(f"  {who}: +{p['points']} points a wound; {changes or 'no wounds'}")
