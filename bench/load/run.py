"""One run: a fresh database and server, viewers connected, rolls posted at a rate for a
while, and what came of it (bench/server_load.py runs them)."""

from __future__ import annotations

import asyncio
import os
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import httpx

from load.analysis import analyse, expected
from load.rollers import Post, drive, plan_rolls
from load.server import Server, cores, raise_fd_limit
from load.table import (
    GAME,
    STORYTELLER,
    TEMPLATE,
    Person,
    cast_of,
    fresh_database,
    seat,
    sessions_opened,
)
from load.viewers import Viewer, connect_all, viewer_people

SCENARIOS = {"sqlite-1": ("sqlite", 1), "pg-1": ("pg", 1), "pg-2": ("pg", 2)}


@dataclass(frozen=True)
class Config:
    viewers: int
    rate: float  # rolls offered per second
    duration: float  # seconds of load
    players: int
    observers: int
    storyteller_viewers: float  # share of the viewers signed in as the Storyteller
    observer_viewers: float
    private: float  # share of the players' rolls made private
    secret: float  # share of all rolls: the Storyteller's secret rolls
    connections: int  # concurrent keep-alive POST connections
    grace: float  # seconds after the last POST for events to arrive
    seed: int


RUNNING: list[Server] = []  # stopped on any way out of main()


async def run_scenario(name: str, config: Config, pg: str | None) -> dict[str, Any]:
    backend, workers = SCENARIOS[name]
    people = cast_of(config.players, config.observers)
    out: dict[str, Any] = {"scenario": name, "backend": backend, "workers": workers,
                           "fd_limit": raise_fd_limit()}  # fmt: skip
    with (
        tempfile.TemporaryDirectory(prefix="rollplay-bench-") as folder,
        fresh_database(backend, pg, name, folder) as db,
    ):
        t0 = time.perf_counter()
        tokens = await asyncio.to_thread(seat, db, people)
        out["setup_s"] = round(time.perf_counter() - t0, 1)
        server = Server(db, workers, Path(folder) / "server.log")
        RUNNING.append(server)
        try:
            await server.wait_ready(workers)
            out.update(await measure(config, server, workers, people, tokens))
        except BaseException:
            print(f"server log ({name}):\n{server.log_tail()}", file=sys.stderr)
            raise
        finally:
            server.stop()
            RUNNING.remove(server)
    return out


async def warm_up(server: Server, token: str, workers: int) -> tuple[int, bool]:
    """Rolls and a stream on every worker (imports, caches, connection pools), so the
    baseline RSS is a served one. Returns the last event's id and whether the game announces
    secret rolls to the players."""
    headers = {"Authorization": f"Bearer {token}"}
    async with httpx.AsyncClient(
        base_url=server.url, trust_env=False, timeout=30, headers=headers
    ) as c:
        for _ in range(10 * workers):  # new connections: the kernel spreads them over workers
            async with httpx.AsyncClient(
                base_url=server.url, trust_env=False, timeout=30, headers=headers
            ) as one:
                roll = await one.post(
                    f"/api/v1/games/{GAME}/commands", json={"text": f"roll {TEMPLATE}/Firearms"}
                )
                roll.raise_for_status()
                after = int(roll.json()["log_id"])
                async with one.stream(
                    "GET", f"/api/v1/games/{GAME}/events", params={"after": after - 1}
                ) as feed:
                    async for line in feed.aiter_lines():
                        if line.startswith("id:"):
                            break
        game = await c.get(f"/api/v1/games/{GAME}")
        game.raise_for_status()
        return after, bool(game.json()["announce_secret"])


async def measure(
    config: Config, server: Server, workers: int, people: list[Person], tokens: dict[str, str]
) -> dict[str, Any]:
    after, announce = await warm_up(server, tokens[STORYTELLER], workers)
    await asyncio.sleep(1.0)
    rss_before = server.rss_kib()

    stop = asyncio.Event()
    shared: dict[bytes, bytes] = {}
    viewers = [
        Viewer(p, tokens[p.name], last_id=after)
        for p in viewer_people(
            people, config.viewers, config.storyteller_viewers, config.observer_viewers
        )
    ]
    t_connect = time.perf_counter()
    tasks = await connect_all(viewers, server.port, shared, stop)
    connect_s = time.perf_counter() - t_connect
    connected = sum(v.ready.is_set() for v in viewers)
    await asyncio.sleep(2.0)
    rss_viewers, sockets = server.rss_kib(), server.sockets_per_worker()
    before = server.cpu()
    await asyncio.sleep(3.0)
    idle = cores(before, server.cpu())

    count = round(config.rate * config.duration)
    plan = plan_rolls(
        people,
        tokens,
        server.port,
        count,
        private=config.private,
        secret=config.secret,
        seed=config.seed,
    )
    before, sessions0 = server.cpu(), await asyncio.to_thread(sessions_opened, server.db)
    done, skipped = await drive(plan, config.rate, server.port, config.connections)
    load = cores(before, server.cpu())
    await asyncio.sleep(0.5)  # PostgreSQL counts a session when it ends, a moment later
    sessions1 = await asyncio.to_thread(sessions_opened, server.db)
    rss_load = server.rss_kib()
    await settle(viewers, done, announce, config.grace)
    stop.set()
    for task in tasks:
        task.cancel()
    await asyncio.gather(*tasks, return_exceptions=True)

    result = analyse(done, viewers, announce)
    result.update(
        {
            "viewers": len(viewers),
            "viewers_connected": connected,
            "connect_s": round(connect_s, 2),
            "planned_rolls": len(plan),
            "skipped_rolls": skipped,
            "rate_target": config.rate,
            "duration_s": config.duration,
            "announce_secret": announce,
            "server_processes": len(server.pids()),
            "sockets_per_worker": sockets,
            "db_sessions_opened_load": None
            if sessions0 is None or sessions1 is None
            else sessions1 - sessions0 - 1,  # not our own first look
            "rss_before_mib": round(rss_before / 1024, 1),
            "rss_viewers_mib": round(rss_viewers / 1024, 1),
            "rss_after_load_mib": round(rss_load / 1024, 1),
            "kib_per_viewer": round((rss_viewers - rss_before) / max(1, connected), 1),
            "server_cores_idle_viewers": idle["server"],
            "others_cores_idle": idle["others"],
            **{f"{k}_cores_load": v for k, v in load.items()},
            "cpus": os.cpu_count(),
        }
    )
    return result


async def settle(viewers: list[Viewer], done: list[Post], announce: bool, grace: float) -> None:
    """Wait until each viewer has the last event meant for it, or ``grace`` is up; then a
    little longer, for a duplicate sent after the last event to show."""
    deadline = time.perf_counter() + grace
    committed = [p for p in done if p.event is not None]
    goals = {
        id(v): max((p.event or 0 for p in committed if expected(v.person, p, announce)), default=0)
        for v in viewers
    }
    while time.perf_counter() < deadline and any(v.last_id < goals[id(v)] for v in viewers):
        await asyncio.sleep(0.05)
    await asyncio.sleep(0.2)
