"""Outcomes as JSON with a versioned schema (``rollplay.outcome/1``, docs/render.md), the same
shape for every system: who rolled what, every die with its marks, modifiers as
``{reason, value, applies_to}``, the verdict, and the system's whole outcome under
``detail``. Bots and the web page read this; a new field is added, never changed, within a
schema version."""

from __future__ import annotations

from typing import assert_never

from pydantic import JsonValue

from rollplay.table.events.outcomes import D6Roll, FS3Roll, FS3Team, GurpsRoll

SCHEMA = "rollplay.outcome/1"
_EDITION = {"gurps": "4e", "d6": "d6"}
OneRoll = FS3Team | FS3Roll | GurpsRoll | D6Roll
Json = dict[str, JsonValue]


def outcome_json(r: OneRoll) -> Json:
    """One roll's outcome (as the log keeps it) in the schema."""
    match r:
        case FS3Roll():  # FS3Team too
            shape, edition, ruleset = _fs3(r), r.edition, r.ruleset
        case GurpsRoll():
            shape, edition, ruleset = _gurps(r), _EDITION["gurps"], None
        case D6Roll():
            shape, edition, ruleset = _d6(r), _EDITION["d6"], None
        case _:
            assert_never(r)
    return {
        "schema": SCHEMA,
        "system": r.system,
        "edition": edition,
        "ruleset": ruleset,
        "who": r.name,
        **shape,
        "detail": r.model_dump(mode="json", by_alias=True),
    }


def _modifier(reason: str, value: int, applies_to: str) -> Json:
    return {"reason": reason, "value": value, "applies_to": applies_to}


def _fs3(r: FS3Roll) -> Json:
    good = r.threshold
    dice: list[JsonValue] = [
        {"face": f, "marks": ["success"] if f >= good else ["one"] if f == 1 else []}
        for f in r.dice
    ]
    mods: list[JsonValue] = [_modifier(m.reason, m.value, "dice") for m in r.modifiers]
    return {"what": r.expression, "dice": dice, "modifiers": mods, "verdict": r.level,
            "succeeded": r.succeeded, "margin": r.successes}  # fmt: skip


def _gurps(r: GurpsRoll) -> Json:
    mods: list[JsonValue] = [_modifier(m.reason, m.value, "target") for m in r.modifiers]
    what: JsonValue = r.skill or ("Defense" if r.defense else r.effective)
    dice: list[JsonValue] = [{"face": f, "marks": []} for f in r.dice]
    return {"what": what, "dice": dice, "modifiers": mods, "verdict": r.outcome,
            "succeeded": r.success, "margin": r.margin}  # fmt: skip


def _d6(r: D6Roll) -> Json:
    dice: list[JsonValue] = [{"face": f, "marks": []} for f in r.dice]
    for i, face in enumerate(r.wild):
        dice.append({"face": face, "marks": _marks("wild", i)})
    for tosses in r.cp_dice:
        for i, face in enumerate(tosses):
            dice.append({"face": face, "marks": _marks("character point", i)})
    dice += [{"face": face, "marks": ["cancelled"]} for face in r.cancelled]
    mods: list[JsonValue] = []
    for b in r.bonuses:
        if b.dice:
            mods.append(_modifier(b.reason, b.dice, "dice"))
        if b.number:
            mods.append(_modifier(b.reason, b.number, "total"))
    mods += [_modifier(m.reason, m.value, "difficulty") for m in r.difficulty_modifiers]
    margin = None if r.difficulty is None else r.total - r.difficulty
    verdict = None if r.difficulty is None else ("success" if r.success else "failure")
    return {"what": f"{r.skill} {r.code}" if r.skill else r.code, "dice": dice,
            "modifiers": mods, "verdict": verdict, "succeeded": bool(r.success),
            "margin": margin}  # fmt: skip


def _marks(kind: str, toss: int) -> list[JsonValue]:
    """A D6 bonus die's marks: its kind, and whether an explosion added this toss."""
    return [kind, "exploded"] if toss else [kind]
