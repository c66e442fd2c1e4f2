"""One FS3 combat turn (002 Combat Turns, Order of Actions, Knockout; 004 Aiming,
Suppressing, Stance and Other Modifiers), as a pure function from state and actions to the
next state and a report of every roll.

Draw order for a turn: initiative pools in the combatants' listed order, the knocked out
left out (a luck re-roll's second pool right after the first), then a d100 each for those
tied on hits, in listed order (and another d100 each, in listed order, for those still
tied); then each action in initiative order (an attack draws as in attack.py, an explosion
as in blasts.py; other rolls draw their pool); then knockout rolls in initiative order, any
revived this turn after them in listed order.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from rollplay.dice import Dice
from rollplay.errors import RollplayError
from rollplay.systems.fs3.combat.blasts import explode
from rollplay.systems.fs3.combat.checks import check_action
from rollplay.systems.fs3.combat.gear import CombatRules
from rollplay.systems.fs3.combat.shots import full_auto, one_shot
from rollplay.systems.fs3.combat.state import ACTIONS, NEEDS_TARGET, Action, Combatant, Report
from rollplay.systems.fs3.combat.turnstate import TurnState
from rollplay.systems.fs3.ruleset import FS3Ruleset

__all__ = ["ACTIONS", "NEEDS_TARGET", "Action", "Combatant", "Report", "check_action",
           "resolve_turn"]  # fmt: skip


def resolve_turn(
    number: int,
    combatants: list[Combatant],
    actions: dict[str, Action],
    *,
    rules: CombatRules,
    fs3: FS3Ruleset,
    dice: Dice,
) -> tuple[list[Combatant], Report]:
    """Resolve one turn; returns every combatant's new state and the report."""
    everyone = {c.name: c for c in combatants}
    actions = dict(actions)
    notes = []
    for name, action in actions.items():
        if name not in everyone:
            raise RollplayError(f"{name!r} is not in this combat: {', '.join(everyone)}")
        if action.luck and everyone[name].luck < 1:  # spent since the action was set
            actions[name] = replace(action, luck=None, luck_spend="bonus", luck_on=None)
            notes.append(f"{name} has no luck point left: the {action.luck} luck is dropped")
    for name, action in actions.items():
        check_action(everyone[name], action, everyone, rules, fs3=fs3, others=actions)
    turn = Turn(number, combatants, actions, rules=rules, fs3=fs3, dice=dice)
    turn.report.notes += notes
    turn.free_actions()
    order = turn.initiative()
    out = [n for n in turn.order_listed if n not in order]  # knocked out: no action (002)
    for name in (*order, *out):
        turn.act(name)
    turn.knockouts([*order, *out])
    turn.end()
    return [turn.state[c.name] for c in combatants], turn.report


class Turn(TurnState):
    """One turn, step by step: free actions, initiative, each action in order, knockouts and
    the turn's end."""

    def free_actions(self) -> None:
        """002 Combat Turns: changing stance and drawing a weapon go with any action."""
        for name, action in self.actions.items():
            c = self.state[name]
            if action.stance or action.weapon:
                weapon = self.rules.weapon(action.weapon).name if action.weapon else c.weapon
                ammo = None if action.weapon else c.ammo
                self.state[name] = replace(
                    c, stance=action.stance or c.stance, weapon=weapon, ammo=ammo
                )

    def initiative(self) -> list[str]:
        """002 Order of Actions: those still fighting roll; more hits first; "In case of ties,
        choose who goes first at random": a d100 each for the tied, rolled again among any
        still tied (rulings C20). The knocked out are "no longer fighting" (002 Knockout)."""
        fighting = [n for n in self.order_listed if not self.state[n].knocked_out]
        rolled = {n: self.roll(n, self.rules.initiative_ability, self.init_mods(n), "initiative")
                  for n in fighting}  # fmt: skip
        ties: dict[str, list[int]] = {n: [] for n in fighting}
        while True:
            keys = [(rolled[n].hits, *ties[n]) for n in fighting]
            tied = [n for n, k in zip(fighting, keys, strict=True) if keys.count(k) > 1]
            if not tied:
                break
            for n in tied:
                ties[n].append(self.dice.roll(100, 1)[0])
        order = sorted(fighting, key=lambda n: (-rolled[n].hits, [-t for t in ties[n]]))
        self.report.initiative = [
            {"name": n, "hits": rolled[n].hits, "tiebreak": ties[n][0] if ties[n] else None,
             "tiebreaks": ties[n], "dice": list(rolled[n].dice), "roll": rolled[n].to_dict()}
            for n in order
        ]  # fmt: skip
        return order

    def init_mods(self, name: str) -> list[tuple[str, int]]:
        """A weapon's initiative modifier (rulings A21)."""
        weapon = self.rules.weapon(self.state[name].weapon)
        return [(f"{weapon.name} initiative", weapon.init_mod)]

    def knockout_mods(self, name: str) -> list[tuple[str, int]]:
        """A character's knockout bonus (A32) and the toughness of the vehicle they ride in
        (A27)."""
        c = self.state[name]
        mods = [] if c.npc else [("knockout bonus", self.rules.knockout_bonus)]
        for other in self.state.values():
            vehicle = self.rules.vehicle_type(other.kind)
            if vehicle is not None and name in other.crew:
                mods.append((f"{vehicle.name} toughness", vehicle.toughness))
        return mods

    def act(self, name: str) -> None:
        c, action = self.state[name], self.action(name)
        if c.knocked_out or (c.subdued_by and action.kind != "escape"):
            why = "knocked out" if c.knocked_out else "subdued"
            self.report.events.append({"actor": name, "action": "none", "why": why})
            return
        event: dict[str, Any] = {"actor": name, "action": action.kind, "target": action.target}
        handler = {
            "attack": self.attack, "subdue": self.attack, "suppress": self.suppress,
            "aim": self.aim, "reload": self.reload, "escape": self.escape,
            "rally": self.help, "treat": self.help,
        }.get(action.kind)  # fmt: skip
        if handler is None:
            event["effect"] = "passed"
        else:
            handler(name, action, event)
        self.report.events.append(event)

    def suppress(self, name: str, action: Action, event: dict[str, Any]) -> None:
        """004 Suppressing: no damage, twice the Suppression Points (at most 5)."""
        if not self.fire(name, event):
            return
        target = self.state[str(action.target)]
        points = min(target.suppression + 2, self.rules.suppression_max)
        self.state[target.name] = replace(target, suppression=points)
        event.update(effect="suppressed", suppression=points)

    def attack(self, name: str, action: Action, event: dict[str, Any]) -> None:
        if action.burst:
            full_auto(self, name, action, event)
            return
        if self.rules.weapon(self.state[name].weapon).blast_radius > 0:
            if self.fire(name, event):
                explode(self, name, action, event)
            return
        if not self.fire(name, event):
            return
        one_shot(self, name, action, event, 0)

    def aim(self, name: str, action: Action, event: dict[str, Any]) -> None:
        event.update(effect="aiming", aim_bonus=self.rules.aim_bonus)

    def reload(self, name: str, action: Action, event: dict[str, Any]) -> None:
        c = self.state[name]
        self.state[name] = replace(c, ammo=self.rules.weapon(c.weapon).ammo)
        event["effect"] = "reloaded"

    def escape(self, name: str, action: Action, event: dict[str, Any]) -> None:
        """002 Escape: against the one holding on, each with their wound modifier; more hits
        break free (rulings C6)."""
        c = self.state[name]
        ability = self.rules.escape_ability
        mine = self.roll(name, ability, [], None)
        holder = self.state.get(str(c.subdued_by))
        theirs = self.roll(holder.name, ability, [], None) if holder else None
        free = theirs is None or mine.hits > theirs.hits
        if free:
            self.state[name] = replace(c, subdued_by=None)
        event.update(dice=list(mine.dice), roll=mine.to_dict(),
                     holder_dice=None if theirs is None else list(theirs.dice),
                     holder_roll=None if theirs is None else theirs.to_dict(),
                     effect="escaped" if free else "held")  # fmt: skip

    def help(self, name: str, action: Action, event: dict[str, Any]) -> None:
        """002 Rally and Treat: a roll; treating tends the worst untreated wound (it then
        counts half); either brings a knocked-out target back. Treating a vehicle is 004's
        jury-rigging, rolled with the repair skill."""
        target = self.state[str(action.target)]
        if action.kind == "rally":
            ability = self.rules.rally_ability
        elif self.rules.is_vehicle(target.kind):
            ability = self.rules.repair_ability
        else:
            ability = self.rules.treat_ability
        r = self.roll(name, ability, [], None)
        event.update(dice=list(r.dice), roll=r.to_dict(), ability=ability)
        if r.hits == 0:
            event["effect"] = "failed"
            return
        target = self.state[target.name]
        if action.kind == "treat":
            untreated = [w for w in target.wounds if not w.halved]  # first aid helps these
            if untreated:
                ranks = [s.name for s in self.rules.severities]
                worst = max(untreated, key=lambda w: ranks.index(w.severity))
                wounds = list(target.wounds)
                wounds[wounds.index(worst)] = replace(worst, treated=True)
                target = replace(target, wounds=tuple(wounds))
        event.update(effect="treated" if action.kind == "treat" else "rallied",
                     revived=target.knocked_out)  # fmt: skip
        self.state[target.name] = replace(target, knocked_out=False, knocked_out_turn=None)

    def knockouts(self, order: list[str]) -> None:
        """002 Knockout: after all actions, for those damaged this turn whose wound modifier
        is 1 or more; toughness minus the modifier, no hits: out. A luck point set on it
        beforehand recovers at once (or later, with the tracker's ``recover``)."""
        for name in order:
            c, modifier = self.state[name], self.wounds(name)
            if name not in self.damaged or modifier < 1 or c.knocked_out:
                continue
            r = self.roll(name, self.rules.toughness_ability, self.knockout_mods(name), None)
            out = r.hits == 0
            entry = {"name": name, "dice": list(r.dice), "modifier": -modifier,
                     "knocked_out": out, "roll": r.to_dict()}  # fmt: skip
            if out and self.action(name).luck == "knockout" and c.luck > 0:
                c = replace(c, luck=c.luck - 1)
                entry.update(knocked_out=False, luck="recovered")
                out = False
            self.report.knockouts.append(entry)
            if out:
                c = replace(c, knocked_out=True, knocked_out_turn=self.number)
            self.state[name] = c

    def end(self) -> None:
        """004 Suppressing: every total falls by 2; an aim lasts into the next turn only. A
        hold ends when the holder is out of the fight (rulings C19). Wounds taken this turn
        may be moved with luck until the next turn resolves (002 Luck)."""
        for name, c in self.state.items():
            action = self.action(name)
            holder = self.state.get(str(c.subdued_by))
            self.state[name] = replace(
                c,
                suppression=max(c.suppression - self.rules.suppression_decay, 0),
                aim_target=action.target if action.kind == "aim" else None,
                subdued_by=None if holder is None or holder.knocked_out else c.subdued_by,
                fresh=tuple(range(self.wounds_before[name], len(c.wounds))),
            )
