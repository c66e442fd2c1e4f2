"""Many small tables on one server (issue 39; docs/performance.md, "Many tables, several
hosts, the big table"): G games of M members each (a Storyteller and M - 1 players, each a
user with a password and an API token, each player with a character), every member holding
a live API stream of their own game, while each game acts about once every ``--interval``
seconds through the API as its members would: poses in the game's scene, rolls (public,
private, the Storyteller's secret ones), a Storyteller's request and its player's answer,
combat turns.

Reported: offered and committed actions/s; per action, the time from its POST to every
viewer of its game having its events (p50/p95/max); events lost and duplicated per viewer;
every frame checked to be of its viewer's own game (one of another game is a failure,
reported loudly); the server's RSS (all its processes) and RSS per stream; the server's,
PostgreSQL's, this load client's and other programs' CPU during the load.

``--idle N`` instead opens N idle streams spread over the games' members, holds them for
``--hold`` seconds (heartbeats arriving), and reports the server's RSS before, with them
held (KiB per idle stream) and after they close.

Run (from the repository)::

    .venv/bin/python bench/many_games.py --quick                      # smoke: 20 x 3, 5 s
    .venv/bin/python bench/many_games.py --games 100                  # SQLite, one worker
    .venv/bin/python bench/many_games.py --pg "$ROLLPLAY_TEST_POSTGRES_URL" --workers 2
    .venv/bin/python bench/many_games.py --idle 10000 --hold 30

The database is seeded directly through the table service (cheap password hashing), not
through the API. All traffic goes to 127.0.0.1; the run is bounded by ``--timeout``; the
server's process group is stopped on the way out, Ctrl-C included.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import signal
import sys
from typing import Any, TextIO

from load.games_run import RUNNING, measure_actions, measure_idle, with_server
from load.report import write_json

BAR_MS = 100.0  # the floor: p95 from an action to every viewer of its game
BAR_KIB = 32.0  # and per idle stream


def parse_args(argv: list[str] | None) -> argparse.Namespace:
    p = argparse.ArgumentParser(description=(__doc__ or "").split("\n\n")[0])
    p.add_argument("--games", type=int, default=500)
    p.add_argument("--members", type=int, default=6, help="per game: a Storyteller + players")
    p.add_argument("--interval", type=float, default=5.0, help="seconds between a game's actions")
    p.add_argument("--duration", type=float, default=60.0, help="seconds of actions")
    p.add_argument("--workers", type=int, default=1)
    p.add_argument("--pg", help="PostgreSQL SQLAlchemy URL (default: SQLite)")
    p.add_argument("--connections", type=int, default=32, help="concurrent POST connections")
    p.add_argument("--grace", type=float, default=15.0, help="seconds for stragglers")
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--idle", type=int, metavar="N", help="hold N idle streams instead")
    p.add_argument("--hold", type=float, default=30.0, help="seconds to hold the idle streams")
    p.add_argument("--quick", action="store_true", help="smoke run: 20 games x 3 for 5 s")
    p.add_argument("--timeout", type=float, default=1800.0, help="hard limit, whole run (s)")
    p.add_argument(
        "--json",
        nargs="?",
        const="-",
        metavar="FILE",
        help="results as JSON to FILE, or to stdout (the table then goes to stderr)",
    )
    args = p.parse_args(argv)
    if args.quick:
        args.games, args.members, args.duration = 20, 3, 5.0
        args.idle = min(args.idle, 200) if args.idle else None
        args.hold = min(args.hold, 5.0)
    if min(args.games, args.interval, args.duration, args.workers) <= 0 or args.members < 2:
        p.error("--games, --interval, --duration and --workers must be positive; --members >= 2")
    return args


def _kib_ok(v: float) -> bool:
    return v < BAR_KIB


ROWS = (
    ("offered_per_s", "actions/s offered", None),
    ("actions_per_s", "actions/s committed", None),
    ("actions_ok", "actions committed", None),
    ("actions_failed", "actions failed", lambda v: v == 0),
    ("actions_skipped", "actions skipped (server behind)", lambda v: v == 0),
    ("post_ms_p50", "POST latency p50 (ms)", None),
    ("post_ms_p95", "POST latency p95 (ms)", None),
    ("every_viewer_ms_p50", "POST → every viewer of its game p50 (ms)", None),
    ("every_viewer_ms_p95", "POST → every viewer of its game p95 (ms)", lambda v: v < BAR_MS),
    ("every_viewer_ms_max", "POST → every viewer of its game max (ms)", None),
    ("delivery_ms_p95", "POST → one viewer p95 (ms)", None),
    ("lost", "events lost", lambda v: v == 0),
    ("viewers_with_lost", "viewers that lost any", lambda v: v == 0),
    ("duplicated", "events duplicated", lambda v: v == 0),
    ("cross_game_frames", "frames of ANOTHER game", lambda v: v == 0),
    ("unknown_events", "events from no measured POST", None),
    ("frames", "frames checked", None),
    ("streams", "streams opened", None),
    ("streams_held", "streams held", None),
    ("connect_s", "time to open them (s)", None),
    ("sockets_per_worker", "sockets per worker", None),
    ("rss_before_mib", "server RSS before streams (MiB)", None),
    ("rss_streams_mib", "server RSS with streams (MiB)", None),
    ("kib_per_stream", "server RSS per stream (KiB)", None),
    ("rss_after_load_mib", "server RSS after the load (MiB)", None),
    ("held_s", "idle streams held for (s)", None),
    ("streams_held_to_end", "idle streams still open at the end", None),
    ("streams_with_heartbeats_in_hold", "idle streams with a heartbeat while held", None),
    ("kib_per_stream_end_of_hold", "server RSS per idle stream, end of hold (KiB)", _kib_ok),
    ("rss_end_of_hold_mib", "server RSS at the end of the hold (MiB)", None),
    ("rss_after_close_mib", "server RSS after they closed (MiB)", None),
    ("server_cores_idle_streams", "server CPU, streams idle (cores)", None),
    ("server_cores_load", "server CPU under load (cores)", None),
    ("database_cores_load", "PostgreSQL CPU under load (cores)", None),
    ("client_cores_load", "load client CPU (cores)", None),
    ("others_cores_load", "other programs' CPU under load (cores)", None),
    ("others_cores_idle", "other programs' CPU before the load (cores)", None),
    ("server_cores_hold", "server CPU while held (cores)", None),
    ("client_cores_hold", "load client CPU while held (cores)", None),
    ("others_cores_hold", "other programs' CPU while held (cores)", None),
    ("setup_s", "seeding (s)", None),
)


def print_result(r: dict[str, Any], out: TextIO) -> None:
    what = f"{r['idle_streams']:,} idle streams" if "idle_streams" in r else "actions"
    print(f"\n== many games: {r['games']} × {r['members']} on {r['backend']}, {r['workers']} "
          f"worker(s), {what}", file=out)  # fmt: skip
    print("| measure | result | floor |\n| --- | --- | --- |", file=out)
    for key, label, goal in ROWS:
        value = r.get(key)
        if value is None:
            continue
        bar = "" if goal is None or not isinstance(value, int | float) else (
            "ok" if goal(value) else "MISSED")  # fmt: skip
        shown = f"{value:,}" if isinstance(value, int | float) else str(value)
        print(f"| {label} | {shown} | {bar} |", file=out)
    for key in ("mix", "errors", "viewer_errors"):
        if r.get(key):
            print(f"{key}: {json.dumps(r[key])}", file=out)
    if r.get("cross_game_frames"):
        print(f"\n!!! FAILURE: {r['cross_game_frames']} frames reached a viewer of another game: "
              f"{r['cross_game_examples']}", file=out)  # fmt: skip


async def main_async(args: argparse.Namespace) -> dict[str, Any]:
    backend = "pg" if args.pg else "sqlite"
    if args.idle:
        measure = measure_idle(args.idle, args.hold)
    else:
        measure = measure_actions(args.interval, args.duration, args.connections, args.grace,
                                  args.seed)  # fmt: skip
    async with asyncio.timeout(args.timeout):
        result = await with_server(backend, args.workers, args.pg, args.games, args.members,
                                   measure)  # fmt: skip
    result["config"] = {k: v for k, v in vars(args).items() if k not in ("pg", "json")}
    return result


def _terminated(signum: int, _frame: Any) -> None:
    raise KeyboardInterrupt(f"signal {signum}")


def main(argv: list[str] | None = None) -> int:
    args = parse_args(argv)
    out = sys.stderr if args.json == "-" else sys.stdout
    signal.signal(signal.SIGTERM, _terminated)
    try:
        result = asyncio.run(main_async(args))
    except KeyboardInterrupt:
        print("interrupted", file=sys.stderr)
        return 130
    except TimeoutError:
        print(f"stopped: the run took longer than --timeout {args.timeout:g} s", file=sys.stderr)
        return 1
    finally:
        for server in list(RUNNING):
            server.stop()
    print_result(result, out)
    if args.json:
        write_json([result], args.json)
    return 2 if result.get("cross_game_frames") else 0


if __name__ == "__main__":
    os.environ.setdefault("ROLLPLAY_FAST_PASSWORD_HASHING", "1")
    sys.exit(main())
