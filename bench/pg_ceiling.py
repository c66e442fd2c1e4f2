"""The ceiling of one PostgreSQL for rollplay's writes (issue 39; docs/deploy.md, "The
ceiling of one PostgreSQL"): how many events a second one server commits and notifies.

On a fresh database (migrated by rollplay's ``upgrade``), G games; W writer processes each
commit events as fast as they can for D seconds, one event per transaction as a roll does,
through the statement the server runs for every event on PostgreSQL (``writing`` ->
``CoreWriter.event`` -> ``_pg_event``: the game's order lock, its count, the insert and the
notification in one statement), each event a copy of a real roll's row. Writers spread
their events over the games, so the per-game order lock is not the limit; ``--games 1``
puts them all in one game, where it is. Meanwhile L listener processes (a server worker's
hub each) ``LISTEN`` on the events' channel and count what they receive.

Reported: commits/s, notifications received/s (per listener and in total, and whether every
commit's notification reached every listener), p50/p95 commit latency, the CPU of
PostgreSQL (this database's backends and the server's own processes), of the writers and
of the listeners, what the rest of the machine took, and commits per PostgreSQL core-second:
the ceiling when the clients are not the limit (they share this machine's cores).

Run (from the repository)::

    .venv/bin/python bench/pg_ceiling.py --pg URL                      # 200 games, 4 writers
    .venv/bin/python bench/pg_ceiling.py --pg URL --writers 8 --listeners 16 --json out.json
    .venv/bin/python bench/pg_ceiling.py --pg URL --games 1           # one big game

``--pg`` (or ``ROLLPLAY_BENCH_PG``) is a SQLAlchemy URL of a PostgreSQL server on this
machine (a unix socket or a local address) whose user may create databases; the run makes
its own database there and drops it afterwards. Every child process is killed on the way
out, ``--timeout`` or Ctrl-C included.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import multiprocessing as mp
import os
import resource
import signal
import statistics
import sys
import tempfile
import time
from dataclasses import dataclass
from multiprocessing.synchronize import Event as SyncEvent
from pathlib import Path
from typing import Any

from load.server import cpu_seconds, machine_busy_seconds
from load.table import fresh_database

GRACE = 3.0  # seconds the listeners wait, after the last commit, for its notification
COLUMNS = ("game_id", "actor_id", "actor", "kind", "character_id", "character", "visibility",
           "audience", "payload", "shared", "scene_id", "scene_private", "refers")  # fmt: skip


def parse_args(argv: list[str] | None) -> argparse.Namespace:
    p = argparse.ArgumentParser(description=(__doc__ or "").split("\n\n")[0])
    p.add_argument("--pg", default=os.environ.get("ROLLPLAY_BENCH_PG"),
                   help="PostgreSQL SQLAlchemy URL (default: $ROLLPLAY_BENCH_PG)")  # fmt: skip
    p.add_argument("--games", type=int, default=200)
    p.add_argument("--writers", type=int, default=4, help="writer processes")
    p.add_argument("--listeners", type=int, default=4, help="LISTEN connections")
    p.add_argument("--duration", type=float, default=15.0, help="seconds of writing")
    p.add_argument("--timeout", type=float, default=300.0, help="hard limit, whole run (s)")
    p.add_argument("--json", nargs="?", const="-", metavar="FILE",
                   help="results as JSON to FILE, or to stdout")  # fmt: skip
    args = p.parse_args(argv)
    if not args.pg:
        p.error("no PostgreSQL: give --pg URL or set ROLLPLAY_BENCH_PG")
    if min(args.games, args.writers) < 1 or args.listeners < 0 or args.duration <= 0:
        p.error("--games and --writers must be at least 1, --listeners 0 or more, "
                "--duration positive")  # fmt: skip
    host = _host(args.pg)
    if host not in ("", "localhost", "127.0.0.1", "::1") and not host.startswith("/"):
        p.error(f"--pg must name this machine (a unix socket or a local address), not {host!r}")
    return args


def _host(url: str) -> str:
    from sqlalchemy import make_url

    parsed = make_url(url)
    query_host = parsed.query.get("host", "")
    return str(parsed.host or (query_host if isinstance(query_host, str) else query_host[0]))


def setup(db: str, games: int) -> tuple[dict[str, Any], list[int]]:
    """Schema, the example games, one real roll (its row is every event's template) and
    ``games`` new games; returns the template and the games' ids."""
    from sqlalchemy import select

    from rollplay.table.service import Table
    from rollplay.table.store.db import open_engine, upgrade
    from rollplay.table.store.models import Event, Game
    from rollplay.table.systems import Request

    engine = open_engine(db)
    try:
        upgrade(engine)
    finally:
        engine.dispose()
    table = Table(db)
    try:
        table.add_examples()
        table.roll("Pegasus", "Nikos", Request("Alertness"))
        for n in range(games):
            table.new_game(f"Bench {n + 1:04d}", "fs3")
    finally:
        table.close()
    engine = open_engine(db)
    try:
        with engine.connect() as conn:
            row = conn.execute(select(Event).where(Event.kind == "roll")).mappings().first()
            assert row is not None, "the setup's roll wrote no event"
            ids = list(conn.execute(select(Game.id).where(Game.name.like("Bench %"))).scalars())
    finally:
        engine.dispose()
    template = {k: row[Event.__table__.c[k]] for k in COLUMNS}
    return template, sorted(ids)


@dataclass
class Shared:
    """What the parent and its children share (made by the fork context)."""

    db: str
    ready: Any  # a queue: each child says it is ready
    out: Any  # a queue: each child's results
    go: SyncEvent
    stop: SyncEvent  # the listeners stop
    deadline: Any  # a shared double: perf_counter() at which the writers stop


def writer(sh: Shared, me: int, writers: int, games: list[int], template: dict[str, Any]) -> None:
    """Commit one event per transaction, as fast as this process can, until the deadline."""
    db, ready, go, deadline, out = sh.db, sh.ready, sh.go, sh.deadline, sh.out
    from rollplay.table.store.db import open_engine
    from rollplay.table.store.models import now
    from rollplay.table.store.writers import writing

    engine = open_engine(db)
    with writing(engine) as w:  # warm: the connection open, the statement compiled once
        w.event({**template, "game_id": games[me % len(games)], "created_at": now()})
    ready.put(me)
    go.wait()
    end = deadline.value
    latencies: list[float] = []
    k, cpu0 = 0, _own_cpu()
    while (t0 := time.perf_counter()) < end:
        values = {**template, "game_id": games[(me + k * writers) % len(games)],
                  "created_at": now()}  # fmt: skip
        with writing(engine) as w:
            w.event(values)
        latencies.append(time.perf_counter() - t0)
        k += 1
    out.put({"writer": me, "commits": len(latencies), "cpu": _own_cpu() - cpu0,
             "latencies": latencies})  # fmt: skip
    engine.dispose()


def listener(sh: Shared, me: int) -> None:
    """LISTEN as a server worker's hub does; count what arrives during the writing and
    after it (a late notification is not a lost one)."""
    db, ready, go, deadline, stop, out = sh.db, sh.ready, sh.go, sh.deadline, sh.stop, sh.out
    import psycopg
    from sqlalchemy import make_url

    from rollplay.table.store.ordering import CHANNEL

    conninfo = make_url(db).set(drivername="postgresql").render_as_string(hide_password=False)
    with psycopg.connect(conninfo, autocommit=True) as conn:
        conn.execute(f"LISTEN {CHANNEL}")
        ready.put(-1 - me)
        go.wait()
        in_time = total = 0
        cpu0 = _own_cpu()
        while not stop.is_set():
            for _note in conn.notifies(timeout=0.25):
                total += 1
                in_time += time.perf_counter() < deadline.value
        out.put({"listener": me, "in_time": in_time, "total": total, "cpu": _own_cpu() - cpu0})


def _own_cpu() -> float:
    use = resource.getrusage(resource.RUSAGE_SELF)
    return use.ru_utime + use.ru_stime


def postgres_cpu(database: str) -> tuple[dict[int, float], float]:
    """The PostgreSQL server on this machine that holds ``database``: the CPU seconds of each
    of its processes that are this run's (this database's backends, and the server's own:
    WAL writer, checkpointer, ...; not other databases' backends: the dev server is shared),
    and the whole server's (every child, those ended included)."""
    from load.server import _cmdline, _parents, backends

    parents = _parents()
    # The postmaster: the parent of this database's backends (one that has not ended since
    # they were listed: an ended one's parent reads as 0, which is no server).
    masters = {parents.get(pid, 0) for pid in backends(database)}
    master = next((m for m in masters if _cmdline(m).split(b"\0")[0].endswith(b"postgres")), 0)
    if not master:
        return {}, 0.0
    children = [pid for pid, parent in parents.items() if parent == master]
    ours = {}
    for pid in children:
        words = _cmdline(pid).split()
        # A backend reads "postgres: USER DB [local] ..." (or "HOST(PORT)"); an autovacuum
        # worker "postgres: autovacuum worker DB"; the server's own processes neither.
        backend = len(words) > 3 and (words[3] == b"[local]" or b"(" in words[3])
        vacuum = words[1:3] == [b"autovacuum", b"worker"] and len(words) > 3
        others = (backend and words[2] != database.encode()) or (
            vacuum and words[3] != database.encode()
        )
        if not others:
            ours[pid] = cpu_seconds([pid])
    return ours, cpu_seconds(children) + cpu_seconds([master], reaped=True)


def run(args: argparse.Namespace, db: str, database: str) -> dict[str, Any]:
    template, games = setup(db, args.games)
    games = games[: args.games]
    ctx = mp.get_context("fork")  # the children start from here: no engine is open now
    sh = Shared(db, ctx.Queue(), ctx.Queue(), ctx.Event(), ctx.Event(), ctx.Value("d", 0.0))
    ready, out, go, stop, deadline = sh.ready, sh.out, sh.go, sh.stop, sh.deadline
    procs = [ctx.Process(target=listener, args=(sh, i)) for i in range(args.listeners)]
    procs += [ctx.Process(target=writer, args=(sh, i, args.writers, games, template))
              for i in range(args.writers)]  # fmt: skip
    CHILDREN.extend(procs)
    for group in (procs[args.listeners :], procs[: args.listeners]):
        for proc in group:  # the writers' warm-up committed before any listener listens
            proc.start()
        for _ in group:
            ready.get(timeout=60)
    time.sleep(0.5)  # the warm-up's notifications delivered before the count starts
    pg0, server0 = postgres_cpu(database)
    busy0, own0, t0 = machine_busy_seconds(), _own_cpu(), time.perf_counter()
    deadline.value = t0 + args.duration
    go.set()
    time.sleep(args.duration)
    pg1, server1 = postgres_cpu(database)
    busy1, own1, wall = machine_busy_seconds(), _own_cpu(), time.perf_counter() - t0
    results = [out.get(timeout=60) for _ in range(args.writers)]
    time.sleep(GRACE)
    stop.set()
    results += [out.get(timeout=60) for _ in range(args.listeners)]
    for proc in procs:
        proc.join(timeout=10)
    return summarise(args, results, wall, {
        "postgres": sum(v - pg0.get(pid, 0.0) for pid, v in pg1.items()),
        "postgres_server": server1 - server0, "machine": busy1 - busy0, "parent": own1 - own0,
    })  # fmt: skip


def summarise(args: argparse.Namespace, results: list[dict[str, Any]], wall: float,
              cpu: dict[str, float]) -> dict[str, Any]:  # fmt: skip
    writers = [r for r in results if "writer" in r]
    listeners = [r for r in results if "listener" in r]
    commits = sum(r["commits"] for r in writers)
    latencies = sorted(x for r in writers for x in r["latencies"])
    cuts = statistics.quantiles(latencies, n=100) if len(latencies) > 1 else latencies * 99
    cores = {k: v / wall for k, v in cpu.items()}
    cores["writers"] = sum(r["cpu"] for r in writers) / wall
    cores["listeners"] = sum(r["cpu"] for r in listeners) / wall
    mine = cores["postgres_server"] + cores["writers"] + cores["listeners"] + cores["parent"]
    cores["others"] = max(0.0, cores["machine"] - mine)
    return {
        "games": args.games, "writers": args.writers, "listeners": args.listeners,
        "seconds": round(wall, 2), "commits": commits,
        "commits_per_s": round(commits / wall, 1),
        "notifications_per_s_per_listener": [round(r["in_time"] / wall, 1) for r in listeners],
        "notifications_per_s": round(sum(r["in_time"] for r in listeners) / wall, 1),
        "notifications_total_per_listener": [r["total"] for r in listeners],
        "every_notification_arrived": all(r["total"] == commits for r in listeners),
        "p50_ms": round(cuts[49] * 1000, 2), "p95_ms": round(cuts[94] * 1000, 2),
        "cores": {k: round(v, 2) for k, v in cores.items()},
        "commits_per_postgres_core_s": round(commits / cpu["postgres"], 0)
        if cpu["postgres"] else None,
        "postgres_cpu_ms_per_commit": round(cpu["postgres"] * 1000 / max(commits, 1), 3),
        "writer_cpu_ms_per_commit": round(
            sum(r["cpu"] for r in writers) * 1000 / max(commits, 1), 3),
        "load_average": os.getloadavg(), "cpus": os.cpu_count(),
    }  # fmt: skip


def show(r: dict[str, Any], out: Any) -> None:
    c = r["cores"]
    print(f"{r['games']} games, {r['writers']} writers, {r['listeners']} listeners, "
          f"{r['seconds']} s:", file=out)  # fmt: skip
    print(f"  commits/s             {r['commits_per_s']:>9}  (p50 {r['p50_ms']} ms, "
          f"p95 {r['p95_ms']} ms per commit)", file=out)  # fmt: skip
    each = ", ".join(f"{x:g}" for x in r["notifications_per_s_per_listener"])
    print(f"  notifications/s       {r['notifications_per_s']:>9}  ({each} per listener; "
          f"every one arrived: {r['every_notification_arrived']})", file=out)  # fmt: skip
    print(f"  cores: PostgreSQL {c['postgres']} (this run's; the server in all "
          f"{c['postgres_server']}), writers {c['writers']}, listeners {c['listeners']}, "
          f"others {c['others']}; machine {c['machine']} of {r['cpus']}", file=out)  # fmt: skip
    print(f"  CPU per commit: PostgreSQL {r['postgres_cpu_ms_per_commit']} ms, writer "
          f"{r['writer_cpu_ms_per_commit']} ms", file=out)  # fmt: skip
    print(f"  commits per PostgreSQL core-second: {r['commits_per_postgres_core_s']}; "
          f"load average {', '.join(f'{x:.1f}' for x in r['load_average'])}", file=out)  # fmt: skip


CHILDREN: list[Any] = []


def _terminated(signum: int, _frame: Any) -> None:
    raise KeyboardInterrupt(f"signal {signum}")


def _timed_out(_signum: int, _frame: Any) -> None:
    raise TimeoutError


def _stop_children() -> None:
    """Kill this run's own processes, by their ids, that are still running."""
    for proc in CHILDREN:
        if proc.pid is not None and proc.is_alive():
            with contextlib.suppress(ProcessLookupError):
                os.kill(proc.pid, signal.SIGKILL)
            proc.join(timeout=5)


def main(argv: list[str] | None = None) -> int:
    args = parse_args(argv)
    from sqlalchemy import make_url

    signal.signal(signal.SIGTERM, _terminated)
    signal.signal(signal.SIGALRM, _timed_out)
    signal.setitimer(signal.ITIMER_REAL, args.timeout)
    out = sys.stderr if args.json == "-" else sys.stdout
    try:
        with tempfile.TemporaryDirectory() as folder, \
                fresh_database("pg", args.pg, "ceiling", folder) as db:  # fmt: skip
            try:
                result = run(args, db, str(make_url(db).database))
            finally:  # before the database is dropped under them
                _stop_children()
            show(result, out)
    except KeyboardInterrupt:
        print("interrupted", file=sys.stderr)
        return 130
    except TimeoutError:
        print(f"stopped: the run took longer than --timeout {args.timeout:g} s", file=sys.stderr)
        return 1
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        _stop_children()
    if args.json:
        text = json.dumps(result, indent=2)
        if args.json == "-":
            print(text)
        else:
            Path(args.json).write_text(text + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
