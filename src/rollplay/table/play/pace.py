"""How fast a user may pose (issue 37, rulings S72): at most POSE_RATE poses, edits and
deletions in a game in any POSE_SPAN seconds, whichever surface they come from (the web, the
API, Discord, a MUSH, the command line as a user). Counted from the events table itself in
the pose's own transaction, so every worker and every bridge process keeps one count, and
nothing needs remembering beside it. The table's owner (the local command line, a bridge's
own work) is not limited."""

from __future__ import annotations

import math
from datetime import timedelta

from sqlalchemy import select
from sqlalchemy.orm import Session

from rollplay.table.access.throttle import TryLater
from rollplay.table.base import ServiceBase
from rollplay.table.store.base import as_stored, aware, now
from rollplay.table.store.models import Event, Game

KINDS = ("pose", "pose_edit", "pose_delete")


def keep_pace(t: ServiceBase, s: Session, game: Game) -> None:
    """Refuse (TryLater: a 429 on the web, one line everywhere) a pose, edit or deletion
    past the limit; the refusal says when the next is heard."""
    rate, span = t.pose_pace  # read when the service started (table/limits.py)
    if rate == 0 or t.actor.owner or t.actor.user_id is None:
        return
    moment = now()
    stored = as_stored(moment - timedelta(seconds=span), t.engine.dialect.name)
    times = list(s.scalars(select(Event.created_at).where(
        Event.game_id == game.id, Event.actor_id == t.actor.user_id, Event.kind.in_(KINDS),
        Event.created_at >= stored).order_by(Event.created_at.desc()).limit(rate)))  # fmt: skip
    if len(times) < rate:
        return
    wait = math.ceil((aware(times[-1]) + timedelta(seconds=span) - moment).total_seconds())
    raise TryLater(f"{t.actor.name} is posing too fast: at most {rate} poses in {span:g} "
                   f"seconds in {game.name} (edits and deletions count); the next in "
                   f"{max(1, wait)} s", wait)  # fmt: skip
