"""What the members of many small games do, as each would through the API: poses in their
scene, rolls (public, private, the Storyteller's secret ones), the Storyteller's requests
and the player's answer, combat turns. Open loop: each game acts about once every
``interval`` seconds on its own schedule, whatever the server's pace, so a slow server
shows up as latency and a backlog, not as a politely lower offered rate."""

from __future__ import annotations

import asyncio
import heapq
import json
import random
import time
from dataclasses import dataclass, field

from load.games import NPC, Member
from load.rollers import read_response
from load.server import HOST

ABILITIES = ("Firearms", "Piloting", "Athletics", "Melee")
# The share of each kind among a game's actions (an answer follows each request in turn).
MIX = (
    ("pose", 0.30),
    ("roll", 0.22),
    ("private", 0.08),
    ("secret", 0.06),
    ("request", 0.12),
    ("combat", 0.22),
)


@dataclass
class Action:
    """One POST: who, in which game, what kind, and what came of it (perf_counter times;
    ``events``: the numbers, in its game, of the events it wrote that its actor sees)."""

    game: str
    user: str
    kind: str  # pose, roll, private, secret, request, answer, combat, newturn
    visibility: str  # public, private (the roller and the Storyteller) or secret
    character: str | None = None  # a private roll's roller's character
    text: str = ""
    scheduled: float = 0.0
    sent: float = 0.0
    done: float = 0.0
    status: int = 0
    events: list[int] = field(default_factory=list)
    error: str | None = None


@dataclass
class GameState:
    """What a game's next action depends on: its members, an open request waiting for its
    answer, and how many combat actions since the last new turn."""

    storyteller: Member
    players: list[Member]
    asked: tuple[int, Member] | None = None  # (request's number, the player asked)
    combat_moves: int = 0


def games_of(members: list[Member]) -> dict[str, GameState]:
    states: dict[str, GameState] = {}
    for m in members:
        if m.role == "storyteller":
            states[m.game] = GameState(m, [])
    for m in members:
        if m.role == "player":
            states[m.game].players.append(m)
    return states


def next_action(state: GameState, rng: random.Random) -> tuple[Action, Member]:
    """The game's next action and who makes it: an open request's answer first."""
    st = state.storyteller
    if state.asked is not None:
        number, player = state.asked
        state.asked = None
        return Action(st.game, player.name, "answer", "public", text=f"answer {number}"), player
    kind = rng.choices([k for k, _ in MIX], [w for _, w in MIX])[0]
    player = rng.choice(state.players)
    ch = player.character
    match kind:
        case "pose":
            who = rng.choice([st, *state.players])
            words = rng.choice(("leans in.", "checks the board.", "says nothing for a while."))
            return Action(st.game, who.name, "pose", "public", text=f"pose {words}"), who
        case "roll" | "private":
            vis = "public" if kind == "roll" else "private"
            text = f"roll {rng.choice(ABILITIES)}"
            return Action(st.game, player.name, kind, vis, ch, text), player
        case "secret":
            text = f"roll {ch}/{rng.choice(ABILITIES)}"
            return Action(st.game, st.name, "secret", "secret", ch, text), st
        case "request":
            text = f"request {ch} {rng.choice(ABILITIES)}"
            return Action(st.game, st.name, "request", "public", ch, text), st
        case _:
            state.combat_moves += 1
            if state.combat_moves % 3 == 0:  # a new turn after every few moves
                return Action(st.game, st.name, "newturn", "public", text="combat/newturn"), st
            move = rng.choice((f"combat/aim {NPC}", "combat/pass"))
            return Action(st.game, player.name, "combat", "public", ch, move), player


def request_bytes(port: int, action: Action, token: str) -> bytes:
    said: dict[str, str] = {"text": action.text}
    if action.kind in ("roll", "private", "secret"):
        said["visibility"] = action.visibility
    body = json.dumps(said).encode()
    head = (
        f"POST /api/v1/games/{action.game}/commands HTTP/1.1\r\nHost: {HOST}:{port}\r\n"
        f"Authorization: Bearer {token}\r\nContent-Type: application/json\r\n"
        f"Content-Length: {len(body)}\r\n\r\n"
    )
    return head.encode() + body


Job = tuple[Action, bytes, GameState]
# uvicorn closes a keep-alive connection after 5 s idle: one idle longer than this is
# replaced, since a POST that meets the close fails and is never retried (it might commit).
KEEP_ALIVE = 3.0


async def poster(port: int, queue: asyncio.Queue[Job | None], done: list[Action]) -> None:
    """One keep-alive connection posting actions from ``queue`` (never retried: a request
    that failed on the wire may have committed)."""
    conn: tuple[asyncio.StreamReader, asyncio.StreamWriter] | None = None
    used = 0.0
    try:
        while (job := await queue.get()) is not None:
            action, request, state = job
            try:
                if conn is not None and time.perf_counter() - used > KEEP_ALIVE:
                    conn[1].close()  # the server may be closing it: never race that
                    conn = None
                if conn is None:
                    conn = await asyncio.open_connection(HOST, port)
                reader, writer = conn
                action.sent = time.perf_counter()
                writer.write(request)
                status, headers, body = await read_response(reader)
                action.done = used = time.perf_counter()
                action.status = status
                answer = json.loads(body)
                if status == 200:
                    action.events = [int(n) for n in answer.get("event_ids") or ()]
                    if not action.events and answer.get("log_id") is not None:
                        action.events = [int(answer["log_id"])]
                    if action.kind == "request" and action.events:
                        asked = next(p for p in state.players if p.character == action.character)
                        state.asked = (int(answer.get("log_id") or action.events[0]), asked)
                else:
                    action.error = f"{status}: {answer.get('error', body[:200])}"
                if headers.get("connection", "").lower() == "close":
                    writer.close()
                    conn = None
            except (OSError, asyncio.IncompleteReadError, ValueError) as exc:
                action.done = time.perf_counter()
                action.error = f"{type(exc).__name__}: {exc}"
                if conn is not None:
                    conn[1].close()
                conn = None
            done.append(action)
    finally:
        if conn is not None:
            conn[1].close()


async def drive(
    members: list[Member],
    port: int,
    *,
    interval: float,
    duration: float,
    connections: int,
    seed: int,
) -> tuple[list[Action], int]:
    """Every game acts about once each ``interval`` seconds (its first action at a random
    point of the first interval, each next one 0.8-1.2 intervals later) for ``duration``
    seconds, through ``connections`` keep-alive connections. When the server falls behind,
    actions queue up to a bound, then are skipped (counted). Returns the actions posted
    and the number skipped."""
    rng = random.Random(seed)
    states = games_of(members)
    tokens = {m.name: m.token for m in members}
    queue: asyncio.Queue[Job | None] = asyncio.Queue()
    done: list[Action] = []
    workers = [asyncio.create_task(poster(port, queue, done)) for _ in range(connections)]
    backlog = max(4 * connections, round(2 * len(states) / interval))
    start = time.perf_counter()
    due = [(start + rng.uniform(0, interval), game) for game in sorted(states)]
    heapq.heapify(due)
    skipped = 0
    while due and due[0][0] < start + duration:
        when, game = heapq.heappop(due)
        heapq.heappush(due, (when + interval * rng.uniform(0.8, 1.2), game))
        await asyncio.sleep(max(0.0, when - time.perf_counter()))
        state = states[game]
        action, who = next_action(state, rng)
        action.scheduled = when
        if queue.qsize() >= backlog:
            skipped += 1
            continue
        queue.put_nowait((action, request_bytes(port, action, tokens[who.name]), state))
    for _ in workers:
        queue.put_nowait(None)
    await asyncio.gather(*workers)
    return done, skipped
