"""A closing host tells its streams when to come back (issue 39, "More than one host"): a host
sent SIGTERM (a service manager stopping it, a rolling restart) sends each live stream what it
had, then a ``retry:`` of its own (jittered, so they do not all return at once) and ends it
cleanly, and exits without cutting anything; the streams come back, with Last-Event-ID, to
the other host and miss nothing. A rolling restart of both hosts under a steady stream of
rolls (each with an Idempotency-Key, sent again to the other host when its connection fails)
loses and duplicates nothing, for every viewer. Two hosts in network namespaces of their own
on one PostgreSQL (netns.py)."""

from __future__ import annotations

import signal
from pathlib import Path

import pytest

from rollplay.server.closing import COME_BACK, SPREAD
from tests.hosts.clients import Ending, Follower, Poster
from tests.hosts.conftest import logged, newest
from tests.hosts.netns import Host, namespaces
from tests.server.process import token_for

pytestmark = [pytest.mark.live, pytest.mark.postgres]

CUT = "timeout graceful shutdown exceeded"  # uvicorn's line when it had to cut requests
VIEWERS = ("Stella", "Pia", "Otto", "Olly")


def _came_back(ending: Ending, host: Host) -> bool:
    """The stream on ``host`` ended cleanly, having been told when to come back."""
    return (ending.base == host.base and ending.clean and ending.retry is not None
            and COME_BACK <= ending.retry <= COME_BACK + SPREAD)  # fmt: skip


def _flowing(viewer: Follower, more: int) -> None:
    """Until ``viewer`` has ``more`` events beyond what it has now (each a bounded wait)."""
    goal = len(viewer.frames) + more
    while len(viewer.frames) < goal:
        assert viewer.wait_for(viewer.last + 1), "the rolls stopped coming"


def test_a_host_sent_sigterm_tells_each_stream_to_come_back_and_none_misses_anything(
    shared_db: str, tmp_path: Path
) -> None:
    """Host A runs two workers (each gets the signal from uvicorn's supervisor)."""
    with namespaces(2) as (space_a, space_b):
        a = Host("a", space_a, shared_db, tmp_path, workers=2)
        b = Host("b", space_b, shared_db, tmp_path)
        try:
            for host in (a, b):
                host.start()
            for host in (a, b):
                host.ready()
            after = newest(shared_db, "Pegasus")
            # As a proxy would: to A first, and after A, to B.
            viewers = [Follower([a.base, b.base], token_for(b.base, name), "Pegasus", after)
                       for name in VIEWERS]  # fmt: skip
            viewers.append(Follower([a.base, b.base], token_for(b.base, "Olly"), "Pegasus",
                                    after, path="/games/{game}/feed"))  # fmt: skip
            poster = Poster([b.base], token_for(b.base, "Pia"), pace=0.05, most=300)
            for viewer in viewers:
                viewer.start()
            try:
                assert all(viewer.connected.wait(30) for viewer in viewers)
                poster.start()
                for viewer in viewers:
                    _flowing(viewer, 5)
                a.send(signal.SIGTERM)
                a.ended()  # it exits (a bounded wait)
                for viewer in viewers:
                    _flowing(viewer, 5)  # back, on B
            finally:
                poster.stop()
            assert not poster.failed
            for viewer in viewers:
                assert viewer.wait_for(max(poster.answered.values()))
                viewer.stop()
            expected = logged(shared_db, "Pegasus", after)
            for viewer in viewers:
                assert viewer.opened[:2] == [a.base, b.base]
                assert _came_back(viewer.endings[0], a), viewer.endings[0]
                assert viewer.ids() == expected  # every event once, in order, across the move
            # Each was told a moment of its own, so they do not all come back at once.
            assert len({viewer.endings[0].retry for viewer in viewers}) > 1
            assert CUT not in (tmp_path / "a.1.log").read_text()
        finally:
            for host in (a, b):
                host.close()


def _restart(host: Host) -> None:
    host.send(signal.SIGTERM)
    host.ended()
    host.start()
    host.ready()


def test_a_rolling_restart_of_both_hosts_under_load_loses_and_duplicates_nothing(
    two: list[Host], shared_db: str, tmp_path: Path
) -> None:
    a, b = two
    after = newest(shared_db, "Pegasus")
    viewers = [Follower(bases, token_for(a.base, name), "Pegasus", after)
               for bases in ([a.base, b.base], [b.base, a.base]) for name in VIEWERS]  # fmt: skip
    viewers += [Follower(bases, token_for(a.base, "Olly"), "Pegasus", after,
                         path="/games/{game}/feed")
                for bases in ([a.base, b.base], [b.base, a.base])]  # fmt: skip
    poster = Poster([a.base, b.base], token_for(a.base, "Pia"), pace=0.05, most=1500)
    for viewer in viewers:
        viewer.start()
    try:
        assert all(viewer.connected.wait(30) for viewer in viewers)
        poster.start()
        _flowing(viewers[0], 5)
        _restart(a)
        _flowing(viewers[0], 5)
        _restart(b)
        _flowing(viewers[0], 5)
    finally:
        poster.stop()
    assert not poster.failed
    for viewer in viewers:
        assert viewer.wait_for(max(poster.answered.values()))
        viewer.stop()
    expected = logged(shared_db, "Pegasus", after)
    # Nothing lost, nothing twice: each roll sent (some of them twice, to two hosts, with one
    # key) is one event, and every event is a roll that was answered.
    assert sorted(poster.answered.values()) == expected
    assert len(set(poster.answered.values())) == len(poster.answered)
    for viewer in viewers:
        assert viewer.ids() == expected, viewer.endings
        # Every stream a restart ended was told when to come back; none was cut.
        assert all(_came_back(e, a) or _came_back(e, b) for e in viewer.endings), viewer.endings
        assert len(viewer.endings) >= 1
    for log in ("a.1.log", "b.1.log"):
        assert CUT not in (tmp_path / log).read_text()
