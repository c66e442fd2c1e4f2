"""A turn's working state and the steps every action shares (002 Combat Turns, Damage; 004
Crew Hits): rolls with wounds and luck, rounds fired, and wounds landing, a vehicle's on its
crew too. ``turn.py`` runs the turn on it; ``shots.py`` and ``blasts.py`` act through it.

Draw order for a wound to a vehicle: its crew's rolls (vehicles.py).
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from rollplay.dice import Dice
from rollplay.systems.fs3.combat.attack import Wound, wound_modifier
from rollplay.systems.fs3.combat.gear import CombatRules
from rollplay.systems.fs3.combat.rolling import LuckLedger, ability_pool, named, roll
from rollplay.systems.fs3.combat.state import Action, Combatant, Report, ammo_left
from rollplay.systems.fs3.combat.vehicles import crew_hits as roll_crew
from rollplay.systems.fs3.rolls import FS3Roll
from rollplay.systems.fs3.ruleset import FS3Ruleset

Mods = list[tuple[str, int]]


class TurnState:
    """One turn's working state (who is where, whose luck waits for which roll, who took
    damage) and the steps every action shares: a roll, a round fired, a wound landing."""

    def __init__(
        self,
        number: int,
        combatants: list[Combatant],
        actions: dict[str, Action],
        *,
        rules: CombatRules,
        fs3: FS3Ruleset,
        dice: Dice,
    ) -> None:
        self.number = number
        self.order_listed = [c.name for c in combatants]
        self.state = {c.name: c for c in combatants}
        self.wounds_before = {c.name: len(c.wounds) for c in combatants}
        self.actions = actions
        self.rules, self.fs3, self.dice = rules, fs3, dice
        self.report = Report(number)
        self.ledger = LuckLedger(actions)
        self.damaged: set[str] = set()

    def action(self, name: str) -> Action:
        return self.actions.get(name, Action("pass"))

    def wounds(self, name: str) -> int:
        return wound_modifier(self.state[name].wounds, self.rules)

    def roll(self, who: str, ability: str, modifiers: Mods, luck: str | None) -> FS3Roll:
        """An ability roll in combat: the pool, the modifiers named, the roller's wound
        modifier (002 Damage: "applied to all ability rolls"), and luck waiting for it."""
        pool = ability_pool(self.state[who], ability, self.fs3)
        spend = self.luck(who, luck) if luck else None
        mods = named(*modifiers, ("wounds", -self.wounds(who)))
        return roll(who, pool, mods, spend, fs3=self.fs3, dice=self.dice)

    def luck(self, roller: str, kind: str) -> str | None:
        """002 Luck, Combat: the spend set on this roll, paid now by whoever set it."""
        taken = self.ledger.take(roller, kind)
        if taken is None:
            return None
        payer, spend = taken
        c = self.state[payer]
        if c.luck < 1:
            self.report.notes.append(f"{payer} has no luck point left for {roller}'s {kind} roll")
            return None
        self.state[payer] = replace(c, luck=c.luck - 1)
        return spend

    def fire(self, name: str, event: dict[str, Any]) -> bool:
        """Spend a round from a ranged weapon; False (a click) when it is empty."""
        c = self.state[name]
        weapon = self.rules.weapon(c.weapon)
        if weapon.melee or weapon.ammo == 0:  # no clip: it never runs out (rulings A22)
            return True
        if ammo_left(c, self.rules) <= 0:
            event["effect"] = "empty"  # a click
            return False
        self.state[name] = replace(c, ammo=ammo_left(c, self.rules) - 1)
        return True

    def wound(self, who: str, wound: Wound, event: dict[str, Any]) -> None:
        """A wound lands; a vehicle's may hurt its crew (004 Crew Hits)."""
        c = self.state[who]
        self.state[who] = replace(c, wounds=(*c.wounds, wound))
        self.damaged.add(who)
        crew_hits(self, who, wound, event)


def crew_hits(turn: TurnState, who: str, wound: Wound, event: dict[str, Any]) -> None:
    """004 Crew Hits: a wound to a vehicle's main body (or, five times as likely, to a crew
    compartment) may hurt each of its crew; every wound, whatever dealt it."""
    rules, vehicle = turn.rules, turn.state[who]
    if not rules.is_vehicle(vehicle.kind) or not vehicle.crew:
        return
    listed = rules.hit_chart_of(vehicle.kind)
    compartment = wound.location in (listed.crew if listed else rules.compartments)
    if not compartment and wound.location != rules.center_of_mass(vehicle.kind):
        return
    crew = [
        (n, rules.armor_named(turn.state[n].armor), rules.center_of_mass(turn.state[n].kind))
        for n in vehicle.crew if n in turn.state
    ]  # fmt: skip
    kinds = {n: turn.state[n].kind for n in vehicle.crew if n in turn.state}
    rolled = roll_crew(wound.severity, compartment, crew, rules=rules, dice=turn.dice,
                       kinds=kinds)  # fmt: skip
    for r in rolled:
        fresh = tuple(h.wound for h in r.hits if h.wound is not None)
        if fresh:
            c = turn.state[r.name]
            turn.state[r.name] = replace(c, wounds=(*c.wounds, *fresh))
            turn.damaged.add(r.name)
    hurt = {r.name: [h.to_dict() for h in r.hits] for r in rolled if r.hurt}
    event.setdefault("crew_hits", {}).update(hurt)
    event.setdefault("crew_rolls", []).extend(r.to_dict() for r in rolled)
