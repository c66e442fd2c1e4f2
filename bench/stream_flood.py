"""One player floods the server with live streams while another rolls (issue 29, server
point 9; docs/performance.md): how many of the streams open, and the other player's roll
latency with them open.

Run: .venv/bin/python bench/stream_flood.py [STREAMS]   (default 2000; raise ``ulimit -n``)

A real ``rollplay serve`` on a fresh SQLite table with the test suite's people; Pia opens
STREAMS streams of Pegasus at once and keeps the ones that open, then Otto makes 40 rolls
one after another. The cap (20 a user by default) should refuse all but 20, and Otto's p95
stay near what it is with nobody watching.
"""

from __future__ import annotations

import asyncio
import statistics
import sys
import tempfile
import time
from pathlib import Path

import httpx

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # the test suite's helpers
from tests.people import seat_people
from tests.server.process import serving, token_for


async def flood(base: str, pia: str, otto: str, count: int) -> str:
    limits = httpx.Limits(max_connections=count + 50, max_keepalive_connections=count + 50)
    async with httpx.AsyncClient(base_url=base, timeout=60, limits=limits) as client:
        statuses: list[int] = []
        held: list[httpx.Response] = []

        async def one() -> None:
            request = client.build_request("GET", "/api/v1/games/Pegasus/events",
                                           headers={"Authorization": f"Bearer {pia}"})  # fmt: skip
            answer = await client.send(request, stream=True)
            statuses.append(answer.status_code)
            if answer.status_code == 200:
                held.append(answer)
            else:
                await answer.aclose()

        started = time.perf_counter()
        await asyncio.gather(*(one() for _ in range(count)))
        took = time.perf_counter() - started
        times = []
        for _ in range(40):
            began = time.perf_counter()
            rolled = await client.post("/api/v1/games/Pegasus/commands",
                                       json={"text": "roll Brawn"},
                                       headers={"Authorization": f"Bearer {otto}"})  # fmt: skip
            assert rolled.status_code == 200, rolled.text
            times.append((time.perf_counter() - began) * 1000)
        for answer in held:
            await answer.aclose()
    times.sort()
    return (f"{count} streams asked: {statuses.count(200)} open, {statuses.count(429)} refused "
            f"(429) in {took:.1f} s; another player's rolls: p50 {statistics.median(times):.1f} "
            f"ms, p95 {times[int(len(times) * 0.95) - 1]:.1f} ms")  # fmt: skip


def main() -> None:
    count = int(sys.argv[1]) if len(sys.argv) > 1 else 2000
    with tempfile.TemporaryDirectory() as folder:
        db = f"sqlite:///{Path(folder) / 'table.db'}"
        seat_people(db)
        with serving(db) as (base, _):
            print(asyncio.run(flood(base, token_for(base, "Pia"), token_for(base, "Otto"), count)))


if __name__ == "__main__":
    main()
