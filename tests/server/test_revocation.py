"""Ending sign-ins: a password change (from the API, the web page or the command line) ends
every other session and API token at once; a user lists their sessions and tokens (never a
secret) and ends any of them, and unlinks a chat account, from the API and the web page; a
sign-out everywhere ends the tokens too. The recent-sign-in memory keeps nothing revoked."""

from __future__ import annotations

import io

import pytest
from fastapi.testclient import TestClient

from rollplay.server.parts import Recent
from rollplay.table.service import Table
from tests.clirun import run
from tests.server.conftest import PASSWORD, sign_in

NEW = "a new and longer password"


def _same_worker(server: TestClient) -> TestClient:
    """A second browser on the same server (and so the same worker's memory)."""
    return TestClient(server.app, base_url="http://testserver")


def _bearer(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


def _game(client: TestClient, headers: dict[str, str] | None = None) -> int:
    return int(client.get("/api/v1/games/Pegasus", headers=headers).status_code)


@pytest.mark.storage
def test_a_password_change_ends_every_other_session_and_token(server: TestClient) -> None:
    headers = sign_in(server, "Pia")
    elsewhere = _same_worker(server)
    sign_in(elsewhere, "Pia")
    token = server.post("/api/v1/tokens", json={"label": "bot"}, headers=headers).json()["token"]
    assert _game(elsewhere) == _game(server, _bearer(token)) == 200  # and remembered now
    changed = server.post("/api/v1/password", headers=headers,
                          json={"current_password": PASSWORD, "new_password": NEW})  # fmt: skip
    assert changed.status_code == 200, changed.text
    assert changed.json() == {"user": "Pia", "sessions": 1, "tokens": 1}
    assert _game(elsewhere) == 401  # at once, though this worker had just seen it
    assert _game(TestClient(server.app), _bearer(token)) == 401
    assert _game(server) == 200  # the browser that changed it stays signed in
    assert server.post("/api/v1/login", json={"name": "Pia", "password": NEW}).status_code == 200


def test_a_password_change_needs_the_current_password(server: TestClient) -> None:
    headers = sign_in(server, "Pia")
    guess = {"current_password": "not it at all", "new_password": NEW}
    wrong = server.post("/api/v1/password", headers=headers, json=guess)
    assert wrong.status_code == 400
    assert wrong.json() == {"error": "that is not your current password"}
    short = server.post("/api/v1/password", headers=headers,
                        json={"current_password": PASSWORD, "new_password": "short"})  # fmt: skip
    assert short.status_code == 400
    assert "8 to 1024 characters" in short.json()["error"]


@pytest.mark.storage
def test_the_command_line_password_change_ends_sessions_and_tokens(
    server_db: str, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    table = Table(server_db)
    session = table.sign_in("Pia", PASSWORD).session
    token = table.acting_as("Pia").new_token("bot").token
    assert table.session_actor(session) is not None
    assert table.token_actor(token) is not None
    monkeypatch.setattr("sys.stdin", io.StringIO(NEW + "\n"))
    code, out, err = run(capsys, "user", "password", "Pia", "--password-stdin", "--db", server_db)
    assert code == 0, err
    assert "ended 1 session(s) and 1 token(s)" in out
    assert table.session_actor(session) is None
    assert table.token_actor(token) is None
    assert table.sign_in("Pia", NEW).user == "Pia"


def test_tokens_are_listed_without_their_secrets(server: TestClient) -> None:
    headers = sign_in(server, "Pia")
    made = server.post("/api/v1/tokens", json={"label": "dice bot"}, headers=headers).json()
    listed = server.get("/api/v1/tokens")
    assert listed.status_code == 200
    assert [(t["id"], t["label"]) for t in listed.json()] == [(made["id"], "dice bot")]
    assert set(listed.json()[0]) == {"id", "label", "created_at"}
    assert made["token"] not in listed.text
    server.delete(f"/api/v1/tokens/{made['id']}", headers=headers)
    assert server.get("/api/v1/tokens").json() == []


@pytest.mark.storage
def test_signing_out_everywhere_ends_tokens_too(server: TestClient) -> None:
    headers = sign_in(server, "Pia")
    token = server.post("/api/v1/tokens", json={"label": "bot"}, headers=headers).json()["token"]
    elsewhere = _same_worker(server)
    sign_in(elsewhere, "Pia")
    assert _game(elsewhere, _bearer(token)) == 200
    out = server.post("/api/v1/logout?everywhere=true", headers=headers)
    assert out.json() == {"signed_out": True, "everywhere": True}
    assert _game(elsewhere) == 401
    assert _game(TestClient(server.app), _bearer(token)) == 401


def test_the_pages_sign_out_everywhere_ends_tokens_too(server: TestClient) -> None:
    headers = sign_in(server, "Pia")
    token = server.post("/api/v1/tokens", json={"label": "bot"}, headers=headers).json()["token"]
    assert "Sign out everywhere" in server.get("/").text
    out = server.post("/logout", data={"everywhere": "1", "csrf": headers["X-CSRF-Token"]},
                      follow_redirects=False)  # fmt: skip
    assert out.status_code == 303
    assert _game(TestClient(server.app), _bearer(token)) == 401


@pytest.mark.storage
def test_a_user_lists_and_ends_sessions_and_unlinks_chat_accounts(
    server: TestClient, server_db: str
) -> None:
    table = Table(server_db)
    code = table.acting_as("Pia").link_code().code
    table.link_account("discord", "4242", code, label="pia#1")
    headers = sign_in(server, "Pia")
    elsewhere = _same_worker(server)
    sign_in(elsewhere, "Pia")
    listed = server.get("/api/v1/sessions").json()
    assert [s["current"] for s in listed] == [True, False]
    assert _game(elsewhere) == 200
    ended = server.delete(f"/api/v1/sessions/{listed[1]['id']}", headers=headers)
    assert ended.json() == {"revoked": listed[1]["id"]}
    assert _game(elsewhere) == 401
    assert len(server.get("/api/v1/sessions").json()) == 1
    otto = TestClient(server.app)
    refused = otto.delete("/api/v1/links/discord/4242", headers=sign_in(otto, "Otto"))
    assert refused.status_code == 403
    unlinked = server.delete("/api/v1/links/discord/4242", headers=headers)
    assert unlinked.json() == {"platform": "discord", "external_id": "4242", "unlinked": True}
    assert table.linked("discord", "4242") is None
    assert server.get("/api/v1/links").json() == []
    gone = server.delete("/api/v1/sessions/999999", headers=headers)
    assert gone.status_code == 404


def test_the_web_page_lists_and_ends_sign_ins(server: TestClient, server_db: str) -> None:
    table = Table(server_db)
    table.link_account("discord", "4242", table.acting_as("Pia").link_code().code,
                       label="pia#1")  # fmt: skip
    headers = {**sign_in(server, "Pia"), "HX-Request": "true"}
    token = server.post("/api/v1/tokens", json={"label": "dice bot"}, headers=headers).json()
    elsewhere = _same_worker(server)
    sign_in(elsewhere, "Pia")
    home = server.get("/").text
    assert "dice bot" in home
    assert "pia#1" in home
    assert "(this one)" in home
    assert token["token"] not in home
    revoked = server.post("/account/end", data={"what": f"token:{token['id']}"}, headers=headers)
    assert revoked.status_code == 200
    assert "dice bot" not in revoked.text
    assert _game(TestClient(server.app), _bearer(token["token"])) == 401
    unlinked = server.post("/account/end", data={"what": "link:discord:4242"}, headers=headers)
    assert "pia#1" not in unlinked.text
    assert table.linked("discord", "4242") is None
    wrong = server.post("/account/password", data={"current": "nope nope", "new": NEW},
                        headers=headers)  # fmt: skip
    assert "that is not your current password" in wrong.text
    assert _game(elsewhere) == 200
    changed = server.post("/account/password", data={"current": PASSWORD, "new": NEW},
                          headers=headers)  # fmt: skip
    assert "1 other session(s)" in changed.text
    assert _game(elsewhere) == 401
    assert _game(server) == 200
    nonsense = server.post("/account/end", data={"what": "everything"}, headers=headers)
    assert nonsense.status_code == 400


def test_a_look_up_under_way_during_a_revocation_is_not_remembered() -> None:
    recent = Recent()

    def load() -> str:
        recent.forget()  # a sign-out in another request, while this one read the database
        return "Pia, as she was"

    assert recent.get("session s", load) == "Pia, as she was"
    assert recent.seen == {}
    assert recent.get("session s", lambda: "Pia") == "Pia"
    assert "session s" in recent.seen
