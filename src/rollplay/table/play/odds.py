"""Exact odds of a roll before it is made (``Service.odds``, registered with each roll's
handler: handlers.py), for the roll being typed.

The roll a command asks for is prepared exactly as the roll prepares it (sides.py, npc.py),
so it is refused alike (who may roll, unknown names, options the system does not take, points
the character lacks), but in a read transaction: the points it would spend count as spent,
so the odds are those of the roll that would be made, and nothing is written. The odds are
each system's own (the table's shape: table/systems/envelope.py)."""

from __future__ import annotations

from typing import Any

from rollplay.table import commands as c
from rollplay.table.answers import OddsOf
from rollplay.table.base import ServiceBase
from rollplay.table.handlers import odds_of
from rollplay.table.play.checks import check_odds
from rollplay.table.play.npc import npc_check
from rollplay.table.play.rolling import opposed_sides, team_sides
from rollplay.table.play.sides import Side, rolling_sides
from rollplay.table.systems import Request, require, system


def roll_odds(
    t: ServiceBase,
    game_name: str | None,
    name: str,
    request: Request,
    *,
    visibility: str = "public",
) -> OddsOf:
    """The odds of ``roll`` with the same arguments."""
    with rolling_sides(t, game_name, [(name, request)], visibility, dry=True) as r:
        (side,) = r.sides
        rules, _ = t.ruleset_of(r.game)
        return check_odds(r.game.system, side.check, rules, character=side.row.name,
                          spends=side.spent, game=r.game.name, visibility=r.visibility)  # fmt: skip


def opposed_odds(
    t: ServiceBase,
    game_name: str | None,
    first: tuple[str, Request],
    second: tuple[str, Request],
    *,
    visibility: str = "public",
    npc_second: bool = False,
) -> dict[str, Any]:
    """The odds of ``opposed`` with the same arguments: who wins, each side's own."""
    npcs = frozenset({1}) if npc_second else frozenset()
    sides = [first, second]
    with rolling_sides(t, game_name, sides, visibility, contest=True, npcs=npcs, dry=True) as r:
        a, b = r.sides
        rules, _ = t.ruleset_of(r.game)
        odds = system(r.game.system).opposed_odds(a.check, b.check, rules)
        return {**odds, "first": _named(odds["first"], a),
                "second": _named(odds["second"], b), "game": r.game.name,
                "visibility": r.visibility}  # fmt: skip


def teamwork_odds(
    t: ServiceBase,
    game_name: str | None,
    leader: tuple[str, Request],
    assisters: list[tuple[str, Request]],
    *,
    visibility: str = "public",
) -> dict[str, Any]:
    """The odds of ``teamwork`` with the same arguments: the leader's, helped."""
    with rolling_sides(t, game_name, [leader, *assisters], visibility, dry=True) as r:
        lead, *helpers = r.sides
        sys_ = require(r.game, "teamwork", "teamwork", "000 Teamwork")
        rules, _ = t.ruleset_of(r.game)
        odds = sys_.teamwork_odds(lead.check, [h.check for h in helpers], rules)
        assists = [_named(o, h) for o, h in zip(odds["assists"], helpers, strict=True)]
        return {**_named(odds, lead), "assists": assists, "game": r.game.name,
                "visibility": r.visibility}  # fmt: skip


def npc_odds(
    t: ServiceBase,
    game_name: str,
    request: Request,
    *,
    name: str | None = None,
    visibility: str = "public",
) -> dict[str, Any]:
    """The odds of ``npc_roll`` with the same arguments (the Storyteller's)."""
    with t.reading() as s:
        n = npc_check(t, s, game_name, request, name=name, visibility=visibility)
        odds = n.system.odds(n.check, n.rules)
        return {**odds, "character": n.who, "game": n.game.name,
                "visibility": n.visibility, "spends": {}}  # fmt: skip


def _named(odds: dict[str, Any], side: Side) -> dict[str, Any]:
    """A side's odds with who rolls and the points the roll would spend."""
    return {**odds, "character": side.row.name, "spends": side.spent}


# Each fills in what the command leaves to context as the roll's own handler does.


@odds_of(c.Roll)
def _roll(t: ServiceBase, cmd: c.Roll) -> OddsOf:
    game, who = t.own_character(cmd.game, cmd.side.character)
    return roll_odds(t, game, who, cmd.side.request, visibility=cmd.visibility)


@odds_of(c.NpcRoll)
def _npc(t: ServiceBase, cmd: c.NpcRoll) -> OddsOf:
    found = npc_odds(t, t.game_for(cmd.game), cmd.request, name=cmd.name,
                     visibility=cmd.visibility)  # fmt: skip
    return _said(cmd, found)


@odds_of(c.Opposed)
def _opposed(t: ServiceBase, cmd: c.Opposed) -> OddsOf:
    game, first, second, npc = opposed_sides(t, cmd)
    found = opposed_odds(t, game, first, second, visibility=cmd.visibility, npc_second=npc)
    return _said(cmd, found)


@odds_of(c.Teamwork)
def _teamwork(t: ServiceBase, cmd: c.Teamwork) -> OddsOf:
    game, lead, helpers = team_sides(t, cmd)
    return _said(cmd, teamwork_odds(t, game, lead, helpers, visibility=cmd.visibility))


def _said(cmd: object, odds: dict[str, Any]) -> OddsOf:
    """The odds as the service answers them: ``command`` "Odds", ``of`` the roll's type."""
    return OddsOf.model_validate({**odds, "command": "Odds", "of": type(cmd).__name__})
