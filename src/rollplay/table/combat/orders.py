"""The Storyteller's orders for every NPC at once: one form, one transaction."""

from __future__ import annotations

from dataclasses import asdict

from rollplay.errors import RuleError
from rollplay.systems.fs3.combat.checks import check_action
from rollplay.systems.fs3.combat.state import Action, canonical_action, combatant_from_json, find
from rollplay.table.access.authz import Act
from rollplay.table.answers import CombatStatus
from rollplay.table.combat.base import status_of
from rollplay.table.combat.tracker import Tracker


def npc_orders(tracker: Tracker, game_name: str, name: str,
               orders: dict[str, Action]) -> CombatStatus:  # fmt: skip
    """Set (or replace) the actions of the NPCs named, all or none: each is checked as
    ``act`` checks one, against the others already set and those set before it here."""
    with tracker.table.transaction() as s:
        game, combat = tracker.combat_row(s, game_name, name)
        tracker.table.require(s, game, Act.RUN_COMBAT)
        fighters = [combatant_from_json(c) for c in combat.combatants]
        everyone = {f.name: f for f in fighters}
        rules, _ = tracker.table.ruleset_of(game)
        actions = {k: Action(**v) for k, v in combat.actions.items()}
        for who, order in orders.items():
            me = find(fighters, who, combat.name)
            if not me.npc:
                raise RuleError(f"{me.name} is not an NPC: their player sets their action")
            action = canonical_action(order, fighters)
            others = {k: v for k, v in actions.items() if k != me.name}
            check_action(me, action, everyone, rules.combat, fs3=rules, others=others)
            actions[me.name] = action
            tracker.record(s, game, combat, "action", {"name": me.name, "action": asdict(action)},
                           secret_for=me.name)  # fmt: skip
        combat.actions = {k: asdict(v) for k, v in actions.items()}
        return tracker.shown(s, game, combat, status_of(combat))
