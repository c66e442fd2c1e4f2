"""``Service.execute``: one entry for every typed command (commands.py), whichever surface
made it (the command language, the server, a chat bridge). It fills in what a command leaves
to context (the actor's own character, the game they are in, the combat under way) and calls
the service method that does the work, for the same actor."""

from __future__ import annotations

from dataclasses import asdict
from typing import Any

from sqlalchemy import select

from rollplay.dice import Dice
from rollplay.errors import RollplayError
from rollplay.table import commands as c
from rollplay.table.answers import Answer, AnyAnswer, LogPage
from rollplay.table.base import WRITTEN, ServiceBase
from rollplay.table.store.models import Character, Combat, Game
from rollplay.table.systems import Request


class ExecuteMixin(ServiceBase):
    def execute(self, command: c.Command, *, dice: Dice | None = None) -> AnyAnswer:
        """Run ``command`` for this service's actor; its answer names the command's type
        and the events it wrote."""
        run = _HANDLERS.get(type(command))
        if run is None:
            raise RollplayError(f"unknown command {type(command).__name__}")
        written: list[int] = []
        token = WRITTEN.set(written)
        try:
            answer: AnyAnswer = run(self, command, dice)
        finally:
            WRITTEN.reset(token)
        return answer.model_copy(
            update={"command": type(command).__name__, "event_ids": tuple(written)}
        )

    # -- context ---------------------------------------------------------------------------

    def game_for(self, game: str | None) -> str:
        """The game a command means: the one named, or the only one the actor is in."""
        if game is not None:
            return game
        with self.transaction() as s:
            mine = [g.name for g in s.scalars(select(Game).order_by(Game.name))
                    if self.standing(s, g).role is not None]  # fmt: skip
        if len(mine) == 1:
            return mine[0]
        raise RollplayError(
            f"say which game ({', '.join(mine)})" if mine else "there is no game to play in"
        )

    def own_character(self, game: str | None, name: str | None) -> tuple[str, str]:
        """(game, character) for a command about ``name``, or about the actor's own
        character: the one they play in the game, if they play just one."""
        if name is not None:
            if game is None:
                with self.transaction() as s:
                    found, _ = self.character_row(s, None, name)
                    return found.name, name
            return game, name
        game = self.game_for(game)
        with self.transaction() as s:
            row = self.game_row(s, game)
            ids = self.standing(s, row).characters
            names = [ch.name for ch in s.scalars(select(Character).where(
                Character.game_id == row.id, Character.id.in_(list(ids))))]  # fmt: skip
        if len(names) == 1:
            return game, names[0]
        if names:
            raise RollplayError(f"say which character: you play {', '.join(sorted(names))}")
        raise RollplayError(f"say which character (NAME/...): you play none in {game}")

    def combat_for(self, game: str, name: str | None) -> str:
        """The combat a command means: the one named, or the only one under way."""
        if name is not None:
            return name
        with self.transaction() as s:
            row = self.game_row(s, game)
            going = list(s.scalars(select(Combat.name).where(Combat.game_id == row.id,
                                                             Combat.active)))  # fmt: skip
        if len(going) == 1:
            return going[0]
        raise RollplayError(
            f"say which combat ({', '.join(going)})" if going else f"no combat under way in {game}"
        )


def _tracker(service: Any) -> Any:
    from rollplay.table.combat.tracker import Tracker

    return Tracker(service)


def _roll(s: Any, cmd: c.Roll, dice: Dice | None) -> Answer:
    game, who = s.own_character(cmd.game, cmd.side.character)
    return s.roll(game, who, cmd.side.request, visibility=cmd.visibility, dice=dice)  # type: ignore[no-any-return]


def _npc(s: Any, cmd: c.NpcRoll, dice: Dice | None) -> Answer:
    return s.npc_roll(s.game_for(cmd.game), cmd.request, name=cmd.name,  # type: ignore[no-any-return]
                      visibility=cmd.visibility, dice=dice)  # fmt: skip


def _opposed(s: Any, cmd: c.Opposed, dice: Dice | None) -> Answer:
    game, first, second, npc = opposed_sides(s, cmd)
    return s.opposed(game, first, second, visibility=cmd.visibility, dice=dice,  # type: ignore[no-any-return]
                     npc_second=npc)  # fmt: skip


Named = tuple[str, Request]  # a side as the service takes it: (character, request)


def opposed_sides(s: Any, cmd: c.Opposed) -> tuple[str, Named, Named, bool]:
    """The game and both sides of an opposed roll, and whether the second is an NPC (for
    the roll and its odds alike)."""
    game, first = s.own_character(cmd.game, cmd.first.character)
    npc = _is_npc(s, game, cmd.second)
    second = str(cmd.second.character) if npc else s.own_character(game, cmd.second.character)[1]
    return game, (first, cmd.first.request), (second, cmd.second.request), npc


def _is_npc(s: Any, game: str, side: c.Side) -> bool:
    """A side naming no character of the game and rolling a bare rating or die code
    (``Raider/5``, ``Thug/3D+1``) is an NPC's."""
    if side.character is None:
        return False
    characters = {n.casefold() for n in s.vocabulary(game)["characters"]}
    text = side.request.expression.strip().upper().replace(" ", "")
    bare = text.isdecimal() or (
        "D" in text and text.split("D", 1)[0].isdecimal()
    )  # fmt: skip
    return side.character.casefold() not in characters and bare


def _teamwork(s: Any, cmd: c.Teamwork, dice: Dice | None) -> Answer:
    game, lead, helpers = team_sides(s, cmd)
    return s.teamwork(game, lead, helpers, visibility=cmd.visibility, dice=dice)  # type: ignore[no-any-return]


def team_sides(s: Any, cmd: c.Teamwork) -> tuple[str, Named, list[Named]]:
    """The game, the leader and the assisters of a teamwork roll."""
    game, lead = s.own_character(cmd.game, cmd.leader.character)
    helpers = [(s.own_character(game, a.character)[1], a.request) for a in cmd.assisters]
    return game, (lead, cmd.leader.request), helpers


def _after(s: Any, cmd: c.PointsAfter, dice: Dice | None) -> Answer:
    from rollplay.table.play.after import add_character_points

    return add_character_points(s, cmd.entry, cmd.count, dice=dice)


def _combat_args(s: Any, cmd: Any) -> tuple[str, str]:
    game = s.game_for(cmd.game)
    return game, s.combat_for(game, cmd.combat)


def _who(s: Any, game: str, who: str | None) -> str:
    return s.own_character(game, who)[1] if who is None else who


def _combat_join(s: Any, cmd: c.CombatJoin, dice: Dice | None) -> Answer:
    game, combat = _combat_args(s, cmd)
    who = cmd.who if cmd.rating is not None and cmd.who else _who(s, game, cmd.who)
    return _tracker(s).join(game, combat, who, team=cmd.team, rating=cmd.rating,  # type: ignore[no-any-return]
                            weapon=cmd.weapon, armor=cmd.armor, kind=cmd.kind,
                            crew=cmd.crew)  # fmt: skip


def _combat_action(s: Any, cmd: c.CombatAction, dice: Dice | None) -> Answer:
    from rollplay.systems.fs3.combat.state import Action

    game, combat = _combat_args(s, cmd)
    fields = {k: v for k, v in asdict(cmd).items() if k not in ("game", "combat", "who")}
    if fields.get("luck_spend") is None:
        fields.pop("luck_spend")
    return _tracker(s).act(game, combat, _who(s, game, cmd.who), Action(**fields))  # type: ignore[no-any-return]


def _combat_stance(s: Any, cmd: c.CombatStance, dice: Dice | None) -> Answer:
    from rollplay.table.combat.tracker import stance

    game, combat = _combat_args(s, cmd)
    return stance(_tracker(s), game, combat, _who(s, game, cmd.who), cmd.stance)


def _heal(s: Any, cmd: c.HealDay, dice: Dice | None) -> Answer:
    from rollplay.table.combat.healing import heal_day

    return heal_day(s, s.game_for(cmd.game), day=cmd.day, doctors=dict(cmd.doctors),
                    hospital=cmd.hospital, repairs=cmd.repairs, dice=dice)  # fmt: skip


def _sheet(s: Any, cmd: c.ShowSheet, dice: Dice | None) -> Answer:
    game, who = s.own_character(cmd.game, cmd.character)
    return s.character(game, who)  # type: ignore[no-any-return]


def _log(s: Any, cmd: c.ShowLog, dice: Dice | None) -> Answer:
    game = s.game_for(cmd.game)
    return LogPage(entries=tuple(s.log(game_name=game, character=cmd.character, limit=cmd.limit)))


def _spend_luck(s: Any, cmd: c.SpendLuck, dice: Dice | None) -> Answer:
    game, who = s.own_character(cmd.game, cmd.character)
    return s.spend_luck(game, who, cmd.reason)  # type: ignore[no-any-return]


def _raise(s: Any, cmd: c.RaiseSkill, dice: Dice | None) -> Answer:
    game, who = s.own_character(cmd.game, cmd.character)
    return s.raise_skill(game, who, cmd.skill, cmd.kind)  # type: ignore[no-any-return]


def _simple_combat(method: str) -> Any:
    def run(s: Any, cmd: Any, dice: Dice | None) -> Answer:
        game, combat = _combat_args(s, cmd)
        tracker = _tracker(s)
        if method == "turn":
            return tracker.turn(game, combat, dice=dice)  # type: ignore[no-any-return]
        if method in ("leave", "recover"):
            return getattr(tracker, method)(game, combat, _who(s, game, cmd.who))  # type: ignore[no-any-return]
        return getattr(tracker, method)(game, combat)  # type: ignore[no-any-return]

    return run


_HANDLERS: dict[type, Any] = {
    c.Roll: _roll,
    c.NpcRoll: _npc,
    c.Opposed: _opposed,
    c.Teamwork: _teamwork,
    c.PointsAfter: _after,
    c.AwardLuck: lambda s, cmd, _: s.award_luck(cmd.game, cmd.character, cmd.amount, cmd.reason),
    c.SpendLuck: _spend_luck,
    c.AwardXP: lambda s, cmd, _: s.award_xp(cmd.game, cmd.character, cmd.amount, cmd.reason),
    c.RaiseSkill: _raise,
    c.ShowSheet: _sheet,
    c.SetSheet: lambda s, cmd, _: s.set_character(cmd.game, cmd.character, cmd.changes),
    c.Approve: lambda s, cmd, _: s.approve(cmd.game, cmd.character),
    c.CombatStart: lambda s, cmd, _: _tracker(s).start(s.game_for(cmd.game), cmd.combat),
    c.CombatJoin: _combat_join,
    c.CombatLeave: _simple_combat("leave"),
    c.CombatStance: _combat_stance,
    c.CombatAction: _combat_action,
    c.CombatTurn: _simple_combat("turn"),
    c.CombatStatus: _simple_combat("status"),
    c.CombatStop: _simple_combat("stop"),
    c.CombatMoveWound: lambda s, cmd, _: _tracker(s).move_wound(
        *_combat_args(s, cmd), _who(s, s.game_for(cmd.game), cmd.who), cmd.wound, cmd.location
    ),
    c.CombatRecover: _simple_combat("recover"),
    c.HealDay: _heal,
    c.ShowLog: _log,
}
