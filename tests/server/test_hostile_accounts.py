"""What a hostile player found in the accounts' routes (issue 37), on a real ``rollplay
serve`` process, SQLite and PostgreSQL: no answer that shows a secret once is kept under an
Idempotency-Key, on any route (rulings H3, H14); an invite's number does not tell someone
outside its game that game's name; signing out, a write like any other, needs the session's
CSRF token (rulings H15)."""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from pathlib import Path

import httpx
import pytest
import sqlalchemy as sa

from rollplay.table.service import Table
from rollplay.table.store.db import open_engine
from rollplay.table.store.models import IdempotencyKey
from tests.server.process import serving, signed_in

pytestmark = [pytest.mark.live, pytest.mark.storage]


@pytest.fixture
def base(server_db: str, tmp_path: Path) -> Iterator[str]:
    with serving(server_db, output=tmp_path / "server.log") as (url, _):
        yield url


def _kept_bodies(db: str) -> list[bytes]:
    engine = open_engine(db)
    try:
        with engine.connect() as conn:
            return [bytes(b or b"") for b in conn.execute(sa.select(IdempotencyKey.body)).scalars()]
    finally:
        engine.dispose()


# Every route whose answer shows a secret once, each with how to find the secret in it: the
# API's token, invite and link code, and the pages' link code and invite link.
def _json(field: str) -> Callable[[httpx.Response], str]:
    return lambda answer: str(answer.json()[field])


def _link(answer: httpx.Response) -> str:
    found = re.search(r"/invite/(inv_[\w-]+)", answer.text)
    assert found, answer.text
    return found.group(1)


def _code(answer: httpx.Response) -> str:
    found = re.search(r"\b([A-Z0-9]{4}-[A-Z0-9]{4})\b", answer.text)
    assert found, answer.text
    return found.group(1)


SECRET_ROUTES = [
    ("/api/v1/tokens", {"json": {"label": "bot"}}, _json("token")),
    ("/api/v1/games/Pegasus/invites", {"json": {"role": "observer"}}, _json("token")),
    ("/api/v1/link-codes", {}, _json("code")),
    ("/link-code", {}, _code),
    ("/games/Pegasus/invite", {"data": {"role": "storyteller"}}, _link),
]


def test_no_answer_holding_a_secret_is_kept_on_any_route(base: str, server_db: str) -> None:
    """The web's invite form answered with a working Storyteller link that the key's store
    kept for a day and replayed; now no route's secret is kept, and a retry is told, in a
    409, that the write was done."""
    stella, headers = signed_in(base, "Stella")
    shown = []
    for number, (path, body, secret_of) in enumerate(SECRET_ROUTES):
        keyed = {**headers, "Idempotency-Key": f"secret-{number}"}
        first = stella.post(path, headers=keyed, **body)  # type: ignore[arg-type]
        assert first.status_code == 200, (path, first.text)
        secret = secret_of(first)
        shown.append(secret)
        again = stella.post(path, headers=keyed, **body)  # type: ignore[arg-type]
        assert again.status_code == 409, (path, again.text)
        assert secret not in again.text
        assert "secret" in again.json()["error"]
    kept = _kept_bodies(server_db)
    assert len(kept) == len(SECRET_ROUTES)  # each key taken: a retry makes no second one
    for secret in shown:
        assert all(secret.encode() not in body for body in kept), secret
    # One invite each: the retries made none.
    invites = Table(server_db)
    try:
        assert len(invites.acting_as("Stella").invites("Pegasus")) == 2
    finally:
        invites.close()


def test_an_invite_number_tells_an_outsider_nothing_of_its_game(base: str) -> None:
    stella, st = signed_in(base, "Stella")
    made = stella.post("/api/v1/games/Pegasus/invites", json={"role": "observer"}, headers=st)
    assert made.status_code == 200, made.text
    number = int(made.json()["id"])
    dora, do = signed_in(base, "Dora")  # a player in Dungeon only
    theirs = dora.delete(f"/api/v1/invites/{number}", headers=do)
    unknown = dora.delete(f"/api/v1/invites/{number + 1000}", headers=do)
    assert theirs.status_code == unknown.status_code
    assert "Pegasus" not in theirs.text
    assert theirs.json()["error"] == unknown.json()["error"].replace(str(number + 1000),
                                                                      str(number))  # fmt: skip
    # Still open: the Storyteller sees it so, and revokes it herself.
    listed = stella.get("/api/v1/games/Pegasus/invites").json()
    assert [i["state"] for i in listed if i["id"] == number] == ["open"]
    assert stella.delete(f"/api/v1/invites/{number}", headers=st).status_code == 200


def test_signing_out_needs_the_sessions_csrf_token(base: str) -> None:
    """Another site's page posts to /logout with no Origin header (as an old browser or a
    privacy setting may send it): refused, and the session goes on; the page's own Sign out
    button carries the token and signs out."""
    pia, _ = signed_in(base, "Pia")
    forged = pia.post("/logout", data={"everywhere": "1"}, follow_redirects=False)
    assert forged.status_code == 403, forged.text
    assert "set-cookie" not in forged.headers
    assert pia.get("/api/v1/games/Pegasus").status_code == 200
    home = pia.get("/").text
    form = re.search(r'<form method="post" action="/logout">(.*?)</form>', home)
    assert form is not None, home
    token = re.search(r'name="csrf" value="([^"]+)"', form.group(1))
    assert token is not None, form.group(1)
    out = pia.post("/logout", data={"csrf": token.group(1)}, follow_redirects=False)
    assert out.status_code == 303, out.text
    assert pia.get("/api/v1/games/Pegasus").status_code == 401
