"""What a many-games run shows: actions committed and how fast, each action's time from its
POST to the last viewer of its game having its events, events lost or seen twice per viewer,
and (checked on every frame) any event of another game in a member's stream: a failure."""

from __future__ import annotations

import json
from collections import Counter
from typing import Any

from load.actions import Action
from load.analysis import ms, pct
from load.games import Member
from load.viewers import Viewer

Watcher = tuple[Member, Viewer]  # a member of a game, and their stream of it


def expected(member: Member, action: Action, announce: bool) -> bool:
    """Whether ``member``'s stream must carry ``action``'s events (whole or hidden)."""
    if member.game != action.game:
        return False
    if member.role == "storyteller" or action.visibility == "public":
        return True
    if action.visibility == "private":
        return member.character == action.character
    return announce  # a secret roll: announced to the others as made, unless the game says not


def frame_game(frame: bytes) -> str | None:
    """The game an SSE frame's event belongs to (its data's ``game``), None if it has none."""
    start = frame.find(b"data: ")
    if start < 0:
        return None
    try:
        data = json.loads(frame[start + 6 :].replace(b"\ndata: ", b"\n"))
    except ValueError:
        return None
    game = data.get("game") if isinstance(data, dict) else None
    return game if isinstance(game, str) else None


def analyse_games(actions: list[Action], watchers: list[Watcher], announce: bool) -> dict[str, Any]:
    ok = [a for a in actions if a.status == 200 and a.events]
    failed = [a for a in actions if a.status != 200]
    by_event = {(a.game, n): a for a in ok for n in a.events}
    span = max(a.done for a in ok) - min(a.sent for a in ok) if len(ok) > 1 else 0.0
    games: dict[bytes, str | None] = {}  # frames repeat across a game's viewers: parse once
    pairs: list[float] = []
    last_viewer: dict[int, float] = {}  # id(action) -> its slowest viewer-event delay
    incomplete: set[int] = set()  # actions some viewer never got
    lost = dup = unknown = foreign = 0
    foreign_seen: list[str] = []
    lost_viewers = dup_viewers = 0
    of_game: dict[str, list[Action]] = {}
    for a in ok:
        of_game.setdefault(a.game, []).append(a)
    for member, viewer in watchers:
        seen: set[int] = set()
        lost0, dup0 = lost, dup
        for number, when, frame in zip(viewer.ids, viewer.times, viewer.frames, strict=True):
            if frame not in games:
                games[frame] = frame_game(frame)
            game = games[frame]
            if game != member.game:
                foreign += 1
                if len(foreign_seen) < 5:
                    foreign_seen.append(f"{member.name} of {member.game} got event {number} "
                                        f"of {game}")  # fmt: skip
                continue
            if number in seen:
                dup += 1
                continue
            seen.add(number)
            action = by_event.get((member.game, number))
            if action is None:
                unknown += 1  # not one of ours: a POST that failed on the wire yet committed
                continue
            pairs.append(when - action.sent)
            key = id(action)
            last_viewer[key] = max(last_viewer.get(key, 0.0), when - action.sent)
        for action in of_game.get(member.game, ()):
            if expected(member, action, announce):
                missing = sum(1 for n in action.events if n not in seen)
                if missing:
                    lost += missing
                    incomplete.add(id(action))
        lost_viewers += lost > lost0
        dup_viewers += dup > dup0
    pairs.sort()
    everyone = sorted(v for k, v in last_viewer.items() if k not in incomplete)
    post = sorted(a.done - a.sent for a in ok)
    return {
        "actions_ok": len(ok),
        "actions_failed": len(failed),
        "errors": dict(Counter((a.error or "")[:120] for a in failed).most_common(5)),
        "actions_per_s": round(len(ok) / span, 1) if span else 0.0,
        "mix": dict(Counter(a.kind for a in ok)),
        "post_ms_p50": ms(pct(post, 50)),
        "post_ms_p95": ms(pct(post, 95)),
        "client_queue_ms_p95": ms(pct(sorted(a.sent - a.scheduled for a in ok), 95)),
        "deliveries": len(pairs),
        "delivery_ms_p50": ms(pct(pairs, 50)),
        "delivery_ms_p95": ms(pct(pairs, 95)),
        "delivery_ms_max": ms(pairs[-1] if pairs else None),
        "every_viewer_ms_p50": ms(pct(everyone, 50)),
        "every_viewer_ms_p95": ms(pct(everyone, 95)),
        "every_viewer_ms_max": ms(everyone[-1] if everyone else None),
        "actions_measured": len(everyone),
        "lost": lost,
        "viewers_with_lost": lost_viewers,
        "duplicated": dup,
        "viewers_with_duplicates": dup_viewers,
        "unknown_events": unknown,
        "cross_game_frames": foreign,
        "cross_game_examples": foreign_seen,
        "frames": sum(len(v.ids) for _, v in watchers),
        "heartbeats": sum(v.heartbeats for _, v in watchers),
        "reconnects": sum(v.reconnects for _, v in watchers),
        "viewer_errors": dict(Counter(v.error for _, v in watchers if v.error).most_common(3)),
    }
