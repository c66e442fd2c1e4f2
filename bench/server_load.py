"""Load benchmark for the live table server (issue 15; docs/performance.md, "Server under
load"): V viewers on the SSE feed while players post rolls through the API.

Each run starts ``rollplay serve`` (this checkout's code) on a free 127.0.0.1 port with a
fresh database holding the example games, a Storyteller, players each with a copy of Nikos
and observers; connects V viewers to ``GET /api/v1/games/Pegasus/events``; posts rolls at R
per second for D seconds (public and private rolls by the players, secret rolls by the
Storyteller); then reports throughput, roll-to-viewer latency, events lost or duplicated,
anything secret in a player's or observer's stream, the server's memory per viewer and its
CPU. Scenarios: sqlite-1 (SQLite, one worker), pg-1 and pg-2 (one PostgreSQL, one and two
workers).

Run (from the repository)::

    .venv/bin/python bench/server_load.py --quick                # smoke run
    .venv/bin/python bench/server_load.py --pg URL               # the three scenarios
    .venv/bin/python bench/server_load.py --pg URL --rate 100 --rate 300 --rate 500
    .venv/bin/python bench/server_load.py --scenario sqlite-1 --json out.json  # or --json -

``--pg`` (or ``ROLLPLAY_BENCH_PG``) is a SQLAlchemy URL of a PostgreSQL server whose user
may create databases; each run creates its own database there and drops it afterwards.
Without one the PostgreSQL scenarios are skipped. For a throwaway server::

    bash -c 'source scripts/_postgres.sh && \\
        .venv/bin/python bench/server_load.py --pg "$ROLLPLAY_TEST_POSTGRES_URL"'

The load generator is one asyncio process on raw streams, cheap enough to share a 2-core
machine with the server (its own CPU use is reported). All traffic goes to 127.0.0.1; each
run is bounded by its size and the whole by ``--timeout``; the server's process group is
terminated (then killed) on the way out, Ctrl-C included.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import signal
import sys
from dataclasses import asdict
from typing import Any

from load.report import print_run, print_summary, write_json
from load.run import RUNNING, SCENARIOS, Config, run_scenario
from load.server import wait_quiet

BUSY = 0.25  # cores other programs may take during a run before --retry-busy runs it again


def parse_args(argv: list[str] | None) -> argparse.Namespace:
    p = argparse.ArgumentParser(description=(__doc__ or "").split("\n\n")[0])
    p.add_argument(
        "--scenario",
        action="append",
        choices=sorted(SCENARIOS),
        help="run this scenario (repeatable; default: all three)",
    )
    p.add_argument(
        "--pg",
        default=os.environ.get("ROLLPLAY_BENCH_PG"),
        help="PostgreSQL SQLAlchemy URL (default: $ROLLPLAY_BENCH_PG)",
    )
    p.add_argument("--viewers", type=int, default=200)
    p.add_argument(
        "--rate",
        type=float,
        action="append",
        help="rolls offered per second (repeatable, a run each; default 100)",
    )
    p.add_argument("--duration", type=float, default=20.0, help="seconds of load per run")
    p.add_argument("--players", type=int, default=8, help="player users, one character each")
    p.add_argument("--observers", type=int, default=2)
    p.add_argument("--storyteller-viewers", type=float, default=0.10, metavar="SHARE")
    p.add_argument("--observer-viewers", type=float, default=0.05, metavar="SHARE")
    p.add_argument(
        "--private",
        type=float,
        default=0.2,
        metavar="SHARE",
        help="share of the players' rolls made private",
    )
    p.add_argument(
        "--secret",
        type=float,
        default=0.1,
        metavar="SHARE",
        help="share of all rolls: the Storyteller's secret rolls",
    )
    p.add_argument("--connections", type=int, default=16, help="concurrent POST connections")
    p.add_argument("--grace", type=float, default=5.0, help="seconds for stragglers")
    p.add_argument("--seed", type=int, default=1)
    p.add_argument(
        "--wait-quiet",
        type=float,
        default=0.0,
        metavar="SECONDS",
        help=f"before each run, wait up to this long for the machine to be idle (< {BUSY} cores)",
    )
    p.add_argument(
        "--retry-busy",
        type=int,
        default=0,
        metavar="N",
        help=f"run again, up to N times, when other programs took over {BUSY} "
        "cores during the load (a shared machine)",
    )
    p.add_argument("--quick", action="store_true", help="smoke run: 20 viewers, 50/s for 5 s")
    p.add_argument("--timeout", type=float, default=1800.0, help="hard limit, whole run (s)")
    p.add_argument(
        "--json",
        nargs="?",
        const="-",
        metavar="FILE",
        help="results as JSON to FILE, or to stdout (the tables then go to stderr)",
    )
    args = p.parse_args(argv)
    if args.quick:
        args.viewers, args.duration, args.rate = 20, 5.0, [50.0]
    args.rate = args.rate or [100.0]
    if args.viewers < 1 or min(args.rate) <= 0 or args.duration <= 0 or args.players < 1:
        p.error("--viewers, --rate, --duration and --players must be positive")
    return args


async def main_async(args: argparse.Namespace) -> list[dict[str, Any]]:
    out = sys.stderr if args.json == "-" else sys.stdout
    results = []
    async with asyncio.timeout(args.timeout):
        for name in args.scenario or list(SCENARIOS):
            if SCENARIOS[name][0] == "pg" and not args.pg:
                print(
                    f"\n== {name}: skipped (no PostgreSQL: --pg URL or ROLLPLAY_BENCH_PG)", file=out
                )
                continue
            for rate in args.rate:
                config = Config(
                    viewers=args.viewers,
                    rate=rate,
                    duration=args.duration,
                    players=args.players,
                    observers=args.observers,
                    storyteller_viewers=args.storyteller_viewers,
                    observer_viewers=args.observer_viewers,
                    private=args.private,
                    secret=args.secret,
                    connections=args.connections,
                    grace=args.grace,
                    seed=args.seed,
                )
                tries: list[dict[str, Any]] = []
                for attempt in range(1 + args.retry_busy):
                    busy = await wait_quiet(args.wait_quiet, BUSY) if args.wait_quiet else None
                    tries.append(await run_scenario(name, config, args.pg))
                    tries[-1]["machine_cores_before"], tries[-1]["attempt"] = busy, attempt + 1
                    if tries[-1]["others_cores_load"] <= BUSY:
                        break
                    print(
                        f"\n({name} at {rate:g}/s: other programs took "
                        f"{tries[-1]['others_cores_load']} cores during the load)",
                        file=out,
                    )
                # The attempt least disturbed by other programs.
                result = min(tries, key=lambda r: float(r["others_cores_load"]))
                result["config"] = asdict(config)
                print_run(result, out)
                out.flush()
                results.append(result)
    if results:
        print_summary(results, out)
    return results


def _terminated(signum: int, _frame: Any) -> None:
    raise KeyboardInterrupt(f"signal {signum}")


def main(argv: list[str] | None = None) -> int:
    args = parse_args(argv)
    signal.signal(signal.SIGTERM, _terminated)
    try:
        results = asyncio.run(main_async(args))
    except KeyboardInterrupt:
        print("interrupted", file=sys.stderr)
        return 130
    except TimeoutError:
        print(f"stopped: the run took longer than --timeout {args.timeout:g} s", file=sys.stderr)
        return 1
    finally:
        for server in list(RUNNING):
            server.stop()
    if args.json:
        write_json(results, args.json)
    return 0


if __name__ == "__main__":
    sys.exit(main())
