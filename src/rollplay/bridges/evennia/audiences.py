"""Who on the MUSH reads what a command wrote. The service projects each event for the one
who typed, for any member, and for a Storyteller (links.py ``audiences``); this module only
posts each view where those people are:

- the one who typed: their own view (a player's secret roll: only that it was made);
- the game's Storytellers who are linked and online, wherever they stand: the whole event,
  when it is private or secret or holds more than the room may see;
- the player of the roll's character, when someone else rolled it (a Storyteller's
  private roll for Nikos), linked and online: their view;
- everyone else in the room: the members' view (a public card; a secret roll's bare fact,
  if the game announces them), never for a private roll.
"""

from __future__ import annotations

from typing import Any

from rollplay.bridges.evennia.config import TableSettings
from rollplay.render.answers import answer_lines
from rollplay.render.events import event_card, pose_lines
from rollplay.render.mush import card_mush
from rollplay.table.access.links import Audience
from rollplay.table.answers import AnyAnswer
from rollplay.table.events.scenes import Posed
from rollplay.table.events.views import EventView
from rollplay.table.info import ChannelBinding
from rollplay.table.service import Service


def deliver(
    caller: Any,
    account: Any,
    service: Service,
    where: TableSettings,
    result: AnyAnswer,
    *,
    hosted: ChannelBinding | None = None,
) -> None:
    """Post a command's events to their audiences, or its answer (a sheet, a page of the
    log, a combat's status) to the caller alone when it wrote none. A caller who may see none
    of what they wrote (a player's secret roll in a game that keeps secret rolls quiet) is
    told what the service told them: that it was made. In a room hosting a scene, the room
    reads as the scene's readers; a private scene's room, only those who may read it."""
    ids = list(result.wrote)  # each to its own audience, those the caller may not see too
    scene_id = None if hosted is None else hosted.scene_id
    views = service.audiences(where.game, ids, where.platform, scene_id) if ids else []
    if not any(seen.actor is not None for seen in views):
        caller.msg(card_mush(answer_lines(result, beside_feed=True)))
    tellers = storytellers_online(service, where, account) if views else []
    readers = None
    if views and hosted is not None and hosted.scene_private and scene_id is not None:
        readers = set(service.scene_readers(where.platform, where.game, scene_id))
    for seen in views:
        post(caller, tellers, seen, readers)


def storytellers_online(service: Service, where: TableSettings, account: Any) -> list[Any]:
    """The accounts of the game's linked Storytellers that are connected now, but the
    caller's own (who gets their view anyway)."""
    import evennia

    linked = set(service.linked_ids(where.platform, where.game, role="storyteller"))
    return sorted((a for a in evennia.SESSION_HANDLER.all_connected_accounts()
                   if str(a.id) in linked and a != account), key=lambda a: a.id)  # fmt: skip


def post(caller: Any, tellers: list[Any], seen: Audience, readers: set[str] | None = None) -> None:
    everyone, mine, whole = seen.everyone, seen.actor, seen.storyteller
    if mine is not None:
        caller.msg(view_text(mine))
    told = []
    if whole is not None and (seen.visibility != "public" or whole != everyone):
        text = card_mush(event_card(whole))
        for teller in tellers:
            teller.msg(text)
            told.append(teller)
    player = seen.player
    if player is not None and player.view != everyone and player.view is not None:
        text = card_mush(event_card(player.view))
        for account in online(player.ids):
            if account not in told:
                account.msg(text)
                told.append(account)
    if everyone is not None and seen.visibility != "private":
        to_room(caller, view_text(everyone), told, readers)


def view_text(view: EventView) -> str:
    """An event as the room reads it: a pose as the MUSHes draw one ('Nikos leans in.'),
    anything else as its card."""
    if isinstance(view.data, Posed):
        return card_mush(pose_lines(view.data))
    return card_mush(event_card(view))


def online(ids: list[str]) -> list[Any]:
    """The connected accounts among these linked ids."""
    import evennia

    wanted = set(ids)
    return [a for a in evennia.SESSION_HANDLER.all_connected_accounts() if str(a.id) in wanted]


def to_room(caller: Any, text: str, told: list[Any], readers: set[str] | None = None) -> None:
    """``text`` to everyone in the caller's room but the caller and the Storytellers told
    already (and, for a private scene's room, but those who may not read it)."""
    room = getattr(caller, "location", None)
    if room is not None:
        to_contents(room, text, [caller, *told], readers)


def to_contents(room: Any, text: str, skip: list[Any], readers: set[str] | None) -> None:
    """``text`` to what is in ``room`` but ``skip`` (objects or their accounts), and but
    anyone whose linked account is not among ``readers`` when that is given. Each gets it
    by ``msg``: ``msg_contents`` would read ``{...}`` and ``$func()`` in a card (a name, a
    reason) as its own markup."""
    for obj in room.contents:
        account = getattr(obj, "account", None)
        if obj in skip or (account is not None and account in skip):
            continue
        if readers is not None and (account is None or str(account.id) not in readers):
            continue
        obj.msg(text)
