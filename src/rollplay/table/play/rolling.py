"""Rolls at the table: a character's roll from their sheet, two characters opposed, FS3
teamwork. Each prepares its sides (sides.py), takes its dice (dicing.py: the next nonce of the
game's seed, unless it brought its own), rolls and writes its events in one write transaction
(writers.py: the fast path on SQLite)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from rollplay.dice import Dice, settle
from rollplay.table import commands as c
from rollplay.table.access.authz import Act
from rollplay.table.answers import (
    D6OpposedRolled,
    D6Rolled,
    FS3OpposedRolled,
    FS3Rolled,
    FS3TeamRolled,
    GurpsRolled,
    RollAnswer,
    SecretRollMade,
)
from rollplay.table.base import ServiceBase
from rollplay.table.dice.dicing import Parts, chain_for, dice_fields, table_dice
from rollplay.table.events import payloads as ev
from rollplay.table.handlers import handles
from rollplay.table.play.sides import Answering, Rolling, Side, rolling_sides
from rollplay.table.systems import Request, require, system

Named = tuple[str, Request]  # a side as a roll takes it: (character, request)
# A roll may write its game's seed commitments first (a game from before verifiable dice).
ROLL_WRITES = (ev.Roll, ev.SeedCommitted)


@handles(c.Roll, act=Act.ROLL, writes=ROLL_WRITES)
def run_roll(t: ServiceBase, cmd: c.Roll, dice: Dice | None) -> RollAnswer:
    """A character rolls from their sheet (a player: their own; 000)."""
    game, who = t.own_character(cmd.game, cmd.side.character)
    return roll(t, game, who, cmd.side.request, visibility=cmd.visibility, dice=dice)


@handles(c.Opposed, act=Act.ROLL, writes=ROLL_WRITES)
def run_opposed(t: ServiceBase, cmd: c.Opposed, dice: Dice | None) -> RollAnswer:
    """Two sides roll against each other (000/002 Opposed Rolls, 003); the first is the
    actor's to roll, the second a character or an NPC's bare rating."""
    game, first, second, npc = opposed_sides(t, cmd)
    return opposed(t, game, first, second, visibility=cmd.visibility, dice=dice,
                   npc_second=npc)  # fmt: skip


@handles(c.Teamwork, act=Act.ROLL, writes=ROLL_WRITES)
def run_teamwork(t: ServiceBase, cmd: c.Teamwork, dice: Dice | None) -> RollAnswer:
    """000 Teamwork: the assisters roll, then the leader, whom the actor rolls for."""
    game, lead, helpers = team_sides(t, cmd)
    return teamwork(t, game, lead, helpers, visibility=cmd.visibility, dice=dice)


def opposed_sides(t: ServiceBase, cmd: c.Opposed) -> tuple[str, Named, Named, bool]:
    """The game and both sides of an opposed roll, and whether the second is an NPC (for
    the roll and its odds alike)."""
    game, first = t.own_character(cmd.game, cmd.first.character)
    npc = _is_npc(t, game, cmd.second)
    second = str(cmd.second.character) if npc else t.own_character(game, cmd.second.character)[1]
    return game, (first, cmd.first.request), (second, cmd.second.request), npc


def _is_npc(t: ServiceBase, game: str, side: c.Side) -> bool:
    """A side naming no character of the game and rolling a bare rating or die code
    (``Raider/5``, ``Thug/3D+1``) is an NPC's."""
    from rollplay.table.play.games import vocabulary

    if side.character is None:
        return False
    characters = {n.casefold() for n in vocabulary(t, game).characters}
    text = side.request.expression.strip().upper().replace(" ", "")
    bare = text.isdecimal() or ("D" in text and text.split("D", 1)[0].isdecimal())
    return side.character.casefold() not in characters and bare


def team_sides(t: ServiceBase, cmd: c.Teamwork) -> tuple[str, Named, list[Named]]:
    """The game, the leader and the assisters of a teamwork roll."""
    game, lead = t.own_character(cmd.game, cmd.leader.character)
    helpers = [(t.own_character(game, a.character)[1], a.request) for a in cmd.assisters]
    return game, (lead, cmd.leader.request), helpers


def roll(
    t: ServiceBase,
    game_name: str | None,
    name: str,
    request: Request,
    *,
    visibility: str = "public",
    dice: Dice | None = None,
    answers: Answering | None = None,
) -> RollAnswer:
    """A roll from a character's sheet, its spends taken and the roll logged, together;
    ``answers``: the roll request it answers (play/requests.py)."""
    with rolling_sides(t, game_name, [(name, request)], visibility, answers=answers) as r:
        (side,) = r.sides
        rules, _ = t.ruleset_of(r.game)
        lands = None if r.answers is None else r.answers.scene  # an answer lands by its ask
        source = table_dice(t, r.w, r.game, chain_for(r.visibility), dice,
                            scene=lands)  # fmt: skip
        rolled = system(r.game.system).roll(side.check, rules, source, r.visibility == "secret")
        result = {"system": r.game.system, **rolled}
        entry_id = log_roll(t, r, side, result, source)
        settle(source)
        return told(r, ONE[r.game.system], {
            **result, "character": side.row.name, "game": r.game.name, "log_id": entry_id,
            "visibility": r.visibility, "spent": side.spent,
            "request": None if r.answers is None else r.answers.number, **dice_fields(source),
        })  # fmt: skip


def opposed(
    t: ServiceBase,
    game_name: str | None,
    first: tuple[str, Request],
    second: tuple[str, Request],
    *,
    visibility: str = "public",
    dice: Dice | None = None,
    npc_second: bool = False,
) -> RollAnswer:
    """Two characters of one game roll against each other (000/002, 003); each side is
    logged, with the contest's result. ``npc_second``: the second side is an NPC with no
    sheet (``Raider/5``: an FS3 rating, a D6 code), named for the log."""
    npcs = frozenset({1}) if npc_second else frozenset()
    with rolling_sides(t, game_name, [first, second], visibility, contest=True, npcs=npcs) as r:
        a, b = r.sides
        rules, _ = t.ruleset_of(r.game)
        source = table_dice(t, r.w, r.game, chain_for(r.visibility), dice)
        result = system(r.game.system).opposed(a.check, b.check, rules, source)
        settle(source)
        keys = ("first", "second") if "first" in result else ("initiator", "resister")
        parts = Parts(source)
        ids: list[int] = []
        for side, key in zip((a, b), keys, strict=True):
            said = {**_contest(result), "side": key, "contest": ids[0] if ids else None}
            rolled = {"system": r.game.system, **result[key], "opposed": said}
            ids.append(log_roll(t, r, side, rolled, parts))
        contest = FS3OpposedRolled if r.game.system == "fs3" else D6OpposedRolled
        return told(r, contest, {"system": r.game.system, "game": r.game.name, **result,
                                 "log_ids": ids, "visibility": r.visibility,
                                 **dice_fields(source)})  # fmt: skip


def teamwork(
    t: ServiceBase,
    game_name: str | None,
    leader: tuple[str, Request],
    assisters: list[tuple[str, Request]],
    *,
    visibility: str = "public",
    dice: Dice | None = None,
) -> RollAnswer:
    """000 Teamwork with named characters: the assisters roll, then the leader."""
    with rolling_sides(t, game_name, [leader, *assisters], visibility) as r:
        lead, *helpers = r.sides
        sys_ = require(r.game, "teamwork", "teamwork", "000 Teamwork")
        rules, _ = t.ruleset_of(r.game)
        source = table_dice(t, r.w, r.game, chain_for(r.visibility), dice)
        result = sys_.teamwork(lead.check, [h.check for h in helpers], rules, source)
        settle(source)
        parts = Parts(source)  # the assisters drew first, then the leader
        ids = [
            log_roll(t, r, helper, {"system": r.game.system, **rolled,
                                    "assisting": lead.row.name}, parts)
            for helper, rolled in zip(helpers, result["assists"], strict=True)
        ]  # fmt: skip
        ids.append(log_roll(t, r, lead, {"system": r.game.system, **result}, parts))
        return told(r, FS3TeamRolled, {
            "system": r.game.system, "game": r.game.name, **result,
            "character": lead.row.name, "log_ids": ids, "visibility": r.visibility,
            **dice_fields(source),
        })  # fmt: skip


def log_roll(
    t: ServiceBase, r: Rolling, side: Side, outcome: Mapping[str, Any], drawn: Dice | Parts
) -> int:
    """A roll's event: the whole roll for its audience, with where its dice came from;
    for a secret one, the bare fact that it happened for the others, if the game says so
    (001 When the GM Rolls)."""
    _, version = t.ruleset_of(r.game)
    request = side.request
    payload = {
        "system": r.game.system,
        "expression": request.expression[:200],
        "modifiers": list(request.mods) + list(request.bonuses),
        "spends": side.spent,
        "dice": dice_of(outcome),
        "outcome": dict(outcome),
        "ruleset_version": version,
    }
    payload.update(drawn.fields(payload) if isinstance(drawn, Parts) else dice_fields(drawn))
    visibility = r.visibility
    secret = visibility == "secret" and r.game.announce_secret
    asked = r.answers
    if asked is not None:  # it names the request it answers (issue 30), and lands beside it
        payload["request"] = asked.number
    shared = (
        ev.HiddenRoll(system=r.game.system, request=None if asked is None else asked.number)
        if secret
        else None
    )
    return t.record(r.w, r.game, ev.Roll.written(payload), visibility=visibility,
                    character=side.row, shared=shared,
                    refers=None if asked is None else asked.number,
                    scene=None if asked is None else asked.scene)  # fmt: skip


ONE: dict[str, type[RollAnswer]] = {"fs3": FS3Rolled, "gurps": GurpsRolled, "d6": D6Rolled}


def told(r: Rolling, answer: type[RollAnswer], result: dict[str, Any]) -> RollAnswer:
    """What the roller is told: the whole roll, unless it is a secret roll a player asked of
    the Storyteller, of which they learn only that it was made (rulings T9)."""
    if r.visibility != "secret" or r.standing.storyteller:
        return answer.model_validate(result)
    who = result.get("character") or r.sides[0].row.name
    return SecretRollMade(
        game=r.game.name, visibility="secret", dice_source=result["dice_source"],
        character=who, log_id=result.get("log_id"), log_ids=result.get("log_ids", ()),
        spent=result.get("spent") or {}, request=result.get("request"),
        message=f"Rolled in secret for {who}: the Storyteller sees how it went.",
    )  # fmt: skip


def _contest(result: Mapping[str, Any]) -> dict[str, Any]:
    keys = ("winner", "winner_name", "net", "margin", "both_failed")
    return {k: result[k] for k in keys if k in result}


def dice_of(result: Mapping[str, Any]) -> Any:
    keys = [k for k in ("dice", "wild", "cp_dice") if k in result]
    if keys == ["dice"]:
        return result["dice"]
    return {k: result[k] for k in keys}
