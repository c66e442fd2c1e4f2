"""The FS3 combat tracker: a combat's state in the game's database, one transaction per
command, so a combat survives a restart. The rules are rollplay.systems.fs3.combat's.

A Storyteller starts a combat, adds characters (their ratings and luck come from their
sheets) and NPCs (a single rating, 004), players or the Storyteller set actions, and ``turn``
resolves them all. Wounds land on the characters' sheets; luck spent comes off their points.
"""

from __future__ import annotations

from dataclasses import asdict, replace
from typing import Any

from sqlalchemy import select
from sqlalchemy.orm import Session

from rollplay.dice import Dice, default_dice, settle
from rollplay.errors import RollplayError, RuleError, suggest
from rollplay.systems.fs3.combat.attack import Wound
from rollplay.systems.fs3.combat.gear import CombatRules
from rollplay.systems.fs3.combat.turn import Action, Combatant, check_action, resolve_turn
from rollplay.table.db import StorageError
from rollplay.table.models import Character, Combat, Game
from rollplay.table.store import Table


def combatant_to_json(c: Combatant) -> dict[str, Any]:
    data = asdict(c)
    data["wounds"] = [w.to_dict() for w in c.wounds]
    return data


def combatant_from_json(data: dict[str, Any]) -> Combatant:
    wounds = tuple(Wound.from_dict(w) for w in data.get("wounds", []))
    return Combatant(**{**data, "wounds": wounds})


class Tracker:
    """Combats of the games in one ``Table``'s database."""

    def __init__(self, table: Table) -> None:
        self.table = table

    def combat_row(
        self, s: Session, game_name: str, name: str, lock: bool = True
    ) -> tuple[Game, Combat]:
        game = self.table.game_row(s, game_name)
        if game.system != "fs3":
            raise RuleError(f"combat is FS3's (002 Combat); {game.name} plays {game.system}")
        query = select(Combat).where(Combat.game_id == game.id, Combat.name == name)
        if lock:
            query = query.with_for_update()
        combat = s.scalar(query)
        if combat is None:
            known = list(s.scalars(select(Combat.name).where(Combat.game_id == game.id)))
            raise StorageError(f"{game.name} has no combat called {name!r}{suggest(name, known)}")
        return game, combat

    def start(self, game_name: str, name: str) -> dict[str, Any]:
        with self.table.transaction() as s:
            game = self.table.game_row(s, game_name)
            if game.system != "fs3":
                raise RuleError(f"combat is FS3's (002 Combat); {game.name} plays {game.system}")
            exists = s.scalar(select(Combat).where(Combat.game_id == game.id, Combat.name == name))
            if exists is not None:
                raise StorageError(f"{game.name} already has a combat called {name!r}")
            combat = Combat(game_id=game.id, name=name, turn=1, combatants=[], actions={},
                            active=True)  # fmt: skip
            s.add(combat)
            s.flush()
            return _status(combat)

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
    ) -> dict[str, Any]:
        """Add a character of the game (by name) or, with ``rating``, an NPC (004)."""
        with self.table.transaction() as s:
            game, combat = self.combat_row(s, game_name, name)
            gear = self.gear(game)
            gear.weapon(weapon)
            gear.armor_named(armor)
            gear.center_of_mass(kind)
            if crew and kind not in gear.vehicles:
                raise RuleError(f"only vehicles carry crew; {kind} is not a vehicle type")
            fighters = [combatant_from_json(c) for c in combat.combatants]
            if any(c.name.casefold() == who.casefold() for c in fighters):
                raise StorageError(f"{who} is already in {name}")
            if rating is None:
                _, row = self.table.character_row(s, game.name, who)
                rules, _ = self.table.ruleset_of(game)
                sheet = self.table.sheet_of(game, row, rules)
                # Wounds carried in from earlier fights; healing ones count half (002 Damage).
                carried = tuple(Wound.from_dict(w) for w in row.sheet.get("wounds", []))
                fighter = Combatant(row.name, team, sheet.ratings(), None, weapon, armor,
                                    wounds=carried, luck=row.luck, kind=kind)  # fmt: skip
            else:
                if not 1 <= rating <= 30:
                    raise RollplayError(f"an NPC's rating is 1 to 30, not {rating}")
                fighter = Combatant(who, team, {}, rating, weapon, armor, kind=kind, crew=crew)
            combat.combatants = [*combat.combatants, combatant_to_json(fighter)]
            return _status(combat)

    def leave(self, game_name: str, name: str, who: str) -> dict[str, Any]:
        with self.table.transaction() as s:
            _, combat = self.combat_row(s, game_name, name)
            kept = [c for c in combat.combatants if c["name"] != who]
            if len(kept) == len(combat.combatants):
                raise StorageError(f"{who} is not in {name}")
            combat.combatants = kept
            combat.actions = {k: v for k, v in combat.actions.items() if k != who}
            return _status(combat)

    def act(self, game_name: str, name: str, who: str, action: Action) -> dict[str, Any]:
        """Set (or replace) a combatant's action for this turn, checked now."""
        with self.table.transaction() as s:
            game, combat = self.combat_row(s, game_name, name)
            fighters = {c["name"]: combatant_from_json(c) for c in combat.combatants}
            if who not in fighters:
                raise StorageError(
                    f"{who!r} is not in {name}{suggest(who, fighters)}; "
                    f"in it: {', '.join(fighters) or 'nobody'}"
                )
            check_action(fighters[who], action, fighters, self.gear(game))
            combat.actions = {**combat.actions, who: asdict(action)}
            return _status(combat)

    def turn(self, game_name: str, name: str, dice: Dice | None = None) -> dict[str, Any]:
        """Resolve the turn: NPCs without an action get a sensible one; wounds land on the
        characters' sheets and spent luck comes off their points; the state is saved."""
        with self.table.transaction() as s:
            game, combat = self.combat_row(s, game_name, name)
            if not combat.active:
                raise RuleError(f"{name} is over")
            fighters = [combatant_from_json(c) for c in combat.combatants]
            if len(fighters) < 2:
                raise RuleError(f"{name} needs two combatants to fight")
            actions = {k: Action(**v) for k, v in combat.actions.items()}
            rules, _ = self.table.ruleset_of(game)
            gear = rules.combat
            for f in fighters:
                if f.name not in actions and f.npc:
                    actions[f.name] = _npc_action(f, fighters, gear)
            source = dice or default_dice()
            after, report = resolve_turn(
                combat.turn, fighters, actions, rules=gear, fs3=rules, dice=source,
            )  # fmt: skip
            settle(source)  # typed faces left over: nothing of this turn is kept
            self._write_back(s, game, fighters, after)
            combat.combatants = [combatant_to_json(c) for c in after]
            combat.actions = {}
            combat.turn += 1
            return {"combat": name, "game": game.name, **report.to_dict(),
                    "combatants": _summaries(after, gear)}  # fmt: skip

    def gear(self, game: Game) -> CombatRules:
        """The game's combat rules: its ruleset's ``combat`` table (docs/combat.md)."""
        rules, _ = self.table.ruleset_of(game)
        return rules.combat  # type: ignore[no-any-return]

    def _write_back(
        self, s: Session, game: Game, before: list[Combatant], after: list[Combatant]
    ) -> None:
        for old, new in zip(before, after, strict=True):
            if old.npc:
                continue
            row = s.scalar(
                select(Character).where(Character.game_id == game.id, Character.name == new.name)
                .with_for_update()
            )  # fmt: skip
            if row is None:
                continue
            spent = old.luck - new.luck
            if spent > row.luck:
                raise RuleError(f"{row.name} no longer has the luck this turn spent")
            row.luck -= spent
            fresh = new.wounds[len(old.wounds) :]
            if fresh or new.wounds != old.wounds:
                sheet = dict(row.sheet)
                # Wounds carried in keep their healing points (table/healing.py).
                carried = row.sheet.get("wounds", [])
                sheet["wounds"] = [
                    {**w.to_dict(), "healing": carried[i].get("healing", 0)}
                    if i < len(carried) and carried[i].get("location") == w.location
                    else w.to_dict()
                    for i, w in enumerate(new.wounds)
                ]
                row.sheet = sheet

    def move_wound(
        self, game_name: str, name: str, who: str, wound: int, location: str
    ) -> dict[str, Any]:
        """002 Luck in combat: a luck point moves a wound to another location (cosmetic: the
        severity stays). ``wound`` counts from 1 in the order the wounds were taken."""
        with self.table.transaction() as s:
            game, combat = self.combat_row(s, game_name, name)
            gear = self.gear(game)
            fighters = [combatant_from_json(c) for c in combat.combatants]
            me = next((f for f in fighters if f.name == who), None)
            if me is None:
                raise StorageError(f"{who!r} is not in {name}")
            if not 1 <= wound <= len(me.wounds):
                raise RollplayError(
                    f"{who} has {len(me.wounds)} wounds; pick 1 to {len(me.wounds)}"
                )
            gear.chart(location)  # a known location
            if me.luck < 1:
                raise RuleError(f"{who} has no luck points to spend")
            wounds = list(me.wounds)
            wounds[wound - 1] = replace(wounds[wound - 1], location=location)
            moved = replace(me, wounds=tuple(wounds), luck=me.luck - 1)
            after = [moved if f.name == who else f for f in fighters]
            self._write_back(s, game, fighters, after)
            combat.combatants = [combatant_to_json(f) for f in after]
            return {**_status(combat), "combatants": _summaries(after, gear)}

    def status(self, game_name: str, name: str) -> dict[str, Any]:
        with self.table.transaction() as s:
            game, combat = self.combat_row(s, game_name, name, lock=False)
            fighters = [combatant_from_json(c) for c in combat.combatants]
            return {**_status(combat), "combatants": _summaries(fighters, self.gear(game))}

    def stop(self, game_name: str, name: str) -> dict[str, Any]:
        with self.table.transaction() as s:
            _, combat = self.combat_row(s, game_name, name)
            combat.active = False
            return _status(combat)


def _npc_action(npc: Combatant, fighters: list[Combatant], rules: CombatRules) -> Action:
    """An NPC without orders reloads an empty weapon, else attacks the first standing
    enemy (rulings C4), else passes."""
    if npc.knocked_out:
        return Action("pass")
    if npc.subdued_by:
        return Action("escape")
    weapon = rules.weapon(npc.weapon)
    ammo = npc.ammo if npc.ammo is not None else weapon.ammo
    if not weapon.melee and ammo <= 0:
        return Action("reload")
    for other in fighters:
        if other.team != npc.team and not other.knocked_out:
            return Action("attack", other.name)
    return Action("pass")


def _status(combat: Combat) -> dict[str, Any]:
    return {
        "combat": combat.name,
        "turn": combat.turn,
        "active": combat.active,
        "combatants": [c["name"] for c in combat.combatants],
        "actions": combat.actions,
    }


def _summaries(fighters: list[Combatant], rules: CombatRules) -> list[dict[str, Any]]:
    from rollplay.systems.fs3.combat.attack import wound_modifier

    out = []
    for f in fighters:
        ammo = f.ammo if f.ammo is not None else rules.weapon(f.weapon).ammo
        out.append(
            {
                "name": f.name,
                "team": f.team,
                "weapon": f.weapon,
                "armor": f.armor,
                "stance": f.stance,
                "ammo": ammo,
                "wounds": [w.to_dict() for w in f.wounds],
                "wound_modifier": -wound_modifier(f.wounds, rules),
                "suppression": f.suppression,
                "luck": f.luck,
                "knocked_out": f.knocked_out,
                "subdued_by": f.subdued_by,
            }
        )
    return out


def stance(tracker: Tracker, game_name: str, name: str, who: str, new: str) -> dict[str, Any]:
    """Change stance now, as a free action (kept with any action set this turn)."""
    with tracker.table.transaction() as s:
        game, combat = tracker.combat_row(s, game_name, name)
        stances = tracker.gear(game).stances
        if new not in stances:
            raise RollplayError(f"unknown stance {new!r}; accepted: {', '.join(stances)}")
        fighters = [combatant_from_json(c) for c in combat.combatants]
        if who not in [f.name for f in fighters]:
            raise StorageError(f"{who!r} is not in {name}")
        combat.combatants = [combatant_to_json(replace(f, stance=new) if f.name == who else f)
                             for f in fighters]  # fmt: skip
        return _status(combat)
