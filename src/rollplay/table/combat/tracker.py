"""The FS3 combat tracker: a combat's state in the game's database, one transaction per
command, so a combat survives a restart. The rules are rollplay.systems.fs3.combat's.

A Storyteller starts a combat, adds characters and NPCs (a single rating, 004), players or the
Storyteller set actions, and ``turn`` resolves them all. A character's ratings, luck and
wounds are read from its sheet whenever a command needs them, so a sheet fixed mid-fight is
used at once; wounds land on the sheet and luck spent comes off its points. Names match
without regard to case. A stopped combat no longer changes; ``delete`` frees its name.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import asdict, replace

from sqlalchemy import select

from rollplay.dice import Dice, settle
from rollplay.errors import RollplayError, RuleError
from rollplay.systems.fs3.combat.between import move_wound, npc_action, recover, summary
from rollplay.systems.fs3.combat.carry import carried
from rollplay.systems.fs3.combat.fitting import type_kit
from rollplay.systems.fs3.combat.gear import CombatRules
from rollplay.systems.fs3.combat.secrecy import npc_names
from rollplay.systems.fs3.combat.state import (
    Action,
    Combatant,
    canonical_action,
    check_name,
    combatant_from_json,
    combatant_to_json,
    find,
    mentions,
    new_npc,
    same_name,
)
from rollplay.systems.fs3.combat.turn import check_action, resolve_turn
from rollplay.table.access.authz import Act
from rollplay.table.answers import CombatStatus, TurnResolved
from rollplay.table.combat.base import CombatBase, last_initiative, status_of
from rollplay.table.dice.dicing import dice_fields, table_dice
from rollplay.table.info import CombatSummary
from rollplay.table.store.db import StorageError
from rollplay.table.store.models import Character, Combat
from rollplay.table.store.writers import CoreWriter
from rollplay.table.systems import require

Change = Callable[[Combatant, int, CombatRules], Combatant]  # (combatant, turn, rules)


STOPPED_HINT = "; it is stopped: delete it first (its page's Delete, or `combat delete`)"


class Tracker(CombatBase):
    """Combats of the games in one service's database."""

    def start(self, game_name: str, name: str) -> CombatStatus:
        name = check_name(name, "combat")
        with self.table.transaction() as s:
            game = self.table.game_row(s, game_name)
            require(game, "combat", "combat", "002 Combat")
            self.table.require(s, game, Act.RUN_COMBAT)
            for other in s.scalars(select(Combat).where(Combat.game_id == game.id)):
                if same_name(other.name, name):
                    hint = "" if other.active else STOPPED_HINT
                    raise StorageError(f"{game.name} already has a combat called {other.name!r}"
                                       f"{hint}")  # fmt: skip
            # A combat is the scene's it is started in; a private scene's stays that scene's
            # whoever fights on and from wherever (rulings H9).
            scene = self.table.landing(CoreWriter(s.connection()), game)
            combat = Combat(game_id=game.id, name=name, turn=1, combatants=[], actions={},
                            active=True, scene_id=None if scene is None else scene[0],
                            scene_private=scene is not None and scene[1])  # fmt: skip
            s.add(combat)
            s.flush()
            self.record(s, game, combat, "start", {})
            return CombatStatus.model_validate(status_of(combat))

    def join(
        self,
        game_name: str,
        name: str,
        who: str,
        *,
        team: str = "A",
        rating: int | None = None,
        weapon: str = "Unarmed",
        armor: str = "None",
        kind: str = "Human",
        crew: tuple[str, ...] = (),
    ) -> CombatStatus:
        """Add a character of the game (by name) or, with ``rating``, an NPC (004)."""
        team = check_name(team, "team")
        with self.table.transaction() as s:
            game, combat = self.combat_row(s, game_name, name)
            gear = self.gear(game)
            kind, weapon, armor = type_kit(gear, kind, weapon, armor)
            gear.weapon(weapon)
            gear.armor_named(armor)
            gear.center_of_mass(kind)
            if crew and not gear.is_vehicle(kind):
                raise RuleError(f"only vehicles carry crew; {kind} is not a vehicle type")
            fighters = [combatant_from_json(c) for c in combat.combatants]
            kit = (gear.weapon(weapon).name, gear.armor_named(armor).name, kind)
            if rating is None:
                _, row = self.table.character_row(s, game.name, who)
                self.table.require(s, game, Act.FIGHT, row)
                blank = Combatant(check_name(row.name, "character"), team, weapon=kit[0],
                                  armor=kit[1], kind=kind)  # fmt: skip
                fighter = self._character(game, row, blank)
            else:
                self.table.require(s, game, Act.RUN_COMBAT)
                names = s.scalars(select(Character.name).where(Character.game_id == game.id))
                fighter = new_npc(who, team, rating, kit, crew=crew, fighters=fighters,
                                  characters=list(names))  # fmt: skip
            clash = next((f.name for f in fighters if same_name(f.name, fighter.name)), None)
            if clash:
                raise StorageError(f"{clash} is already in {combat.name}")
            combat.combatants = [*combat.combatants, combatant_to_json(fighter)]
            self.record(s, game, combat, "join", {
                "name": fighter.name, "team": fighter.team, "npc": fighter.npc,
                "rating": fighter.rating, "weapon": fighter.weapon, "armor": fighter.armor,
                "kind": fighter.kind,
            })  # fmt: skip
            return CombatStatus.model_validate(status_of(combat))

    def leave(self, game_name: str, name: str, who: str) -> CombatStatus:
        with self.table.transaction() as s:
            game, combat = self.combat_row(s, game_name, name)
            self.control(s, game, combat, who)
            fighters = [combatant_from_json(c) for c in combat.combatants]
            me = find(fighters, who, combat.name)
            self.record(s, game, combat, "leave", {"name": me.name})
            kept = [
                replace(f, crew=tuple(n for n in f.crew if n != me.name),
                        subdued_by=None if f.subdued_by == me.name else f.subdued_by)
                for f in fighters if f.name != me.name
            ]  # fmt: skip
            combat.combatants = [combatant_to_json(f) for f in kept]
            combat.actions = {k: v for k, v in combat.actions.items()
                              if k != me.name and me.name not in mentions(v)}  # fmt: skip
            return CombatStatus.model_validate(status_of(combat))

    def act(self, game_name: str, name: str, who: str, action: Action) -> CombatStatus:
        """Set (or replace) a combatant's action for this turn, checked now."""
        with self.table.transaction() as s:
            game, combat = self.combat_row(s, game_name, name)
            self.control(s, game, combat, who)
            stored = [combatant_from_json(c) for c in combat.combatants]
            me = self.refreshed(s, game, find(stored, who, combat.name))
            listed = [me if f.name == me.name else f for f in stored]
            action = canonical_action(action, listed)
            rules, _ = self.table.ruleset_of(game)
            others = {k: Action(**v) for k, v in combat.actions.items() if k != me.name}
            check_action(me, action, {f.name: f for f in listed}, rules.combat, fs3=rules,
                         others=others)  # fmt: skip
            if action.called is not None:  # as the charts spell it ("right arm": Right_Arm)
                action = replace(action, called=rules.combat.location_named(action.called))
            combat.actions = {**combat.actions, me.name: asdict(action)}
            self.record(s, game, combat, "action", {"name": me.name, "action": asdict(action)},
                        secret_for=me.name)  # fmt: skip
            return self.shown(s, game, combat, status_of(combat))

    def turn(self, game_name: str, name: str, dice: Dice | None = None) -> TurnResolved:
        """Resolve the turn: NPCs without an action get a sensible one; wounds land on the
        characters' sheets and spent luck comes off their points; the actions the game
        carries over stand for the next turn (carry.py); the state is saved."""
        with self.table.transaction() as s:
            game, combat = self.combat_row(s, game_name, name)
            self.table.require(s, game, Act.RUN_COMBAT)
            fighters = self.fighters(s, game, combat)
            if len(fighters) < 2:
                raise RuleError(f"{combat.name} needs two combatants to fight")
            chosen = {k: Action(**v) for k, v in combat.actions.items()}
            actions = dict(chosen)
            rules, _ = self.table.ruleset_of(game)
            gear = rules.combat
            for f in fighters:
                if f.name not in actions and f.npc:
                    actions[f.name] = npc_action(f, fighters, gear)
            # With NPCs, players see a turn without their dice: it draws from the hidden chain.
            chain = "hidden" if npc_names(combat.combatants) else "public"
            source = table_dice(self.table, CoreWriter(s.connection()), game, chain, dice,
                                scene=self.scene_of(combat))  # fmt: skip
            after, report = resolve_turn(
                combat.turn, fighters, actions, rules=gear, fs3=rules, dice=source,
            )  # fmt: skip
            settle(source)  # typed faces left over: nothing of this turn is kept
            wounded = self._write_back(s, game, fighters, after)
            result = {"combat": combat.name, "game": game.name, **report.to_dict(),
                      "combatants": [summary(c, gear) for c in after]}  # fmt: skip
            drawn = dice_fields(source)
            told = self.record(s, game, combat, "turn", result, whole=drawn)
            self._requests_anew(s, game, wounded, told)
            combat.combatants = [combatant_to_json(c) for c in after]
            combat.actions = {k: asdict(a) for k, a in carried(chosen, after, gear, rules).items()}
            combat.turn += 1
            return TurnResolved.model_validate({**result, "dice_source": drawn["dice_source"]})

    def _between(self, game_name: str, name: str, who: str, change: Change) -> CombatStatus:
        """Luck spent between turns on one combatant (002 Luck, Combat)."""
        with self.table.transaction() as s:
            game, combat = self.combat_row(s, game_name, name)
            self.control(s, game, combat, who)
            fighters = self.fighters(s, game, combat)
            me = find(fighters, who, combat.name)
            after = [change(f, combat.turn, self.gear(game)) if f is me else f for f in fighters]
            self._write_back(s, game, fighters, after)
            combat.combatants = [combatant_to_json(f) for f in after]
            changed = next(f for f in after if f.name == me.name)
            self.record(
                s,
                game,
                combat,
                "luck",
                {"name": me.name, "combatant": summary(changed, self.gear(game))},
            )
            standing = [summary(f, self.gear(game)) for f in after]
            return CombatStatus.model_validate({**status_of(combat), "combatants": standing})

    def move_wound(
        self, game_name: str, name: str, who: str, wound: int, location: str
    ) -> CombatStatus:
        """002 Luck in combat: a luck point moves a wound taken in the turn just resolved to
        another location (cosmetic). ``wound`` counts from 1 in the order taken."""
        return self._between(game_name, name, who,
                             lambda f, _, gear: move_wound(f, wound, location, gear))  # fmt: skip

    def recover(self, game_name: str, name: str, who: str) -> CombatStatus:
        """002 Luck in combat: a luck point recovers from the knockout the turn just resolved
        dealt."""
        return self._between(game_name, name, who, lambda f, turn, _: recover(f, turn))

    def combats(self, game_name: str) -> list[CombatSummary]:
        """A game's combats, those under way first."""
        with self.table.reading() as s:
            game = self.table.game_row(s, game_name)
            standing = self.table.require(s, game, Act.READ)
            rows = s.scalars(select(Combat).where(Combat.game_id == game.id)
                             .order_by(Combat.active.desc(), Combat.id))  # fmt: skip
            return [CombatSummary(combat=c.name, turn=c.turn, active=c.active,
                                  combatants=len(c.combatants)) for c in rows
                    if standing.in_scene(c.scene_id, c.scene_private)]  # fmt: skip

    def status(self, game_name: str, name: str) -> CombatStatus:
        """How everyone stands, a stopped combat too; a sheet that cannot be read is named."""
        with self.table.reading() as s:
            game, combat = self.combat_row(s, game_name, name, lock=False, active=False)
            self.table.require(s, game, Act.READ)
            shown, problems = [], []
            for stored in map(combatant_from_json, combat.combatants):
                c = stored
                try:
                    c = self.refreshed(s, game, stored)
                except RollplayError as exc:
                    problems.append(str(exc))
                shown.append(summary(c, self.gear(game)))
            order = last_initiative(s, game, combat, self.table.standing(s, game))
            return self.shown(s, game, combat, {**status_of(combat), "combatants": shown,
                                        "problems": problems, "initiative": order})  # fmt: skip

    def stop(self, game_name: str, name: str) -> CombatStatus:
        with self.table.transaction() as s:
            game, combat = self.combat_row(s, game_name, name)
            self.table.require(s, game, Act.RUN_COMBAT)
            combat.active = False
            combat.actions = {}
            self.record(s, game, combat, "stop", {})
            return CombatStatus.model_validate(status_of(combat))

    def delete(self, game_name: str, name: str) -> CombatStatus:
        """Remove a stopped combat (and its record), freeing its name."""
        with self.table.transaction() as s:
            game, combat = self.combat_row(s, game_name, name, active=False)
            self.table.require(s, game, Act.RUN_COMBAT)
            if combat.active:
                raise RuleError(f"{combat.name} is still going: `combat stop` it first")
            gone = status_of(combat)
            self.record(s, game, combat, "delete", {})
            s.delete(combat)
            return CombatStatus.model_validate({**gone, "deleted": True})


def stance(tracker: Tracker, game_name: str, name: str, who: str, new: str) -> CombatStatus:
    """Change stance now, as a free action (kept with any action set this turn); not while
    knocked out."""
    with tracker.table.transaction() as s:
        game, combat = tracker.combat_row(s, game_name, name)
        stances = tracker.gear(game).stances
        chosen = next((k for k in stances if same_name(k, new)), None)
        if chosen is None:
            raise RollplayError(f"unknown stance {new!r}; accepted: {', '.join(stances)}")
        tracker.control(s, game, combat, who)
        fighters = [combatant_from_json(c) for c in combat.combatants]
        me = find(fighters, who, combat.name)
        if me.knocked_out:
            raise RuleError(f"{me.name} is knocked out and cannot change stance")
        combat.combatants = [combatant_to_json(replace(f, stance=chosen) if f is me else f)
                             for f in fighters]  # fmt: skip
        tracker.record(s, game, combat, "stance", {"name": me.name, "stance": chosen})
        return tracker.shown(s, game, combat, status_of(combat))
