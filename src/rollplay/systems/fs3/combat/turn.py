"""One FS3 combat turn (002 Combat Turns, Order of Actions, Knockout; 004 Aiming,
Suppressing, Stance and Other Modifiers), as a pure function from state and actions to the
next state and a report of every roll.

Draw order for a turn: initiative pools in the combatants' listed order, then a d100 for each
to break ties; then each action in initiative order (an attack draws as in attack.py; other
rolls draw their pool); then knockout rolls in initiative order.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Any, Literal

from rollplay.dice import Dice
from rollplay.errors import RollplayError, RuleError
from rollplay.systems.fs3.combat.attack import (
    Attack,
    Wound,
    outcome,
    resolve_attack,
    wound_modifier,
)
from rollplay.systems.fs3.combat.auto import burst_size, recoil_modifiers, spread
from rollplay.systems.fs3.combat.explosion import adjust_zone, blast
from rollplay.systems.fs3.combat.gear import CombatRules
from rollplay.systems.fs3.combat.vehicles import crew_hits
from rollplay.systems.fs3.pool import resolve
from rollplay.systems.fs3.rolls import roll_pool
from rollplay.systems.fs3.ruleset import FS3Ruleset

ActionKind = Literal[
    "attack", "aim", "suppress", "reload", "subdue", "escape", "rally", "treat", "pass"
]
ACTIONS: tuple[str, ...] = (
    "attack", "aim", "suppress", "reload", "subdue", "escape", "rally", "treat", "pass",
)  # fmt: skip
NEEDS_TARGET = ("attack", "aim", "suppress", "subdue", "rally", "treat")


@dataclass(frozen=True)
class Combatant:
    """One side's fighter: a character's ratings, or an NPC's single rating (004)."""

    name: str
    team: str = "A"
    ratings: dict[str, int] = field(default_factory=dict)
    rating: int | None = None  # an NPC rolls this for everything
    weapon: str = "Unarmed"
    armor: str = "None"
    stance: str = "Normal"
    ammo: int | None = None  # None: the weapon's full clip
    wounds: tuple[Wound, ...] = ()
    suppression: int = 0
    aim_target: str | None = None  # aimed last turn at this target
    luck: int = 0
    knocked_out: bool = False
    subdued_by: str | None = None
    kind: str = "Human"  # a combatant type from the rules: where its center of mass is
    crew: tuple[str, ...] = ()  # a vehicle's crew and passengers (004 Crew Hits)

    @property
    def npc(self) -> bool:
        return self.rating is not None


@dataclass(frozen=True)
class Action:
    kind: str
    target: str | None = None
    called: str | None = None  # a called shot's hit location
    range: str = "short"
    luck: str | None = None  # "attack", "defense", "initiative" or "knockout" (002 Luck)
    stance: str | None = None  # free action
    weapon: str | None = None  # free action: draw or pick up
    burst: tuple[str, ...] = ()  # full-auto at these targets (004 Burst Fire), in order
    near: tuple[str, ...] = ()  # an explosive's bystanders within twice its blast radius


@dataclass
class Report:
    turn: int
    initiative: list[dict[str, Any]] = field(default_factory=list)
    events: list[dict[str, Any]] = field(default_factory=list)
    knockouts: list[dict[str, Any]] = field(default_factory=list)

    def to_dict(self) -> dict[str, Any]:
        return {
            "turn": self.turn,
            "initiative": self.initiative,
            "events": self.events,
            "knockouts": self.knockouts,
        }


def check_action(c: Combatant, action: Action, everyone: dict[str, Combatant],
                 rules: CombatRules) -> None:  # fmt: skip
    """Refuse what the rules do not allow, before anything changes (the tracker's errors)."""
    if action.kind not in ACTIONS:
        raise RollplayError(f"unknown action {action.kind!r}; accepted: {', '.join(ACTIONS)}")
    if c.knocked_out and action.kind != "pass":
        raise RuleError(f"{c.name} is knocked out and cannot act")
    if c.subdued_by and action.kind not in ("escape", "pass"):
        raise RuleError(f"{c.name} is subdued by {c.subdued_by}: escape first")
    if action.burst:
        if action.kind != "attack" or not rules.weapon(action.weapon or c.weapon).burst:
            raise RuleError("full-auto fire is an attack with a weapon that fires bursts")
        unknown = [t for t in action.burst if t not in everyone or t == c.name]
        if unknown:
            raise RollplayError(f"full-auto targets must be others in the combat: {unknown}")
        weapon = rules.weapon(action.weapon or c.weapon)
        burst_size(weapon.burst, _ammo(c, rules), len(action.burst))
        action = replace(action, target=action.burst[0])
    for bystander in action.near:
        if bystander not in everyone:
            raise RollplayError(f"{bystander!r} is not in this combat: {', '.join(everyone)}")
    if action.near and not rules.weapon(action.weapon or c.weapon).blast_radius:
        raise RuleError("bystanders are caught only by an explosive (a weapon with a blast radius)")
    if action.kind in NEEDS_TARGET:
        if action.target is None or action.target not in everyone:
            raise RollplayError(f"{action.kind} needs a target among: {', '.join(everyone)}")
        if action.target == c.name and action.kind not in ("treat",):
            raise RuleError(f"{c.name} cannot {action.kind} themself")
    weapon = rules.weapon(action.weapon or c.weapon)
    if action.kind in ("attack", "suppress") and not weapon.melee and _ammo(c, rules) <= 0:
        raise RuleError(f"{c.name}'s {weapon.name} is empty: reload first")
    if action.kind == "subdue" and not weapon.melee:
        raise RuleError("subduing is a melee attack (002 Combat Turns)")
    if action.stance is not None and action.stance not in rules.stances:
        raise RollplayError(
            f"unknown stance {action.stance!r}; accepted: {', '.join(rules.stances)}"
        )
    if action.called is not None:
        rules.chart(action.called)
    if action.range not in rules.range_modifiers:
        ranges = ", ".join(rules.range_modifiers)
        raise RollplayError(f"unknown range {action.range!r}; accepted: {ranges}")


def _ammo(c: Combatant, rules: CombatRules) -> int:
    return c.ammo if c.ammo is not None else rules.weapon(c.weapon).ammo


def pool(c: Combatant, ability: str, fs3: FS3Ruleset) -> int:
    """Dice for an ability: an NPC's single rating, or the character's skill + attribute."""
    if c.rating is not None:
        return c.rating
    return resolve(ability, fs3, c.ratings).dice


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
    for name, action in actions.items():
        if name not in everyone:
            raise RollplayError(f"{name!r} is not in this combat: {', '.join(everyone)}")
        check_action(everyone[name], action, everyone, rules)
    turn = _Turn(number, combatants, actions, rules=rules, fs3=fs3, dice=dice)
    turn.free_actions()
    order = turn.initiative()
    for name in order:
        turn.act(name)
    turn.knockouts(order)
    turn.end()
    return [turn.state[c.name] for c in combatants], turn.report


class _Turn:
    """One turn's working state: who is where, who spent luck, who took damage."""

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
        self.order_listed = [c.name for c in combatants]
        self.state = {c.name: c for c in combatants}
        self.actions = actions
        self.rules, self.fs3, self.dice = rules, fs3, dice
        self.report = Report(number)
        self.luck_used: set[str] = set()
        self.damaged: set[str] = set()

    def action(self, name: str) -> Action:
        return self.actions.get(name, Action("pass"))

    def roll(self, dice_count: int) -> Any:
        return roll_pool(max(dice_count, 1), None, self.fs3, self.dice)

    def wounds(self, name: str) -> int:
        return wound_modifier(self.state[name].wounds, self.rules)

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

    def luck(self, name: str, use: str) -> int:
        """002 Luck in combat: one attack, defense or initiative roll per turn gets the
        edition's luck bonus, paid from the combatant's points."""
        c = self.state[name]
        if self.action(name).luck != use or name in self.luck_used or c.luck < 1:
            return 0
        self.luck_used.add(name)
        self.state[name] = replace(c, luck=c.luck - 1)
        return self.fs3.luck_bonus

    def initiative(self) -> list[str]:
        """002 Order of Actions: more hits first; ties broken by a d100 each."""
        rolled = []
        for name in self.order_listed:
            bonus = self.luck(name, "initiative")
            dice_count = pool(self.state[name], self.rules.initiative_ability, self.fs3)
            rolled.append((name, self.roll(dice_count + bonus - self.wounds(name)).successes))
        ties = {name: self.dice.roll(100, 1)[0] for name, _ in rolled}
        rolled.sort(key=lambda e: (-e[1], -ties[e[0]]))
        self.report.initiative = [{"name": n, "hits": h, "tiebreak": ties[n]} for n, h in rolled]
        return [n for n, _ in rolled]

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
            event["result"] = "passes"
        else:
            handler(name, action, event)
        self.report.events.append(event)

    def _fire(self, name: str, event: dict[str, Any]) -> bool:
        """Spend a round from a ranged weapon; False (a click) when it is empty."""
        c = self.state[name]
        if self.rules.weapon(c.weapon).melee:
            return True
        if _ammo(c, self.rules) <= 0:
            event["result"] = "click: the weapon is empty"
            return False
        self.state[name] = replace(c, ammo=_ammo(c, self.rules) - 1)
        return True

    def suppress(self, name: str, action: Action, event: dict[str, Any]) -> None:
        """004 Suppressing: no damage, twice the Suppression Points (at most 5)."""
        if not self._fire(name, event):
            return
        target = self.state[str(action.target)]
        points = min(target.suppression + 2, self.rules.suppression_max)
        self.state[target.name] = replace(target, suppression=points)
        event["result"] = f"{target.name} suppressed to {points}"

    def attack(self, name: str, action: Action, event: dict[str, Any]) -> None:
        if action.burst:
            self.full_auto(name, action, event)
            return
        if self.rules.weapon(self.state[name].weapon).blast_radius > 0:
            self.explode(name, action, event)
            return
        if not self._fire(name, event):
            return
        self._one_shot(name, action, event, 0)

    def _one_shot(self, name: str, action: Action, event: dict[str, Any], recoil: int) -> None:
        c, target_name = self.state[name], str(action.target)
        weapon = self.rules.weapon(c.weapon)
        attack_mod, defense_mod = _modifiers(c, self.state[target_name], action, self.rules)
        attack_mod += recoil
        attack_mod += self.luck(name, "attack")
        defense_mod += self.luck(target_name, "defense")
        target = self.state[target_name]
        if weapon.melee and self.rules.weapon(target.weapon).melee:
            defense_mod += self.rules.melee_bonus  # 004: defending with a melee weapon
        pools = (
            pool(c, weapon.attack_skill, self.fs3) + attack_mod,
            pool(target, weapon.defense_skill, self.fs3) + defense_mod,
        )
        if action.kind == "subdue":  # 002: no damage; the target cannot act until it escapes
            a, d = self.roll(pools[0]), self.roll(pools[1])
            hit = outcome(a.successes, d.successes) == "hit"
            event.update(
                attack_dice=list(a.dice),
                defense_dice=list(d.dice),
                pools=list(pools),
                outcome="hit" if hit else "miss",
                result="subdued" if hit else "failed",
            )
            if hit:
                self.state[target_name] = replace(target, subdued_by=name)
            return
        result: Attack = resolve_attack(
            (name, target_name), pools, weapon,
            target=(self.rules.armor_named(target.armor), target.stance == "Cover",
                    action.called or self.rules.center_of_mass(target.kind)),
            rules=self.rules, fs3=self.fs3, dice=self.dice,
        )  # fmt: skip
        event.update(result.to_dict(), pools=list(pools))
        if not weapon.melee:  # 004: a Suppression Point every time one is fired upon
            target = replace(
                target, suppression=min(target.suppression + 1, self.rules.suppression_max)
            )
        if result.wound is not None:
            target = replace(target, wounds=(*target.wounds, result.wound))
            self.damaged.add(target_name)
            self.state[target_name] = target
            self.crew_hits(target, result.wound, event)
            target = self.state[target_name]
        self.state[target_name] = target

    def full_auto(self, name: str, action: Action, event: dict[str, Any]) -> None:
        """004 Burst Fire: each target's bullets in turn, one attack and defense roll each,
        every bullet after the first at -(recoil x bullets so far)."""
        c = self.state[name]
        weapon = self.rules.weapon(c.weapon)
        rounds = burst_size(weapon.burst, _ammo(c, self.rules), len(action.burst))
        self.state[name] = replace(c, ammo=_ammo(c, self.rules) - rounds)
        modifiers = recoil_modifiers(rounds, weapon.recoil)
        fired = 0
        bullets = []
        for target_name, count in zip(action.burst, spread(rounds, len(action.burst)), strict=True):
            for _ in range(count):
                single = replace(action, target=target_name, burst=())
                shot: dict[str, Any] = {}
                self._one_shot(name, single, shot, modifiers[fired])
                bullets.append(shot)
                fired += 1
        event.update(rounds=rounds, bullets=bullets, target=", ".join(action.burst))

    def crew_hits(self, vehicle: Combatant, wound: Wound, event: dict[str, Any]) -> None:
        """004 Crew Hits: a wound to a vehicle's main body (or, five times as likely, to a
        crew compartment) may hurt each of its crew."""
        if vehicle.kind not in self.rules.vehicles or not vehicle.crew:
            return
        compartment = wound.location in self.rules.compartments
        if not compartment and wound.location != self.rules.center_of_mass(vehicle.kind):
            return
        crew = [
            (n, self.rules.armor_named(self.state[n].armor),
             self.rules.center_of_mass(self.state[n].kind))
            for n in vehicle.crew if n in self.state
        ]  # fmt: skip
        hurt = crew_hits(wound.severity, compartment, crew, rules=self.rules, dice=self.dice)
        for who, hits in hurt.items():
            fresh = tuple(h.wound for h in hits if h.wound is not None)
            if fresh:
                c = self.state[who]
                self.state[who] = replace(c, wounds=(*c.wounds, *fresh))
                self.damaged.add(who)
        event["crew_hits"] = {who: [h.to_dict() for h in hits] for who, hits in hurt.items()}

    def explode(self, name: str, action: Action, event: dict[str, Any]) -> None:
        """004 Explosions: one attack roll; the target starts in zone 0, bystanders within
        twice the radius in zone 1; each rolls defense and moves out as the rolls say, then
        takes the concussion and the zone's shrapnel."""
        if not self._fire(name, event):
            return
        c = self.state[name]
        weapon = self.rules.weapon(c.weapon)
        attack_mod, _ = _modifiers(c, self.state[str(action.target)], action, self.rules)
        attack_mod += self.luck(name, "attack")
        a = self.roll(pool(c, weapon.attack_skill, self.fs3) + attack_mod)
        event.update(attack_dice=list(a.dice), attack_hits=a.successes, caught=[])
        for who, start in ((str(action.target), 0), *((n, 1) for n in action.near)):
            victim = self.state[who]
            d = self.roll(pool(victim, weapon.defense_skill, self.fs3) - self.wounds(who))
            zone = adjust_zone(start, a.successes, a.embarrassing, d.successes, self.rules)
            hits = blast(zone, weapon, self.rules.armor_named(victim.armor),
                         center=self.rules.center_of_mass(victim.kind), rules=self.rules,
                         dice=self.dice)  # fmt: skip
            fresh = tuple(h.wound for h in hits if h.wound is not None)
            if fresh:
                self.state[who] = replace(victim, wounds=(*victim.wounds, *fresh))
                self.damaged.add(who)
            event["caught"].append({"name": who, "defense_dice": list(d.dice), "zone": zone,
                                    "hits": [h.to_dict() for h in hits]})  # fmt: skip

    def aim(self, name: str, action: Action, event: dict[str, Any]) -> None:
        event["result"] = f"aiming at {action.target}: +{self.rules.aim_bonus} next turn"

    def reload(self, name: str, action: Action, event: dict[str, Any]) -> None:
        c = self.state[name]
        self.state[name] = replace(c, ammo=self.rules.weapon(c.weapon).ammo)
        event["result"] = "reloaded"

    def escape(self, name: str, action: Action, event: dict[str, Any]) -> None:
        """002 Escape: melee against the one holding on; more hits break free."""
        c = self.state[name]
        ability = self.rules.escape_ability
        mine = self.roll(pool(c, ability, self.fs3) - self.wounds(name))
        holder = self.state.get(str(c.subdued_by))
        theirs = self.roll(pool(holder, ability, self.fs3)) if holder else None
        free = theirs is None or mine.successes > theirs.successes
        if free:
            self.state[name] = replace(c, subdued_by=None)
        event.update(dice=list(mine.dice), result="escaped" if free else "still held")

    def help(self, name: str, action: Action, event: dict[str, Any]) -> None:
        """002 Rally and Treat: a roll; treating tends the worst untreated wound (it then
        counts half); either brings a knocked-out target back."""
        ability = self.rules.treat_ability if action.kind == "treat" else self.rules.rally_ability
        roll = self.roll(pool(self.state[name], ability, self.fs3) - self.wounds(name))
        event["dice"] = list(roll.dice)
        if roll.successes == 0:
            event["result"] = "failed"
            return
        target = self.state[str(action.target)]
        if action.kind == "treat":
            untreated = [w for w in target.wounds if not w.treated]
            if untreated:
                ranks = [s.name for s in self.rules.severities]
                worst = max(untreated, key=lambda w: ranks.index(w.severity))
                wounds = list(target.wounds)
                wounds[wounds.index(worst)] = replace(worst, treated=True)
                target = replace(target, wounds=tuple(wounds))
        event["result"] = "treated" if action.kind == "treat" else "rallied"
        if target.knocked_out:
            event["result"] += " and revived"
        self.state[target.name] = replace(target, knocked_out=False)

    def knockouts(self, order: list[str]) -> None:
        """002 Knockout: after all actions, for those damaged this turn whose wound modifier
        is 1 or more; toughness minus the modifier, no hits: out (luck may recover)."""
        for name in order:
            c, modifier = self.state[name], self.wounds(name)
            if name not in self.damaged or modifier < 1 or c.knocked_out:
                continue
            roll = self.roll(pool(c, self.rules.toughness_ability, self.fs3) - modifier)
            out = roll.successes == 0
            if out and self.action(name).luck == "knockout" and c.luck > 0:
                c = replace(c, luck=c.luck - 1)
                out = False
            self.report.knockouts.append(
                {"name": name, "dice": list(roll.dice), "modifier": -modifier, "knocked_out": out}
            )
            self.state[name] = replace(c, knocked_out=c.knocked_out or out)

    def end(self) -> None:
        """004 Suppressing: every total falls by 2; an aim lasts into the next turn only."""
        for name, c in self.state.items():
            action = self.action(name)
            self.state[name] = replace(
                c,
                suppression=max(c.suppression - self.rules.suppression_decay, 0),
                aim_target=action.target if action.kind == "aim" else None,
            )


def _modifiers(
    c: Combatant, target: Combatant, action: Action, rules: CombatRules
) -> tuple[int, int]:
    """004 Stance and Other Modifiers and 002's wound modifiers: (attack, defense)."""
    melee = rules.weapon(c.weapon).melee
    attack, _ = rules.stances.get(c.stance, (0, 0))
    _, defense = rules.stances.get(target.stance, (0, 0))
    attack += rules.melee_bonus if melee else rules.range_modifiers[action.range]
    if c.aim_target == target.name:
        attack += rules.aim_bonus
    attack -= c.suppression  # suppression hits attacks only
    attack -= wound_modifier(c.wounds, rules)
    defense -= wound_modifier(target.wounds, rules)
    return attack, defense
