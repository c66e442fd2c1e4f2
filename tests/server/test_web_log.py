"""The log's page (``/games/{game}/log``): each viewer's entries as the service gives them
(a secret or someone else's private roll never in a player's page), the filter as a plain
GET form, one line and a 400 for a bad filter value, and the export links with the same
filter, fetched with the session cookie."""

from __future__ import annotations

import csv
import io
import json
import re
from html import unescape

import pytest
from fastapi.testclient import TestClient

from tests.server.conftest import sign_in

CARD = re.compile(r'<li id="e(\d+)">(.*?)</li>', re.S)
ALERT = re.compile(r'<p class="error" role="alert">(.*?)</p>', re.S)


def _roll(server: TestClient, who: str, text: str, visibility: str = "public") -> int:
    server.cookies.clear()
    headers = sign_in(server, who)
    done = server.post("/api/v1/games/Pegasus/commands",
                       json={"text": text, "visibility": visibility}, headers=headers)  # fmt: skip
    assert done.status_code == 200, done.text
    return int(done.json()["log_id"])


def _as(server: TestClient, who: str) -> TestClient:
    server.cookies.clear()
    sign_in(server, who)
    return server


def _cards(html: str) -> dict[int, str]:
    return {int(i): body for i, body in CARD.findall(html)}


@pytest.fixture
def rolled(server: TestClient) -> dict[str, int]:
    """A secret NPC roll by the Storyteller, a secret roll of Mavros (a Storyteller's
    perception check), Otto's private roll of Mavros, and a public roll of each character."""
    return {
        "npc": _roll(server, "Stella", "roll Zorblax/5", "secret"),
        "mavros-secret": _roll(server, "Stella", "roll Mavros/Stealth", "secret"),
        "otto": _roll(server, "Otto", "roll Mavros/Alertness", "private"),
        "mavros": _roll(server, "Otto", "roll Mavros/Firearms"),
        "nikos": _roll(server, "Pia", "roll Nikos/Piloting"),
    }


def test_the_storyteller_sees_every_entry(server: TestClient, rolled: dict[str, int]) -> None:
    page = _as(server, "Stella").get("/games/Pegasus/log")
    assert page.status_code == 200
    cards = _cards(page.text)
    assert list(cards) == sorted(rolled.values(), reverse=True)  # newest first
    assert "Zorblax" in cards[rolled["npc"]]
    assert "success" in cards[rolled["npc"]]  # its dice and outcome
    assert '<span class="badge secret">secret</span>' in cards[rolled["npc"]]
    assert "Alertness" in cards[rolled["otto"]]
    assert '<span class="badge private">private</span>' in cards[rolled["otto"]]
    assert 'aria-current="page">Log</a>' in page.text


@pytest.mark.parametrize("who", ["Pia", "Olly"])
def test_a_player_or_observer_gets_no_secret(
    server: TestClient, rolled: dict[str, int], who: str
) -> None:
    page = _as(server, who).get("/games/Pegasus/log")
    assert page.status_code == 200
    for secret in (b"Zorblax", b"Stealth", b"Alertness"):  # abilities and the NPC's name
        assert secret not in page.content
    cards = _cards(page.text)
    assert rolled["otto"] not in cards  # someone else's private roll: not at all
    assert "Piloting" in cards[rolled["nikos"]]
    assert "Firearms" in cards[rolled["mavros"]]
    hidden = cards[rolled["npc"]]  # only as having been made
    assert "secret roll: its dice and result are hidden" in hidden
    assert '<span class="badge secret">secret</span>' in hidden
    assert "success" not in hidden


def test_the_character_filter(server: TestClient, rolled: dict[str, int]) -> None:
    pia = _as(server, "Pia")
    page = pia.get("/games/Pegasus/log", params={"character": "nikos"})  # any case
    assert page.status_code == 200
    assert list(_cards(page.text)) == [rolled["nikos"]]
    assert "<option selected>Nikos</option>" in page.text  # the form shows the filter
    # A secret roll of Mavros is not Pia's to know as Mavros's: not under his name.
    mavros = _cards(pia.get("/games/Pegasus/log?character=Mavros").text)
    assert list(mavros) == [rolled["mavros"]]
    stella = _as(server, "Stella").get("/games/Pegasus/log?character=Mavros")
    assert list(_cards(stella.text)) == [rolled["mavros"], rolled["otto"], rolled["mavros-secret"]]


@pytest.mark.storage  # dates compared in SQL
def test_how_many_and_the_dates(server: TestClient, rolled: dict[str, int]) -> None:
    stella = _as(server, "Stella")
    page = stella.get("/games/Pegasus/log?limit=2").text
    assert list(_cards(page)) == [rolled["nikos"], rolled["mavros"]]
    assert 'value="2"' in page
    assert "2 rolls, newest first: the newest 2; ask for more, or export them all." in page
    span = stella.get("/games/Pegasus/log?since=2000-01-01&until=9999-01-01T00:00").text
    assert len(_cards(span)) == len(rolled)
    later = stella.get("/games/Pegasus/log?since=9999-01-01").text
    assert _cards(later) == {}
    assert "No rolls match." in later


@pytest.mark.parametrize(("query", "said"), [
    ({"character": "Zed"}, "no character called 'Zed'"),
    ({"character": "Z" * 5000}, "Character: a name of 1 to 100 characters, not 'ZZZ"),
    ({"since": "yesterday"}, "From 'yesterday': write a date like 2026-11-01"),
    ({"until": "2026-13-01"}, "Before '2026-13-01': write a date"),
    ({"since": "2026-11-02", "until": "2026-11-01"}, "'From' (2026-11-02) must come before"),
    ({"since": "0001-01-01T00:00+01:00"}, "give a date from 0001-01-02 to 9999-12-30"),
    ({"until": "9999-12-31"}, "Before '9999-12-31': give a date from"),
    ({"limit": "0"}, "How many: a number from 1 to 1000, not '0'"),
    ({"limit": "1001"}, "not '1001'"),
    ({"limit": "-3"}, "not '-3'"),
    ({"limit": "9" * 5000}, "not '9999"),
    ({"limit": "lots"}, "not 'lots'"),
])  # fmt: skip
def test_a_bad_filter_is_one_line_and_a_400(
    server: TestClient, query: dict[str, str], said: str
) -> None:
    page = _as(server, "Pia").get("/games/Pegasus/log", params=query)
    assert page.status_code == 400
    alerts = ALERT.findall(page.text)
    assert len(alerts) == 1
    assert "\n" not in alerts[0]
    assert len(alerts[0]) < 200
    assert said in unescape(alerts[0])
    assert "Traceback" not in page.text
    assert '<form id="log-filter"' in page.text  # the form again, to put it right
    assert "/log/export" not in page.text


def test_the_export_links_carry_the_filter(server: TestClient, rolled: dict[str, int]) -> None:
    pia = _as(server, "Pia")
    page = pia.get("/games/Pegasus/log?character=Mavros&since=2000-01-01&limit=1").text
    links = dict(re.findall(r'<a href="([^"]+)" download>([^<]+)</a>', page))
    assert set(links.values()) == {"JSON Lines", "CSV"}
    for link, kind in links.items():
        href = unescape(link)
        assert "character=Mavros" in href
        assert "since=2000-01-01" in href
        assert "limit" not in href  # an export is every entry the filter matches
        got = pia.get(href)  # with the session cookie alone, as the browser sends it
        assert got.status_code == 200, got.text
        assert got.headers["content-disposition"].startswith("attachment; filename=")
        if kind == "CSV":
            assert got.headers["content-type"].startswith("text/csv")
            rows = list(csv.DictReader(io.StringIO(got.text)))
        else:  # the seed events come too, whatever the filter (for rollplay verify), and
            # every other event as its number (a placeholder)
            lines = [json.loads(line) for line in got.text.splitlines()]
            assert {r["kind"] for r in lines} == {"roll", "seed_commit", "client_seed", "ruleset",
                                                  "member", "character", "placeholder"}  # fmt: skip
            sheets = {r["kind"] for r in lines if "sheet" in r}  # the ratings rolls used (V14)
            assert sheets <= {"character", "sheet"}
            rows = [r for r in lines if r["kind"] == "roll"]
        # Only Mavros's public roll: not Otto's private one, not the secret one by name.
        assert [int(r["id"]) for r in rows] == [rolled["mavros"]]
        # The game's rules name every skill (its ruleset line: rulings V14): no secret.
        body = re.sub(r'"rules": ?"(?:[^"\\]|\\.)*"', '"rules": ""', got.text)
        assert "Stealth" not in body
        assert "Alertness" not in body
    stella = _as(server, "Stella")
    every = stella.get("/games/Pegasus/log/export?format=jsonl&character=Mavros")
    rolls = [json.loads(line) for line in every.text.splitlines()]
    ids = [r["id"] for r in rolls if r["kind"] == "roll"]
    assert ids == [rolled["mavros-secret"], rolled["otto"], rolled["mavros"]]  # oldest first
    future = stella.get("/games/Pegasus/log/export?format=csv&since=9999-01-01")
    assert future.text.splitlines() == [future.text.splitlines()[0]]  # the header alone


def test_an_export_refuses_bad_values_in_one_line(server: TestClient) -> None:
    pia = _as(server, "Pia")
    for query, status in (("format=xml", 400), ("format=csv&character=Zed", 400),
                          ("format=csv&until=soon", 400)):  # fmt: skip
        got = pia.get(f"/games/Pegasus/log/export?{query}")
        assert got.status_code == status, got.text
        assert "\n" not in got.text.strip(), got.text
    assert pia.get("/games/Nowhere/log/export").status_code == 404
    dora = _as(server, "Dora")
    assert dora.get("/games/Pegasus/log/export").status_code in (403, 404)
    assert dora.get("/games/Pegasus/log").status_code in (403, 404)
    server.cookies.clear()
    assert server.get("/games/Pegasus/log/export").status_code == 401


def test_signed_out_visitors_are_sent_to_sign_in(server: TestClient) -> None:
    answer = server.get("/games/Pegasus/log?character=Nikos", follow_redirects=False)
    assert answer.status_code == 303
    assert answer.headers["location"] == "/"


def test_the_form_works_without_javascript_and_with_htmx(server: TestClient) -> None:
    page = _as(server, "Pia").get("/games/Pegasus/log").text
    form = page.split('<form id="log-filter"', 1)[1].split("</form>", 1)[0]
    assert 'method="get" action="/games/Pegasus/log"' in form  # a plain form: a link
    assert 'hx-select="#results"' in form
    assert 'hx-push-url="true"' in form
    for name in ("character", "since", "until", "limit"):
        assert f'name="{name}"' in form
    assert form.count("<label>") == 4  # every field labelled
