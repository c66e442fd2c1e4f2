"""NPC rolls at the table: the Storyteller's rolls with no sheet behind them (an FS3 NPC's
single rating, 004; a GURPS level; a D6 die code), logged like any roll."""

from __future__ import annotations

from typing import Any, NamedTuple

from rollplay.dice import Dice, default_dice, settle
from rollplay.errors import RollplayError
from rollplay.table.authz import Act
from rollplay.table.base import ServiceBase
from rollplay.table.events import VISIBILITIES
from rollplay.table.names import clean_name
from rollplay.table.rolling import dice_of
from rollplay.table.systems import Request, check_options, system


class _Npc(NamedTuple):
    """Who an NPC's roll event names: no character row, a name."""

    id: None
    name: str


class NpcMixin(ServiceBase):
    def npc_roll(
        self,
        game_name: str,
        request: Request,
        *,
        name: str | None = None,
        visibility: str = "public",
        dice: Dice | None = None,
    ) -> dict[str, Any]:
        """A Storyteller's roll with no sheet behind it: an FS3 NPC's single rating (004),
        a GURPS level, a D6 die code; logged under ``name`` (or "NPC")."""
        if visibility not in VISIBILITIES:
            raise RollplayError(
                f"unknown visibility {visibility!r}; accepted: {', '.join(VISIBILITIES)}"
            )
        who = clean_name(name, "roller") if name is not None else "NPC"
        with self.transaction() as s:
            game = self.game_row(s, game_name)
            self.require(s, game, Act.NPC)  # the Storyteller's, and so secret ones too
            rules, version = self.ruleset_of(game)
            sys_ = system(game.system)
            check_options(request, game.system, sys_.options)
            visibility = sys_.visibility(request, visibility)
            source = dice or default_dice()
            rolled = sys_.roll(sys_.npc_check(request, rules, who), rules, source,
                               visibility == "secret")  # fmt: skip
            result = {"system": game.system, **rolled}
            payload = {
                "system": game.system, "expression": request.expression[:200],
                "modifiers": list(request.mods) + list(request.bonuses), "spends": {},
                "dice": dice_of(result), "outcome": result, "ruleset_version": version,
                "npc": who,
            }  # fmt: skip
            secret = visibility == "secret" and game.announce_secret
            entry = self.record(s, game, "roll", payload, visibility=visibility,
                                character=_Npc(None, who),
                                shared={"system": game.system} if secret else None)  # fmt: skip
            settle(source)
            return {**result, "character": who, "game": game.name, "log_id": entry,
                    "visibility": visibility, "spent": {}}  # fmt: skip
