"""The table page's controls, as a browser sends them: luck spent beside the roll box,
quick-roll buttons from the sheet, the Storyteller's NPC rolls and awards, the viewer's own
points redrawn, and an invite that lands its taker at the table."""

from __future__ import annotations

import html
import json
import re

from fastapi.testclient import TestClient

from rollplay.table.events.combat import CombatStarted, Turn
from rollplay.table.events.payloads import (
    CharacterMade,
    HiddenRoll,
    LuckAwarded,
    Membership,
    Raised,
)
from rollplay.table.events.requests import PoseDeleted, PoseEdited
from rollplay.table.events.scenes import Posed
from rollplay.table.events.views import AnyPayload, EventView
from tests.server.conftest import sign_in
from tests.server.forms import HX, luck_of, page_as


def test_luck_chosen_beside_the_roll_box_is_spent_on_the_roll(server: TestClient,
                                                              server_db: str) -> None:  # fmt: skip
    _, headers = page_as(server, "Pia")
    before = luck_of(server_db)
    plain = server.get("/games/Pegasus/odds", params={"text": "roll Firearms"}).text
    boosted = server.get("/games/Pegasus/odds",
                         params={"text": "roll Firearms", "luck": "bonus"}).text  # fmt: skip
    assert plain != boosted  # the odds shown count the luck chosen
    done = server.post("/games/Pegasus/roll", data={"text": "roll Firearms", "luck": "bonus"},
                       headers=headers)  # fmt: skip
    assert done.status_code == 200, done.text
    assert done.headers["HX-Trigger"] == "done"  # the points panel redraws on it
    assert luck_of(server_db) == before - 1
    events = server.get("/api/v1/games/Pegasus/events", params={"format": "json"}).json()
    roll = [e for e in events if e["kind"] == "roll"][-1]
    assert roll["data"]["outcome"]["luck"] == "bonus"  # the luck chosen, on this roll
    panel = server.get("/games/Pegasus/mine").text
    assert re.search(rf"Luck <strong>{before - 1}</strong>", panel)
    # No luck left: refused in one line, nothing rolled.
    again = server.post("/games/Pegasus/roll", data={"text": "roll Firearms", "luck": "bonus"},
                        headers=headers)  # fmt: skip
    assert again.status_code == 400
    assert "no luck" in again.text
    bad = server.post("/games/Pegasus/roll", data={"text": "roll Firearms", "luck": "lots"},
                      headers=headers)  # fmt: skip
    assert bad.status_code == 400
    assert "accepted: bonus, reroll, hail-mary" in bad.text
    not_a_roll = server.post("/games/Pegasus/roll", data={"text": "sheet", "luck": "bonus"},
                             headers=headers)  # fmt: skip
    assert not_a_roll.status_code == 400
    assert "spent on a roll" in not_a_roll.text


def test_quick_roll_buttons_come_from_the_sheet(server: TestClient) -> None:
    page, headers = page_as(server, "Pia")
    lines = re.findall(r"hx-vals='(\{[^']*\})'", page)
    texts = [json.loads(v)["text"] for v in lines]
    assert "roll Nikos/Piloting" in texts
    assert "roll Nikos/Reflexes" in texts
    assert not any("Mavros" in t for t in texts)  # only her own character's
    assert ">Piloting (10)</button>" in page  # with the dice it gives
    assert '<option value="roll Piloting">' in page  # the roll box completes abilities
    done = server.post("/games/Pegasus/roll", data={"text": "roll Nikos/Piloting"},
                       headers=headers)  # fmt: skip
    assert done.status_code == 200


def test_the_storytellers_npc_rolls_and_awards(server: TestClient, server_db: str) -> None:
    page, headers = page_as(server, "Stella")
    assert "Roll for the NPC" in page
    assert "Award" in page
    npc = server.post("/games/Pegasus/npc", data={"name": "Zorblax", "what": "6"},
                      headers=headers)  # fmt: skip
    assert npc.status_code == 200, npc.text
    assert "Zorblax" in server.get("/games/Pegasus").text  # secret, so the Storyteller's
    bad = server.post("/games/Pegasus/npc", data={"name": "Zorblax", "what": "six"},
                      headers=headers)  # fmt: skip
    assert bad.status_code == 400
    before = luck_of(server_db)
    award = server.post("/games/Pegasus/award",
                        data={"character": "Nikos", "points": "luck", "amount": "2",
                              "reason": "a great scene"}, headers=headers)  # fmt: skip
    assert award.status_code == 200, award.text
    assert luck_of(server_db) == before + 2
    xp = server.post("/games/Pegasus/award", data={"character": "Nikos", "points": "xp",
                                                   "amount": "2.5"}, headers=headers)  # fmt: skip
    assert xp.status_code == 200, xp.text
    for amount, points, said in (("1.5", "luck", "whole number"), ("0.3", "xp", "half points"),
                                 ("2", "gold", "accepted: luck, xp")):  # fmt: skip
        wrong = server.post(
            "/games/Pegasus/award",
            headers=headers,
            data={"character": "Nikos", "points": points, "amount": amount},
        )
        assert wrong.status_code == 400
        assert said in html.unescape(wrong.text)
    # A player sees neither control, nor the NPC's roll.
    server.cookies.clear()
    page, headers = page_as(server, "Pia")
    assert "Roll for the NPC" not in page
    assert "Zorblax" not in page
    refused = server.post("/games/Pegasus/award", data={"character": "Nikos", "points": "luck"},
                          headers=headers)  # fmt: skip
    assert refused.status_code == 403


def test_an_observer_gets_no_roll_box(server: TestClient) -> None:
    page, _ = page_as(server, "Olly")
    assert 'id="roll"' not in page
    assert 'id="feed"' in page


def test_the_feed_tells_pages_what_to_redraw(server: TestClient) -> None:
    from rollplay.server.cards import sse_card

    award = sse_card(_view(LuckAwarded(amount=1, luck=2)))
    assert "event: points" in award
    assert "event: combat" not in award
    turn = sse_card(_view(Turn(combat="Hangar", turn=2)))
    assert "event: combat\ndata: Hangar" in turn
    assert sse_card(_view(Membership(game="Pegasus", user="X"))).count("event:") == 1
    # Issue 30: an answer takes its request's Roll button's place; an edit redraws its pose,
    # as the ledger hands it (the earlier event, folded: events/ledger.py).
    answer = sse_card(_view(HiddenRoll(system="fs3", request=5), 9))
    assert '<p id="answer-5" class="muted" hx-swap-oob="outerHTML">Answered: #9</p>' in answer
    edited = Posed(scene=1, style="pose", who="Nikos", text="leans <b>out</b>.", edited=True)
    edit = sse_card(_view(PoseEdited(scene=1, pose=4, style="pose", who="Nikos",
                                     text="leans <b>out</b>."), 8), _view(edited, 4))  # fmt: skip
    assert '<li id="e4" hx-swap-oob="outerHTML">' in edit
    assert "leans &lt;b&gt;out&lt;/b&gt;." in edit
    assert "(edited)" in edit
    deleted = Posed(scene=1, style="pose", who="Nikos", text="", deleted=True)
    gone = sse_card(_view(PoseDeleted(scene=1, pose=4, who="Nikos"), 10), _view(deleted, 4))
    assert "Nikos&#39;s pose was deleted" in gone or "Nikos's pose was deleted" in gone
    assert sse_card(_view(LuckAwarded(amount=1, luck=2))).count("hx-swap-oob") == 0


def _view(data: AnyPayload, event_id: int = 7) -> EventView:
    """An event of ``data``'s kind, as the feed hands it to a viewer who sees it whole."""
    return EventView(id=event_id, time="2026-11-23T12:00:00", game="Pegasus", actor=None,
                     kind=data.kind, character="Nikos", visibility="public", hidden=False,
                     data=data)  # fmt: skip


def test_a_new_fights_card_and_a_new_characters_lead_to_their_pages() -> None:
    from rollplay.server.cards import card

    fight = card(_view(CombatStarted(combat="Hangar Deck")))
    assert '<a href="/games/Pegasus/combats/Hangar%20Deck" tabindex="-1">Go to Hangar Deck' in fight
    made = card(_view(CharacterMade(name="Walk Zoe", sheet={})))
    assert '<a href="/games/Pegasus/characters/Walk%20Zoe" tabindex="-1">Open Walk Zoe' in made
    awarded = card(_view(LuckAwarded(amount=1, luck=2)))
    assert "Go to" not in awarded  # the rest lead nowhere new
    assert "Open " not in awarded


def test_a_combat_turn_reaches_players_as_its_report_without_the_npcs_dice(
    server: TestClient,
) -> None:
    headers = sign_in(server, "Stella")
    for line in ("combat/start Ambush", "combat/join Nikos/weapon=Pistol",
                 "combat/join Raider 1/npc=5,team=B,weapon=Rifle",
                 "combat/attack Raider 1=Nikos", "combat/attack Nikos=Raider 1",
                 "combat/newturn Ambush"):  # fmt: skip
        done = server.post("/api/v1/games/Pegasus/commands", json={"text": line},
                           headers=headers)  # fmt: skip
        assert done.status_code == 200, f"{line}: {done.text}"
    storyteller = server.get("/games/Pegasus").text
    assert "Raider 1 rating 5" in storyteller  # she sees every die
    server.cookies.clear()
    sign_in(server, "Pia")
    page = server.get("/games/Pegasus").text
    assert "Ambush: turn 1" in page
    assert "Raider 1 attacks Nikos" in page  # what happened, to everyone
    assert "dice kept by the Storyteller" in page
    assert "rating 5" not in page  # the NPC's rating and dice are not
    said = re.sub(r"<[^>]+>", "", page)
    # Nikos's own side of each attack keeps its dice: his ratings alone drew them (W71).
    assert re.search(r"Nikos attacks Raider 1: \w+\s*Attack: Nikos: FS3.3: Firearms", said)
    assert re.search(r"Raider 1 attacks Nikos: \w+\s*Attack: \d+ hits?, dice kept by the "
                     r"Storyteller\s*Defense: Nikos: FS3.3: ", said)  # fmt: skip


def test_the_roll_box_shows_what_a_command_answers(server: TestClient) -> None:
    _, headers = page_as(server, "Pia")
    sheet = server.post("/games/Pegasus/roll", data={"text": "sheet"}, headers=headers)
    assert sheet.status_code == 200
    assert "Piloting 6 (Proficient), 10 dice" in sheet.text  # her sheet, as the CLI shows it
    server.post("/games/Pegasus/roll", data={"text": "roll Melee"}, headers=headers)
    log = server.post("/games/Pegasus/roll", data={"text": "log 1"}, headers=headers)
    assert "Melee" in log.text
    said = re.sub(r"<[^>]+>", "", log.text)  # the card's text, its lines one <p> each
    pool = re.search(r"→ (\d+) dice", said)
    faces = re.search(r"dice *((?:[\[(]?\d[\])]? *)+)= \d+ success", said)
    assert pool
    assert faces
    assert len(re.findall(r"\d", faces.group(1))) == int(pool.group(1))  # every die shown


def test_the_npc_form_rolls_for_an_npc_only(server: TestClient) -> None:
    _, headers = page_as(server, "Stella")
    for name, what, said in (("Nikos", "5", "is a character of this game"),
                             ("R/S", "5", "an NPC needs a name without"),
                             ("Raider", "Firearms", "is not an NPC's roll")):  # fmt: skip
        wrong = server.post("/games/Pegasus/npc", data={"name": name, "what": what},
                            headers=headers)  # fmt: skip
        assert wrong.status_code == 400, (name, what)
        assert said in html.unescape(wrong.text)
    done = server.post("/games/Pegasus/npc", data={"name": "Raider 2", "what": "5"},
                       headers=headers)  # fmt: skip
    assert done.status_code == 200, done.text


def test_page_requests_get_errors_as_fragments(server: TestClient) -> None:
    _, headers = page_as(server, "Pia")
    bad = server.post("/games/Pegasus/roll", data={"text": "roll Firearms", "cp": "-1"},
                      headers=headers)  # fmt: skip
    assert bad.status_code == 422
    assert bad.text.startswith('<p class="error" role="alert">')  # not JSON on the page
    server.cookies.clear()
    gone = server.get("/games/Pegasus/mine", headers=HX)
    assert gone.status_code == 401
    assert gone.headers["HX-Redirect"] == "/"  # signed out: back to sign in
    assert server.get("/games/Nowhere/mine", headers=HX).status_code == 401


def test_a_skill_name_cannot_forge_a_feed_message(server: TestClient) -> None:
    from rollplay.server.cards import sse_card

    forged = sse_card(_view(Raised.model_validate({"skill": "Poker\rid: 999\revent: x",
                                                   "from": 0, "to": 1, "cost": 1}), 3))  # fmt: skip

    assert "\r" not in forged
    assert forged.count("\n\n") == 2  # the card and the points signal, nothing more
    _, headers = page_as(server, "Pia")
    refused = server.post("/games/Pegasus/characters/Nikos/raise",
                          data={"learn": "background:Poker\rid: 9"}, headers=headers)  # fmt: skip
    assert refused.status_code == 400


def test_a_roll_requests_button_posts_its_answer(server: TestClient) -> None:
    """Issue 30: the Storyteller's request is a card with a Roll button; the button's form
    posts ``answer N`` through the roll box's route, the roll answers the request, and the
    card then shows it answered. A second answer, or another player's, is one line."""
    _, gm = page_as(server, "Stella")
    asked = server.post("/games/Pegasus/roll", data={"text": "request Nikos Piloting+1"},
                        headers=gm)  # fmt: skip
    assert asked.status_code == 200, asked.text
    page, headers = page_as(server, "Pia")
    button = (
        r'<form id="answer-(\d+)"[^>]*data-for="Nikos"[^>]*'
        r'hx-post="/games/Pegasus/roll".*?name="text" value="([^"]+)"'
    )
    form = re.search(button, page)
    assert form is not None, page
    number, line = form.group(1), html.unescape(form.group(2))
    assert line == f"answer {number}"
    assert "odds: Piloting+1" in page
    done = server.post("/games/Pegasus/roll", data={"text": line}, headers=headers)
    assert done.status_code == 200, done.text
    page = server.get("/games/Pegasus").text
    assert f'id="answer-{number}"' not in page  # answered: no button any more
    assert f"answered by #{int(number) + 1}" in page
    again = server.post("/games/Pegasus/roll", data={"text": line}, headers=headers)
    assert again.status_code == 400
    assert "already answered" in again.text
    _, gm = page_as(server, "Stella")
    server.post("/games/Pegasus/roll", data={"text": "request Nikos Firearms"}, headers=gm)
    _, otto = page_as(server, "Otto")
    refused = server.post("/games/Pegasus/roll", data={"text": f"answer {int(number) + 2}"},
                          headers=otto)  # fmt: skip
    assert refused.status_code == 403
    assert "only Nikos's player or the Storyteller answers it" in html.unescape(refused.text)


def test_the_roll_box_rolls_a_bare_ability_helps_and_completes_only_rolls(
    server: TestClient,
) -> None:
    """Issue 31, defect 4: ``Firearms`` alone rolls it for the player's character; ``help``
    shows the language; the completions are only what the server will roll."""
    page, headers = page_as(server, "Pia")
    bare = server.post("/games/Pegasus/roll", data={"text": "Firearms"}, headers=headers)
    assert bare.status_code == 200, bare.text
    assert "Rolled" in bare.text
    told = server.post("/games/Pegasus/roll", data={"text": "help"}, headers=headers)
    assert told.status_code == 200
    assert "heal" not in told.text.split("<p>", 2)[1]  # the language, not a guess at a word
    assert "roll Firearms+1" in told.text
    assert "luck/spend" in told.text
    completions = _completions(page)
    assert "roll Piloting" in completions
    for line in completions:  # each one rolls, from the box as it is offered
        assert line.startswith("roll ")
    stella_page, stella = page_as(server, "Stella")
    offered = _completions(stella_page)
    assert "roll Mavros/Melee" in offered
    assert "roll Mavros/Demolitions" not in offered  # Everyman, refused without a Hail Mary
    for line in offered[:: max(1, len(offered) // 8)]:
        done = server.post("/games/Pegasus/roll", data={"text": line}, headers=stella)
        assert done.status_code == 200, (line, done.text)


def _completions(page: str) -> list[str]:
    listed = page.split('<datalist id="lines">', 1)[1].split("</datalist>", 1)[0]
    return [html.unescape(v) for v in re.findall(r'<option value="([^"]*)">', listed)]
