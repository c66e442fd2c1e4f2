"""Fitting gear (rulings A24, A25): specials fitted to a weapon or armor by name
(``Rifle+Scope``), and the kit a combatant of a type joins with where none is named."""

from __future__ import annotations

from dataclasses import replace
from typing import Any, TypeVar

from rollplay.errors import RulesetError
from rollplay.systems.fs3.combat.kinds import Special
from rollplay.systems.fs3.combat.kit import Armor, Weapon

G = TypeVar("G", Weapon, Armor)


def fitted(gear: G, names: list[str], specials: tuple[Special, ...], find: Any) -> G:
    """Gear with specials fitted: each one the gear allows, its changes added (rulings
    A25)."""
    changed: dict[str, Any] = {}
    protection = dict(gear.protection) if isinstance(gear, Armor) else {}
    shown: list[str] = []
    for name in names:
        special = find(specials, name, "special")
        allowed = [s.casefold() for s in gear.specials]
        if special.name.casefold() not in allowed:
            raise RulesetError(
                f"{gear.name} takes no special {special.name!r}; it takes: "
                f"{', '.join(gear.specials) or 'none'}"
            )
        for key, value in special.changes.items():
            changed[key] = changed.get(key, getattr(gear, key)) + value
        for where, value in special.protection.items():
            protection[where] = protection.get(where, 0) + value
        shown.append(special.name)
    changed["name"] = "+".join([gear.name, *shown])
    if isinstance(gear, Armor):
        changed["protection"] = protection
    return replace(gear, **changed)


def type_kit(gear: Any, kind: str, weapon: str, armor: str) -> tuple[str, str, str]:
    """A combatant's type and kit where the join named none (rulings A24): the game's
    default type for the command's "Human" where that is another, and the type's own weapon
    (with its specials) and armor for the command's "Unarmed" and "None"."""
    if kind == "Human" and gear.default_type != "Human" and gear.kind("Human") is None:
        kind = gear.default_type
    found = gear.kind(kind)
    if found is not None and found.weapon and weapon == "Unarmed":
        weapon = "+".join([found.weapon, *found.weapon_specials])
    if found is not None and found.armor and armor == "None":
        armor = found.armor
    return kind, weapon, armor
