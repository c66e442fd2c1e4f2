"""``Idempotency-Key`` on writes (docs/api.md): a client that sends the same write again
with the same key (its answer lost on the way) changes nothing twice and gets the first
answer; the key is the user's, kept a day, and bound to the request it came with."""

from __future__ import annotations

import threading
from concurrent.futures import ThreadPoolExecutor
from datetime import timedelta

import pytest
import sqlalchemy as sa
from fastapi.testclient import TestClient

from rollplay.table.store import idempotency
from rollplay.table.store.db import open_engine
from rollplay.table.store.models import IdempotencyKey, now
from tests.server.conftest import PASSWORD, sign_in

pytestmark = pytest.mark.storage  # the keys live in the database, on each backend

COMMANDS = "/api/v1/games/Pegasus/commands"


def _events(server: TestClient) -> list[int]:
    got = server.get("/api/v1/games/Pegasus/events", params={"format": "json", "limit": 1000})
    return [e["id"] for e in got.json()]


def test_the_same_key_twice_rolls_once_and_answers_the_first_answer(server: TestClient) -> None:
    headers = {**sign_in(server, "Pia"), "Idempotency-Key": "roll-0001"}
    before = _events(server)
    first = server.post(COMMANDS, json={"text": "roll Firearms"}, headers=headers)
    again = server.post(COMMANDS, json={"text": "roll Firearms"}, headers=headers)
    assert first.status_code == again.status_code == 200
    assert again.content == first.content  # the same dice, the same event: one roll
    assert again.headers["idempotent-replayed"] == "true"
    assert "idempotent-replayed" not in first.headers
    assert len(_events(server)) == len(before) + 1
    # Without a key, or with a new one, each write is its own.
    new_key = {**headers, "Idempotency-Key": "2"}
    server.post(COMMANDS, json={"text": "roll Firearms"}, headers=new_key)
    no_key = {k: v for k, v in headers.items() if k != "Idempotency-Key"}
    server.post(COMMANDS, json={"text": "roll Firearms"}, headers=no_key)
    server.post(COMMANDS, json={"text": "roll Firearms"}, headers=no_key)
    assert len(_events(server)) == len(before) + 4


def test_a_key_sent_with_another_request_is_a_422(server: TestClient) -> None:
    headers = {**sign_in(server, "Pia"), "Idempotency-Key": "k-1"}
    assert server.post(COMMANDS, json={"text": "roll Firearms"}, headers=headers).status_code == 200
    before = _events(server)
    other = server.post(COMMANDS, json={"text": "roll Melee"}, headers=headers)
    assert other.status_code == 422
    assert set(other.json()) == {"error"}
    assert "Idempotency-Key" in other.json()["error"]
    elsewhere = server.post("/api/v1/games/Pegasus/seeds/rotate", headers=headers)
    assert elsewhere.status_code == 422  # the same key on another endpoint
    assert _events(server) == before


def test_keys_are_each_users_own(server: TestClient) -> None:
    pia = {**sign_in(server, "Pia"), "Idempotency-Key": "same"}
    before = _events(server)
    assert server.post(COMMANDS, json={"text": "roll Firearms"}, headers=pia).status_code == 200
    otto = {**sign_in(server, "Otto"), "Idempotency-Key": "same"}
    mine = server.post(COMMANDS, json={"text": "roll Firearms"}, headers=otto)
    assert mine.status_code == 200
    assert "Mavros" in mine.text  # Otto's own roll, not Pia's answer
    assert "idempotent-replayed" not in mine.headers
    assert len(_events(server)) == len(before) + 2


def test_a_refusal_is_kept_and_a_bad_key_refused(server: TestClient) -> None:
    headers = {**sign_in(server, "Pia"), "Idempotency-Key": "bad-roll"}
    first = server.post(COMMANDS, json={"text": "fly away"}, headers=headers)
    again = server.post(COMMANDS, json={"text": "fly away"}, headers=headers)
    assert first.status_code == again.status_code == 400
    assert again.json() == first.json()
    for bad in ("", "x" * 201, "a key with spaces"):
        answer = server.post(COMMANDS, json={"text": "roll Firearms"},
                             headers={**headers, "Idempotency-Key": bad})  # fmt: skip
        assert answer.status_code == 400, bad
        assert "Idempotency-Key" in answer.json()["error"]


def test_web_forms_and_other_methods_are_kept_too(server: TestClient) -> None:
    csrf = sign_in(server, "Pia")
    before = _events(server)
    form = {**csrf, "HX-Request": "true", "Idempotency-Key": "form-7"}
    first = server.post("/games/Pegasus/roll", data={"text": "roll Piloting"}, headers=form)
    again = server.post("/games/Pegasus/roll", data={"text": "roll Piloting"}, headers=form)
    assert first.status_code == again.status_code == 200
    assert again.text == first.text
    assert len(_events(server)) == len(before) + 1
    put = {**csrf, "Idempotency-Key": "seed-1"}
    seed = server.put("/api/v1/games/Pegasus/seeds/client", json={"seed": "mine-1"}, headers=put)
    twice = server.put("/api/v1/games/Pegasus/seeds/client", json={"seed": "mine-1"}, headers=put)
    assert seed.status_code == twice.status_code, seed.text
    assert twice.content == seed.content


def test_an_answer_with_a_secret_is_not_kept(server: TestClient, server_db: str) -> None:
    headers = {**sign_in(server, "Stella"), "Idempotency-Key": "invite-1"}
    made = server.post("/api/v1/games/Pegasus/invites", json={"role": "observer"}, headers=headers)
    assert made.status_code == 200
    again = server.post("/api/v1/games/Pegasus/invites", json={"role": "observer"},
                        headers=headers)  # fmt: skip
    assert again.status_code == 409
    assert "secret" in again.json()["error"]
    assert len(server.get("/api/v1/games/Pegasus/invites").json()) == 1
    engine = open_engine(server_db)
    try:
        with engine.connect() as conn:
            kept = conn.execute(sa.select(IdempotencyKey.body)).scalars().all()
        assert all(made.json()["token"].encode() not in (b or b"") for b in kept)
    finally:
        engine.dispose()


def test_a_key_is_forgotten_after_a_day(server: TestClient, server_db: str) -> None:
    headers = {**sign_in(server, "Pia"), "Idempotency-Key": "old"}
    before = _events(server)
    assert server.post(COMMANDS, json={"text": "roll Firearms"}, headers=headers).status_code == 200
    engine = open_engine(server_db)
    try:
        with engine.begin() as conn:
            conn.execute(sa.update(IdempotencyKey).values(created_at=now() - timedelta(hours=25)))
        # Its next use is a new write; the sweep forgets every key a day old.
        assert server.post(COMMANDS, json={"text": "roll Firearms"},
                           headers=headers).status_code == 200  # fmt: skip
        assert len(_events(server)) == len(before) + 2
        with engine.begin() as conn:
            conn.execute(sa.update(IdempotencyKey).values(created_at=now() - timedelta(hours=25)))
        assert idempotency.expire(engine) == 1
        with engine.connect() as conn:
            left = conn.execute(sa.select(sa.func.count()).select_from(IdempotencyKey))
            assert left.scalar() == 0
    finally:
        engine.dispose()


def test_the_same_key_sent_at_once_makes_one_change(server: TestClient) -> None:
    headers = {**sign_in(server, "Pia"), "Idempotency-Key": "racing"}
    before = _events(server)
    start = threading.Barrier(6)

    def send() -> int:
        start.wait()
        answer = server.post(COMMANDS, json={"text": "roll Firearms"}, headers=headers)
        return int(answer.status_code)

    with ThreadPoolExecutor(6) as pool:
        statuses = list(pool.map(lambda _: send(), range(6)))
    assert set(statuses) <= {200, 409}, statuses  # the rest: replayed, or told to wait
    assert 200 in statuses
    assert len(_events(server)) == len(before) + 1


def _kept(server_db: str) -> list[tuple[str, str, int | None]]:
    """Every key in the database: (key, request fingerprint, status)."""
    engine = open_engine(server_db)
    try:
        with engine.connect() as conn:
            rows = conn.execute(sa.select(IdempotencyKey.key, IdempotencyKey.request,
                                          IdempotencyKey.status)).all()  # fmt: skip
        return [(r.key, r.request, r.status) for r in rows]
    finally:
        engine.dispose()


def test_a_write_carrying_a_password_keeps_nothing(server: TestClient, server_db: str) -> None:
    # A fingerprint of such a body is a fast, unsalted hash of the password: none is kept.
    csrf = sign_in(server, "Pia")
    change = {"current_password": PASSWORD, "new_password": "a new one 12"}
    changed = server.post("/api/v1/password", json=change,
                          headers={**csrf, "Idempotency-Key": "pw-1"})  # fmt: skip
    assert changed.status_code == 200, changed.text
    form = server.post("/account/password", headers={**csrf, "Idempotency-Key": "pw-2"},
                       data={"current": "a new one 12", "new": PASSWORD})  # fmt: skip
    assert form.status_code == 200, form.text
    assert "is changed" in form.text
    login = server.post("/api/v1/login", headers={"Idempotency-Key": "pw-3"},
                        json={"name": "Pia", "password": PASSWORD})  # fmt: skip
    assert login.status_code == 200
    assert _kept(server_db) == []


def test_an_answer_over_the_limit_is_not_kept(server: TestClient, server_db: str,
                                              monkeypatch: pytest.MonkeyPatch) -> None:  # fmt: skip
    from rollplay.server import idempotency as middleware

    monkeypatch.setattr(middleware, "LARGEST", 100)  # a roll's answer is larger than this
    headers = {**sign_in(server, "Pia"), "Idempotency-Key": "big"}
    before = _events(server)
    first = server.post(COMMANDS, json={"text": "roll Firearms"}, headers=headers)
    assert first.status_code == 200
    assert len(first.content) > 100
    again = server.post(COMMANDS, json={"text": "roll Firearms"}, headers=headers)
    assert again.status_code == 409
    assert "too large" in again.json()["error"]
    assert len(_events(server)) == len(before) + 1  # still one roll
    engine = open_engine(server_db)
    try:
        with engine.connect() as conn:
            bodies = conn.execute(sa.select(IdempotencyKey.body)).scalars().all()
        assert [len(b or b"") for b in bodies] == [0]
    finally:
        engine.dispose()


def test_a_user_holds_at_most_so_many_keys(server: TestClient, server_db: str,
                                           monkeypatch: pytest.MonkeyPatch) -> None:  # fmt: skip
    monkeypatch.setattr(idempotency, "LIVE", 3)
    pia = sign_in(server, "Pia")
    for n in range(5):
        answer = server.post(COMMANDS, json={"text": "roll Firearms"},
                             headers={**pia, "Idempotency-Key": f"k{n}"})  # fmt: skip
        assert answer.status_code == 200
    assert sorted(k for k, _, _ in _kept(server_db)) == ["k2", "k3", "k4"]  # the oldest forgotten
    otto = sign_in(server, "Otto")
    server.post(COMMANDS, json={"text": "roll Firearms"}, headers={**otto, "Idempotency-Key": "o"})
    assert sorted(k for k, _, _ in _kept(server_db)) == ["k2", "k3", "k4", "o"]  # each user's own


def test_a_read_is_not_kept_and_its_retry_runs(server: TestClient, server_db: str) -> None:
    headers = {**sign_in(server, "Pia"), "Idempotency-Key": "read"}
    first = server.post(COMMANDS, json={"text": "log 0"}, headers=headers)
    assert first.status_code == 200, first.text
    assert first.json()["event_ids"] == []
    assert "rollplay-read-only" not in first.headers  # the mark is the middleware's alone
    assert _kept(server_db) == []
    roll = {**headers, "Idempotency-Key": "r"}
    assert server.post(COMMANDS, json={"text": "roll Firearms"}, headers=roll).status_code == 200
    again = server.post(COMMANDS, json={"text": "log 0"}, headers=headers)
    assert "idempotent-replayed" not in again.headers
    assert again.content != first.content  # run again: it shows the roll made since
    form = {**headers, "HX-Request": "true", "Idempotency-Key": "sheet"}
    shown = server.post("/games/Pegasus/roll", data={"text": "sheet Nikos"}, headers=form)
    assert shown.status_code == 200, shown.text
    assert [k for k, _, _ in _kept(server_db)] == ["r"]


def test_a_page_is_told_of_a_key_in_its_own_fragment(server: TestClient) -> None:
    form = {**sign_in(server, "Pia"), "HX-Request": "true", "Idempotency-Key": "form-8"}
    first = server.post("/games/Pegasus/roll", data={"text": "roll Piloting"}, headers=form)
    assert first.status_code == 200
    other = server.post("/games/Pegasus/roll", data={"text": "roll Melee"}, headers=form)
    assert other.status_code == 422
    assert other.headers["content-type"].startswith("text/html")
    assert other.text.startswith('<p class="error" role="alert">this Idempotency-Key')
    bad = server.post("/games/Pegasus/roll", data={"text": "roll Melee"},
                      headers={**form, "Idempotency-Key": "a b"})  # fmt: skip
    assert bad.status_code == 400
    assert bad.text.startswith('<p class="error"')
