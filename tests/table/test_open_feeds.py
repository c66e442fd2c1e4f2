"""The live feeds counted in the database (issue 39, "caps across hosts"): a user's and an
address's stream caps hold across every worker on one database, a closed feed frees its
slot for all of them, a worker gone without a word (SIGKILL) stops counting once its lease
runs out, and takes racing on several workers at once never pass a cap. Each ``Feeds`` here
stands for one worker."""

from __future__ import annotations

import threading
import time
from collections.abc import Iterator

import pytest
from sqlalchemy.exc import OperationalError

from rollplay.table.access import feeds
from rollplay.table.access.feeds import Feeds, Full
from rollplay.table.service import Table

pytestmark = pytest.mark.storage  # counted under PostgreSQL's locks and SQLite's one writer


@pytest.fixture
def table(db_url: str) -> Iterator[Table]:
    table = Table(db_url)
    yield table
    table.close()


def test_a_users_cap_holds_across_workers_and_a_free_opens_a_slot_on_each(table: Table) -> None:
    first, second = Feeds(table), Feeds(table)
    held = [first.take("Pia", "10.0.0.1", 3, 60) for _ in range(2)]
    held.append(second.take("Pia", "10.0.0.2", 3, 60))
    with pytest.raises(Full) as refused:
        first.take("Pia", "10.0.0.1", 3, 60)
    assert refused.value == Full("user", 3)
    with pytest.raises(Full):
        second.take("Pia", "10.0.0.3", 3, 60)
    assert second.take("Otto", "10.0.0.2", 3, 60)  # another player still has room
    first.free(held[0])
    first.free(held[0])  # freed once, however often it is called
    second.take("Pia", "10.0.0.2", 3, 60)
    with pytest.raises(Full):
        first.take("Pia", "10.0.0.1", 3, 60)


def test_an_address_cap_holds_across_workers_and_users(table: Table) -> None:
    first, second = Feeds(table), Feeds(table)
    first.take("Pia", "10.0.0.1", 20, 3)
    second.take("Otto", "10.0.0.1", 20, 3)
    second.take("Stella", "10.0.0.1", 20, 3)
    with pytest.raises(Full) as refused:
        first.take("Olly", "10.0.0.1", 20, 3)
    assert refused.value == Full("address", 3)
    first.take("Olly", "10.0.0.9", 20, 3)  # from elsewhere
    first.take("Olly", None, 20, 3)  # no address known: counted by user only
    first.take("Olly", "10.0.0.1", 20, None)  # no address cap


def test_a_worker_killed_stops_counting_once_its_lease_runs_out(table: Table) -> None:
    killed, alive = Feeds(table, lease=1.0), Feeds(table)
    for _ in range(3):
        killed.take("Pia", "10.0.0.1", 3, 60)
    with pytest.raises(Full):
        alive.take("Pia", "10.0.0.2", 3, 60)
    # ``killed`` never renews: within a bounded wait its lease runs out and its slots free.
    took = None
    for _ in range(100):
        try:
            took = alive.take("Pia", "10.0.0.2", 3, 60)
            break
        except Full:
            time.sleep(0.05)
    assert took is not None
    alive.renew()  # a renewal anywhere forgets the dead holder and its feeds
    assert killed.holder not in _holders(table)


def test_a_renewed_lease_keeps_a_workers_feeds_counted(table: Table) -> None:
    worker, other = Feeds(table, lease=1.0), Feeds(table)
    for _ in range(3):
        worker.take("Pia", "10.0.0.1", 3, 60)
    for _ in range(6):  # twice the lease, renewed every third of it
        worker.renew()
        with pytest.raises(Full):
            other.take("Pia", "10.0.0.2", 3, 60)
        time.sleep(worker.lease / 3)


def test_a_worker_swept_away_holds_its_feeds_again_when_it_renews(table: Table) -> None:
    """Out of reach past its lease and swept by another worker, a worker still holding its
    feeds counts them again as soon as it renews."""
    worker, other = Feeds(table, lease=1.0), Feeds(table)
    for _ in range(3):
        worker.take("Pia", "10.0.0.1", 3, 60)
    while worker.holder in _holders(table):
        time.sleep(0.05)
        other.renew()  # sweeps the expired holder
    worker.renew()
    with pytest.raises(Full):
        other.take("Pia", "10.0.0.2", 3, 60)


def test_a_restarted_worker_clears_its_own_old_rows(table: Table) -> None:
    """A worker started again on the same host with the same process id (a container's
    restart) clears what its earlier self held, without waiting for the lease."""
    before = Feeds(table)
    before.pid = 4_000_000  # a process of this host that is not this one
    for _ in range(3):
        before.take("Pia", "10.0.0.1", 3, 60)
    feeds._HERE.discard(before.holder)  # it was another process's (this one keeps its own)
    elsewhere = Feeds(table)
    elsewhere.host, elsewhere.pid = "another-host", 4_000_000
    elsewhere.take("Otto", "10.0.0.1", 1, 60)
    again = Feeds(table)
    again.pid = 4_000_000
    again.start()
    assert again.take("Pia", "10.0.0.1", 3, 60)
    with pytest.raises(Full):  # another host's process of the same id is left alone
        again.take("Otto", "10.0.0.1", 1, 60)


def test_a_free_that_fails_is_done_at_the_next_renewal(
    table: Table, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A feed closed while the database is out of reach: its slot is not kept for as long as
    its worker lives, but freed when the worker next renews its lease."""
    worker, other = Feeds(table), Feeds(table)
    number = worker.take("Pia", "10.0.0.1", 1, 60)
    reachable = table.transaction

    def unreachable() -> None:
        raise OperationalError("DELETE", {}, Exception("the database went away"))

    monkeypatch.setattr(table, "transaction", unreachable)
    with pytest.raises(OperationalError):
        worker.free(number)
    monkeypatch.setattr(table, "transaction", reachable)
    with pytest.raises(Full):
        other.take("Pia", "10.0.0.2", 1, 60)
    worker.renew()
    assert other.take("Pia", "10.0.0.2", 1, 60)


def test_a_stopped_worker_frees_every_slot_it_held(table: Table) -> None:
    worker, other = Feeds(table), Feeds(table)
    for _ in range(3):
        worker.take("Pia", "10.0.0.1", 3, 60)
    worker.stop()
    assert other.take("Pia", "10.0.0.1", 3, 60)


@pytest.mark.parametrize("by", ["user", "address"])
def test_takes_racing_on_several_workers_never_pass_the_cap(table: Table, by: str) -> None:
    workers = [Feeds(table) for _ in range(4)]
    for worker in workers:
        worker.start()
    cap, threads_each, tries = 5, 4, 3
    taken: list[int] = []
    refused: list[Full] = []
    gate = threading.Barrier(len(workers) * threads_each)

    def race(worker: Feeds, n: int) -> None:
        gate.wait()
        for attempt in range(tries):
            user = "Pia" if by == "user" else f"player{n}-{attempt}"
            try:
                taken.append(worker.take(user, "10.0.0.1", cap, cap if by == "address" else None))
            except Full as full:
                refused.append(full)

    threads = [threading.Thread(target=race, args=(worker, n))
               for n, worker in enumerate(workers * threads_each)]  # fmt: skip
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert len(taken) == cap
    assert len(refused) == len(threads) * tries - cap
    assert {full.who for full in refused} == {by}
    assert sum(workers[0].counted().values()) == cap


def _holders(table: Table) -> set[str]:
    from sqlalchemy import select

    from rollplay.table.store.feeds import FeedHolder

    with table.reading() as s:
        return set(s.scalars(select(FeedHolder.id)))
