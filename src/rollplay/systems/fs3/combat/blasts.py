"""Explosions inside a turn (004 Explosions): who is caught, their defense rolls, where they
end up, and the wounds that follow (a vehicle's crew hits are turnstate.py's).

Draw order for an explosion: the thrower's attack pool; then, for the target and each
bystander in the order given (those beyond double the blast radius roll nothing), the
defense pool and what explosion.py's ``blast`` draws, then, for each wound a vehicle took,
its crew's rolls (vehicles.py).
"""

from __future__ import annotations

from typing import Any

from rollplay.systems.fs3.combat.explosion import adjust_zone, blast, zone_for
from rollplay.systems.fs3.combat.shots import attack_modifiers, defense_modifiers
from rollplay.systems.fs3.combat.state import Action, parse_near
from rollplay.systems.fs3.combat.turnstate import TurnState


def explode(turn: TurnState, name: str, action: Action, event: dict[str, Any]) -> None:
    """004 Explosions: one attack roll; the target starts in zone 0, each bystander in the
    zone their distance gives (within the radius 0, within double it 1, further safe; one
    named without a distance: 1); each caught rolls defense, with stance, wounds and luck
    as any defense, and moves out as the rolls say, then takes the concussion and the zone's
    shrapnel."""
    rules = turn.rules
    c = turn.state[name]
    weapon = rules.weapon(c.weapon)
    target = turn.state[str(action.target)]
    a = turn.roll(name, weapon.attack_skill, attack_modifiers(turn, c, target, action), "attack")
    event.update(attack_dice=list(a.dice), attack_hits=a.hits, attack_roll=a.to_dict(),
                 caught=[], safe=[])  # fmt: skip
    victims: list[tuple[str, float | None]] = [(target.name, None)]
    victims += [parse_near(entry) for entry in action.near]
    for i, (who, distance) in enumerate(victims):
        start = 0 if i == 0 else 1 if distance is None else zone_for(distance, weapon.blast_radius)
        if start is None:
            event["safe"].append({"name": who, "distance": distance})
            continue
        victim = turn.state[who]
        d = turn.roll(who, weapon.defense_skill, defense_modifiers(turn, victim, weapon), "defense")
        zone = adjust_zone(start, a.hits, a.embarrassing, d.hits, rules)
        entry: dict[str, Any] = {
            "name": who, "distance": distance, "start_zone": start, "zone": zone,
            "defense_dice": list(d.dice), "defense_roll": d.to_dict(), "hits": [],
            "pieces_dice": [],
        }  # fmt: skip
        event["caught"].append(entry)
        if zone is None:  # pushed past the last zone (rulings C15)
            entry["effect"] = "outside"  # out of the blast
            continue
        victim = turn.state[who]
        vehicle = rules.is_vehicle(victim.kind)
        center = rules.center_of_mass(victim.kind)
        listed = rules.hit_chart_of(victim.kind)
        head = "Head" if listed is None or "Head" in listed.areas else center  # rulings A23
        hits, faces = blast(zone, weapon, rules.armor_named(victim.armor), center=center,
                            head=center if vehicle else head, rules=rules,
                            dice=turn.dice, kind=victim.kind)  # fmt: skip
        entry.update(hits=[h.to_dict() for h in hits], pieces_dice=list(faces))
        for h in hits:
            if h.wound is not None:
                turn.wound(who, h.wound, entry)
