"""A flood of password work against a real server (issue 29; docs/performance.md, "Password
floods"): bogus invite accepts, or wrong sign-ins spread over many names and addresses,
from C concurrent clients for D seconds, while a player rolls twice a second. Reports the
answers' statuses, the rolls' latency and the server's peak memory (VmHWM, the process and
its children).

Run (from the repository)::

    .venv/bin/python bench/password_flood.py --kind invite --clients 60 --seconds 10
    .venv/bin/python bench/password_flood.py --kind sign-in --clients 60 --seconds 10
    .venv/bin/python bench/password_flood.py --src /tmp/base/src ...  # another checkout's code

The server runs with production password hashing (argon2id, 64 MiB) on a fresh SQLite
database on 127.0.0.1. ``--spread`` sends each request with its own ``X-Forwarded-For``
address (uvicorn trusts it from 127.0.0.1), as a flood from many machines would arrive, so
the per-address throttle does not stop it and the hashing gate is what holds.
"""

from __future__ import annotations

import argparse
import os
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from collections import Counter
from pathlib import Path

import httpx

PASSWORD = "correct horse battery"


def _port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def _tree_peak(pid: int) -> int:
    """Peak resident memory (KiB) of a process and its children."""
    total, todo = 0, [pid]
    while todo:
        p = todo.pop()
        try:
            status = Path(f"/proc/{p}/status").read_text()
            total += int(next(line.split()[1] for line in status.splitlines()
                              if line.startswith("VmHWM:")))  # fmt: skip
            for task in Path(f"/proc/{p}/task").iterdir():
                todo += [int(c) for c in (task / "children").read_text().split()]
        except (OSError, StopIteration):
            continue
    return total


def _setup(db: str, src: str) -> None:
    code = (
        "from rollplay.table.service import Table\n"
        f"t = Table({db!r}); t.add_examples(); t.add_user('Pia')\n"
        f"t.set_password('Pia', {PASSWORD!r})\n"
        "t.add_member('Pegasus', 'Pia', 'player', ('Nikos',))\n"
    )  # fmt: skip
    subprocess.run([sys.executable, "-c", code], check=True, env=_env(src))


def _env(src: str) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if k != "ROLLPLAY_FAST_PASSWORD_HASHING"}
    return {**env, "PYTHONPATH": src, "ROLLPLAY_ACCESS_LOG": "0"}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--kind", choices=("invite", "sign-in"), default="invite")
    parser.add_argument("--clients", type=int, default=60)
    parser.add_argument("--seconds", type=float, default=10.0)
    parser.add_argument("--spread", action="store_true", help="a new address per request")
    parser.add_argument("--src", default=str(Path(__file__).parents[1] / "src"))
    args = parser.parse_args(argv)
    folder = Path(tempfile.mkdtemp(prefix="rollplay-flood-"))
    db = f"sqlite:///{folder / 'flood.db'}"
    _setup(db, args.src)
    port = _port()
    base = f"http://127.0.0.1:{port}"
    server = subprocess.Popen(
        [sys.executable, "-m", "rollplay", "serve", "--db", db, "--port", str(port)],
        env=_env(args.src), stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
    )  # fmt: skip
    try:
        return _run(args, base, server.pid)
    finally:
        server.terminate()
        try:
            server.wait(10)
        except subprocess.TimeoutExpired:
            server.kill()


def _run(args: argparse.Namespace, base: str, pid: int) -> int:
    for _ in range(200):
        try:
            if httpx.get(f"{base}/healthz", timeout=1).status_code == 200:
                break
        except httpx.TransportError:
            time.sleep(0.1)
    pia = httpx.Client(base_url=base, timeout=60)
    csrf = pia.post("/api/v1/login", json={"name": "Pia", "password": PASSWORD}).json()
    headers = {"X-CSRF-Token": csrf["csrf_token"]}
    idle = _tree_peak(pid)
    stop = time.monotonic() + args.seconds
    statuses: Counter[int | str] = Counter()
    lock = threading.Lock()
    sent = iter(range(10**9))

    def flood() -> None:
        with httpx.Client(base_url=base, timeout=120) as client:
            while time.monotonic() < stop:
                n = next(sent)
                extra = {"X-Forwarded-For": f"10.{n >> 16 & 255}.{n >> 8 & 255}.{n & 255}"}
                try:
                    if args.kind == "invite":
                        body = {"token": f"inv_bogus{n}", "name": f"Flood {n}",
                                "password": "x" * 1024}  # fmt: skip
                        answer = client.post("/api/v1/invites/accept", json=body,
                                             headers=extra if args.spread else None)  # fmt: skip
                    else:
                        body = {"name": f"Flood {n}", "password": "x" * 1024}
                        answer = client.post("/api/v1/login", json=body,
                                             headers=extra if args.spread else None)  # fmt: skip
                    said: int | str = answer.status_code
                except httpx.TransportError as exc:
                    said = type(exc).__name__
                with lock:
                    statuses[said] += 1

    threads = [threading.Thread(target=flood) for _ in range(args.clients)]
    for t in threads:
        t.start()
    rolls: list[float] = []
    peak = idle
    while time.monotonic() < stop:
        started = time.perf_counter()
        rolled = pia.post("/api/v1/games/Pegasus/commands", json={"text": "roll Firearms"},
                          headers=headers)  # fmt: skip
        rolls.append(time.perf_counter() - started)
        assert rolled.status_code == 200, rolled.text
        peak = max(peak, _tree_peak(pid))
        time.sleep(max(0.0, 0.5 - rolls[-1]))
    for t in threads:
        t.join()
    peak = max(peak, _tree_peak(pid))
    print(f"{args.kind} flood, {args.clients} clients, {args.seconds:g} s"
          f"{', spread over addresses' if args.spread else ''}: {sum(statuses.values())} requests "
          f"{dict(sorted(statuses.items(), key=str))}")  # fmt: skip
    print(f"rolls: {len(rolls)}, median {statistics.median(rolls) * 1000:.0f} ms, "
          f"max {max(rolls) * 1000:.0f} ms")  # fmt: skip
    print(f"server memory: {idle / 1024:.0f} MiB before, peak {peak / 1024:.0f} MiB")
    return 0


if __name__ == "__main__":
    sys.exit(main())
