"""Healing days at the table (004 Healing Damage; 002 Healing): the game's clock moves a day,
every wounded character rolls toughness, doctors roll medicine for their patients, and each
wound gathers its points. One transaction; a day already healed is not healed again."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from sqlalchemy import select

from rollplay.dice import Dice, default_dice, settle
from rollplay.errors import RuleError
from rollplay.systems.fs3.combat.attack import Wound
from rollplay.systems.fs3.combat.healing import Healing, check_rounds, daily_points, heal
from rollplay.systems.fs3.pool import resolve
from rollplay.systems.fs3.rolls import roll_pool
from rollplay.table.models import Character
from rollplay.table.store import Table


def _wounds(sheet: dict[str, Any]) -> list[Healing]:
    return [Healing(Wound.from_dict(w), int(w.get("healing", 0))) for w in sheet.get("wounds", [])]


def heal_day(
    table: Table,
    game_name: str,
    *,
    day: int | None = None,
    doctors: dict[str, str] | None = None,
    hospital: tuple[str, ...] = (),
    repairs: tuple[tuple[str, str, str], ...] = (),
    dice: Dice | None = None,
) -> dict[str, Any]:
    """Heal ``day`` (the day after the last one healed, by default). ``doctors`` maps a
    patient to their doctor (one each); ``hospital`` names patients in a hospital;
    ``repairs`` are (combat, vehicle, mechanic): vehicles mend only by repair (004
    Vehicle Healing), a mechanic's repair roll standing in for medicine."""
    source = dice or default_dice()
    doctors = doctors or {}
    with table.transaction() as s:
        game = table.game_row(s, game_name)
        if game.system != "fs3":
            raise RuleError(f"healing days are FS3's (004); {game.name} plays {game.system}")
        target = game.day + 1 if day is None else day
        if target <= game.day:
            return {"game": game.name, "day": target, "already_healed": True, "patients": []}
        rules, _ = table.ruleset_of(game)
        gear = rules.combat
        rows = {c.name: c for c in s.scalars(
            select(Character).where(Character.game_id == game.id).with_for_update())}  # fmt: skip
        for name in (*doctors, *doctors.values(), *hospital):
            if name not in rows:
                raise RuleError(f"{game.name} has no character called {name!r}")
        ratings = {n: table.sheet_of(game, row, rules).ratings() for n, row in rows.items()}
        check_rounds(doctors, {d: ratings[d].get(gear.treat_ability, 0) for d in doctors.values()})
        report = []
        for name in sorted(rows):
            row = rows[name]
            wounds = _wounds(row.sheet)
            if not wounds:
                continue
            tough = roll_pool(max(resolve(gear.toughness_ability, rules, ratings[name]).dice, 1),
                              None, rules, source)  # fmt: skip
            medicine = None
            if name in doctors:
                doc = doctors[name]
                medicine = roll_pool(max(resolve(gear.treat_ability, rules, ratings[doc]).dice, 1),
                                     None, rules, source)  # fmt: skip
            points = daily_points(tough.succeeded, medicine.succeeded if medicine else None,
                                  name in hospital, gear)  # fmt: skip
            healed, progress = heal(wounds, points, gear)
            sheet = dict(row.sheet)
            sheet["wounds"] = [{**h.wound.to_dict(), "healing": h.fifths} for h in healed]
            row.sheet = sheet
            report.append({
                "name": name, "toughness": list(tough.dice),
                "medicine": None if medicine is None else list(medicine.dice),
                "doctor": doctors.get(name), "hospital": name in hospital, "points": points,
                "wounds": progress,
            })  # fmt: skip
        vehicles = [
            _repair(s, game, spec, ratings=ratings, rules=rules, dice=source) for spec in repairs
        ]
        settle(source)  # typed faces left over: the day is not healed
        game.day = target
        return {
            "game": game.name,
            "day": target,
            "already_healed": False,
            "patients": report,
            "vehicles": vehicles,
        }


def _repair(
    s: Any, game: Any, spec: tuple[str, str, str], *, ratings: dict[str, Any], rules: Any,
    dice: Dice,
) -> dict[str, Any]:  # fmt: skip
    """One vehicle's day (004 Vehicle Healing): the mechanic's repair roll gives each wound a
    point, and a fifth of a person's points drops a level; nothing heals without it."""
    from rollplay.table.combat import combatant_from_json, combatant_to_json
    from rollplay.table.models import Combat

    combat_name, vehicle, mechanic = spec
    query = select(Combat).where(Combat.game_id == game.id, Combat.name == combat_name)
    combat = s.scalar(query.with_for_update())
    if combat is None:
        raise RuleError(f"{game.name} has no combat called {combat_name!r}")
    if mechanic not in ratings:
        raise RuleError(f"{game.name} has no character called {mechanic!r}")
    fighters = [combatant_from_json(c) for c in combat.combatants]
    found = next((f for f in fighters if f.name == vehicle), None)
    gear = rules.combat
    if found is None or found.kind not in gear.vehicles:
        raise RuleError(f"{vehicle!r} is not a vehicle in {combat_name}")
    pool = resolve(gear.repair_ability, rules, ratings[mechanic]).dice
    roll = roll_pool(max(pool, 1), None, rules, dice)
    points = daily_points(None, roll.succeeded, False, gear)
    healed, progress = heal([Healing(w) for w in found.wounds], points, gear, vehicle=True)
    fixed = replace(found, wounds=tuple(h.wound for h in healed))
    combat.combatants = [combatant_to_json(fixed if f.name == vehicle else f) for f in fighters]
    return {
        "vehicle": vehicle,
        "combat": combat_name,
        "mechanic": mechanic,
        "repair": list(roll.dice),
        "points": points,
        "wounds": progress,
    }
