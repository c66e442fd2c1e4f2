"""The pose order's read in a long scene (docs/performance.md "Scenes"): 5,000 poses by one
player, with a participant who never posed (the case that once read every pose), and
``Service.scene_orders`` (what the live hub reads after each pose) timed 30 times.

Run: .venv/bin/python bench/pose_order_read.py [--poses 5000] [--postgres URL]
"""

from __future__ import annotations

import argparse
import os
import statistics
import tempfile
import time

from load.table import GAME, STORYTELLER, cast_of, fresh_database, seat

os.environ.setdefault("ROLLPLAY_POSE_RATE", "off")  # posts faster than any player (S72)


def measure(backend: str, pg: str | None, poses: int) -> None:
    from rollplay.table import commands as c
    from rollplay.table.service import Table

    with tempfile.TemporaryDirectory() as folder, \
            fresh_database(backend, pg, "pose_order", folder) as db:  # fmt: skip
        seat(db, cast_of(3, 0))
        table = Table(db)
        try:
            table.acting_as(STORYTELLER).execute(c.SceneStart(GAME, "The long watch"))
            for player in ("player01", "player02"):  # player02 never poses
                table.acting_as(player).execute(c.SceneJoin(GAME, 1))
            poser = table.acting_as("player01")
            for i in range(poses):
                poser.execute(c.Pose(GAME, f"keeps watch, hour {i}."))
            game_id = table.watch(GAME)[0]
            times = []
            for _ in range(30):
                began = time.perf_counter()
                table.scene_orders(game_id, [1])
                times.append((time.perf_counter() - began) * 1000)
        finally:
            table.close()
    print(
        f"{backend}: {poses} poses: the pose order's read median "
        f"{statistics.median(times):.1f} ms, max {max(times):.1f} ms"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--poses", type=int, default=5000)
    parser.add_argument("--postgres", default=None, help="a PostgreSQL server's URL, too")
    args = parser.parse_args()
    measure("sqlite", None, args.poses)
    if args.postgres:
        measure("postgresql", args.postgres, args.poses)


if __name__ == "__main__":
    main()
