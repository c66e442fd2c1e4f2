"""Outcomes as JSON with a versioned schema (``rollplay.outcome/1``, docs/render.md), the same
shape for every system: who rolled what, every die with its marks, modifiers as
``{reason, value, applies_to}``, the verdict, and the system's whole outcome under
``detail``. Bots and the web page read this; a new field is added, never changed, within a
schema version."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

SCHEMA = "rollplay.outcome/1"
_EDITION = {"gurps": "4e", "d6": "d6"}


def outcome_json(r: Mapping[str, Any]) -> dict[str, Any]:
    """One roll's outcome (a system's ``to_dict``, as the log keeps it) in the schema."""
    system = str(r.get("system") or "fs3")
    shape = {"fs3": _fs3, "gurps": _gurps, "d6": _d6}[system](r)
    return {
        "schema": SCHEMA,
        "system": system,
        "edition": str(r.get("edition") or _EDITION.get(system, "3.3")),
        "ruleset": r.get("ruleset"),
        "who": r.get("name"),
        **shape,
        "detail": dict(r),
    }


def _modifier(reason: Any, value: Any, applies_to: str) -> dict[str, Any]:
    return {"reason": str(reason or ""), "value": value, "applies_to": applies_to}


def _fs3(r: Mapping[str, Any]) -> dict[str, Any]:
    good = int(r.get("success_at") or (7 if str(r.get("edition")) == "3.2" else 6))
    dice = [{"face": f, "marks": ["success"] if f >= good else ["one"] if f == 1 else []}
            for f in r.get("dice") or []]  # fmt: skip
    mods = [_modifier(m.get("reason"), m.get("value"), "dice") for m in r.get("modifiers") or []]
    return {
        "what": r.get("expression"),
        "dice": dice,
        "modifiers": mods,
        "verdict": r.get("level"),
        "succeeded": bool(r.get("succeeded")),
        "margin": r.get("successes"),
    }


def _gurps(r: Mapping[str, Any]) -> dict[str, Any]:
    mods = [_modifier(m.get("reason"), m.get("value"), "target") for m in r.get("modifiers") or []]
    return {
        "what": r.get("skill") or ("Defense" if r.get("defense") else r.get("effective")),
        "dice": [{"face": f, "marks": []} for f in r.get("dice") or []],
        "modifiers": mods,
        "verdict": r.get("outcome"),
        "succeeded": bool(r.get("success")),
        "margin": r.get("margin"),
    }


def _d6(r: Mapping[str, Any]) -> dict[str, Any]:
    dice = [{"face": f, "marks": []} for f in r.get("dice") or []]
    for i, face in enumerate(r.get("wild") or []):
        dice.append({"face": face, "marks": ["wild"] + (["exploded"] if i else [])})
    for tosses in r.get("cp_dice") or []:
        for i, face in enumerate(tosses):
            dice.append({"face": face, "marks": ["character point"] + (["exploded"] if i else [])})
    for face in r.get("cancelled") or []:
        dice.append({"face": face, "marks": ["cancelled"]})
    mods = []
    for b in r.get("bonuses") or []:
        if b.get("dice"):
            mods.append(_modifier(b.get("reason"), b["dice"], "dice"))
        if b.get("number"):
            mods.append(_modifier(b.get("reason"), b["number"], "total"))
    mods += [_modifier(m.get("reason"), m.get("value"), "difficulty")
             for m in r.get("difficulty_modifiers") or []]  # fmt: skip
    total, difficulty = r.get("total"), r.get("difficulty")
    margin = None if difficulty is None or total is None else total - difficulty
    verdict = None if difficulty is None else ("success" if r.get("success") else "failure")
    return {
        "what": f"{r['skill']} {r.get('code')}" if r.get("skill") else r.get("code"),
        "dice": dice,
        "modifiers": mods,
        "verdict": verdict,
        "succeeded": bool(r.get("success")),
        "margin": margin,
    }
