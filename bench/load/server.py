"""``rollplay serve`` as a real process on a free 127.0.0.1 port, and what /proc says about it
(its processes' memory, CPU time and open sockets)."""

from __future__ import annotations

import asyncio
import contextlib
import os
import resource
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path

import httpx

HOST = "127.0.0.1"  # the only address this benchmark ever talks to
ROOT = Path(__file__).resolve().parents[2]


# Every viewer of a bench comes from 127.0.0.1, hundreds of them as a few users: the
# server's caps on live streams (docs/deploy.md, Limits) are for people, so the bench's
# server has them raised (a viewer refused would only measure the cap).
STREAM_CAPS = {"ROLLPLAY_STREAMS_PER_USER": "100000", "ROLLPLAY_STREAMS_PER_ADDRESS": "100000"}


def raise_fd_limit() -> int:
    """This process's open-file limit raised to its hard limit (the server, started from
    here, inherits it): a thousand viewers are a thousand sockets on each side."""
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if soft < hard:
        resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))
    return resource.getrlimit(resource.RLIMIT_NOFILE)[0]


def free_port() -> int:
    with socket.socket() as s:
        s.bind((HOST, 0))
        return int(s.getsockname()[1])


class Server:
    """The server in its own process group, so its uvicorn workers stop with it."""

    def __init__(self, db: str, workers: int, log: Path, env: dict[str, str] | None = None) -> None:
        self.port = free_port()
        self.url = f"http://{HOST}:{self.port}"
        self.log = log
        self.db = db
        self.database = _database_name(db)
        env = {**os.environ, **STREAM_CAPS, **(env or {}), "NO_COLOR": "1",
               "PYTHONUNBUFFERED": "1"}  # fmt: skip
        # This checkout's code, whatever is installed.
        env["PYTHONPATH"] = os.pathsep.join(
            filter(None, (str(ROOT / "src"), env.get("PYTHONPATH")))
        )
        serve = ["serve", "--db", db, "--host", HOST, "--port", str(self.port)]
        command = [sys.executable, "-m", "rollplay", *serve, "--workers", str(workers)]
        with log.open("wb") as out:  # a file, not a pipe: a full pipe would stall the server
            self.proc = subprocess.Popen(
                command, stdout=out, stderr=subprocess.STDOUT, env=env, start_new_session=True
            )

    async def wait_ready(self, workers: int, timeout: float = 60.0) -> None:
        """/healthz answers, and every worker has started (uvicorn's parent answers nothing
        itself, but a request can reach a worker still importing the app)."""
        deadline = time.monotonic() + timeout
        async with httpx.AsyncClient(base_url=self.url, trust_env=False) as client:
            while time.monotonic() < deadline:
                if self.proc.poll() is not None:
                    raise RuntimeError(f"the server exited:\n{self.log_tail()}")
                with contextlib.suppress(httpx.TransportError):
                    if (await client.get("/healthz", timeout=2)).status_code == 200:
                        started = self.log.read_text(errors="replace").count(
                            "Application startup complete"
                        )
                        if started >= workers:
                            return
                await asyncio.sleep(0.1)
        raise RuntimeError(f"the server was not ready in {timeout:.0f} s:\n{self.log_tail()}")

    def pids(self) -> list[int]:
        """The server's process and its descendants (uvicorn's workers)."""
        parents = _parents()
        found, todo = [], [self.proc.pid]
        while todo:
            pid = todo.pop()
            found.append(pid)
            todo.extend(child for child, parent in parents.items() if parent == pid)
        return found

    def rss_kib(self) -> int:
        """Resident memory of all the server's processes, summed."""
        total = 0
        for pid in self.pids():
            with contextlib.suppress(OSError):
                for line in Path(f"/proc/{pid}/status").read_text().splitlines():
                    if line.startswith("VmRSS:"):
                        total += int(line.split()[1])
        return total

    def cpu(self) -> dict[str, float]:
        """CPU seconds so far: the server's, this process's, the database's (the PostgreSQL
        server, when it runs on this machine) and the whole machine's busy time."""
        own = resource.getrusage(resource.RUSAGE_SELF)
        return {
            "wall": time.perf_counter(),
            "server": cpu_seconds(self.pids()),
            "client": own.ru_utime + own.ru_stime,
            "database": database_cpu_seconds(self.database) if self.database else 0.0,
            "machine": machine_busy_seconds(),
        }

    def workers(self) -> list[int]:
        """The processes that serve: uvicorn's spawned workers, or the server itself when it
        has none (one worker); not multiprocessing's resource tracker."""
        spawned = [pid for pid in self.pids() if b"spawn_main" in _cmdline(pid)]
        return spawned or [self.proc.pid]

    def sockets_per_worker(self) -> list[int]:
        """Open sockets of each worker: with the viewers connected, how the kernel spread
        them (a worker's listening socket and database connections are in it too)."""
        counts = []
        for pid in self.workers():
            with contextlib.suppress(OSError):
                fds = Path(f"/proc/{pid}/fd").iterdir()
                counts.append(sum(1 for fd in fds if _link(fd).startswith("socket:")))
        return counts

    def log_tail(self, lines: int = 20) -> str:
        try:
            return "\n".join(self.log.read_text(errors="replace").splitlines()[-lines:])
        except OSError:
            return "(no log)"

    def stop(self) -> None:
        if self.proc.poll() is not None:
            return
        with contextlib.suppress(ProcessLookupError):
            os.killpg(self.proc.pid, signal.SIGTERM)
        try:
            self.proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            with contextlib.suppress(ProcessLookupError):
                os.killpg(self.proc.pid, signal.SIGKILL)
            self.proc.wait(timeout=10)


def cores(before: dict[str, float], after: dict[str, float]) -> dict[str, float]:
    """Each party's CPU between two ``Server.cpu`` readings, in cores; "others" is what the
    machine spent on anything else (another program's load skews a run: it shows here)."""
    wall = after["wall"] - before["wall"]
    used = {k: (after[k] - before[k]) / wall for k in after if k != "wall"}
    used["others"] = max(0.0, used["machine"] - used["server"] - used["client"] - used["database"])
    return {k: round(v, 2) for k, v in used.items()}


async def wait_quiet(limit: float, below: float) -> float:
    """Wait up to ``limit`` seconds for the machine to be idle (under ``below`` cores busy
    over a second): another program's load would skew the run. Returns the last reading."""
    deadline = time.monotonic() + limit
    while True:
        start, t0 = machine_busy_seconds(), time.perf_counter()
        await asyncio.sleep(1.0)
        busy = (machine_busy_seconds() - start) / (time.perf_counter() - t0)
        if busy < below or time.monotonic() >= deadline:
            return round(busy, 2)


def cpu_seconds(pids: list[int], *, reaped: bool = False) -> float:
    """User + system CPU of the live processes ``pids`` (utime, stime in /proc/PID/stat),
    and with ``reaped`` that of their children that have ended (cutime, cstime)."""
    ticks = 0
    for pid in pids:
        with contextlib.suppress(OSError, IndexError, ValueError):
            fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
            ticks += sum(int(f) for f in fields[11 : 15 if reaped else 13])
    return ticks / os.sysconf("SC_CLK_TCK")


def database_cpu_seconds(database: str) -> float:
    """The CPU of the whole PostgreSQL server that holds ``database``, when it runs here: its
    postmaster and every child, those that have ended included (a connection the pool drops
    is a backend process that ends)."""
    found = backends(database)
    if not found:
        return 0.0
    parents = _parents()
    master = parents.get(found[0], 0)
    children = [pid for pid, parent in parents.items() if parent == master]
    return cpu_seconds(children) + cpu_seconds([master], reaped=True)


def backends(database: str) -> list[int]:
    """A PostgreSQL server's processes for ``database`` on this machine (their command line
    reads "postgres: USER DATABASE ..."); none for a server elsewhere."""
    found = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdecimal():
            words = _cmdline(int(entry.name)).split()
            if len(words) > 2 and words[0] == b"postgres:" and words[2] == database.encode():
                found.append(int(entry.name))
    return found


def machine_busy_seconds() -> float:
    """CPU time the whole machine has spent not idle (all cores; /proc/stat): with the
    server's and this process's own, it shows what the database took and whether the
    machine's cores were all busy."""
    fields = [int(x) for x in Path("/proc/stat").read_text().split("\n", 1)[0].split()[1:]]
    idle = fields[3] + fields[4]  # idle, iowait
    return (sum(fields[:8]) - idle) / os.sysconf("SC_CLK_TCK")


def _parents() -> dict[int, int]:
    """Each process's parent (/proc/PID/stat)."""
    parents: dict[int, int] = {}
    for entry in Path("/proc").iterdir():
        if entry.name.isdecimal():
            with contextlib.suppress(OSError, IndexError, ValueError):
                stat = (entry / "stat").read_text()
                parents[int(entry.name)] = int(stat.rsplit(")", 1)[1].split()[1])
    return parents


def _database_name(url: str) -> str | None:
    """The PostgreSQL database of ``url`` (None for SQLite, which runs in the server)."""
    from sqlalchemy import make_url

    parsed = make_url(url)
    return parsed.database if parsed.get_backend_name() == "postgresql" else None


def _cmdline(pid: int) -> bytes:
    try:
        return Path(f"/proc/{pid}/cmdline").read_bytes()
    except OSError:
        return b""


def _link(path: Path) -> str:
    try:
        return os.readlink(path)
    except OSError:
        return ""
