"""Shots in a turn (002 Attack Resolution; 004 Stance and Other Modifiers, Aiming,
Suppressing, Burst Fire): the modifiers an attack and a defense take, one shot, and full-auto
fire. Draw order: attack.py's, bullet by bullet for a burst; where a game rolls strength for
a melee hit (house rules, rulings A31), that roll comes after the two pools and before the
location."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from rollplay.systems.fs3.combat.attack import Attack, outcome, resolve_attack
from rollplay.systems.fs3.combat.auto import burst_size, recoil_modifiers, spread
from rollplay.systems.fs3.combat.kit import Weapon
from rollplay.systems.fs3.combat.state import Action, Combatant, ammo_left
from rollplay.systems.fs3.combat.turnstate import Mods, TurnState


def attack_modifiers(turn: TurnState, c: Combatant, target: Combatant, action: Action) -> Mods:
    """004 Stance and Other Modifiers, Aiming, Suppressing (wounds come with the roll)."""
    rules, weapon = turn.rules, turn.rules.weapon(c.weapon)
    mods = [(f"stance {c.stance}", rules.stances.get(c.stance, (0, 0))[0])]
    if weapon.melee:
        mods.append(("attacking with a melee weapon", rules.melee_bonus))
    else:
        mods.append((f"range {action.range}", rules.range_modifiers[action.range]))
    if c.aim_target == target.name:
        mods.append(("aimed", rules.aim_bonus))
    mods.append(("suppression", -c.suppression))  # attacks only (004)
    mods.append((f"{weapon.name} accuracy", weapon.accuracy))  # rulings A20
    mine, theirs = rules.mount_of(c.kind), rules.mount_of(target.kind)
    if mine is not None and theirs is None:  # rulings A28
        mods.append((f"mounted on a {mine.name}", mine.versus_unmounted))
    elif theirs is not None and mine is None:
        mods.append((f"against a rider on a {theirs.name}", -theirs.versus_unmounted))
    return mods


def defense_modifiers(turn: TurnState, target: Combatant, weapon: Weapon) -> Mods:
    rules = turn.rules
    mods = [(f"stance {target.stance}", rules.stances.get(target.stance, (0, 0))[1])]
    melee_both = weapon.melee and rules.weapon(target.weapon).melee
    if melee_both:  # rulings C5
        mods.append(("defending with a melee weapon", rules.melee_bonus))
    armor = rules.armor_named(target.armor)
    mods.append((f"{armor.name} defense", armor.defense))  # rulings A25
    vehicle = rules.vehicle_type(target.kind)
    if vehicle is not None:  # rulings A27
        mods.append((f"{vehicle.name} dodge", vehicle.dodge))
    return mods


def defense_skill(turn: TurnState, target: Combatant, weapon: Weapon) -> str:
    """The ability a defense rolls: the attacking weapon's defense skill, unless the
    defender's type names its own and this is not melee against melee (rulings A24); a
    vehicle's is its pilot's skill (A27)."""
    vehicle = turn.rules.vehicle_type(target.kind)
    if vehicle is not None:
        return vehicle.pilot_skill
    kind = turn.rules.kind(target.kind)
    melee_both = weapon.melee and turn.rules.weapon(target.weapon).melee
    if kind is None or kind.defense_skill is None or melee_both:
        return weapon.defense_skill
    return kind.defense_skill


def one_shot(
    turn: TurnState, name: str, action: Action, event: dict[str, Any], recoil: int
) -> None:
    c, target_name = turn.state[name], str(action.target)
    weapon = turn.rules.weapon(c.weapon)
    target = turn.state[target_name]
    mods = [*attack_modifiers(turn, c, target, action), ("recoil", recoil)]
    a = turn.roll(name, weapon.attack_skill, mods, "attack")
    d = turn.roll(target_name, defense_skill(turn, target, weapon),
                  defense_modifiers(turn, target, weapon), "defense")  # fmt: skip
    target = turn.state[target_name]  # luck may have changed it
    pools = [a.requested, d.requested]
    if action.kind == "subdue":  # 002: no damage; the target cannot act until it escapes
        hit = outcome(a.hits, d.hits) == "hit"
        event.update(attack_dice=list(a.dice), defense_dice=list(d.dice), pools=pools,
                     attack_roll=a.to_dict(), defense_roll=d.to_dict(),
                     outcome="hit" if hit else "miss",
                     effect="subdued" if hit else "failed")  # fmt: skip
        if hit:
            turn.state[target_name] = replace(target, subdued_by=name)
        return
    rules = turn.rules
    aimed = rules.aim_point(target.kind, action.called) if action.called else None
    tier = rules.tier_of(target.kind, target.tier) if target.npc else None
    bonus = 0 if tier is None else tier.wounds
    if weapon.melee and rules.strength_ability and outcome(a.hits, d.hits) == "hit":
        # A melee hit's strength roll, before the location (rulings A31).
        strength = turn.roll(name, rules.strength_ability, [], None)
        bonus += max(strength.hits - 1, 0) * rules.strength_damage
        event.update(strength_roll=strength.to_dict())
    result: Attack = resolve_attack(
        (name, target_name), (a, d), weapon,
        target=(rules.armor_named(target.armor), target.stance == "Cover",
                aimed or rules.center_of_mass(target.kind)),
        rules=rules, fs3=turn.fs3, dice=turn.dice, kind=target.kind,
        damage_bonus=bonus,
    )  # fmt: skip
    event.update(result.to_dict(), pools=pools)
    if not weapon.melee:  # 004: a Suppression Point every time one is fired upon
        target = replace(
            target, suppression=min(target.suppression + 1, turn.rules.suppression_max)
        )
    turn.state[target_name] = target
    if result.wound is not None:
        turn.wound(target_name, result.wound, event)


def full_auto(turn: TurnState, name: str, action: Action, event: dict[str, Any]) -> None:
    """004 Burst Fire: each target's bullets in turn, one attack and defense roll each,
    every bullet after the first at -(recoil x bullets so far)."""
    c = turn.state[name]
    weapon = turn.rules.weapon(c.weapon)
    clip = ammo_left(c, turn.rules) if weapon.ammo else weapon.burst  # no clip: no end (A22)
    rounds = burst_size(weapon.burst, clip, len(action.burst))
    if weapon.ammo:
        turn.state[name] = replace(c, ammo=ammo_left(c, turn.rules) - rounds)
    modifiers = recoil_modifiers(rounds, weapon.recoil)
    fired = 0
    bullets = []
    for target_name, count in zip(action.burst, spread(rounds, len(action.burst)), strict=True):
        for _ in range(count):
            single = replace(action, target=target_name, burst=())
            shot: dict[str, Any] = {}
            one_shot(turn, name, single, shot, modifiers[fired])
            bullets.append(shot)
            fired += 1
    event.update(rounds=rounds, bullets=bullets, target=", ".join(action.burst))
