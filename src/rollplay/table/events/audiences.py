"""Events: every change at the table, written in the same transaction as the change, with
who may see it decided then.

An event's ``payload`` is for its audience: everyone in the game (public), the Storyteller
and the character's player (private), or the Storyteller alone (secret). Everyone else sees
``shared``, the part written for them (a secret roll's bare fact, a combat turn without the
NPCs' ratings), or nothing when ``shared`` is None. ``project`` hands each viewer only their
part: what a player must not see is never in what the service returns to them.
"""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

from rollplay.table.access.actors import Actor
from rollplay.table.access.authz import Standing
from rollplay.table.events.payloads import Payload
from rollplay.table.events.views import EventView, decode, encode
from rollplay.table.store.models import now

VISIBILITIES = ("public", "private", "secret")
AUDIENCE = {"public": "everyone", "private": "character", "secret": "storyteller"}


def event_values(
    game_id: int,
    actor: Actor,
    payload: Payload,
    *,
    visibility: str = "public",
    character_id: int | None = None,
    character: str | None = None,
    shared: Payload | None = None,
    audience: str | None = None,
    scene: tuple[int, bool] | None = None,
    refers: int | None = None,
) -> dict[str, Any]:
    """The row of one event (see Writer.event): its kind is its payload's. ``audience``
    narrows a public event that has hidden parts (a combat turn with NPCs): the others see
    ``shared``."""
    audience = audience or AUDIENCE[visibility]
    return {
        "game_id": game_id,
        "created_at": now(),
        "actor_id": actor.user_id,
        "actor": actor.name,
        "kind": payload.kind,
        "character_id": character_id,
        "character": character,
        "visibility": visibility,
        "audience": audience,
        "payload": encode(payload),
        "shared": None if audience == "everyone" or shared is None else encode(shared),
        "scene_id": None if scene is None else scene[0],
        "scene_private": scene is not None and scene[1],
        "refers": refers,
    }


def sees_all(standing: Standing, audience: str, character_id: int | None) -> bool:
    """Whether a viewer sees an event whole."""
    if audience == "everyone" or standing.storyteller:
        return True
    return audience == "character" and character_id in standing.characters


def view_key(row: Any, standing: Standing) -> tuple[bool, bool, bool]:
    """What ``project`` shows a viewer depends on this alone (whether they learn of it at
    all: a private scene's event is hidden whole from those not in it, its shared part too;
    the whole event or only its shared part; whether they learn whose it is): a live feed
    projects once per key."""
    if not standing.in_scene(row.scene_id, row.scene_private):
        return False, False, False
    whole = sees_all(standing, row.audience, row.character_id)
    return True, whole, whole or row.character_id in standing.characters


def told(row: Any, standing: Standing) -> bool:
    """Whether ``standing``'s viewer is handed anything of an event (``project`` is not
    None): they learn of it, and see it whole or it has a part for them. ``row``: an events
    row, or what a command wrote of one (core.Written)."""
    learns, whole, _ = view_key(row, standing)
    return learns and (whole or row.shared is not None)


def project(row: Any, game: str, standing: Standing) -> EventView | None:
    """An event (an ``events`` row) as ``standing``'s viewer sees it, or None if they do not
    learn of it (``told``). Its id is its number in its game (rulings T8). A hidden event
    keeps its id, time and kind and carries only ``shared``, decoded as the type of that
    part (views.py)."""
    if not told(row, standing):
        return None
    _, whole, knows_who = view_key(row, standing)
    return EventView(
        id=row.number,
        time=iso(row.created_at),
        game=game,
        actor=row.actor if whole else None,
        kind=row.kind,
        character=row.character if knows_who else None,
        visibility=row.visibility,
        hidden=not whole,
        data=decode(row.kind, row.payload if whole else row.shared, whole),
    )


def iso(when: datetime) -> str:
    """A stored time as ISO 8601 UTC (SQLite returns it without its zone)."""
    return (when if when.tzinfo else when.replace(tzinfo=UTC)).astimezone(UTC).isoformat()
