"""What the rules allow a combatant to do this turn, checked when the action is set and again
when the turn resolves, so a refused action changes nothing (the tracker's errors)."""

from __future__ import annotations

from dataclasses import replace

from rollplay.errors import RollplayError, RuleError
from rollplay.systems.fs3.combat.auto import burst_size
from rollplay.systems.fs3.combat.gear import CombatRules
from rollplay.systems.fs3.combat.state import (
    ACTIONS,
    LUCK_ROLLS,
    LUCK_SPENDS,
    NEEDS_TARGET,
    Action,
    Combatant,
    ammo_left,
    parse_near,
)
from rollplay.systems.fs3.ruleset import FS3Ruleset


def check_action(
    c: Combatant,
    action: Action,
    everyone: dict[str, Combatant],
    rules: CombatRules,
    *,
    fs3: FS3Ruleset | None = None,
    others: dict[str, Action] | None = None,
) -> None:
    """Refuse what the rules do not allow, before anything changes. ``others`` are the
    actions already set this turn (one luck point per roll, 002 Luck)."""
    if action.kind not in ACTIONS:
        raise RollplayError(f"unknown action {action.kind!r}; accepted: {', '.join(ACTIONS)}")
    if c.knocked_out and (action.kind != "pass" or action.stance or action.weapon or action.luck):
        raise RuleError(f"{c.name} is knocked out and cannot act or change stance")
    if c.subdued_by and action.kind not in ("escape", "pass"):
        raise RuleError(f"{c.name} is subdued by {c.subdued_by}: escape first")
    if action.kind == "escape" and not c.subdued_by:
        raise RuleError(f"{c.name} is not held: escape is for the subdued (002 Combat Turns)")
    weapon = rules.weapon(action.weapon or c.weapon)
    ammo = weapon.ammo if action.weapon else ammo_left(c, rules)
    if action.burst:
        if action.kind != "attack" or not weapon.burst:
            raise RuleError("full-auto fire is an attack with a weapon that fires bursts")
        unknown = [t for t in action.burst if t not in everyone or t == c.name]
        if unknown or len(set(action.burst)) < len(action.burst):
            raise RollplayError(
                f"full-auto targets must be others in the combat, each once: {', '.join(unknown)}"
            )
        burst_size(weapon.burst, ammo if weapon.ammo else weapon.burst, len(action.burst))
        action = replace(action, target=action.burst[0])
    _check_bystanders(action, everyone, weapon.blast_radius)
    if action.kind in NEEDS_TARGET:
        if action.target is None or action.target not in everyone:
            raise RollplayError(f"{action.kind} needs a target among: {', '.join(everyone)}")
        if action.target == c.name and action.kind != "treat":
            raise RuleError(f"{c.name} cannot {action.kind} themself")
    if action.kind == "rally" and not everyone[str(action.target)].knocked_out:
        raise RuleError(f"{action.target} is not knocked out: rally is for those who are (002)")
    if action.kind in ("attack", "suppress") and not weapon.melee and weapon.ammo and ammo <= 0:
        raise RuleError(f"{c.name}'s {weapon.name} is empty: reload first")
    if action.kind == "subdue" and not weapon.melee:
        raise RuleError("subduing is a melee attack (002 Combat Turns): draw a melee weapon")
    if action.stance is not None and action.stance not in rules.stances:
        raise RollplayError(
            f"unknown stance {action.stance!r}; accepted: {', '.join(rules.stances)}"
        )
    if action.called is not None:
        target = everyone.get(str(action.target))
        rules.aim_point(target.kind if target else rules.default_type, action.called)
    if action.kind == "attack" and weapon.suppressive:
        raise RuleError(f"the {weapon.name} only suppresses: suppress with it (rulings A22)")
    if action.range not in rules.range_modifiers:
        ranges = ", ".join(rules.range_modifiers)
        raise RollplayError(f"unknown range {action.range!r}; accepted: {ranges}")
    if action.luck is not None:
        check_luck(c, action, everyone, fs3, others or {})


def _check_bystanders(action: Action, everyone: dict[str, Combatant], radius: int) -> None:
    if not action.near:
        return
    if not radius or action.kind != "attack":
        raise RuleError("bystanders are caught only by an explosive (a weapon with a blast radius)")
    seen = {action.target}
    for entry in action.near:
        name, _ = parse_near(entry)
        if name not in everyone:
            raise RollplayError(f"{name!r} is not in this combat: {', '.join(everyone)}")
        if name in seen:
            raise RollplayError(f"{name} is caught once: the target, or a bystander, not both")
        seen.add(name)


def check_luck(
    c: Combatant,
    action: Action,
    everyone: dict[str, Combatant],
    fs3: FS3Ruleset | None,
    others: dict[str, Action],
) -> None:
    """002 Luck, Combat: a point modifies one attack, defense or initiative roll a turn, as
    the edition's Ability Rolls luck allows (3.3: +3 to your own; 3.2: +5 to your own, +5/-5
    to someone else's, or a re-roll keeping the better), or recovers from a knockout."""
    if action.luck not in LUCK_ROLLS:
        raise RollplayError(f"unknown luck roll {action.luck!r}; accepted: {', '.join(LUCK_ROLLS)}")
    if action.luck_spend not in LUCK_SPENDS:
        raise RollplayError(
            f"unknown luck spend {action.luck_spend!r}; accepted: {', '.join(LUCK_SPENDS)}"
        )
    if c.luck < 1:
        raise RuleError(f"{c.name} has no luck points to spend")
    spend, on = action.luck_spend, action.luck_on or c.name
    if action.luck == "knockout" and (spend != "bonus" or on != c.name):
        raise RuleError("a luck point recovers one's own knockout; it is not a modifier (002)")
    if fs3 is not None:
        allowed = ["bonus"]
        allowed += ["reroll"] if fs3.luck_reroll else []
        allowed += ["boost", "hinder"] if fs3.luck_on_others else []
        if spend not in allowed:
            raise RuleError(
                f"{fs3.name} has no luck spend {spend!r}; it allows {', '.join(allowed)}"
            )
    if spend in ("boost", "hinder"):
        if on == c.name or on not in everyone:
            others_ = [n for n in everyone if n != c.name]
            raise RollplayError(
                f"a {spend} goes on someone else's roll: --luck-on one of {', '.join(others_)}"
            )
    elif on != c.name:
        raise RuleError(f"a luck {spend} is on one's own roll; boost or hinder someone else's")
    for name, other in others.items():
        if name != c.name and other.luck == action.luck and (other.luck_on or name) == on:
            raise RuleError(
                f"{name} already spends luck on {on}'s {action.luck} roll: one luck point "
                f"applies to a roll (002 Luck)"
            )
