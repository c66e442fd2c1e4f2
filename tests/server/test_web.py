"""The web table's page, drawn on the server: the recent events as cards (each projected for
its viewer), the roll box, the odds of what is typed, and the live feed of cards."""

from __future__ import annotations

from pathlib import Path

import httpx
import pytest
from fastapi.testclient import TestClient

from rollplay.server.parts import Parts
from tests.server.conftest import seat_people, sign_in
from tests.server.process import serving, signed_in

HX = {"HX-Request": "true", "Origin": "http://testserver"}


def test_the_page_shows_each_viewer_what_they_may_see(server: TestClient) -> None:
    headers = sign_in(server, "Stella")
    for text, visibility in (("roll Zorblax/5", "secret"), ("roll Nikos/Piloting", "public")):
        done = server.post(
            "/api/v1/games/Pegasus/commands",
            json={"text": text, "visibility": visibility},
            headers=headers,
        )
        assert done.status_code == 200, done.text
    storyteller = server.get("/games/Pegasus").text
    assert "Zorblax" in storyteller
    server.cookies.clear()
    sign_in(server, "Pia")
    page = server.get("/games/Pegasus")
    assert page.status_code == 200
    assert "Piloting" in page.text  # the public roll's card
    assert "Zorblax" not in page.text  # the secret one only as "a roll"
    assert "secret roll: its dice and result are hidden" in page.text
    assert ">Nikos</a></h2>" in page.text  # her character, with its luck
    assert "the Storyteller only (you see no dice)" in page.text  # she may ask for one (rulings T9)


def test_a_link_code_from_the_home_page_links_a_chat_account(server: TestClient) -> None:
    sign_in(server, "Pia")
    home = server.get("/").text
    token = home.split('"X-CSRF-Token": "', 1)[1].split('"', 1)[0]
    headers = {**HX, "X-CSRF-Token": token}
    assert server.post("/link-code", headers=HX).status_code == 403  # no CSRF token
    page = server.post("/link-code", headers=headers)
    assert page.status_code == 200
    code = page.text.split('class="link-code">', 1)[1].split("<", 1)[0]
    shared: Parts = server.app.state.parts  # type: ignore[attr-defined]
    assert shared.service.link_account("discord", "42", code, "pia").user == "Pia"
    assert "Linked: discord pia" in server.get("/").text
    forged = {**headers, "Origin": "https://evil.example"}
    assert server.post("/link-code", headers=forged).status_code == 403


def test_the_roll_box_and_the_odds(server: TestClient) -> None:
    sign_in(server, "Pia")
    assert server.post("/games/Pegasus/roll", data={"text": "roll Firearms"}).status_code == 403
    page = server.get("/games/Pegasus").text
    token = page.split('"X-CSRF-Token": "', 1)[1].split('"', 1)[0]  # drawn into the page
    headers = {**HX, "X-CSRF-Token": token}
    forged = {**headers, "Origin": "https://evil.example"}
    assert server.post("/games/Pegasus/roll", data={"text": "roll Firearms"},
                       headers=forged).status_code == 403  # fmt: skip
    rolled = server.post("/games/Pegasus/roll", data={"text": "roll Firearms"}, headers=headers)
    assert rolled.status_code == 200
    assert "Rolled: the card is on the table." in rolled.text
    wrong = server.post("/games/Pegasus/roll", data={"text": "rool Firearms"}, headers=headers)
    assert wrong.status_code == 400
    assert "did you mean &#39;roll&#39;" in wrong.text
    odds = server.get("/games/Pegasus/odds", params={"text": "roll Firearms"})
    assert "success" in odds.text
    assert "%" in odds.text
    assert (
        server.get("/games/Pegasus/odds", params={"text": "roll Mavros/Firearms"}).status_code
        == 403
    )


def test_signed_out_visitors_are_sent_to_sign_in(server: TestClient) -> None:
    answer = server.get("/games/Pegasus", follow_redirects=False)
    assert answer.status_code == 303
    assert answer.headers["location"] == "/"


@pytest.mark.live  # a rollplay serve process
def test_the_feed_sends_each_new_roll_as_a_card(tmp_path: Path) -> None:
    db = f"sqlite:///{tmp_path / 'web.db'}"
    seat_people(db)
    with serving(db) as (base, _):
        pia, _ = signed_in(base, "Pia")
        stella, st = signed_in(base, "Stella")
        cards: list[str] = []
        with pia.stream("GET", "/games/Pegasus/feed", timeout=httpx.Timeout(10)) as stream:
            lines = stream.iter_lines()
            assert next(lines).startswith("retry:")
            stella.post(
                "/api/v1/games/Pegasus/commands",
                headers=st,
                json={"text": "roll Zorblax/5", "visibility": "secret"},
            )
            stella.post(
                "/api/v1/games/Pegasus/commands", headers=st, json={"text": "roll Nikos/Piloting"}
            )
            for line in lines:  # the whole game from its start, then the new rolls
                if line.startswith("data: "):
                    cards.append(line[6:])
                    if "Piloting" in line:
                        break
        secret, public = cards[-2], cards[-1]
        assert "secret roll: its dice and result are hidden" in secret
        assert 'class="card public"' in public
        assert not any("Zorblax" in card for card in cards)
