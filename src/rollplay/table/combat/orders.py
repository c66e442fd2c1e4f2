"""The Storyteller's orders for several NPCs at once (``combat/orders``, the tracker's NPC
form): one command, one transaction, all or none (W41, W80)."""

from __future__ import annotations

from dataclasses import asdict

from rollplay.errors import RollplayError, RuleError
from rollplay.systems.fs3.combat.checks import check_action
from rollplay.systems.fs3.combat.state import (
    ACTIONS,
    NEEDS_TARGET,
    Action,
    canonical_action,
    combatant_from_json,
    find,
)
from rollplay.table.access.authz import Act
from rollplay.table.answers import CombatStatus
from rollplay.table.combat.base import status_of
from rollplay.table.combat.tracker import Tracker
from rollplay.table.combat_commands import NpcOrder

EXAMPLE = "like combat/orders Raider=attack Nikos, Thug=reload"


def npc_orders(tracker: Tracker, game_name: str, name: str,
               orders: tuple[NpcOrder, ...]) -> CombatStatus:  # fmt: skip
    """Set (or replace) the actions of the NPCs named, all or none: each is checked as
    ``act`` checks one, against the others already set and those set before it here."""
    with tracker.table.transaction() as s:
        game, combat = tracker.combat_row(s, game_name, name)
        tracker.table.require(s, game, Act.RUN_COMBAT)
        if not orders:
            raise RollplayError(f"no orders given: name at least one NPC and its action, "
                                f"{EXAMPLE}")  # fmt: skip
        fighters = [combatant_from_json(c) for c in combat.combatants]
        everyone = {f.name: f for f in fighters}
        npcs = ", ".join(f.name for f in fighters if f.npc) or "none"
        rules, _ = tracker.table.ruleset_of(game)
        actions = {k: Action(**v) for k, v in combat.actions.items()}
        given: set[str] = set()
        for order in orders:
            me = find(fighters, order.who, combat.name)
            if not me.npc:
                raise RuleError(f"{me.name} is not an NPC: their player sets their action "
                                f"(the NPCs in {combat.name}: {npcs})")  # fmt: skip
            if me.name in given:
                raise RollplayError(f"{me.name} is given two orders: one each")
            given.add(me.name)
            if (
                order.target is not None
                and order.kind in ACTIONS
                and order.kind not in NEEDS_TARGET
            ):
                raise RollplayError(f"{me.name}: {order.kind} takes no target "
                                    f"({order.target} given)")  # fmt: skip
            action = canonical_action(Action(order.kind, target=order.target), fighters)
            others = {k: v for k, v in actions.items() if k != me.name}
            try:
                check_action(me, action, everyone, rules.combat, fs3=rules, others=others)
            except RollplayError as e:  # which of the orders was refused
                said = str(e)
                raise type(e)(said if said.startswith(me.name) else f"{me.name}: {said}") from e
            actions[me.name] = action
            tracker.record(s, game, combat, "action", {"name": me.name, "action": asdict(action)},
                           secret_for=me.name)  # fmt: skip
        combat.actions = {k: asdict(v) for k, v in actions.items()}
        return tracker.shown(s, game, combat, status_of(combat))
