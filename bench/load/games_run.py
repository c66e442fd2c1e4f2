"""One many-games run (bench/many_games.py): a fresh database seeded with G games of M
members, a ``rollplay serve``, every member's stream of their own game, then either the
games' actions for a while (``measure``) or N idle streams held (``hold_idle``)."""

from __future__ import annotations

import asyncio
import os
import sys
import tempfile
import time
from collections import Counter
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

import httpx

from load.actions import drive
from load.games import Member, seed
from load.games_analysis import Watcher, analyse_games, expected
from load.server import Server, cores, raise_fd_limit
from load.table import Person, fresh_database
from load.viewers import Viewer, connect_all

RUNNING: list[Server] = []  # stopped on any way out of main()


Measure = Callable[[Server, list[Member], dict[str, int], bool], Awaitable[dict[str, Any]]]


async def with_server(  # noqa: PLR0917
    backend: str, workers: int, pg: str | None, games: int, members: int, measure: Measure
) -> dict[str, Any]:
    """A fresh database seeded with the games, a server on it, and ``measure`` run."""
    out: dict[str, Any] = {"backend": backend, "workers": workers, "games": games,
                           "members": members, "fd_limit": raise_fd_limit()}  # fmt: skip
    label = f"many_{backend}_{workers}"
    with (
        tempfile.TemporaryDirectory(prefix="rollplay-bench-") as folder,
        fresh_database(backend, pg, label, folder) as db,
    ):
        t0 = time.perf_counter()
        people, last = await asyncio.to_thread(
            seed, db, games, members, 4 if backend == "pg" else 1
        )
        out["setup_s"] = round(time.perf_counter() - t0, 1)
        server = Server(db, workers, Path(folder) / "server.log")
        RUNNING.append(server)
        try:
            await server.wait_ready(workers)
            announce = await warm_up(server, people[0], workers)
            out.update(await measure(server, people, last, announce))
        except BaseException:
            print(f"server log:\n{server.log_tail()}", file=sys.stderr)
            raise
        finally:
            server.stop()
            RUNNING.remove(server)
    return out


async def warm_up(server: Server, storyteller: Member, workers: int) -> bool:
    """A read on every worker (imports, caches, pools) on new connections, so the baseline
    RSS is a served one; returns whether the games announce secret rolls to players."""
    headers = {"Authorization": f"Bearer {storyteller.token}"}
    path = f"/api/v1/games/{storyteller.game}"
    announce = False
    for _ in range(10 * workers):  # new connections: the kernel spreads them over workers
        async with httpx.AsyncClient(
            base_url=server.url, trust_env=False, timeout=30, headers=headers
        ) as one:
            game = await one.get(path)
            game.raise_for_status()
            announce = bool(game.json()["announce_secret"])
    await asyncio.sleep(1.0)
    return announce


def watchers_of(people: list[Member], last: dict[str, int], per_member: int = 1) -> list[Watcher]:
    """``per_member`` streams of each member's own game, from its last event at setup."""
    return [
        (m, Viewer(Person(m.name, m.role, m.character), m.token, last_id=last[m.game]))
        for _ in range(per_member)
        for m in people
    ]


async def open_streams(
    server: Server, watchers: list[Watcher], stop: asyncio.Event
) -> tuple[list[asyncio.Task[None]], float]:
    """Each watcher's stream of its own game, opened a batch at a time (load.viewers)."""
    t0 = time.perf_counter()
    tasks: list[asyncio.Task[None]] = []
    by_path: dict[str, list[Viewer]] = {}
    for m, v in watchers:
        by_path.setdefault(f"/api/v1/games/{m.game}/events", []).append(v)
    gate = asyncio.Semaphore(8)  # games whose viewers connect at once (32 handshakes each)

    async def game(path: str, viewers: list[Viewer]) -> None:
        async with gate:
            tasks.extend(await connect_all(viewers, server.port, {}, stop, path))

    await asyncio.gather(*(game(p, vs) for p, vs in by_path.items()))
    return tasks, time.perf_counter() - t0


async def close_streams(stop: asyncio.Event, tasks: list[asyncio.Task[None]]) -> None:
    stop.set()
    for task in tasks:
        task.cancel()
    await asyncio.gather(*tasks, return_exceptions=True)


def stream_figures(
    server: Server, watchers: list[Watcher], rss_before: int, t: float
) -> dict[str, Any]:
    held = sum(v.ready.is_set() and v.error is None for _, v in watchers)
    rss = server.rss_kib()
    return {
        "streams": len(watchers),
        "streams_held": held,
        "connect_s": round(t, 1),
        "server_processes": len(server.pids()),
        "sockets_per_worker": server.sockets_per_worker(),
        "rss_before_mib": round(rss_before / 1024, 1),
        "rss_streams_mib": round(rss / 1024, 1),
        "kib_per_stream": round((rss - rss_before) / max(1, held), 1),
    }


def measure_actions(
    interval: float, duration: float, connections: int, grace: float, seed_: int
) -> Measure:
    async def measure(
        server: Server, people: list[Member], last: dict[str, int], announce: bool
    ) -> dict[str, Any]:
        rss_before = server.rss_kib()
        watchers = watchers_of(people, last)
        stop = asyncio.Event()
        tasks, t = await open_streams(server, watchers, stop)
        await asyncio.sleep(2.0)
        out = stream_figures(server, watchers, rss_before, t)
        before = server.cpu()
        await asyncio.sleep(3.0)
        idle = cores(before, server.cpu())
        before = server.cpu()
        done, skipped = await drive(people, server.port, interval=interval, duration=duration,
                                    connections=connections, seed=seed_)  # fmt: skip
        load = cores(before, server.cpu())
        out["rss_after_load_mib"] = round(server.rss_kib() / 1024, 1)
        await settle(watchers, done, announce, grace)
        await close_streams(stop, tasks)
        out.update(analyse_games(done, watchers, announce))
        games = len({m.game for m in people})
        out.update({
            "interval_s": interval,
            "duration_s": duration,
            "offered_per_s": round(games / interval, 1),
            "actions_posted": len(done),
            "actions_skipped": skipped,
            "announce_secret": announce,
            "server_cores_idle_streams": idle["server"],
            "others_cores_idle": idle["others"],
            **{f"{k}_cores_load": v for k, v in load.items()},
            "cpus": os.cpu_count(),
        })  # fmt: skip
        return out

    return measure


async def settle(watchers: list[Watcher], done: list[Any], announce: bool, grace: float) -> None:
    """Wait until each stream has the last event meant for it, or ``grace`` is up; then a
    little longer, for a duplicate sent after the last event to show."""
    deadline = time.perf_counter() + grace
    goal: dict[str, dict[str, int]] = {}  # game -> member -> last number due to them
    of_game: dict[str, list[Member]] = {}
    for m in {m.name: m for m, _ in watchers}.values():
        of_game.setdefault(m.game, []).append(m)
    for a in done:
        if a.status == 200 and a.events:
            for m in of_game.get(a.game, ()):
                name = m.name
                if expected(m, a, announce):
                    g = goal.setdefault(a.game, {})
                    g[name] = max(g.get(name, 0), *a.events)
    goals = [(v, goal.get(m.game, {}).get(m.name, 0)) for m, v in watchers]
    while time.perf_counter() < deadline and any(v.last_id < n for v, n in goals):
        await asyncio.sleep(0.1)
    await asyncio.sleep(0.5)


def measure_idle(streams: int, hold: float) -> Measure:
    async def measure(
        server: Server, people: list[Member], last: dict[str, int], _announce: bool
    ) -> dict[str, Any]:
        rss_before = server.rss_kib()
        per_member = -(-streams // len(people))
        watchers = watchers_of(people, last, per_member)[:streams]
        stop = asyncio.Event()
        tasks, t = await open_streams(server, watchers, stop)
        await asyncio.sleep(2.0)
        out = stream_figures(server, watchers, rss_before, t)
        before, t0 = server.cpu(), time.perf_counter()
        beats0 = [v.heartbeats for _, v in watchers]
        await asyncio.sleep(hold)
        used = cores(before, server.cpu())
        rss_held = server.rss_kib()
        still = [v.error is None and v.ready.is_set() for _, v in watchers]
        beating = sum(v.heartbeats > b for (_, v), b in zip(watchers, beats0, strict=True))
        await close_streams(stop, tasks)
        await asyncio.sleep(5.0)
        out.update({
            "idle_streams": streams,
            "held_s": round(time.perf_counter() - t0 - 5.0, 1),
            "streams_held_to_end": sum(still),
            "streams_with_heartbeats_in_hold": beating,
            "rss_end_of_hold_mib": round(rss_held / 1024, 1),
            "kib_per_stream_end_of_hold": round((rss_held - rss_before) / max(1, sum(still)), 1),
            "rss_after_close_mib": round(server.rss_kib() / 1024, 1),
            "viewer_errors": dict(
                Counter(v.error for _, v in watchers if v.error).most_common(3)
            ),
            **{f"{k}_cores_hold": v for k, v in used.items()},
        })  # fmt: skip
        return out

    return measure
