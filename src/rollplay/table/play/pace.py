"""How fast a user may pose (issue 37, rulings S72): at most POSE_RATE poses, edits and
deletions in a game in any POSE_SPAN seconds, whichever surface they come from (the web, the
API, Discord, a MUSH, the command line as a user). Counted from the events table itself in
the pose's own transaction, so every worker and every bridge process keeps one count, and
nothing needs remembering beside it. The table's owner (the local command line, a bridge's
own work) is not limited."""

from __future__ import annotations

import math
import os
from datetime import timedelta

from sqlalchemy import select
from sqlalchemy.orm import Session

from rollplay.errors import RollplayError
from rollplay.table.access.throttle import TryLater
from rollplay.table.base import ServiceBase
from rollplay.table.limits import POSE_RATE, POSE_SPAN
from rollplay.table.store.base import aware, now
from rollplay.table.store.models import Event, Game

ENV = "ROLLPLAY_POSE_RATE"
KINDS = ("pose", "pose_edit", "pose_delete")


def pace() -> tuple[int, float]:
    """The limit in force: (poses, seconds), or (0, 0) when it is off (``ENV``: ``N/SECONDS``
    with both above 0, or ``off``)."""
    said = os.environ.get(ENV, "").strip().casefold()
    if not said:
        return POSE_RATE, POSE_SPAN
    if said == "off":
        return 0, 0.0
    count, _, span = said.partition("/")
    try:
        rate, seconds = int(count), float(span.removesuffix("s"))
    except ValueError:
        rate, seconds = 0, 0.0
    if rate <= 0 or not 0 < seconds < 1e6:
        raise RollplayError(f"{ENV} is N/SECONDS with both above 0, like "
                            f"{POSE_RATE}/{POSE_SPAN:g}, or off; got {said[:40]!r}")  # fmt: skip
    return rate, seconds


def keep_pace(t: ServiceBase, s: Session, game: Game) -> None:
    """Refuse (TryLater: a 429 on the web, one line everywhere) a pose, edit or deletion
    past the limit; the refusal says when the next is heard."""
    rate, span = pace()
    if rate == 0 or t.actor.owner or t.actor.user_id is None:
        return
    moment = now()
    since = moment - timedelta(seconds=span)
    stored = since.replace(tzinfo=None) if t.engine.dialect.name == "sqlite" else since
    times = list(s.scalars(select(Event.created_at).where(
        Event.game_id == game.id, Event.actor_id == t.actor.user_id, Event.kind.in_(KINDS),
        Event.created_at >= stored).order_by(Event.created_at.desc()).limit(rate)))  # fmt: skip
    if len(times) < rate:
        return
    wait = math.ceil((aware(times[-1]) + timedelta(seconds=span) - moment).total_seconds())
    raise TryLater(f"{t.actor.name} is posing too fast: at most {rate} poses in {span:g} "
                   f"seconds in {game.name} (edits and deletions count); the next in "
                   f"{max(1, wait)} s", wait)  # fmt: skip
