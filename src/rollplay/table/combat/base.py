"""What every combat command shares: finding a combat, who may act for a combatant, a
combat's events (with what FS3 keeps from the players left out of theirs), characters read
fresh from their sheets (so a sheet fixed mid-fight is used at once), and luck and wounds
written back to them."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from typing import Any

from sqlalchemy import select
from sqlalchemy.orm import Session

from rollplay.errors import RollplayError, RuleError, suggest
from rollplay.systems.fs3.combat.attack import read_wounds
from rollplay.systems.fs3.combat.gear import CombatRules
from rollplay.systems.fs3.combat.secrecy import npc_names, players_view
from rollplay.systems.fs3.combat.state import (
    Combatant,
    combatant_from_json,
    find,
)
from rollplay.table.access.authz import Act, Standing
from rollplay.table.answers import CombatStatus
from rollplay.table.base import ServiceBase
from rollplay.table.events import combat as cb
from rollplay.table.store.db import StorageError
from rollplay.table.store.models import Character, Combat, Event, Game
from rollplay.table.systems import require

Change = Callable[[Combatant, int, CombatRules], Combatant]  # (combatant, turn, rules)
LOOK_BACK = 200  # turn events read back for a combat's last (other combats' interleave)
STEPS: dict[str, type[cb.Step_]] = {
    "start": cb.CombatStarted, "join": cb.Joined, "leave": cb.Left, "action": cb.ActionChosen,
    "stance": cb.StanceTaken, "turn": cb.Turn, "luck": cb.LuckBetween, "stop": cb.CombatStopped,
    "delete": cb.CombatDeleted,
}  # fmt: skip


class CombatBase:
    """The combats of the games in one service's database."""

    def __init__(self, table: ServiceBase) -> None:
        self.table = table

    def combat_row(
        self, s: Session, game_name: str, name: str, lock: bool = True, active: bool = True
    ) -> tuple[Game, Combat]:
        """A combat by name (any case); ``active``: refuse a stopped one. A private scene's
        combat is "no combat" to whoever may not see that scene (rulings H9): its name is
        not theirs to learn either."""
        game = self.table.game_row(s, game_name)
        require(game, "combat", "combat", "002 Combat")
        standing = self.table.standing(s, game)
        rows = s.execute(select(Combat.name, Combat.scene_id, Combat.scene_private)
                         .where(Combat.game_id == game.id))  # fmt: skip
        names = {n.casefold(): n for n, scene, private in rows if standing.in_scene(scene, private)}
        query = select(Combat).where(Combat.game_id == game.id,
                                     Combat.name == names.get(name.casefold()))  # fmt: skip
        combat = s.scalar(query.with_for_update() if lock else query)
        if combat is None:
            raise StorageError(
                f"{game.name} has no combat called {name!r}{suggest(name, names.values())}"
            )
        if active and not combat.active:
            raise RuleError(
                f"{combat.name} is over (stopped at turn {combat.turn}): it no longer changes; "
                "the Storyteller frees its name by deleting it"
            )
        return game, combat

    def control(self, s: Session, game: Game, combat: Combat, who: str) -> None:
        """A player acts for the characters they play; NPCs are the Storyteller's."""
        fighter = find([combatant_from_json(c) for c in combat.combatants], who, combat.name)
        if fighter.npc:
            self.table.require(s, game, Act.RUN_COMBAT)
            return
        _, row = self.table.character_row(s, game.name, fighter.name)
        self.table.require(s, game, Act.FIGHT, row)

    def record(
        self, s: Session, game: Game, combat: Combat, step: str, payload: dict[str, Any],
        *, secret_for: str | None = None, whole: dict[str, Any] | None = None,
    ) -> int:  # fmt: skip
        """A combat event (its number); with NPCs involved, the players' part leaves out what
        FS3 keeps from them (their dice, their ratings, ``secret_for``'s plans). ``whole``
        goes only into the whole event (a turn's provable dice: never into the players'
        part)."""
        npcs = npc_names(combat.combatants)
        data = {"combat": combat.name, "turn": combat.turn, **payload}
        kind = STEPS[step]
        scene = self.scene_of(combat)
        if secret_for is not None and secret_for in npcs:
            shared = cb.HiddenStep(combat=combat.name, turn=combat.turn, who=secret_for)
            return self.table.record(s, game, kind.written(data), audience="storyteller",
                                     shared=shared, scene=scene)  # fmt: skip
        shown = players_view(data, npcs)
        return self.table.record(s, game, kind.written({**data, **(whole or {})}),
                                 audience="everyone" if shown == data else "storyteller",
                                 shared=kind.written(shown), scene=scene)  # fmt: skip

    def scene_of(self, combat: Combat) -> tuple[int, bool] | None:
        """Where a combat's events land: a private scene's combat, in that scene, whoever
        writes them and from wherever (so they reach no one the scene is hidden from:
        rulings H9); any other, in its writer's running scene (S3, S50). A surface that
        plays another scene may not write there (S41)."""
        if not combat.scene_private or combat.scene_id is None:
            return None
        self.table.in_scene_here(combat.scene_id)
        return combat.scene_id, True

    def gear(self, game: Game) -> CombatRules:
        """The game's combat rules: its ruleset's ``combat`` table (docs/combat.md)."""
        rules, _ = self.table.ruleset_of(game)
        return rules.combat  # type: ignore[no-any-return]

    def _character(self, game: Game, row: Character, c: Combatant) -> Combatant:
        """A character's current ratings, luck and wounds, from its row and sheet."""
        rules, _ = self.table.ruleset_of(game)
        try:
            ratings = self.table.sheet_of(game, row, rules).ratings()
            wounds = read_wounds(row.sheet.get("wounds"), rules.combat, row.name)
        except RollplayError as exc:
            raise RollplayError(f"{row.name}'s sheet cannot be used in combat: {exc}") from None
        fresh = c.fresh if wounds[: len(c.wounds)] == c.wounds else ()
        return replace(c, ratings=dict(ratings), luck=row.luck, wounds=wounds, fresh=fresh)

    def fighters(self, s: Session, game: Game, combat: Combat) -> list[Combatant]:
        """The combatants as stored, characters refreshed from their sheets."""
        return [self.refreshed(s, game, c) for c in map(combatant_from_json, combat.combatants)]

    def refreshed(self, s: Session, game: Game, c: Combatant) -> Combatant:
        if c.npc:
            return c
        _, row = self.table.character_row(s, game.name, c.name)
        return self._character(game, row, c)

    def _write_back(
        self, s: Session, game: Game, before: list[Combatant], after: list[Combatant]
    ) -> list[Character]:
        """Luck spent and wounds taken or changed, onto the characters' rows; the rows whose
        wounds changed (for _requests_anew)."""
        wounded: list[Character] = []
        for old, new in zip(before, after, strict=True):
            if old.npc or (old.luck == new.luck and old.wounds == new.wounds):
                continue
            _, row = self.table.character_row(s, game.name, new.name, lock=True)
            spent = old.luck - new.luck
            if spent > row.luck:
                raise RuleError(f"{row.name} no longer has the luck this turn spent")
            row.luck -= spent
            if new.wounds != old.wounds:
                carried = list(row.sheet.get("wounds") or [])
                sheet = dict(row.sheet)  # wounds carried in keep their healing points
                sheet["wounds"] = [{**(carried[i] if i < len(carried) else {}), **w.to_dict()}
                                   for i, w in enumerate(new.wounds)]  # fmt: skip
                row.sheet = sheet
                wounded.append(row)
        return wounded

    def _requests_anew(self, s: Session, game: Game, wounded: list[Character], turn: int
                       ) -> None:  # fmt: skip
        """After a turn's event (``turn``, its number): the open roll requests of those whose
        wounds changed get their odds again (rulings R32), told where the turn was: a private
        scene's fight tells no one else (rulings H16)."""
        from rollplay.table.play.request_odds import refresh_each, told_in

        refresh_each(self.table, s, game, wounded, told_in(s, game, turn))

    def shown(self, s: Session, game: Game, combat: Combat, status: dict[str, Any]) -> CombatStatus:
        """A combat's status as the actor may see it: NPCs' plans are the Storyteller's."""
        if not self.table.standing(s, game).storyteller:
            npcs = npc_names(combat.combatants)
            actions = {k: v for k, v in status["actions"].items() if k not in npcs}
            status = {**status, "actions": actions}
        return CombatStatus.model_validate(status)


def status_of(combat: Combat) -> dict[str, Any]:
    return {
        "combat": combat.name,
        "turn": combat.turn,
        "active": combat.active,
        "combatants": [c["name"] for c in combat.combatants],
        "actions": combat.actions,
    }


def last_initiative(
    s: Session, game: Game, combat: Combat, standing: Standing
) -> list[dict[str, Any]]:
    """The order the combat's last resolved turn rolled, newest turn event first: each
    combatant's name and hits (what the players' part of the event shows them too)."""
    rows = s.scalars(select(Event).where(Event.game_id == game.id, Event.kind == "combat_turn")
                     .order_by(Event.id.desc()).limit(LOOK_BACK))  # fmt: skip
    for row in rows:
        if not standing.in_scene(row.scene_id, row.scene_private):
            continue  # another combat of that name, in a private scene they may not see
        part = row.payload if standing.storyteller or row.audience == "everyone" else row.shared
        if part and part.get("combat") == combat.name:
            return [{"name": i["name"], "hits": i.get("hits"), "tiebreak": i.get("tiebreak")}
                    for i in part.get("initiative", [])]  # fmt: skip
    return []
