"""What stalled readers cost a worker in memory (issue 37, rulings H12): a game with one long
scene, then (1) STREAMS live feeds opened from the first event (``Last-Event-ID: 0``) whose
readers never read, and (2) EXPORTS downloads of the scene at once whose readers never read.
Each against a fresh ``rollplay serve`` (one worker, SQLite, 127.0.0.1 only); the worker's
resident memory (VmRSS) is read from /proc before, while the readers stall, and after they
are gone, with its peak (VmHWM). Bounded: every phase stops by itself.

``--idle N [N ...]`` measures instead what an idle feed costs (issue 39): N API feeds of
Pegasus held open from its newest event, nothing happening, each read as it comes (a few
bytes of heartbeat), on a server whose stream caps are raised out of the way; the RSS
growth over N, in KiB per feed.

    .venv/bin/python -m bench.stream_memory                      # this tree
    .venv/bin/python -m bench.stream_memory --code /tmp/old/src  # another tree's src/
    .venv/bin/python -m bench.stream_memory --idle 1000 3000     # idle feeds

``--code`` runs the server (and makes its database) with another copy of rollplay's
source on PYTHONPATH: the numbers before a change, measured the same way."""

from __future__ import annotations

import argparse
import contextlib
import os
import socket
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import httpx

SEED = """
import sys
from rollplay.table import commands as c
from rollplay.table.service import Table
table = Table(sys.argv[1])
table.add_examples()
for name, role in (("Stella", "storyteller"), ("Olly", "observer")):
    table.add_user(name)
    table.set_password(name, "correct horse battery")
    table.add_member("Pegasus", name, role, ())
stella = table.acting_as("Stella")
stella.execute(c.SceneStart("Pegasus", "Long Night"))
text = ("The rain keeps on. " * 1000)[: int(sys.argv[3]) - 6]
for number in range(int(sys.argv[2])):
    stella.execute(c.Pose("Pegasus", f"{number}: {text}"))
table.close()
"""


def rss(pid: int) -> tuple[int, int]:
    """(VmRSS, VmHWM) of a process, in MiB."""
    found = {}
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        key, _, value = line.partition(":")
        if key in ("VmRSS", "VmHWM"):
            found[key] = int(value.split()[0]) // 1024
    return found["VmRSS"], found["VmHWM"]


def serve(db: str, env: dict[str, str]) -> tuple[subprocess.Popen[bytes], str]:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    process = subprocess.Popen(
        [sys.executable, "-m", "rollplay", "serve", "--db", db, "--port", str(port)],
        env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
    )  # fmt: skip
    base = f"http://127.0.0.1:{port}"
    for _ in range(300):
        try:
            if httpx.get(base + "/healthz", timeout=1).status_code == 200:
                return process, base
        except httpx.TransportError:
            pass
        time.sleep(0.1)
    process.kill()
    raise SystemExit("the server did not start")


def stalled(base: str, path: str, headers: dict[str, str]) -> socket.socket:
    """A GET whose reader never reads (a 4 KiB receive buffer)."""
    host, port = base.removeprefix("http://").split(":")
    sock = socket.socket()
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
    sock.connect((host, int(port)))
    said = "".join(f"{k}: {v}\r\n" for k, v in headers.items())
    sock.sendall(f"GET {path} HTTP/1.1\r\nHost: {host}\r\n{said}\r\n".encode())
    return sock


def rss_kib(pid: int) -> int:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1])
    raise SystemExit(f"no VmRSS for {pid}")


def opened(base: str, path: str, headers: dict[str, str]) -> socket.socket:
    """A GET of a live feed, returned once its answer's head and first line are in."""
    sock = stalled(base, path, headers)
    sock.settimeout(30)
    got = b""
    while b"retry: " not in got:
        more = sock.recv(4096)
        if not more:
            raise SystemExit(f"the feed closed: {got[:200]!r}")
        got += more
        if not got.startswith(b"HTTP/1.1 200"):
            raise SystemExit(f"the feed was refused: {got[:200]!r}")
    sock.setblocking(False)
    return sock


def idle(db: str, env: dict[str, str], count: int, hold: float) -> str:
    """``count`` idle feeds: the worker's RSS before and while they are open, per feed."""
    caps = {"ROLLPLAY_STREAMS_PER_USER": "100000", "ROLLPLAY_STREAMS_PER_ADDRESS": "100000"}
    process, base = serve(db, {**env, **caps})
    socks: list[socket.socket] = []
    try:
        token = _token(base)
        auth = {"Authorization": f"Bearer {token}"}
        newest = max(e["id"] for e in httpx.get(
            base + "/api/v1/games/Pegasus/events?format=json&limit=1000", headers=auth
        ).json())  # fmt: skip
        feed = {**auth, "Last-Event-ID": str(newest)}
        path = "/api/v1/games/Pegasus/events"
        for _ in range(20):  # warm: the hub, the pools, the first feeds' code paths
            opened(base, path, feed).close()
        time.sleep(2)
        before = settle(process.pid, 3, kib=True)
        started = time.monotonic()
        socks = [opened(base, path, feed) for _ in range(count)]
        took = time.monotonic() - started
        during = settle(process.pid, hold, kib=True)
        for sock in socks:  # heartbeats read, so nothing waits in the server for them
            with contextlib.suppress(BlockingIOError):
                sock.recv(65536)
        per = (during - before) / count
        return (f"{count} idle feeds (opened in {took:.1f} s): RSS {before / 1024:.1f} MiB "
                f"before, {during / 1024:.1f} MiB while open: {per:.1f} KiB per feed "
                f"(load {os.getloadavg()[0]:.2f})")  # fmt: skip
    finally:
        for sock in socks:
            sock.close()
        process.terminate()
        process.wait(10)


def _token(base: str) -> str:
    client = httpx.Client(base_url=base, timeout=60)
    olly = {"name": "Olly", "password": "correct horse battery"}
    signed = client.post("/api/v1/login", json=olly)
    return str(client.post("/api/v1/tokens", json={"label": "bench"},
                           headers={"X-CSRF-Token": signed.json()["csrf_token"]}
                           ).json()["token"])  # fmt: skip


def settle(pid: int, seconds: float, *, kib: bool = False) -> int:
    """The worker's RSS after ``seconds`` of watching it (the highest seen)."""
    high = 0
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        high = max(high, rss_kib(pid) if kib else rss(pid)[0])
        time.sleep(0.25)
    return high


def phase(db: str, env: dict[str, str], path: str, count: int, *, extra: dict[str, str],
          hold: float) -> str:  # fmt: skip
    process, base = serve(db, env)
    try:
        client = httpx.Client(base_url=base, timeout=60)
        signed = client.post(
            "/api/v1/login", json={"name": "Olly", "password": "correct horse battery"}
        )
        token = client.post(
            "/api/v1/tokens",
            json={"label": "bench"},
            headers={"X-CSRF-Token": signed.json()["csrf_token"]},
        ).json()["token"]
        before = rss(process.pid)[0]
        socks = [stalled(base, path, {"Authorization": f"Bearer {token}", **extra})
                 for _ in range(count)]  # fmt: skip
        during = settle(process.pid, hold)
        for sock in socks:
            sock.close()
        time.sleep(3)
        after, peak = rss(process.pid)
        return (f"{count} stalled readers of {path.partition('?')[0]}: RSS {before} MiB before, "
                f"{during} MiB while they stall, {after} MiB after they are gone "
                f"(peak {peak} MiB)")  # fmt: skip
    finally:
        process.terminate()
        process.wait(10)


def main() -> None:
    ask = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ask.add_argument("--poses", type=int, default=2500, help="poses in the scene")
    ask.add_argument("--size", type=int, default=7990, help="characters a pose (with its number)")
    ask.add_argument("--streams", type=int, default=20)
    ask.add_argument("--exports", type=int, default=12)
    ask.add_argument("--hold", type=float, default=15.0, help="seconds the readers stall")
    ask.add_argument("--code", help="another tree's src/ to run instead of this one")
    ask.add_argument("--idle", type=int, nargs="+", help="idle feeds to hold (one run each)")
    args = ask.parse_args()
    env = {**os.environ, "ROLLPLAY_FAST_PASSWORD_HASHING": "1", "ROLLPLAY_ACCESS_LOG": "0"}
    if args.code:
        env["PYTHONPATH"] = args.code
    with tempfile.TemporaryDirectory() as folder:
        db = f"sqlite:///{Path(folder) / 'bench.db'}"
        if args.idle:
            subprocess.run([sys.executable, "-c", SEED, db, "0", "10"], env=env, check=True)
            for count in args.idle:
                print(idle(db, env, count, args.hold), flush=True)
            return
        started = time.monotonic()
        subprocess.run([sys.executable, "-c", SEED, db, str(args.poses), str(args.size)],
                       env=env, check=True)  # fmt: skip
        size = Path(folder, "bench.db").stat().st_size // (1024 * 1024)
        print(f"a scene of {args.poses} poses of {args.size} characters ({size} MiB database, "
              f"made in {time.monotonic() - started:.0f} s)")  # fmt: skip
        print(phase(db, env, "/api/v1/games/Pegasus/events", args.streams,
                    extra={"Last-Event-ID": "0"}, hold=args.hold))  # fmt: skip
        print(phase(db, env, "/api/v1/games/Pegasus/scenes/1/export?format=markdown",
                    args.exports, extra={}, hold=args.hold))  # fmt: skip


if __name__ == "__main__":
    main()
