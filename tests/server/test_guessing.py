"""Guessing passwords and invite links, and flooding the password hashing: the throttle
counts attempts in the database per address and name together (a stranger cannot lock a user
out), holds across parallel requests and workers, and a bogus invite link costs no hash; a
full password queue answers 503 at once while the table keeps rolling."""

from __future__ import annotations

import threading
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from datetime import UTC, datetime, timedelta

import pytest
import sqlalchemy as sa
from fastapi.testclient import TestClient

from rollplay.server.app import create_app
from rollplay.table.access import passwords, throttle
from rollplay.table.service import Table
from tests.server.conftest import PASSWORD, sign_in

PATIENCE = 30.0  # only a guard against a hung test: nothing here is timed
STRANGER, HOME = ("203.0.113.66", 4000), ("198.51.100.7", 5000)


def _client(server_db: str, address: tuple[str, int] = HOME) -> TestClient:
    return TestClient(create_app(server_db), base_url="http://testserver", client=address)


@pytest.fixture
def two_workers(server_db: str) -> Iterator[tuple[TestClient, TestClient]]:
    """Two apps on one database, as two server processes are; both from STRANGER."""
    with _client(server_db, STRANGER) as one, _client(server_db, STRANGER) as two:
        yield one, two


def _guess(client: TestClient, name: str = "Pia", password: str = "not the password") -> int:
    return int(client.post("/api/v1/login", json={"name": name, "password": password}).status_code)


@pytest.mark.storage
def test_a_strangers_guesses_do_not_lock_the_user_out(server_db: str) -> None:
    with _client(server_db, STRANGER) as stranger, _client(server_db, HOME) as pia:
        said = [_guess(stranger) for _ in range(10)]
        assert said[: throttle.SIGN_IN.free] == [401] * throttle.SIGN_IN.free
        assert set(said[throttle.SIGN_IN.free :]) == {429}
        refused = stranger.post("/api/v1/login", json={"name": "Pia", "password": PASSWORD})
        assert refused.status_code == 429  # the right password too, from the stranger's
        assert int(refused.headers["retry-after"]) >= 1
        assert set(refused.json()) == {"error"}
        form = stranger.post("/login", data={"name": "Pia", "password": PASSWORD})
        assert form.status_code == 429  # the sign-in page says so too
        assert "too many failed sign-ins" in form.text
        assert _guess(pia, password=PASSWORD) == 200  # Pia, at home, gets in at once
        page = pia.post("/login", data={"name": "Pia", "password": PASSWORD},
                        follow_redirects=False)  # fmt: skip
        assert page.status_code == 303


@pytest.mark.parametrize("other", ["\uff30ia", "\U0001d40fia", "PIA"])  # full-width, bold
def test_every_form_of_a_name_shares_its_throttle(server_db: str, other: str) -> None:
    """Sign-in finds the user by the name's NFKC form in any case, so the throttle counts
    that form: another spelling of the one account earns no fresh burst."""
    with _client(server_db, STRANGER) as stranger:
        assert [_guess(stranger) for _ in range(throttle.SIGN_IN.free)] == [401] * 5
        assert _guess(stranger, other) == 429


@pytest.mark.storage
def test_the_throttle_holds_across_workers_and_parallel_requests(
    two_workers: tuple[TestClient, TestClient],
) -> None:
    one, two = two_workers
    with ThreadPoolExecutor(8) as pool:
        said = list(pool.map(lambda i: _guess((one, two)[i % 2]), range(16)))
    assert said.count(401) <= throttle.SIGN_IN.free  # no more guesses heard than a burst
    assert said.count(429) >= 16 - throttle.SIGN_IN.free
    assert _guess(one, password=PASSWORD) == 429  # each worker knows what the other counted
    assert _guess(two, password=PASSWORD) == 429


def test_the_wait_doubles_and_lapses(server_db: str, monkeypatch: pytest.MonkeyPatch) -> None:
    table = Table(server_db)
    clock = [datetime(2026, 11, 26, 3, 0, tzinfo=UTC)]
    monkeypatch.setattr(throttle, "now", lambda: clock[0])
    keys = throttle.sign_in_keys("203.0.113.66", "Pia")

    def waits() -> int:
        try:
            throttle.claim(table, keys)
        except throttle.TryLater as refused:
            return refused.retry_after
        return 0

    assert [waits() for _ in range(throttle.SIGN_IN.free)] == [0] * throttle.SIGN_IN.free
    seen = []
    for _ in range(4):
        seen.append(waits())
        clock[0] += timedelta(seconds=seen[-1])
        assert waits() == 0  # heard once the wait is over
    assert seen == [1, 2, 4, 8]
    clock[0] += timedelta(seconds=throttle.SIGN_IN.lapse + 60)
    assert waits() == 0  # an hour of quiet starts the count again
    policies = (throttle.SIGN_IN, throttle.ADDRESS, throttle.INVITE_ADDRESS, throttle.INVITE_LINK)
    assert all(p.lapse > p.most for p in policies)  # the slowest guesser gets no new burst
    throttle.passed(table, keys)  # and a right password clears it at once
    assert [waits() for _ in range(throttle.SIGN_IN.free - 1)] == [0] * 4


@pytest.mark.storage
def test_a_flood_of_new_names_leaves_no_rows_behind(
    server_db: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    table = Table(server_db)
    clock = [datetime(2026, 11, 26, 3, 0, tzinfo=UTC)]
    monkeypatch.setattr(throttle, "now", lambda: clock[0])
    for n in range(30):  # each from an address of its own, for a name of its own
        throttle.claim(table, throttle.sign_in_keys(f"10.0.0.{n}", f"Nobody {n}"))
    with table.engine.connect() as conn:
        assert conn.execute(sa.text("SELECT count(*) FROM throttle")).scalar_one() == 60
    clock[0] += throttle.FORGET + timedelta(seconds=1)
    throttle.claim(table, throttle.sign_in_keys("10.0.1.1", "Late"))
    with table.engine.connect() as conn:
        assert conn.execute(sa.text("SELECT count(*) FROM throttle")).scalar_one() == 2


class Counting(passwords.Gate):
    """The password gate, counting the hashes let through."""

    def __init__(self, workers: int = 2, queue: int = 8) -> None:
        super().__init__(workers, queue)
        self.entered = 0

    def __call__(self):  # type: ignore[no-untyped-def]
        self.entered += 1
        return super().__call__()


def test_a_flood_of_bogus_invite_accepts_costs_no_hash_and_the_table_rolls(
    server_db: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    # The clock stands still: the burst is judged as one, however slowly a busy machine
    # serves it (a second later the doubling wait would rightly hear one more).
    stopped = datetime.now(UTC)
    monkeypatch.setattr(throttle, "now", lambda: stopped)
    gate = Counting()
    monkeypatch.setattr(passwords, "GATE", gate)
    with _client(server_db, STRANGER) as stranger, _client(server_db, HOME) as pia:
        headers = sign_in(pia, "Pia")
        gate.entered = 0

        def bogus(i: int) -> int:
            body = {"token": f"inv_bogus{i}", "name": f"Flood {i}", "password": "x" * 1024}
            return int(stranger.post("/api/v1/invites/accept", json=body).status_code)

        with ThreadPoolExecutor(8) as pool:
            flood = pool.map(bogus, range(200))
            rolled = pia.post("/api/v1/games/Pegasus/commands", json={"text": "roll Firearms"},
                              headers=headers)  # fmt: skip
            said = list(flood)
    assert rolled.status_code == 200, rolled.text  # how fast: bench/password_flood.py
    assert gate.entered == 0  # not one password hashed for a link that does not exist
    assert set(said) == {410, 429}
    assert said.count(410) <= throttle.INVITE_ADDRESS.free  # then the address waits


# "Pia" in Cyrillic letters (one script, so welcome as a name, but Pia's lookalike); "Nikos"
# with a Cyrillic o (two scripts); "Pia" with a zero-width space.
@pytest.mark.parametrize("name", ["\u0420\u0456\u0430", "Nik\u043es", "Pi\u200ba"])
def test_an_invite_taken_with_a_refused_name_costs_no_hash(
    server_db: str, monkeypatch: pytest.MonkeyPatch, name: str
) -> None:
    token = Table(server_db).new_invite("Pegasus", "observer").token
    gate = Counting()
    monkeypatch.setattr(passwords, "GATE", gate)
    with _client(server_db, STRANGER) as someone:
        body = {"token": token, "name": name, "password": PASSWORD}
        refused = someone.post("/api/v1/invites/accept", json=body)
        assert refused.status_code in (400, 409), refused.text
        assert gate.entered == 0  # refused before the password was hashed
        body["name"] = "Quinn"  # and the link is still open
        assert someone.post("/api/v1/invites/accept", json=body).status_code == 200
    assert gate.entered == 1


def test_a_taken_invite_link_is_throttled_per_link(server: TestClient, server_db: str) -> None:
    token = Table(server_db).new_invite("Pegasus", "observer").token
    for n in range(throttle.INVITE_LINK.free):  # each from an address of its own
        with _client(server_db, (f"192.0.2.{n + 1}", 4000)) as someone:
            body = {"token": token, "name": "Pia", "password": PASSWORD}
            taken = someone.post("/api/v1/invites/accept", json=body)
            assert taken.status_code == 409  # the name is taken: said before any hash
    with _client(server_db, HOME) as late:
        body = {"token": token, "name": "Quinn", "password": PASSWORD}
        refused = late.post("/api/v1/invites/accept", json=body)
        assert refused.status_code == 429
        assert "invite link" in refused.json()["error"]


def test_a_full_password_queue_answers_503_at_once(
    server_db: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """With one hashing and one waiting, a third is refused while both are still inside the
    gate (not after them)."""
    release, hashing_now, queued_now = threading.Event(), threading.Event(), threading.Event()
    real = passwords.hasher()

    class Slow:
        """A hasher that holds its slot until released."""

        def verify(self, stored: str, password: str) -> bool:
            hashing_now.set()
            release.wait(PATIENCE)
            return real.verify(stored, password)

    class Slots:
        """The gate's one hashing slot, saying when a request waits for it (by then the gate
        has counted it in)."""

        def __init__(self) -> None:
            self.slot = threading.BoundedSemaphore(1)

        def __enter__(self) -> None:
            if not self.slot.acquire(blocking=False):
                queued_now.set()
                self.slot.acquire()

        def __exit__(self, *_: object) -> None:
            self.slot.release()

    gate = passwords.Gate(1, 1)
    gate.slots = Slots()  # type: ignore[assignment]

    monkeypatch.setattr(passwords, "GATE", gate)
    monkeypatch.setattr(passwords, "hasher", Slow)
    with _client(server_db, HOME) as client, ThreadPoolExecutor(2) as pool:
        hashing = pool.submit(_guess, client, "Pia", PASSWORD)
        assert hashing_now.wait(PATIENCE)  # one hashing
        queued = pool.submit(_guess, client, "Otto", PASSWORD)
        assert queued_now.wait(PATIENCE)  # one waiting its turn
        busy = client.post("/api/v1/login", json={"name": "Olly", "password": PASSWORD})
        inside_then = gate.inside
        answered_first = not hashing.done() and not queued.done()
        release.set()
        assert (hashing.result(), queued.result()) == (200, 200)
    assert inside_then == 2  # both others were in the gate when the 503 came back
    assert answered_first
    assert busy.status_code == 503
    assert set(busy.json()) == {"error"}
    assert busy.headers["retry-after"] == "1"
