"""A line typed on the MUSH, run at the table: as the user the typist's account is linked to,
with their puppet's name where the line names no character, and every answer or error back
as Evennia text. Nothing here decides a rule or a permission: the service does."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from typing import Any

from rollplay.bridges.evennia.config import (
    BridgeError,
    TableSettings,
    owner_service,
    table_settings,
)
from rollplay.errors import RollplayError
from rollplay.render.mush import escape
from rollplay.table import commands as c
from rollplay.table.access.actors import Actor, SceneAt
from rollplay.table.answers import AnyAnswer
from rollplay.table.info import ChannelBinding
from rollplay.table.service import Service

NOT_LINKED = (
    "your account is not linked to the rollplay table: make a link code on the table's web "
    "page (or with `rollplay --as YOU link code`), then type +rollplay/link CODE"
)


def run(caller: Any, account: Any, line: str, then: Then | None = None) -> None:
    """Run ``line`` for ``caller`` (the puppet typing) and ``account`` (whose it is): in the
    scene the caller's room hosts, if it hosts one (rulings S41). ``then`` runs after it, with
    its answer (``+scene/start`` makes the room host the new scene), and may name the room's
    scene from then on."""
    from rollplay.bridges.evennia.audiences import deliver
    from rollplay.bridges.evennia.relay import SHOWN

    def work() -> None:
        where = table_settings()
        owner = owner_service(where.db)
        room = room_id(caller)
        hosted = None if room is None else owner.channel_game(where.platform, room)
        actor = actor_for(account)
        if hosted is not None and hosted.scene is not None and hosted.scene_id is not None:
            actor = replace(actor, scene=SceneAt(hosted.scene_id, hosted.scene))
        service = owner.acting(actor)
        command = command_for(service, where.game, line, rollplay_name(caller))
        result = service.execute(command)
        if room is not None:
            SHOWN.mark(room, where.game, result.wrote)
        if then is not None:
            hosted = then(service, where, result) or hosted
        deliver(caller, account, service, where, result, hosted=hosted)

    guarded(caller, work)


Then = Callable[[Service, TableSettings, AnyAnswer], ChannelBinding | None]


def room_id(caller: Any) -> str | None:
    """The id the table knows the caller's room by (its dbref), if they stand in one."""
    room = getattr(caller, "location", None)
    return None if room is None else f"#{room.id}"


def guarded(caller: Any, work: Callable[[], None]) -> None:
    """Run ``work``; a refusal or a mistake is one line to the caller alone, and anything
    unforeseen is logged for the admins, never shown as a traceback."""
    try:
        work()
    except RollplayError as error:
        caller.msg(error_line(error))
    except Exception:
        from evennia.utils import logger

        logger.log_trace("rollplay: a command failed")
        caller.msg("|rrollplay:|n something went wrong at the table; it is in the server log.")


def error_line(error: Exception) -> str:
    return f"|rrollplay:|n {escape(' '.join(str(error).split()))}"


def actor_for(account: Any) -> Actor:
    """Who the account acts as at the table; an unlinked account is told how to link."""
    if account is None:
        raise BridgeError("rollplay commands need a player's account behind them")
    where = table_settings()
    actor = owner_service(where.db).linked(where.platform, str(account.id))
    if actor is None:
        raise BridgeError(NOT_LINKED)
    return actor


def rollplay_name(puppet: Any) -> str | None:
    """The rollplay character a puppet plays: its ``db.rollplay_name``, else its name."""
    if puppet is None or not hasattr(puppet, "location"):
        return None  # an account typing out of character
    return str(puppet.db.rollplay_name or puppet.key)


def command_for(service: Service, game: str, line: str, puppet: str | None) -> c.Command:
    """The command a line asks for in ``game``; where it names no character and the puppet
    is one of the game's, the puppet's (``+roll Firearms`` is ``roll Nikos/Firearms``)."""
    from rollplay.grammar import parse

    words = service.vocabulary(game)
    command = parse(line, system=words.system, game=words.game,
                    abilities=words.abilities, characters=words.characters)  # fmt: skip
    known = {name.casefold(): name for name in words.characters}
    name = known.get((puppet or "").casefold())
    return command if name is None else with_character(command, name)


def with_character(command: c.Command, name: str) -> c.Command:
    """``command`` with ``name`` wherever it leaves the actor's own character to context
    (a Storyteller's puppet may be a character, so the service's guess is not enough)."""
    match command:
        case c.Roll(side=c.Side(character=None) as side):
            return replace(command, side=replace(side, character=name))
        case c.Opposed(first=c.Side(character=None) as side):
            return replace(command, first=replace(side, character=name))
        case c.Teamwork(leader=c.Side(character=None) as side):
            return replace(command, leader=replace(side, character=name))
        case c.ShowSheet(character=None) | c.SpendLuck(character=None):
            return replace(command, character=name)
        case c.RaiseSkill(character=None):
            return replace(command, character=name)
        case c.CombatJoin(who=None, rating=None):
            return replace(command, who=name)
        case c.CombatLeave(who=None) | c.CombatStance(who=None) | c.CombatRecover(who=None):
            return replace(command, who=name)
        case c.CombatAction(who=None) | c.CombatMoveWound(who=None):
            return replace(command, who=name)
        case c.Pose(name=None):  # the room's pose is the puppet's character's (issue 30)
            return replace(command, name=name)
    return command


# -- linking ------------------------------------------------------------------------------


def link(caller: Any, account: Any, code: str) -> None:
    """``+rollplay/link CODE``: the code (made by the user on the web page or the command
    line) proves the account is theirs; the owner's service consumes it."""

    def work() -> None:
        if account is None:
            raise BridgeError("link from a player's account: +rollplay/link CODE")
        if not code.strip():
            raise BridgeError("type the code you made on the table's web page: "
                              "+rollplay/link CODE")  # fmt: skip
        where = table_settings()
        linked = owner_service(where.db).link_account(where.platform, str(account.id), code.strip(),
                                                      label=str(account.key))  # fmt: skip
        caller.msg(f"Linked: this account plays as |h{escape(linked.user or '')}|n at the "
                   f"rollplay table ({escape(where.game)}).")  # fmt: skip

    guarded(caller, work)


def unlink(caller: Any, account: Any) -> None:
    def work() -> None:
        if account is None:
            raise BridgeError("unlink from a player's account: +rollplay/unlink")
        where = table_settings()
        owner_service(where.db).unlink_account(where.platform, str(account.id))
        caller.msg("Unlinked: this account no longer acts at the rollplay table.")

    guarded(caller, work)


def status(caller: Any, account: Any) -> None:
    def work() -> None:
        where = table_settings()
        actor = actor_for(account)
        caller.msg(f"This account plays as |h{escape(actor.name)}|n at the rollplay table "
                   f"({escape(where.game)}).")  # fmt: skip

    guarded(caller, work)
