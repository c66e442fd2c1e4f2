"""Rolls posted through the API on keep-alive connections, open loop: on schedule at R per
second whatever the server's pace, so a slow server shows up as latency and a backlog, not
as a politely lower offered rate."""

from __future__ import annotations

import asyncio
import json
import random
import time
from dataclasses import dataclass

from load.server import HOST
from load.table import GAME, PLAYER_ABILITIES, SECRET_ABILITIES, Person


@dataclass
class Post:
    """One roll: what was asked, and when it was due, sent and answered (perf_counter)."""

    user: str
    character: str
    visibility: str
    request: bytes
    scheduled: float = 0.0
    sent: float = 0.0
    done: float = 0.0
    status: int = 0
    event: int | None = None
    dice: str | None = None  # as "8,1,5", to look for where it must not be
    error: str | None = None


def post_request(port: int, token: str, text: str, visibility: str) -> bytes:
    body = json.dumps({"text": text, "visibility": visibility}).encode()
    head = (
        f"POST /api/v1/games/{GAME}/commands HTTP/1.1\r\nHost: {HOST}:{port}\r\n"
        f"Authorization: Bearer {token}\r\nContent-Type: application/json\r\n"
        f"Content-Length: {len(body)}\r\n\r\n"
    )
    return head.encode() + body


async def read_response(reader: asyncio.StreamReader) -> tuple[int, dict[str, str], bytes]:
    head = await reader.readuntil(b"\r\n\r\n")
    lines = head.decode("latin-1").split("\r\n")
    headers = {
        k.strip().lower(): v.strip()
        for k, _, v in (line.partition(":") for line in lines[1:] if line)
    }
    if "content-length" not in headers:
        raise ConnectionError("a response without Content-Length")
    return (
        int(lines[0].split()[1]),
        headers,
        await reader.readexactly(int(headers["content-length"])),
    )


def plan_rolls(
    people: list[Person],
    tokens: dict[str, str],
    port: int,
    count: int,
    *,
    private: float,
    secret: float,
    seed: int,
) -> list[Post]:
    """``count`` rolls in a seeded order: players roll their own character (public or
    private); a share are the Storyteller's secret rolls, for any character, of abilities
    no player rolls (so their names mark a leak)."""
    rng = random.Random(seed)
    players = [p for p in people if p.role == "player"]
    gm = next(p for p in people if p.role == "storyteller")
    plan = []
    for _ in range(count):
        if rng.random() < secret:
            who, visibility, ability = gm, "secret", rng.choice(SECRET_ABILITIES)
            character = rng.choice(players).character
        else:
            who, ability = rng.choice(players), rng.choice(PLAYER_ABILITIES)
            character = who.character
            visibility = "private" if rng.random() < private else "public"
        assert character is not None
        request = post_request(port, tokens[who.name], f"roll {character}/{ability}", visibility)
        plan.append(Post(who.name, character, visibility, request))
    return plan


async def post_worker(port: int, queue: asyncio.Queue[Post | None], done: list[Post]) -> None:
    """One keep-alive connection posting rolls from ``queue``. A request that fails on the
    wire is not retried: it may have committed, and a retry would roll twice."""
    conn: tuple[asyncio.StreamReader, asyncio.StreamWriter] | None = None
    try:
        while (post := await queue.get()) is not None:
            try:
                if conn is None:
                    conn = await asyncio.open_connection(HOST, port)
                reader, writer = conn
                post.sent = time.perf_counter()
                writer.write(post.request)
                status, headers, body = await read_response(reader)
                post.done = time.perf_counter()
                post.status = status
                answer = json.loads(body)
                if status == 200:
                    post.event = int(answer["log_id"])
                    post.dice = ",".join(str(d) for d in answer["dice"])
                else:
                    post.error = f"{status}: {answer.get('error', body[:200])}"
                if headers.get("connection", "").lower() == "close":
                    writer.close()
                    conn = None
            except (OSError, asyncio.IncompleteReadError, ValueError) as exc:
                post.done = time.perf_counter()
                post.error = f"{type(exc).__name__}: {exc}"
                if conn is not None:
                    conn[1].close()
                conn = None
            done.append(post)
    finally:
        if conn is not None:
            conn[1].close()


async def drive(
    plan: list[Post], rate: float, port: int, connections: int
) -> tuple[list[Post], int]:
    """Post ``plan`` at ``rate`` per second through ``connections`` connections. When the
    server falls behind, rolls queue up to a bound; beyond it they are skipped (counted), so a
    slow server cannot stretch the run without end. Returns the posts made and the skipped."""
    queue: asyncio.Queue[Post | None] = asyncio.Queue()
    done: list[Post] = []
    workers = [asyncio.create_task(post_worker(port, queue, done)) for _ in range(connections)]
    backlog, skipped = max(4 * connections, round(rate)), 0
    start = time.perf_counter()
    for k, post in enumerate(plan):
        post.scheduled = start + k / rate
        # Always yield, even when behind, so the posting connections get to run.
        await asyncio.sleep(max(0.0, post.scheduled - time.perf_counter()))
        if queue.qsize() >= backlog:
            skipped += 1
            continue
        queue.put_nowait(post)
    for _ in workers:
        queue.put_nowait(None)
    await asyncio.gather(*workers)
    return done, skipped
