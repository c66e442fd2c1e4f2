"""Hostile input: SQL metacharacters, unicode and control characters in every field, path and
query of the API; session fixation; signing out for real. Each answer is a status under 500
with one line of error, and nothing is half-written."""

from __future__ import annotations

from urllib.parse import quote

import pytest
from fastapi.testclient import TestClient
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from rollplay.server.auth import COOKIE
from tests.server.conftest import PASSWORD, sign_in

pytestmark = pytest.mark.storage  # what each database stores of hostile text (NUL, unicode)

NASTY = ["'; DROP TABLE events;--", 'Robert"); DELETE FROM users; --', "' OR '1'='1",
         "名前のキャラ", "🎲👀", "\u202eevil", "a\x00b", "%00", "../../etc/passwd", "NULL",
         "", " ", "x" * 5000, "\\", "{{7*7}}", "<script>alert(1)</script>"]  # fmt: skip

# Each writing endpoint with the fields of its body; {} marks where a nasty value goes.
BODIES: list[tuple[str, str, dict[str, object]]] = [
    ("POST", "/api/v1/games/Pegasus/commands", {"text": "{}"}),
    ("POST", "/api/v1/games/Pegasus/commands", {"text": "roll Firearms", "visibility": "{}"}),
    ("POST", "/api/v1/games/Pegasus/commands", {"text": "roll {}/Firearms"}),
    ("POST", "/api/v1/games/Pegasus/invites", {"role": "{}"}),
    ("POST", "/api/v1/games/Pegasus/invites", {"character": "{}"}),
    ("POST", "/api/v1/games/Pegasus/characters", {"sheet": {"name": "{}", "system": "fs3"}}),
    ("PATCH", "/api/v1/games/Pegasus/characters/Nikos", {"changes": {"concept": "{}"}}),
    ("PATCH", "/api/v1/games/Pegasus/characters/Nikos", {"changes": {"{}": 3}}),
    ("POST", "/api/v1/tokens", {"label": "{}"}),
    ("POST", "/api/v1/invites/accept", {"token": "{}", "name": "Quinn", "password": PASSWORD}),
    ("POST", "/api/v1/login", {"name": "{}", "password": "{}"}),
    ("POST", "/api/v1/password", {"current_password": "{}", "new_password": "{}"}),
    ("DELETE", "/api/v1/links/discord/x", {}),
]  # fmt: skip
PATHS = ["/api/v1/games/{}", "/api/v1/games/Pegasus/characters/{}",
         "/api/v1/games/Pegasus/combats/{}", "/api/v1/games/Pegasus/log?character={}",
         "/api/v1/games/Pegasus/log?format={}", "/api/v1/games/Pegasus/events?format={}",
         "/api/v1/games/Pegasus/odds?text={}", "/invite/{}"]  # fmt: skip


def _fill(value: object, nasty: str) -> object:
    if isinstance(value, str):
        return value.replace("{}", nasty)
    if isinstance(value, dict):
        return {_fill(k, nasty): _fill(v, nasty) for k, v in value.items()}
    return value


def _one_line(answer: object) -> None:
    status = answer.status_code  # type: ignore[attr-defined]
    assert status < 500
    if status >= 400 and "json" in answer.headers.get("content-type", ""):  # type: ignore[attr-defined]
        body = answer.json()  # type: ignore[attr-defined]
        assert set(body) == {"error"}
        assert "\n" not in body["error"]
        assert "Traceback" not in body["error"]


def _counts(server: TestClient) -> tuple[int, int]:
    games = server.get("/api/v1/games").json()
    events = server.get("/api/v1/games/Pegasus/events?format=json&limit=1000").json()
    return len(games), len(events)


def test_every_field_takes_hostile_text_without_harm(server: TestClient) -> None:
    headers = sign_in(server, "Stella")
    games_before, _ = _counts(server)
    for method, path, body in BODIES:
        for nasty in NASTY:
            answer = server.request(method, path, json=_fill(body, nasty), headers=headers)
            _one_line(answer)
    for template in PATHS:
        for nasty in NASTY:
            _one_line(server.get(template.format(quote(nasty, safe=""))))
    games_after, _ = _counts(server)
    assert games_after == games_before  # no table dropped, no game lost
    users = server.get("/api/v1/games/Pegasus").json()
    assert users["name"] == "Pegasus"


def test_unicode_names_round_trip(server: TestClient) -> None:
    headers = sign_in(server, "Stella")
    sheet = {**server.get("/api/v1/games/Pegasus/characters/Nikos").json()["sheet"]}
    sheet["name"] = "Zoë O'Brien-名前"
    made = server.post("/api/v1/games/Pegasus/characters", json={"sheet": sheet},
                       headers=headers)  # fmt: skip
    assert made.status_code == 200, made.text
    shown = server.get(f"/api/v1/games/Pegasus/characters/{quote(sheet['name'])}")
    assert shown.json()["name"] == "Zoë O'Brien-名前"
    rolled = server.post(
        "/api/v1/games/Pegasus/commands",
        json={"text": "roll Zoë O'Brien-名前/Firearms"},
        headers=headers,
    )
    assert rolled.status_code == 200, rolled.text
    assert rolled.json()["character"] == "Zoë O'Brien-名前"


@settings(
    max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(text=st.text(max_size=200))
def test_any_command_line_gets_an_answer_or_one_line(server: TestClient, text: str) -> None:
    if not server.cookies.get(COOKIE):
        server.headers["X-CSRF-Token"] = sign_in(server, "Pia")["X-CSRF-Token"]
    _one_line(server.post("/api/v1/games/Pegasus/commands", json={"text": text}))


def test_a_cookie_chosen_before_sign_in_is_never_a_session(server: TestClient) -> None:
    server.cookies.set(COOKIE, "attacker-chosen-value")
    assert server.get("/api/v1/games").status_code == 401
    answer = server.post("/api/v1/login", json={"name": "Pia", "password": PASSWORD})
    issued = answer.cookies.get(COOKIE)
    assert issued
    assert issued != "attacker-chosen-value"
    server.cookies.clear()
    server.cookies.set(COOKIE, "attacker-chosen-value")
    assert server.get("/api/v1/games").status_code == 401  # the planted value signs no one in


def test_a_signed_out_session_is_dead_on_the_server(server: TestClient) -> None:
    headers = sign_in(server, "Pia")
    cookie = server.cookies.get(COOKIE)
    assert server.post("/api/v1/logout", headers=headers).status_code == 200
    server.cookies.set(COOKIE, str(cookie))  # a copy kept by someone else
    assert server.get("/api/v1/games").status_code == 401
