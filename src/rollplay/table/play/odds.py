"""Exact odds of a roll before it is made (``Service.odds``), for the roll being typed.

The roll a command asks for is prepared exactly as the roll prepares it (sides.py, npc.py),
so it is refused alike (who may roll, unknown names, options the system does not take, points
the character lacks), but in a read transaction: the points it would spend count as spent,
so the odds are those of the roll that would be made, and nothing is written. The odds are
each system's own (the table's shape: table/systems/envelope.py)."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any, cast

from rollplay.errors import RollplayError
from rollplay.table import commands as c
from rollplay.table.execute import opposed_sides, team_sides
from rollplay.table.play.npc import npc_check
from rollplay.table.play.sides import Side, SidesMixin
from rollplay.table.systems import Request, require, system

if TYPE_CHECKING:
    from rollplay.table.service import Service


class OddsMixin(SidesMixin):
    def odds(self, command: c.Command) -> dict[str, Any]:
        """The odds of the roll ``command`` asks for (a Roll, Opposed, NpcRoll or Teamwork),
        as this actor would make it: ``command`` "Odds", ``of`` the command's type, then
        the system's odds with who rolls, the game, the visibility and what it would spend."""
        run = _HANDLERS.get(type(command))
        if run is None:
            rolls = ", ".join(k.__name__ for k in _HANDLERS)
            raise RollplayError(f"odds are for a roll ({rolls}), not {type(command).__name__}")
        # The handlers fill in context as execute does, which needs the whole service.
        return {"command": "Odds", "of": type(command).__name__,
                **run(cast("Service", self), command)}  # fmt: skip

    def roll_odds(
        self, game_name: str | None, name: str, request: Request, *, visibility: str = "public"
    ) -> dict[str, Any]:
        """The odds of ``roll`` with the same arguments."""
        with self._rolling(game_name, [(name, request)], visibility, dry=True) as r:
            (side,) = r.sides
            rules, _ = self.ruleset_of(r.game)
            odds = system(r.game.system).odds(side.check, rules)
            return {**_named(odds, side), "game": r.game.name, "visibility": r.visibility}

    def opposed_odds(
        self,
        game_name: str | None,
        first: tuple[str, Request],
        second: tuple[str, Request],
        *,
        visibility: str = "public",
        npc_second: bool = False,
    ) -> dict[str, Any]:
        """The odds of ``opposed`` with the same arguments: who wins, each side's own."""
        npcs = frozenset({1}) if npc_second else frozenset()
        with self._rolling(
            game_name, [first, second], visibility, contest=True, npcs=npcs, dry=True
        ) as r:
            a, b = r.sides
            rules, _ = self.ruleset_of(r.game)
            odds = system(r.game.system).opposed_odds(a.check, b.check, rules)
            return {**odds, "first": _named(odds["first"], a),
                    "second": _named(odds["second"], b), "game": r.game.name,
                    "visibility": r.visibility}  # fmt: skip

    def teamwork_odds(
        self,
        game_name: str | None,
        leader: tuple[str, Request],
        assisters: list[tuple[str, Request]],
        *,
        visibility: str = "public",
    ) -> dict[str, Any]:
        """The odds of ``teamwork`` with the same arguments: the leader's, helped."""
        with self._rolling(game_name, [leader, *assisters], visibility, dry=True) as r:
            lead, *helpers = r.sides
            sys_ = require(r.game, "teamwork", "teamwork", "000 Teamwork")
            rules, _ = self.ruleset_of(r.game)
            odds = sys_.teamwork_odds(lead.check, [h.check for h in helpers], rules)
            assists = [_named(o, h) for o, h in zip(odds["assists"], helpers, strict=True)]
            return {**_named(odds, lead), "assists": assists, "game": r.game.name,
                    "visibility": r.visibility}  # fmt: skip

    def npc_odds(
        self,
        game_name: str,
        request: Request,
        *,
        name: str | None = None,
        visibility: str = "public",
    ) -> dict[str, Any]:
        """The odds of ``npc_roll`` with the same arguments (the Storyteller's)."""
        with self.reading() as s:
            n = npc_check(self, s, game_name, request, name=name, visibility=visibility)
            odds = n.system.odds(n.check, n.rules)
            return {**odds, "character": n.who, "game": n.game.name,
                    "visibility": n.visibility, "spends": {}}  # fmt: skip


def _named(odds: dict[str, Any], side: Side) -> dict[str, Any]:
    """A side's odds with who rolls and the points the roll would spend."""
    return {**odds, "character": side.row.name, "spends": side.spent}


# Each fills in what the command leaves to context as execute.py does for the roll itself.


def _roll(s: Service, cmd: c.Roll) -> dict[str, Any]:
    game, who = s.own_character(cmd.game, cmd.side.character)
    return s.roll_odds(game, who, cmd.side.request, visibility=cmd.visibility)


def _npc(s: Service, cmd: c.NpcRoll) -> dict[str, Any]:
    return s.npc_odds(s.game_for(cmd.game), cmd.request, name=cmd.name,
                      visibility=cmd.visibility)  # fmt: skip


def _opposed(s: Service, cmd: c.Opposed) -> dict[str, Any]:
    game, first, second, npc = opposed_sides(s, cmd)
    return s.opposed_odds(game, first, second, visibility=cmd.visibility, npc_second=npc)


def _teamwork(s: Service, cmd: c.Teamwork) -> dict[str, Any]:
    game, lead, helpers = team_sides(s, cmd)
    return s.teamwork_odds(game, lead, helpers, visibility=cmd.visibility)


_HANDLERS: dict[type, Callable[[Service, Any], dict[str, Any]]] = {
    c.Roll: _roll,
    c.Opposed: _opposed,
    c.NpcRoll: _npc,
    c.Teamwork: _teamwork,
}
