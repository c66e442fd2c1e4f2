"""NPC rolls at the table: the Storyteller's rolls with no sheet behind them (an FS3 NPC's
single rating, 004; a GURPS level; a D6 die code), logged like any roll."""

from __future__ import annotations

from typing import Any, NamedTuple

from sqlalchemy.orm import Session

from rollplay.dice import Dice, settle
from rollplay.errors import RollplayError
from rollplay.table import commands as c
from rollplay.table.access.authz import Act
from rollplay.table.answers import RollAnswer
from rollplay.table.base import ServiceBase
from rollplay.table.dice.dicing import chain_for, dice_fields, table_dice
from rollplay.table.events import payloads as ev
from rollplay.table.events.audiences import VISIBILITIES
from rollplay.table.handlers import handles
from rollplay.table.play.names import clean_name
from rollplay.table.play.rolling import ONE, dice_of
from rollplay.table.store.models import Game
from rollplay.table.store.writers import CoreWriter
from rollplay.table.systems import Request, System, check_options, system


@handles(c.NpcRoll, act=Act.NPC, writes=(ev.Roll, ev.SeedCommitted))
def run_npc(t: ServiceBase, cmd: c.NpcRoll, dice: Dice | None) -> RollAnswer:
    """A Storyteller's roll with no sheet (an FS3 NPC's rating, 004; a GURPS level; a D6
    code), in their only game unless named."""
    return npc_roll(t, t.game_for(cmd.game), cmd.request, name=cmd.name,
                    visibility=cmd.visibility, dice=dice)  # fmt: skip


class _Npc(NamedTuple):
    """Who an NPC's roll event names: no character row, a name."""

    id: None
    name: str


def npc_roll(
    t: ServiceBase,
    game_name: str,
    request: Request,
    *,
    name: str | None = None,
    visibility: str = "public",
    dice: Dice | None = None,
) -> RollAnswer:
    """A Storyteller's roll with no sheet behind it: an FS3 NPC's single rating (004),
    a GURPS level, a D6 die code; logged under ``name`` (or "NPC")."""
    with t.transaction() as s:
        n = npc_check(t, s, game_name, request, name=name, visibility=visibility)
        chain = chain_for(n.visibility)
        source = table_dice(t, CoreWriter(s.connection()), n.game, chain, dice)
        rolled = n.system.roll(n.check, n.rules, source, n.visibility == "secret")
        result = {"system": n.game.system, **rolled}
        payload = {
            "system": n.game.system, "expression": request.expression[:200],
            "modifiers": list(request.mods) + list(request.bonuses), "spends": {},
            "dice": dice_of(result), "outcome": result, "ruleset_version": n.version,
            "npc": n.who, **dice_fields(source),
        }  # fmt: skip
        secret = n.visibility == "secret" and n.game.announce_secret
        shared = ev.HiddenRoll(system=n.game.system) if secret else None
        entry = t.record(s, n.game, ev.Roll.written(payload), visibility=n.visibility,
                            character=_Npc(None, n.who), shared=shared)  # fmt: skip
        settle(source)
        return ONE[n.game.system].model_validate({
            **result, "character": n.who, "game": n.game.name, "log_id": entry,
            "visibility": n.visibility, **dice_fields(source),
        })  # fmt: skip


class NpcCheck(NamedTuple):
    """An NPC's roll made ready: its game, system and ruleset (with its fingerprint), the
    check, who sees it and who rolls it."""

    game: Game
    system: System
    rules: Any
    version: str
    check: Any
    visibility: str
    who: str


def npc_check(
    service: ServiceBase,
    s: Session,
    game_name: str,
    request: Request,
    *,
    name: str | None,
    visibility: str,
) -> NpcCheck:
    """An NPC's roll, checked as the roll and its odds both need: the Storyteller's (and so
    secret ones too), its options the system's."""
    if visibility not in VISIBILITIES:
        raise RollplayError(
            f"unknown visibility {visibility!r}; accepted: {', '.join(VISIBILITIES)}"
        )
    who = clean_name(name, "roller") if name is not None else "NPC"
    game = service.game_row(s, game_name)
    service.require(s, game, Act.NPC)
    rules, version = service.ruleset_of(game)
    sys_ = system(game.system)
    check_options(request, game.system, sys_.options)
    visibility = sys_.visibility(request, visibility)
    check = sys_.npc_check(request, rules, who)
    return NpcCheck(game, sys_, rules, version, check, visibility, who)
