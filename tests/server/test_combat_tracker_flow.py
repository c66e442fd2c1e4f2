"""The tracker as a Storyteller runs it (issue 31), through the web routes: the initiative
shown once a turn has rolled it, a player asked for her character's action, every NPC's
action set in one form (the Storyteller's alone), and the turn report as roll cards, each with
its permalink and its text to copy."""

from __future__ import annotations

import html
import re

from fastapi.testclient import TestClient

from tests.server.test_web_combat import HANGAR, page_headers, post, words


def test_the_tracker_asks_orders_and_reports_as_cards(server: TestClient) -> None:
    st = page_headers(server, "Stella")
    post(server, "/games/Pegasus/combats", st, name="Hangar")
    post(server, f"{HANGAR}/join", st, who="Nikos", weapon="Pistol")
    for npc in ("Raider", "Thug"):
        post(server, f"{HANGAR}/npc", st, name=npc, rating="2", team="B", weapon="Pistol")
    page = server.get(HANGAR).text
    assert "not rolled yet" in page
    assert "Waiting on: Nikos" in page
    assert page.count('name="who" value=') == 2  # one row a NPC in one form
    # One form, one transaction: a refused row leaves every NPC's action unset.
    refused = server.post(
        f"{HANGAR}/npcs",
        headers=st,
        data={"who": ["Raider", "Thug"], "kind": ["attack", "attack"], "target": ["Nikos", "Thug"]},
    )
    assert refused.status_code == 400
    assert "cannot attack themself" in refused.text
    assert "not set" in server.get(f"{HANGAR}/tracker").text
    # The same orders typed in the roll box: the combat/orders command the form sends.
    typed = server.post(
        "/games/Pegasus/roll",
        headers=st,
        data={"text": "combat/orders Raider=pass, thug=reload/combat=Hangar"},
    )
    assert typed.status_code == 200, typed.text
    assert "reload" in server.get(f"{HANGAR}/tracker").text
    said = server.post(
        f"{HANGAR}/npcs",
        headers=st,
        data={
            "who": ["Raider", "Thug"],
            "kind": ["attack", "suppress"],
            "target": ["Nikos", "Nikos"],
        },
    )
    assert said.status_code == 200
    assert "Raider, Thug" in said.text
    tracker = server.get(f"{HANGAR}/tracker").text
    assert "suppress Nikos" in words(tracker)

    server.cookies.clear()
    pia = page_headers(server, "Pia")
    mine = server.get(f"{HANGAR}/tracker").text
    assert 'data-action-needed="Nikos"' in mine
    assert "Your action is needed" in mine
    assert "suppress Nikos" not in words(mine)  # the NPCs' plans stay the Storyteller's
    forbidden = server.post(
        f"{HANGAR}/npcs", headers=pia, data={"who": ["Raider"], "kind": ["pass"], "target": [""]}
    )
    assert forbidden.status_code == 403
    post(server, f"{HANGAR}/action", pia, who="Nikos", kind="attack", target="Raider")
    assert "data-action-needed" not in server.get(f"{HANGAR}/tracker").text

    server.cookies.clear()
    st = page_headers(server, "Stella")
    post(server, f"{HANGAR}/turn", st)
    tracker = server.get(f"{HANGAR}/tracker").text
    assert "rolled in turn 1" in tracker
    assert "acts first" in tracker
    feed = server.get(HANGAR).text
    report = feed.split('class="card turn', 1)[1].split("</li>", 1)[0]
    assert "<table" not in report
    cards = report.count('<div class="card public">')
    assert cards >= 3  # the initiative, then an attack each (and any knockout)
    assert '<span class="strong">Raider</span> attacks <span class="strong">Nikos</span>' in report
    assert "<p>Attack: Raider: FS3.3: Raider rating 2" in report  # hers to see: the NPC's dice
    # Each roll's dice as every FS3 roll card draws them: [6] a success, (1) a one.
    die = r'(?:<span class="die success">\[[6-8]\]</span>|<span class="die one">\(1\)</span>|[2-5])'
    assert re.search(rf"<p>{die}(?: {die})*  = \d+ success(?:es)?: ", report)
    number = re.search(r'<li id="e(\d+)"><div class="card turn', feed)
    assert number is not None
    n = number.group(1)
    assert f'href="/games/Pegasus/log/{n}#e{n}"' in feed
    copied = html.unescape(feed.split(f'<li id="e{n}">', 1)[1].split('data-copy="', 1)[1]
                           .split('"', 1)[0])  # fmt: skip
    assert "Hangar: turn 1" in copied.splitlines()[0]
    assert "Initiative:" in copied
    assert "<" not in copied
    linked = server.get(f"/games/Pegasus/log/{n}")
    assert linked.status_code == 200
    assert f'id="e{n}"' in linked.text
    assert server.get("/games/Pegasus/log/99999").status_code == 404
