"""Healing days at the table: the game's clock moves a day and the day's rules
(rollplay.systems.fs3.combat.healday, which also fixes the draw order) run over the game's
characters and vehicles. One transaction; a day already healed is not healed again; a sheet
that cannot be read is skipped with a line saying why, and the rest of the game heals."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from sqlalchemy import select
from sqlalchemy.orm import Session

from rollplay.dice import Dice, settle
from rollplay.errors import RollplayError, RuleError
from rollplay.systems.fs3.combat.attack import Wound, read_wounds
from rollplay.systems.fs3.combat.healday import Person, patient_day, vehicle_day
from rollplay.systems.fs3.combat.healing import Healing, check_rounds
from rollplay.systems.fs3.combat.rolling import skill_rating
from rollplay.table.access.authz import Act
from rollplay.table.answers import DayHealed
from rollplay.table.base import ServiceBase
from rollplay.table.events.combat import HealDay
from rollplay.table.play.request_odds import refresh_each, told_in
from rollplay.table.store.models import Character, Game
from rollplay.table.systems import require


def heal_day(
    table: ServiceBase,
    game_name: str,
    *,
    day: int | None = None,
    doctors: dict[str, str] | None = None,
    hospital: tuple[str, ...] = (),
    repairs: tuple[tuple[str, str, str], ...] = (),
    dice: Dice | None = None,
) -> DayHealed:
    """Heal ``day`` (the day after the last one healed, by default). ``doctors`` maps a
    patient to their doctor (one each); ``hospital`` names patients in a hospital;
    ``repairs`` are (combat, vehicle, mechanic): vehicles mend only by repair (004
    Vehicle Healing), a mechanic's repair roll standing in for medicine."""
    from rollplay.table.dice.dicing import dice_fields, table_dice
    from rollplay.table.store.writers import CoreWriter

    with table.transaction() as s:
        game = table.game_row(s, game_name)
        require(game, "healing", "healing days", "004")
        table.require(s, game, Act.HEAL)
        target = game.day + 1 if day is None else day
        if target <= game.day:
            return DayHealed(game=game.name, day=target, already_healed=True)
        if target != game.day + 1:
            raise RuleError(f"day {target} is not the next day ({game.day + 1}): a day heals "
                            f"after the one before it (004: every 24 hours)")  # fmt: skip
        rules, _ = table.ruleset_of(game)
        gear = rules.combat
        source = table_dice(table, CoreWriter(s.connection()), game, "public", dice)
        rows = {c.name: c for c in s.scalars(
            select(Character).where(Character.game_id == game.id).with_for_update())}  # fmt: skip
        name = _namer(rows, game.name)
        doctors = {name(p): name(d) for p, d in (doctors or {}).items()}
        hospital = tuple(map(name, hospital))
        people: dict[str, Person] = {}
        skipped = []
        for n, row in sorted(rows.items()):
            try:
                ratings = table.sheet_of(game, row, rules).ratings()
                wounds = read_wounds(row.sheet.get("wounds"), gear, n)
            except RollplayError as exc:  # one bad sheet never stops the others healing
                skipped.append({"name": n, "problem": str(exc)})
                continue
            people[n] = Person(n, dict(ratings), [Healing(w, _fifths(row, i))
                                                 for i, w in enumerate(wounds)])  # fmt: skip
        check_rounds({p: d for p, d in doctors.items() if d in people},
                     {d: skill_rating(gear.treat_ability, rules, people[d].ratings)
                      for d in doctors.values() if d in people})  # fmt: skip
        report, writes = [], []
        for n, person in people.items():
            if not person.wounds:
                continue
            entry, healed = patient_day(person, people.get(doctors.get(n, "")), n in hospital,
                                        rules, source)  # fmt: skip
            if doctors.get(n) and doctors[n] not in people:
                entry["doctor_problem"] = f"{doctors[n]}'s sheet cannot be read"
            entry["doctor"] = doctors.get(n)
            report.append(entry)
            writes.append((rows[n], healed))
        from rollplay.table.combat.tracker import Tracker

        tracker = Tracker(table)
        vehicles = [
            _repair(s, tracker, game, spec, people=people, name=name, dice=source)
            for spec in repairs
        ]
        settle(source)  # typed faces left over: the day is not healed
        for row, healed in writes:
            sheet = dict(row.sheet)
            sheet["wounds"] = [{**h.wound.to_dict(), "healing": h.fifths} for h in healed]
            row.sheet = sheet
        for apply, _ in vehicles:
            apply()
        game.day = target
        result = {"game": game.name, "day": target, "already_healed": False,
                  "patients": report, "vehicles": [v for _, v in vehicles],
                  "skipped": skipped}  # fmt: skip
        drawn = dice_fields(source)
        told = table.record(s, game, HealDay.written({**result, **drawn}))
        # Their requests' odds (R32), told where the day was: a private scene's, there (H16).
        refresh_each(table, s, game, [row for row, _ in writes], told_in(s, game, told))
        return DayHealed.model_validate({**result, "dice_source": drawn["dice_source"]})


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


def _fifths(row: Character, i: int) -> int:
    return int((row.sheet.get("wounds") or [])[i].get("healing", 0))


def _namer(rows: dict[str, Character], game: str) -> Any:
    by_fold = {n.casefold(): n for n in rows}

    def name(text: str) -> str:
        found = by_fold.get(text.strip().casefold())
        if found is None:
            raise RuleError(f"{game} has no character called {text.strip()!r}")
        return found

    return name


def _repair(
    s: Session, tracker: Any, game: Game, spec: tuple[str, str, str], *,
    people: dict[str, Person], name: Any, dice: Dice,
) -> tuple[Any, dict[str, Any]]:  # fmt: skip
    """One vehicle's day (004 Vehicle Healing): the mechanic's repair roll gives each wound a
    point, and a fifth of a person's points drops a level; nothing heals without it. The
    vehicle may be in a stopped combat (it is the vehicle that mends, not the fight)."""
    from rollplay.systems.fs3.combat.state import combatant_from_json, combatant_to_json

    combat_name, vehicle, mechanic = spec
    _, combat = tracker.combat_row(s, game.name, combat_name, active=False)
    mechanic = name(mechanic)
    if mechanic not in people:
        raise RuleError(f"{mechanic}'s sheet cannot be read, so they cannot repair {vehicle}")
    fighters = [combatant_from_json(c) for c in combat.combatants]
    found = next((f for f in fighters if f.name.casefold() == vehicle.strip().casefold()), None)
    rules, _ = tracker.table.ruleset_of(game)
    if found is None or not rules.combat.is_vehicle(found.kind):
        raise RuleError(f"{vehicle!r} is not a vehicle in {combat.name}")
    fixed, report = vehicle_day(found, people[mechanic], rules, dice)

    def apply() -> None:
        combat.combatants = [combatant_to_json(fixed if f is found else f) for f in fighters]

    return apply, {**report, "combat": combat.name}


__all__ = ["Wound", "heal_day"]
