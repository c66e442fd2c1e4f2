"""Between turns: what an NPC does without orders, luck spent after a turn (002 Luck,
Combat), and how a combatant stands."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from rollplay.errors import RollplayError, RuleError
from rollplay.systems.fs3.combat.attack import wound_modifier
from rollplay.systems.fs3.combat.gear import CombatRules
from rollplay.systems.fs3.combat.state import Action, Combatant, ammo_left


def npc_action(npc: Combatant, fighters: list[Combatant], rules: CombatRules) -> Action:
    """An NPC without orders escapes a hold, reloads an empty weapon, else attacks the first
    standing enemy (rulings C4), else passes."""
    if npc.knocked_out:
        return Action("pass")
    if npc.subdued_by:
        return Action("escape")
    weapon = rules.weapon(npc.weapon)
    if not weapon.melee and weapon.ammo and ammo_left(npc, rules) <= 0:
        return Action("reload")
    for other in fighters:
        if other.team != npc.team and not other.knocked_out:
            return Action("attack", other.name)
    return Action("pass")


def move_wound(c: Combatant, wound: int, location: str, rules: CombatRules) -> Combatant:
    """002 Luck, Combat: a luck point moves an injury to another hit location, "immediately
    after the injury": a wound taken in the turn last resolved, before the next one resolves
    (rulings C18). Cosmetic: the severity stays. ``wound`` counts from 1."""
    if not 1 <= wound <= len(c.wounds):
        raise RollplayError(f"{c.name} has {len(c.wounds)} wounds; pick 1 to {len(c.wounds)}")
    if wound - 1 not in c.fresh:
        taken = ", ".join(str(i + 1) for i in c.fresh) or "none"
        raise RuleError(
            f"{c.name}'s wound {wound} was not taken in the turn just resolved (those: "
            f"{taken}); luck moves an injury only immediately after it (002 Luck)"
        )
    location = rules.location_named(location)  # a known location, as the charts spell it
    if c.luck < 1:
        raise RuleError(f"{c.name} has no luck points to spend")
    wounds = list(c.wounds)
    wounds[wound - 1] = replace(wounds[wound - 1], location=location)
    return replace(c, wounds=tuple(wounds), luck=c.luck - 1)


def recover(c: Combatant, turn: int) -> Combatant:
    """002 Luck, Combat: "Recover from a Knockout": a luck point after the knockout roll, as
    long as the next turn has not resolved (``turn`` is the one about to; rulings C18)."""
    if not c.knocked_out:
        raise RuleError(f"{c.name} is not knocked out")
    if c.knocked_out_turn != turn - 1:
        raise RuleError(
            f"{c.name} was knocked out before the turn just resolved: luck recovers from a "
            f"knockout only before the next turn resolves (002 Luck)"
        )
    if c.luck < 1:
        raise RuleError(f"{c.name} has no luck points to spend")
    return replace(c, knocked_out=False, knocked_out_turn=None, luck=c.luck - 1)


def summary(c: Combatant, rules: CombatRules) -> dict[str, Any]:
    """How a combatant stands, for ``status`` and after a turn."""
    return {
        "name": c.name,
        "team": c.team,
        "npc": c.npc,
        "kind": c.kind,
        "weapon": c.weapon,
        "armor": c.armor,
        "stance": c.stance,
        # A melee weapon has no rounds (the engine never counts them: a knife is never
        # empty), so none are told; a gun's 0 is an empty gun.
        "ammo": None
        if rules.weapon(c.weapon).melee or not rules.weapon(c.weapon).ammo
        else ammo_left(c, rules),
        "wounds": [w.to_dict() for w in c.wounds],
        "wound_modifier": -wound_modifier(c.wounds, rules),
        "fresh_wounds": [i + 1 for i in c.fresh],
        "suppression": c.suppression,
        "luck": c.luck,
        "knocked_out": c.knocked_out,
        "subdued_by": c.subdued_by,
        "crew": list(c.crew),
    }
