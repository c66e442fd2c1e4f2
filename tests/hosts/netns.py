"""Server hosts on this one machine (issue 39, "More than one host"): each a network namespace
the test makes itself, joined to ours by a veth pair, with addresses from a range of its own
(a /30 of 10.239.0.0/16 each, chosen from the test process's id so parallel runs differ),
and a real ``rollplay serve`` inside it (``ip netns exec``) bound to that address, all of
them on ONE PostgreSQL database, which they reach over its unix socket (a socket file is not
behind a network namespace; a TCP ``localhost`` would be the namespace's own).

What a test makes is always taken down (its servers' process groups killed, its links and
namespaces deleted), even when it fails. Traffic goes only to the namespaces' addresses.
Needs root, iproute2's ``ip`` and a PostgreSQL URL on a unix socket: else the tests skip and
say which (``why_not``)."""

from __future__ import annotations

import contextlib
import itertools
import os
import shutil
import signal
import subprocess
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import NamedTuple

import pytest
import sqlalchemy as sa

from tests.databases import NO_POSTGRES, POSTGRES
from tests.server.process import Started, start, stop, wait_healthy

PORT = 8000  # each host is a namespace of its own: the same port in each is no clash
RANGE = (10, 239)  # 10.239.0.0/16: the /30s the tests' namespaces take addresses from
BLOCKS = 16384  # /30s in that range
STARTING = 120.0  # seconds a server may take to answer /healthz on a busy machine
_made = itertools.count()


def why_not() -> str | None:
    """Why the host tests cannot run here (None: they can)."""
    if os.geteuid() != 0:
        return "needs root: the host tests make network namespaces (tests/hosts)"
    if shutil.which("ip") is None:
        return "needs iproute2's `ip` to make network namespaces (tests/hosts)"
    if not POSTGRES:
        return NO_POSTGRES
    if not str(sa.make_url(POSTGRES).query.get("host", "")).startswith("/"):
        return ("the host tests reach PostgreSQL from inside network namespaces: give "
                "ROLLPLAY_TEST_POSTGRES_URL a unix socket (?host=/its/directory)")  # fmt: skip
    return None


class Namespace(NamedTuple):
    name: str
    outside: str  # the veth end in the test's namespace
    inside: str  # its peer, in the namespace
    gateway: str  # the outside end's address
    address: str  # the inside end's: where the namespace's server listens


def _ip(*args: str, netns: str | None = None, check: bool = True) -> str:
    command = ["ip", *args] if netns is None else ["ip", "netns", "exec", netns, "ip", *args]
    done = subprocess.run(command, check=check, capture_output=True, text=True, timeout=20)
    return done.stdout


def _taken() -> set[str]:
    shown = subprocess.run(["ip", "-o", "-4", "addr", "show"], check=True, timeout=20,
                           capture_output=True, text=True).stdout  # fmt: skip
    return {word.split("/")[0] for word in shown.split() if word.startswith("10.239.")}


def _block(seq: int) -> tuple[str, str]:
    """A /30 no interface here holds yet: its two addresses (ours, the namespace's)."""
    taken = _taken()
    first = (os.getpid() * 8 + seq * 2) % BLOCKS
    for block in itertools.chain(range(first, BLOCKS), range(first)):
        base = block * 4
        ours = f"{RANGE[0]}.{RANGE[1]}.{base // 256}.{base % 256 + 1}"
        theirs = f"{RANGE[0]}.{RANGE[1]}.{base // 256}.{base % 256 + 2}"
        if ours not in taken and theirs not in taken:
            return ours, theirs
    raise AssertionError("no free /30 in 10.239.0.0/16 for a test namespace")


def _make(seq: int, made: list[Namespace]) -> None:
    tag = f"{os.getpid()}x{seq}"  # names are at most 15 characters: rp + pid + x + n + a
    gateway, address = _block(seq)
    space = Namespace(f"rollplay-{tag}", f"rp{tag}a", f"rp{tag}b", gateway, address)
    made.append(space)  # before anything is made, so whatever was is taken down
    try:
        _ip("netns", "add", space.name)
    except subprocess.CalledProcessError as exc:  # root, but in a sandbox that forbids it
        made.pop()
        pytest.skip(f"cannot make a network namespace here: {exc.stderr.strip()[:200]}")
    _ip("link", "add", space.outside, "type", "veth", "peer", "name", space.inside)
    _ip("link", "set", space.inside, "netns", space.name)
    _ip("addr", "add", f"{space.gateway}/30", "dev", space.outside)
    _ip("link", "set", space.outside, "up")
    _ip("addr", "add", f"{space.address}/30", "dev", space.inside, netns=space.name)
    _ip("link", "set", space.inside, "up", netns=space.name)
    _ip("link", "set", "lo", "up", netns=space.name)


def _remove(space: Namespace) -> None:
    """The namespace's link and itself, and any process still in it (a server the test
    did not stop: the namespace is the test's own, so is everything in it)."""
    for pid in _ip("netns", "pids", space.name, check=False).split():
        with contextlib.suppress(ProcessLookupError, ValueError):
            os.kill(int(pid), signal.SIGKILL)
    _ip("link", "del", space.outside, check=False)  # deletes its peer too
    _ip("netns", "del", space.name, check=False)


def _sweep() -> None:
    """What a test run killed outright (SIGKILL: no ``finally``) left: namespaces named for a
    process that is gone, with their links."""
    for line in _ip("netns", "list", check=False).splitlines():
        name = line.split(" ", 1)[0]
        tag = name.removeprefix("rollplay-")
        pid, _, seq = tag.partition("x")
        if name == tag or not pid.isdecimal() or not seq.isdecimal():
            continue
        if not os.path.exists(f"/proc/{pid}"):
            _remove(Namespace(name, f"rp{tag}a", f"rp{tag}b", "", ""))


@contextmanager
def namespaces(count: int) -> Iterator[list[Namespace]]:
    """``count`` namespaces, each with its veth pair and addresses; removed afterwards."""
    made: list[Namespace] = []
    _sweep()
    try:
        for _ in range(count):
            _make(next(_made), made)
        yield made
    finally:
        for space in made:
            _remove(space)


class Host:
    """One server host: ``rollplay serve`` in ``space``, on ``db``; started, killed and
    started again as a test says. Its output goes to a log per start, under ``logs``."""

    def __init__(self, label: str, space: Namespace, db: str, logs: Path, *,
                 env: dict[str, str] | None = None, workers: int = 1) -> None:  # fmt: skip
        self.label, self.space, self.db, self.logs = label, space, db, logs
        self.env = {"ROLLPLAY_STREAMS_PER_ADDRESS": "200", **(env or {})}
        self.workers = workers
        self.base = f"http://{space.address}:{PORT}"
        self.started: Started | None = None
        self.starts = 0

    @property
    def log(self) -> Path:
        return self.logs / f"{self.label}.{self.starts}.log"

    def start(self) -> None:
        assert self.started is None
        self.starts += 1
        self.started = start(self.db, self.workers, self.log, self.env, None,
                             host=self.space.address, port=PORT,
                             inside=("ip", "netns", "exec", self.space.name))  # fmt: skip

    def ready(self) -> None:
        assert self.started is not None
        wait_healthy(self.base, self.started.process, STARTING)

    def send(self, number: int) -> None:
        """``number`` (SIGTERM, as a service manager stops it) to the server's process."""
        assert self.started is not None
        self.started.process.send_signal(number)

    def kill(self) -> None:
        """SIGKILL to every process of the host: it dies mid-flow, with nothing said."""
        assert self.started is not None
        with contextlib.suppress(ProcessLookupError):
            os.killpg(self.started.process.pid, signal.SIGKILL)
        self.ended()

    def ended(self, seconds: float = 30.0) -> int:
        """Wait (up to ``seconds``) for the server to exit; its exit status."""
        assert self.started is not None
        try:
            code = self.started.process.wait(timeout=seconds)
        finally:
            stop(self.started)  # whatever is left of its group, and its log closed
            self.started = None
        return code

    def close(self) -> None:
        if self.started is not None:
            stop(self.started)
            self.started = None


@contextmanager
def hosts(db: str, logs: Path, count: int = 2, env: dict[str, str] | None = None,
          workers: int = 1) -> Iterator[list[Host]]:  # fmt: skip
    """``count`` hosts on ``db``, each in a namespace of its own, started side by side and
    answering; afterwards every process group killed and every namespace removed."""
    with namespaces(count) as spaces:
        made = [Host("ab"[n] if n < 2 else str(n), space, db, logs, env=env, workers=workers)
                for n, space in enumerate(spaces)]  # fmt: skip
        try:
            for host in made:
                host.start()
            for host in made:
                host.ready()
            yield made
        finally:
            for host in made:
                host.close()
