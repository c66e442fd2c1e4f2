"""The MUSH's relay: what a scene's other surfaces write (a pose on the web or in Discord, a
roll made there) shown in the room hosting the scene, as the room's readers may see it (the
service decides: ``Service.relayed``): for an open scene everyone in the room, for a private
one only those whose linked account may read it; never what a command typed in that room
showed there already (``SHOWN``).

``start()`` reads the table every second on Evennia's reactor (call it from
``at_server_start`` in ``server/conf/at_server_startstop.py``; ``+scene`` starts it too).
Commands and the relay both run on the reactor's thread, one at a time, so a command's
events are marked before the relay can read them."""

from __future__ import annotations

from typing import Any

from rollplay.bridges.shown import Shown

SHOWN = Shown()  # what each room's commands showed there
EVERY = 1.0  # seconds between reads
_STATE: dict[str, Any] = {"cursor": None, "loop": None}


def step() -> int:
    """Read once and show what is due; returns how many messages went to rooms' contents.
    The first read starts from the newest event (what came before is not news)."""
    from rollplay.bridges.evennia.audiences import to_contents, view_text
    from rollplay.bridges.evennia.config import owner_service, table_settings

    where = table_settings()
    service = owner_service(where.db)
    first = _STATE["cursor"] is None
    batch = service.relayed(where.platform, _STATE["cursor"])
    _STATE["cursor"] = batch.cursors
    if first:
        return 0
    sent = 0
    for post in batch.posts:
        if post.game != where.game or SHOWN.seen(post.channel, post.game, post.view.id):
            continue
        room = _room(post.channel)
        if room is None:
            continue
        readers = None
        if post.private:
            readers = set(service.scene_readers(where.platform, where.game, post.scene_id))
        to_contents(room, view_text(post.view), [], readers)
        sent += 1
    return sent


def start(every: float = EVERY) -> None:
    """Relay from now on, every ``every`` seconds, while the server runs (once: a second
    call does nothing; not before Evennia's reactor runs, so never in a test)."""
    from twisted.internet import reactor, task

    if _STATE["loop"] is not None or not reactor.running:
        return
    loop = task.LoopingCall(_guarded_step)
    _STATE["loop"] = loop
    loop.start(every, now=True)


def reset() -> None:
    """Stop relaying, and forget the cursor and the marks (a test's table going away)."""
    loop = _STATE["loop"]
    if loop is not None and loop.running:
        loop.stop()
    _STATE.update(cursor=None, loop=None)
    SHOWN.clear()


def _guarded_step() -> None:
    try:
        step()
    except Exception:  # the table out of reach a moment: the next read tries again
        from evennia.utils import logger

        logger.log_trace("rollplay: the scene relay could not read the table")


def _room(dbref: str) -> Any:
    from evennia import search_object

    found = search_object(dbref)
    return found[0] if found else None
