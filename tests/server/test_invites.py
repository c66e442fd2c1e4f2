"""Invites: a Storyteller's single-use, expiring link brings someone into a game as a
character's player, an observer or a Storyteller; the first run's link makes the first
Storyteller. Links are stored only as hashes, and a used, revoked or expired one says so."""

from __future__ import annotations

import json
import re
import threading
from pathlib import Path

import httpx
import pytest
from fastapi.testclient import TestClient
from sqlalchemy import create_engine, text

from rollplay.errors import RollplayError
from rollplay.table.access.authz import Forbidden
from rollplay.table.access.invites import InviteError
from rollplay.table.service import Table
from tests.server.conftest import PASSWORD, sign_in
from tests.server.process import serving

NEW = "correct horse staple"


def _kara(server: TestClient) -> None:
    """A new character in Pegasus, played by nobody yet (Nikos's sheet, renamed)."""
    headers = sign_in(server, "Stella")
    sheet = {**server.get("/api/v1/games/Pegasus/characters/Nikos").json()["sheet"]}
    sheet["name"] = "Kara"
    made = server.post("/api/v1/games/Pegasus/characters", json={"sheet": sheet},
                       headers=headers)  # fmt: skip
    assert made.status_code == 200, made.text


def _invite(server: TestClient, **body: object) -> dict[str, str]:
    headers = sign_in(server, "Stella")
    answer = server.post("/api/v1/games/Pegasus/invites", json=body, headers=headers)
    assert answer.status_code == 200, answer.text
    server.cookies.clear()
    return answer.json()  # type: ignore[no-any-return]


def _accept(server: TestClient, token: str, name: str = "Quinn") -> httpx.Response:
    answer: httpx.Response = server.post(
        "/api/v1/invites/accept", json={"token": token, "name": name, "password": NEW}
    )
    return answer


def test_an_invite_makes_a_player_who_is_signed_in_and_plays(server: TestClient) -> None:
    _kara(server)
    invite = _invite(server, character="Kara")
    assert re.fullmatch(r"http://testserver/invite/inv_[\w-]{43}", invite["link"])
    page = server.get(invite["link"].removeprefix("http://testserver"))
    assert page.status_code == 200
    assert "Kara" in page.text
    joined = _accept(server, invite["token"])
    assert joined.status_code == 200, joined.text
    assert joined.json()["user"] == "Quinn"
    assert joined.json()["character"] == "Kara"
    headers = {"X-CSRF-Token": joined.json()["csrf_token"]}  # the accept signed Quinn in
    game = server.get("/api/v1/games/Pegasus").json()
    assert (game["role"], game["yours"]) == ("player", ["Kara"])
    seeds = server.get("/api/v1/games/Pegasus/seeds").json()  # made on joining (rulings V10)
    assert len(seeds["client_seed"]) == 16
    rolled = server.post("/api/v1/games/Pegasus/commands", json={"text": "roll Kara/Piloting"},
                         headers=headers)  # fmt: skip
    assert rolled.status_code == 200, rolled.text
    assert server.post("/api/v1/logout", headers=headers).status_code == 200
    signed = server.post("/api/v1/login", json={"name": "Quinn", "password": NEW})
    assert signed.status_code == 200  # the password chosen on accepting works


@pytest.mark.storage  # expiry compared in SQL
def test_a_used_revoked_or_expired_invite_cannot_be_used(
    server: TestClient, server_db: str
) -> None:
    used, revoked, expired = (_invite(server, role="observer") for _ in range(3))
    assert _accept(server, used["token"], "Quinn").status_code == 200
    server.cookies.clear()
    headers = sign_in(server, "Stella")
    server.delete(f"/api/v1/invites/{revoked['id']}", headers=headers)
    server.cookies.clear()
    engine = create_engine(server_db)
    with engine.begin() as conn:
        conn.execute(text("UPDATE invites SET expires_at = :t WHERE id = :id"),
                     {"t": "2020-01-01 00:00:00", "id": expired["id"]})  # fmt: skip
    engine.dispose()
    for invite, name in ((used, "Rhea"), (revoked, "Rhea"), (expired, "Rhea")):
        again = _accept(server, invite["token"], name)
        assert again.status_code == 410
        assert "ask your Storyteller for a new one" in again.json()["error"]
        page = server.get(f"/invite/{invite['token']}")
        assert page.status_code == 410
        assert "cannot be used" in page.text
    assert _accept(server, "inv_" + "x" * 43).status_code == 410
    headers = sign_in(server, "Stella")
    states = {i["id"]: i["state"] for i in server.get("/api/v1/games/Pegasus/invites").json()}
    assert [states[i["id"]] for i in (used, revoked, expired)] == ["used", "revoked", "expired"]
    users = {u.name for u in Table(server_db).users()}
    assert "Rhea" not in users  # a refused accept leaves no account behind


def test_a_refused_accept_leaves_the_invite_open(server: TestClient) -> None:
    invite = _invite(server, role="observer")
    taken = _accept(server, invite["token"], "pia")  # names match without regard to case
    assert taken.status_code == 409
    assert "already a user called 'pia'" in taken.json()["error"]
    short = server.post(
        "/api/v1/invites/accept",
        json={"token": invite["token"], "name": "Quinn", "password": "short"},
    )
    assert short.status_code == 400
    assert "8 to 1024 characters" in short.json()["error"]
    nameless = server.post("/api/v1/invites/accept", json={"token": invite["token"]})
    assert nameless.status_code == 400
    assert "choose a name and a password" in nameless.json()["error"]
    assert _accept(server, invite["token"], "Quinn").status_code == 200


def test_a_signed_in_user_joins_as_themself_and_is_never_lowered(server: TestClient) -> None:
    invite = _invite(server, role="observer")
    headers = sign_in(server, "Dora")
    joined = server.post("/api/v1/invites/accept", json={"token": invite["token"]},
                         headers=headers)  # fmt: skip
    assert joined.status_code == 200, joined.text
    assert joined.json()["user"] == "Dora"
    assert "csrf_token" not in joined.json()  # Dora keeps her own session
    assert {g["name"]: g["role"] for g in server.get("/api/v1/games").json()} == {
        "Dungeon": "player", "Pegasus": "observer"}  # fmt: skip
    server.cookies.clear()
    other = _invite(server, role="observer")
    headers = sign_in(server, "Stella")
    server.post("/api/v1/invites/accept", json={"token": other["token"]}, headers=headers)
    assert server.get("/api/v1/games/Pegasus").json()["role"] == "storyteller"


def test_only_the_storyteller_makes_or_sees_invites(server: TestClient) -> None:
    assert server.post("/api/v1/games/Pegasus/invites", json={}).status_code == 401
    invite = _invite(server, role="observer")
    for name in ("Pia", "Otto", "Olly", "Dora"):
        headers = sign_in(server, name)
        made = server.post("/api/v1/games/Pegasus/invites", json={}, headers=headers)
        assert made.status_code == 403, (name, made.text)
        assert server.get("/api/v1/games/Pegasus/invites").status_code == 403
        revoke = server.delete(f"/api/v1/invites/{invite['id']}", headers=headers)
        # Dora, outside the game, is told what an unknown number tells (rulings H15).
        assert revoke.status_code == (404 if name == "Dora" else 403), (name, revoke.text)
        server.cookies.clear()
    assert _accept(server, invite["token"]).status_code == 200  # still open


def test_the_pages_revoke_answers_as_the_api_does(server: TestClient, server_db: str) -> None:
    """A game's page revokes only that game's invites: another game's number, and a number
    no invite has, are both "no invite #N", a 404 as the API answers it (rulings H15).
    Before, the page found the invite itself and answered 400 with other words."""
    table = Table(server_db)
    try:
        table.add_member("Dungeon", "Stella", "storyteller")  # hers too, but not this page's
        dungeon = table.new_invite("Dungeon", "observer").id
    finally:
        table.close()
    api_headers = sign_in(server, "Stella")
    headers = {**api_headers, "Origin": "http://testserver", "HX-Request": "true"}
    for number in (dungeon, dungeon + 1000):
        page = server.post(f"/games/Pegasus/invites/{number}/revoke", headers=headers)
        api = server.delete(f"/api/v1/invites/{dungeon + 1000}", headers=api_headers)
        assert page.status_code == api.status_code == 404, (page.text, api.text)
        said = re.sub(r"<[^>]+>", "", page.text)
        assert said == api.json()["error"].replace(str(dungeon + 1000), str(number))
    listed = server.get("/api/v1/games/Dungeon/invites").json()
    assert [i["state"] for i in listed if i["id"] == dungeon] == ["open"]  # not revoked
    mine = server.post(f"/games/Dungeon/invites/{dungeon}/revoke", headers=headers)
    assert mine.status_code == 200, mine.text  # from its own game's page


def test_bad_invites_are_refused_with_one_line(server: TestClient) -> None:
    headers = sign_in(server, "Stella")
    cases = [
        ({"role": "king"}, "unknown role 'king'"),
        ({"role": "observer", "character": "Nikos"}, "makes its player"),
        ({"character": "Nobody"}, "no character"),
        ({"hours": 0}, "at most 720 hours"),
        ({"hours": 10_000}, "at most 720 hours"),
    ]
    for body, message in cases:
        answer = server.post("/api/v1/games/Pegasus/invites", json=body, headers=headers)
        assert 400 <= answer.status_code < 500, body
        assert message in answer.json()["error"], (body, answer.json())
    assert server.get("/api/v1/games/Pegasus/invites").json() == []


def test_links_are_stored_only_as_hashes(server: TestClient, server_db: str) -> None:
    invite = _invite(server, role="observer")
    listed = server.get("/api/v1/games/Pegasus/invites", headers=sign_in(server, "Stella"))
    assert invite["token"] not in listed.text
    engine = create_engine(server_db)
    with engine.connect() as conn:
        rows = [tuple(map(str, r)) for r in conn.execute(text("SELECT * FROM invites"))]
    engine.dispose()
    assert rows
    assert not any(invite["token"] in value for row in rows for value in row)


def test_the_html_form_takes_an_invite_and_refuses_other_sites(server: TestClient) -> None:
    invite = _invite(server, role="observer")
    path = f"/invite/{invite['token']}"
    form = {"name": "Quinn", "password": NEW}
    forged = server.post(path, data=form, headers={"Origin": "https://evil.example"})
    assert forged.status_code == 403
    joined = server.post(path, data=form, headers={"Origin": "http://testserver"})
    assert joined.status_code == 200
    assert joined.url.path == "/games/Pegasus"  # straight to the game's table
    assert "Quinn, observer" in joined.text
    assert "observer" in server.get("/").text  # signed in by the form


@pytest.mark.storage  # two transactions race
def test_one_link_two_takers_one_wins(db_url: str) -> None:
    table = Table(db_url)
    table.add_examples()
    token = table.new_invite("Pegasus", "observer").token
    results: list[str] = []

    def take(name: str) -> None:
        try:
            Table(db_url).accept_invite(token, name, NEW)
            results.append("joined")
        except InviteError:
            results.append("refused")

    threads = [threading.Thread(target=take, args=(f"Taker{i}",)) for i in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert sorted(results) == ["joined", "refused", "refused", "refused"]
    assert len(table.members("Pegasus")) == 1


def test_the_first_run_link_makes_a_storyteller_of_every_game(db_url: str) -> None:
    table = Table(db_url)
    table.add_examples()
    table.add_user("Pia")
    with pytest.raises(Forbidden, match="database's owner"):
        table.acting_as("Pia").new_invite(None, "storyteller")
    with pytest.raises(RollplayError, match="makes a Storyteller"):
        table.new_invite(None, "player")
    first = table.new_invite(None, "storyteller").token
    second = table.new_invite(None, "storyteller").token  # replaces the first
    with pytest.raises(InviteError):
        table.accept_invite(first, "Early", NEW)
    joined = table.accept_invite(second, "Stella", NEW)
    assert sorted(joined.games) == ["Dungeon", "Pegasus", "Stars"]
    assert {g.role for g in table.acting_as("Stella").games()} == {"storyteller"}
    assert len(table.acting_as("Stella").games()) == 3


@pytest.mark.live  # a rollplay serve process
def test_serve_prints_the_first_run_link_and_logs_requests_as_json(
    tmp_path: Path,
) -> None:
    db = f"sqlite:///{tmp_path / 'fresh.db'}"
    output = tmp_path / "serve.log"
    with serving(db, output=output) as (base, _):
        link = re.search(r"(http://\S+/invite/inv_[\w-]+)", output.read_text())
        assert link is not None, output.read_text()
        assert link.group(1).startswith(base)
        assert httpx.get(link.group(1)).status_code == 200
        taken = httpx.post(link.group(1), data={"name": "Stella", "password": NEW})
        # Home, which says what to do next (rulings W90), signed in.
        assert (taken.status_code, taken.headers["location"]) == (303, "/?welcome")
        home = httpx.get(f"{base}/?welcome", cookies=taken.cookies)
        assert "Welcome, Stella: what to do next" in home.text
        answer = httpx.post(f"{base}/api/v1/login", json={"name": "Stella", "password": NEW})
        assert answer.status_code == 200
    lines = [json.loads(x) for x in output.read_text().splitlines() if x.startswith("{")]
    invite_lines = [x for x in lines if x["path"].startswith("/invite/")]
    assert [x["status"] for x in invite_lines] == [200, 303]
    assert all(x["path"] == "/invite/inv_…" for x in invite_lines)  # the secret is masked
    login = next(x for x in lines if x["path"] == "/api/v1/login")
    assert (login["method"], login["status"], login["client"]) == ("POST", 200, "127.0.0.1")
    assert set(login) >= {"time", "ms", "user"}
    assert PASSWORD not in output.read_text()
    assert NEW not in output.read_text()


def test_an_invite_is_labelled_with_who_it_is_for(
    server: TestClient, server_db: str, capsys: pytest.CaptureFixture[str]
) -> None:
    # Issue 37: the Storyteller's list tells links apart by who each is for, from every
    # surface that makes one; a label is one tidy line of at most 100 characters.
    made = _invite(server, label="  for   Rook ")
    assert made["label"] == "for Rook"
    table = Table(server_db)
    table.new_invite("Pegasus", "observer", label="the Thursday group")
    listed = {i.label for i in table.invites("Pegasus")}
    assert {"for Rook", "the Thursday group"} <= listed
    for bad, said in (("x" * 101, "at most 100 characters"), ("a\u200bb", "control character")):
        with pytest.raises(RollplayError, match=said):
            table.new_invite("Pegasus", label=bad)
    from tests.clirun import run

    code, out, err = run(capsys, "invite", "add", "Pegasus", "--label", "Otto's sister",
                         "--db", server_db)  # fmt: skip
    assert code == 0, err
    assert "(Otto's sister) to Pegasus" in out
    code, out, err = run(capsys, "invite", "list", "Pegasus", "--db", server_db)
    assert "Otto's sister: player: open" in out
