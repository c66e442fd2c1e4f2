"""Scenes on the MUSH (issue 30): a room hosts a scene (``+scene/start`` there, or
``+scene/bind N``), and then the room's ``pose``, ``say`` and ``emit`` (``:`` and ``;``)
are the scene's poses, as the puppet's character, and what is typed there lands in it
(rulings S41). Outside a hosting room, ``pose`` and ``say`` are Evennia's own."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from rollplay.bridges.evennia import playing, relay
from rollplay.bridges.evennia.config import (
    BridgeError,
    TableSettings,
    owner_service,
    table_settings,
)
from rollplay.render.answers import answer_lines
from rollplay.render.events import event_card
from rollplay.render.mush import card_mush, escape
from rollplay.table.answers import AnyAnswer, SceneShown
from rollplay.table.info import ChannelBinding
from rollplay.table.service import Service

SWITCHES = ("start", "private", "join", "stop", "pause", "resume", "invite", "show", "bind")
SHOWN = 10  # a scene's last entries +scene shows
USAGE = "+scene takes /" + ", /".join(SWITCHES)


def hosted(caller: Any) -> ChannelBinding | None:
    """The scene the caller's room hosts (None: none, or no rollplay table set up: then the
    room's pose and say are Evennia's own)."""
    room = playing.room_id(caller)
    if room is None:
        return None
    try:
        where = table_settings()
    except BridgeError:
        return None
    bound = owner_service(where.db).channel_game(where.platform, room)
    return None if bound is None or bound.scene is None else bound


def pose(caller: Any, account: Any, line: str, elsewhere: Callable[[], None]) -> None:
    """A pose line (``pose ...``, ``;...``, ``say ...``, ``emit ...``) in the scene the room
    hosts; ``elsewhere`` in a room that hosts none (Evennia's own pose or say). A table out
    of reach is one line, never a pose that silently goes unrecorded."""
    found: list[ChannelBinding | None] = []
    playing.guarded(caller, lambda: found.append(hosted(caller)))
    if not found:
        return
    if found[0] is None:
        elsewhere()
        return
    relay.start()
    playing.run(caller, account, line)


def scene(caller: Any, account: Any, switch: str, args: str) -> None:
    """``+scene[/SWITCH] [ARGS]``; a switch may be shortened while it says which."""
    args = " ".join(args.split())
    if not switch:
        _show(caller, account, args)
        return
    found = [s for s in SWITCHES if s.startswith(switch.casefold())]
    if len(found) != 1:
        caller.msg(playing.error_line(BridgeError(f"{USAGE}, not /{switch}")))
        return
    relay.start()
    match found[0]:
        case "show":
            _show(caller, account, args)
        case "bind":
            _bind(caller, account, args)
        case "start" | "private" as verb:
            playing.run(caller, account, f"scene/{verb} {args}".strip(), then=_host(caller))
        case "invite":
            playing.run(caller, account, f"scene/invite {args}".strip())
        case verb:
            here = hosted(caller)
            number = args or ("" if here is None else str(here.scene))
            playing.run(caller, account, f"scene/{verb} {number}".strip())


def _host(caller: Any) -> playing.Then:
    def host(service: Service, where: TableSettings, result: AnyAnswer) -> ChannelBinding | None:
        """The room hosts the scene started in it (rulings S40)."""
        room = playing.room_id(caller)
        if room is None or not isinstance(result, SceneShown):
            return None
        return service.bind_scene(where.platform, room, where.game, result.number)

    return host


def _bind(caller: Any, account: Any, args: str) -> None:
    def work() -> None:
        if not args.isdigit():
            raise BridgeError("say which scene this room hosts: +scene/bind N")
        room = playing.room_id(caller)
        if room is None:
            raise BridgeError("stand in the room that is to host the scene")
        where = table_settings()
        service = owner_service(where.db).acting(playing.actor_for(account))
        done = service.bind_scene(where.platform, room, where.game, int(args))
        private = " (private: only its people here read it)" if done.scene_private else ""
        caller.msg(f"This room hosts scene {done.scene} ({escape(done.scene_title)})"
                   f"{private}.")  # fmt: skip

    playing.guarded(caller, work)


def _show(caller: Any, account: Any, args: str) -> None:
    """The room's scene (or N) and its last entries, to the caller alone."""

    def work() -> None:
        here = hosted(caller)
        if args and not args.isdigit():
            raise BridgeError(f"a scene is a number: +scene/show N, not {args[:30]!r}")
        if not args and here is None:
            raise BridgeError("this room hosts no scene: +scene/show N, or +scene/start TITLE")
        number = int(args) if args else here.scene if here is not None else 0
        where = table_settings()
        service = owner_service(where.db).acting(playing.actor_for(account))
        shown, ledger = service.scene(where.game, number or 0)
        lines = answer_lines(shown)
        for view in ledger[-SHOWN:]:
            lines.extend(event_card(view))
        caller.msg(card_mush(lines))

    playing.guarded(caller, work)
