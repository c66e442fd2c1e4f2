"""What a run shows: rolls committed and how fast, each viewer-event pair's latency, events
lost or seen twice, and anything of a secret (or of another player's private roll) in the
stream of someone who must not have it."""

from __future__ import annotations

import json
from collections import Counter
from typing import Any

from load.rollers import Post
from load.table import SECRET_ABILITIES, STORYTELLER, Person
from load.viewers import Viewer

# Bytes that only a secret roll's whole event carries: the roller's name and the abilities
# only secret rolls use, anywhere in the frame; an outcome's keys, in a hidden frame.
MARKERS = (STORYTELLER.encode(), *(a.encode() for a in SECRET_ABILITIES))
OUTCOME_KEYS = (b'"dice"', b'"outcome"', b'"expression"', b'"modifiers"', b'"spends"')


def expected(person: Person, post: Post, announce: bool) -> bool:
    """Whether ``person``'s stream must carry ``post``'s event (whole or hidden)."""
    if person.role == "storyteller" or post.visibility == "public":
        return True
    if post.visibility == "private":
        return person.character == post.character
    return announce  # a secret: announced to the others as made, unless the game says not


def _hidden_part(frame: bytes, post: Post, person: Person) -> tuple[bool, bool]:
    """For a frame someone got of an event they may not see whole: whether it says more than
    that a roll was made (a leak), and whether it names their own character (the server
    tells a player that a secret roll was about their character: events.view_key)."""
    data = json.loads(frame[frame.index(b"data: ") + 6 :])
    own = data.get("character") is not None and data.get("character") == person.character
    leak = (
        data.get("hidden") is not True
        or data.get("actor") is not None
        or (data.get("character") is not None and not own)
        or bool(set(data.get("data") or {}) - {"system"})
        or any(key in frame for key in OUTCOME_KEYS)
        or (post.dice is not None and _dice_in(post.dice, frame))
    )
    return leak, own


def _dice_in(dice: str, frame: bytes) -> bool:
    return f"[{dice}]".encode() in frame or f"[{dice.replace(',', ', ')}]".encode() in frame


def pct(values: list[float], q: float) -> float | None:
    """Nearest-rank percentile of sorted ``values``; None when empty."""
    if not values:
        return None
    return values[min(len(values) - 1, max(0, round(q / 100 * len(values)) - 1))]


def ms(value: float | None) -> float | None:
    return None if value is None else round(value * 1000, 1)


def analyse(done: list[Post], viewers: list[Viewer], announce: bool) -> dict[str, Any]:
    ok = [p for p in done if p.status == 200 and p.event is not None]
    by_event = {p.event: p for p in ok}
    failed = [p for p in done if p.status != 200 or p.event is None]
    post_lat = sorted(p.done - p.sent for p in ok)
    span = max(p.done for p in ok) - min(p.sent for p in ok) if len(ok) > 1 else 0.0
    pairs: list[float] = []
    slowest: dict[int, float] = {}  # event -> its last viewer's delay
    lost = dup = unknown = secret_leaks = private_leaks = leaked_bytes = named_own = 0
    checked: dict[tuple[bytes, str | None], tuple[bool, bool]] = {}  # frames repeat: once each
    for viewer in viewers:
        person, counted = viewer.person, set()
        for event, when, frame in zip(viewer.ids, viewer.times, viewer.frames, strict=True):
            if event in counted:
                dup += 1
                continue
            counted.add(event)
            post = by_event.get(event)
            if post is None:
                unknown += 1  # not one of ours: a POST that failed on the wire yet committed
                continue
            pairs.append(when - post.sent)
            slowest[event] = max(slowest.get(event, 0.0), when - post.sent)
            if person.role == "storyteller":
                continue
            key = (frame, person.character)
            if key not in checked:
                whole = post.visibility == "public" or (
                    post.visibility == "private" and post.character == person.character
                )
                leak, own = (False, False) if whole else _hidden_part(frame, post, person)
                checked[key] = (leak or any(m in frame for m in MARKERS), own)
            leak, own = checked[key]
            named_own += own
            if leak and post.visibility == "private":
                private_leaks += 1
            elif leak:  # a secret's frame, or a public one carrying a secret's marker
                secret_leaks += 1
                leaked_bytes += len(frame)
        lost += sum(1 for p in ok if p.event not in counted and expected(person, p, announce))
    pairs.sort()
    everyone = sorted(slowest.values())
    return {
        "rolls_ok": len(ok),
        "rolls_failed": len(failed),
        "errors": dict(Counter((p.error or "")[:120] for p in failed).most_common(5)),
        "rolls_per_s": round(len(ok) / span, 1) if span else 0.0,
        "visibility_mix": dict(Counter(p.visibility for p in ok)),
        "post_ms_p50": ms(pct(post_lat, 50)),
        "post_ms_p95": ms(pct(post_lat, 95)),
        "post_ms_max": ms(post_lat[-1] if post_lat else None),
        "client_queue_ms_p95": ms(pct(sorted(p.sent - p.scheduled for p in ok), 95)),
        "deliveries": len(pairs),
        "delivery_ms_p50": ms(pct(pairs, 50)),
        "delivery_ms_p95": ms(pct(pairs, 95)),
        "delivery_ms_p99": ms(pct(pairs, 99)),
        "delivery_ms_max": ms(pairs[-1] if pairs else None),
        "all_viewers_ms_p95": ms(pct(everyone, 95)),
        "lost": lost,
        "duplicated": dup,
        "unknown_events": unknown,
        "secret_leaks": secret_leaks,
        "private_leaks": private_leaks,
        "leaked_secret_bytes": leaked_bytes,
        "secret_named_to_its_player": named_own,
        "frames_checked": len(checked),
        "heartbeats": sum(v.heartbeats for v in viewers),
        "reconnects": sum(v.reconnects for v in viewers),
        "viewer_errors": dict(Counter(v.error for v in viewers if v.error).most_common(3)),
    }
