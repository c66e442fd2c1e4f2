"""Names over HTTP (issue 29): a character made through the API and a user made by an
invite take the table's rules for names (docs/limits.md), refused in one `{"error": ...}`."""

from __future__ import annotations

from fastapi.testclient import TestClient

from rollplay.table.service import Table
from tests.server.conftest import sign_in

ATTRIBUTES = dict.fromkeys(("Brawn", "Reflexes", "Grit", "Wits", "Presence"), 2)


def test_the_api_refuses_names_that_pass_for_others(server: TestClient, server_db: str) -> None:
    headers = sign_in(server, "Stella")
    page = "/api/v1/games/Pegasus/characters"
    for name, status, error in (
        ("Ni\u200bkos", 400, "U+200B ZERO WIDTH SPACE"),
        ("Nik\u043es", 400, "mixes scripts"),
        ("Nik0s", 400, "'Nik0s' looks like 'Nikos', already a character in Pegasus"),
    ):
        made = server.post(page, headers=headers,
                           json={"sheet": {"name": name, "attributes": ATTRIBUTES}})  # fmt: skip
        assert made.status_code == status, made.text
        assert error in made.json()["error"]
    katya = server.post(page, headers=headers,
                        json={"sheet": {"name": "Катя", "attributes": ATTRIBUTES}})  # fmt: skip
    assert katya.status_code == 200, katya.text
    assert server.get(f"{page}/Катя").json()["name"] == "Катя"
    token = Table(server_db).new_invite("Pegasus", "observer").token
    server.cookies.clear()
    chosen = {"token": token, "name": "St\u0435lla", "password": "x" * 12}  # a Cyrillic e
    joined = server.post("/api/v1/invites/accept", json=chosen)
    assert joined.status_code == 400, joined.text
    assert "mixes scripts" in joined.json()["error"]
