"""The combat commands' handlers (table/handlers.py): each fills in what its command leaves
to context (the game, the one combat under way, the actor's own character) and asks the
tracker (tracker.py), which makes the command's own checks of the actor."""

from __future__ import annotations

from dataclasses import asdict

from rollplay.dice import Dice
from rollplay.systems.fs3.combat.state import Action
from rollplay.table import commands as c
from rollplay.table.access.authz import Act
from rollplay.table.answers import CombatStatus, DayHealed, TurnResolved
from rollplay.table.base import ServiceBase
from rollplay.table.combat.healing import heal_day
from rollplay.table.combat.orders import npc_orders
from rollplay.table.combat.tracker import Tracker, stance
from rollplay.table.events import combat as cb
from rollplay.table.events.payloads import SeedCommitted
from rollplay.table.events.requests import RequestOdds
from rollplay.table.handlers import handles

Where = c.CombatJoin | c.CombatLeave | c.CombatStance | c.CombatAction | c.CombatTurn
Asked = (Where | c.CombatStatus | c.CombatStop | c.CombatMoveWound | c.CombatRecover
         | c.CombatOrders)  # fmt: skip


def _where(t: ServiceBase, cmd: Asked) -> tuple[str, str]:
    game = t.game_for(cmd.game)
    return game, t.combat_for(game, cmd.combat)


def _who(t: ServiceBase, game: str, who: str | None) -> str:
    return t.own_character(game, who)[1] if who is None else who


@handles(c.CombatStart, act=Act.RUN_COMBAT, writes=(cb.CombatStarted,))
def start(t: ServiceBase, cmd: c.CombatStart, dice: Dice | None) -> CombatStatus:
    """The Storyteller opens a combat (002 Combat)."""
    return Tracker(t).start(t.game_for(cmd.game), cmd.combat)


@handles(c.CombatJoin, act=Act.FIGHT, writes=(cb.Joined,))
def join(t: ServiceBase, cmd: c.CombatJoin, dice: Dice | None) -> CombatStatus:
    """A character joins (a player: their own), or an NPC with a rating (the Storyteller)."""
    game, combat = _where(t, cmd)
    who = cmd.who if cmd.rating is not None and cmd.who else _who(t, game, cmd.who)
    return Tracker(t).join(game, combat, who, team=cmd.team, rating=cmd.rating,
                           weapon=cmd.weapon, armor=cmd.armor, kind=cmd.kind,
                           crew=cmd.crew)  # fmt: skip


@handles(c.CombatLeave, act=Act.FIGHT, writes=(cb.Left,))
def leave(t: ServiceBase, cmd: c.CombatLeave, dice: Dice | None) -> CombatStatus:
    game, combat = _where(t, cmd)
    return Tracker(t).leave(game, combat, _who(t, game, cmd.who))


@handles(c.CombatStance, act=Act.FIGHT, writes=(cb.StanceTaken,))
def take_stance(t: ServiceBase, cmd: c.CombatStance, dice: Dice | None) -> CombatStatus:
    """A stance changed now, as a free action (004 Stances)."""
    game, combat = _where(t, cmd)
    return stance(Tracker(t), game, combat, _who(t, game, cmd.who), cmd.stance)


@handles(c.CombatAction, act=Act.FIGHT, writes=(cb.ActionChosen,))
def act(t: ServiceBase, cmd: c.CombatAction, dice: Dice | None) -> CombatStatus:
    """An action set for the coming turn (002 Combat Turns); an NPC's is the Storyteller's
    and hidden from the players."""
    game, combat = _where(t, cmd)
    fields = {k: v for k, v in asdict(cmd).items() if k not in ("game", "combat", "who")}
    if fields.get("luck_spend") is None:
        fields.pop("luck_spend")
    return Tracker(t).act(game, combat, _who(t, game, cmd.who), Action(**fields))


@handles(c.CombatOrders, act=Act.RUN_COMBAT, writes=(cb.ActionChosen,))
def orders(t: ServiceBase, cmd: c.CombatOrders, dice: Dice | None) -> CombatStatus:
    """The Storyteller sets several NPCs' actions at once, all or none (W80)."""
    game, combat = _where(t, cmd)
    return npc_orders(Tracker(t), game, combat, cmd.orders)


@handles(c.CombatTurn, act=Act.RUN_COMBAT, writes=(cb.Turn, SeedCommitted, RequestOdds))
def turn(t: ServiceBase, cmd: c.CombatTurn, dice: Dice | None) -> TurnResolved:
    """The Storyteller resolves the turn: initiative, every action, knockouts (002)."""
    game, combat = _where(t, cmd)
    return Tracker(t).turn(game, combat, dice=dice)


@handles(c.CombatStatus, act=Act.READ)
def status(t: ServiceBase, cmd: c.CombatStatus, dice: Dice | None) -> CombatStatus:
    game, combat = _where(t, cmd)
    return Tracker(t).status(game, combat)


@handles(c.CombatStop, act=Act.RUN_COMBAT, writes=(cb.CombatStopped,))
def stop(t: ServiceBase, cmd: c.CombatStop, dice: Dice | None) -> CombatStatus:
    game, combat = _where(t, cmd)
    return Tracker(t).stop(game, combat)


@handles(c.CombatMoveWound, act=Act.FIGHT, writes=(cb.LuckBetween,))
def move_wound(t: ServiceBase, cmd: c.CombatMoveWound, dice: Dice | None) -> CombatStatus:
    """002 Luck: a wound just taken moved to another location."""
    game, combat = _where(t, cmd)
    who = _who(t, game, cmd.who)
    return Tracker(t).move_wound(game, combat, who, cmd.wound, cmd.location)


@handles(c.CombatRecover, act=Act.FIGHT, writes=(cb.LuckBetween,))
def recover(t: ServiceBase, cmd: c.CombatRecover, dice: Dice | None) -> CombatStatus:
    """002 Luck: a knockout the last turn dealt recovered from."""
    game, combat = _where(t, cmd)
    return Tracker(t).recover(game, combat, _who(t, game, cmd.who))


@handles(c.HealDay, act=Act.HEAL, writes=(cb.HealDay, SeedCommitted, RequestOdds))
def heal(t: ServiceBase, cmd: c.HealDay, dice: Dice | None) -> DayHealed:
    """A day of healing (004 Healing Damage, Vehicle Healing)."""
    return heal_day(t, t.game_for(cmd.game), day=cmd.day, doctors=dict(cmd.doctors),
                    hospital=cmd.hospital, repairs=cmd.repairs, dice=dice)  # fmt: skip
