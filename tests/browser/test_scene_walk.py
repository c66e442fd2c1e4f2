"""A short scene played whole on the web, as issue 30's "Done means" asks: the Storyteller
and two players, each in their own browser at once. She starts the scene from the scenes
list, they join and pose; she asks Nikos for a roll and Pia answers with the card's Roll
button; she makes a secret roll (the players see only that one was made); a combat runs in
the scene's combat panel (an NPC added, Nikos's action set, the turn resolved there) and its
report reaches every screen; Pia edits a pose and the others see "(edited)". Then each
downloads the scene's Markdown, HTML and JSON Lines from the page: the secret roll's roller
and dice are in the Storyteller's files only, the edit shows in everyone's, and each JSON
Lines file passes ``rollplay verify`` as its reader may (0 for the Storyteller; 3, "hidden
from you", for a player)."""

from __future__ import annotations

import json
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

from playwright.sync_api import Page, expect

from tests.browser.scene_pages import card, downloads, post_lines
from tests.server.process import signed_in

TITLE, COMBAT, NPC, SPY = "Walk Quay", "Walk Brawl", "Walk Thug", "Walk Lookout"
EDITED = {"markdown": "\\(edited\\)", "html": "(edited)", "jsonl": '"edited": true'}
REPORT = {"markdown": f"{COMBAT}\\: turn 1", "html": f"{COMBAT}: turn 1",
          "jsonl": '"kind": "combat_turn"'}  # fmt: skip


def _paragraph(text: str, start: str) -> str:
    """The card that begins with ``start`` in a readable export (up to its blank line or
    its list item's end)."""
    at = text.index(start)
    ends = [i for i in (text.find("\n\n", at), text.find("</li>", at)) if i >= 0]
    return text[at : min(ends, default=len(text))]


def _event(jsonl: str, number: int) -> dict[str, object]:
    (line,) = [x for x in map(json.loads, jsonl.splitlines()) if x["id"] == number]
    return dict(line)


def _verify(folder: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "rollplay", "verify", str(folder / "jsonl.out")],
                          capture_output=True, text=True, timeout=60, check=False)  # fmt: skip


def test_a_short_scene_played_whole_and_its_record(
    people: Callable[..., Page], live_server: str, tmp_path: Path
) -> None:
    names = ("Stella", "Pia", "Otto")
    pages = {name: people(name) for name in names}
    stella, pia, otto = (pages[n] for n in names)
    number = None
    try:
        stella.goto("/games/Pegasus/scenes")
        stella.get_by_label("Title").fill(TITLE)
        stella.get_by_role("button", name="Start").click()
        stella.wait_for_url("**/games/Pegasus/scenes/*")
        number = int(stella.url.rsplit("/", 1)[1])
        for page in (pia, otto):
            page.goto(stella.url)
            page.get_by_role("button", name="Join").click()
        for page in pages.values():
            expect(page.locator("#live")).to_have_text("Live")
            expect(card(page, "Otto joins")).to_have_count(1)

        # Poses.
        post_lines(pia, "leans on the rail.")
        post_lines(otto, "say Walk away, friend.")
        for page in pages.values():
            expect(card(page, 'Mavros says, "Walk away, friend."')).to_have_count(1)
        pose = card(stella, "Nikos leans on the rail.").get_attribute("id")
        assert pose is not None

        # A roll request, answered with its card's Roll button.
        post_lines(stella, "request Nikos Alertness")
        for page in pages.values():
            expect(card(page, "asks Nikos for a roll")).to_have_count(1)
        roll = "Roll Alertness for Nikos"
        expect(otto.get_by_role("button", name=roll, include_hidden=True)).to_be_hidden()
        expect(stella.get_by_role("button", name=roll)).to_be_visible()  # she may answer too
        pia.get_by_role("button", name=roll).click()
        for page in pages.values():
            expect(page.locator("#feed")).to_contain_text("Answered: #")

        # A secret roll: the players learn only that one was made.
        post_lines(stella, f"roll/secret {SPY}/4")
        expect(card(stella, SPY)).to_have_count(1)
        secret = card(stella, SPY).get_attribute("id")
        assert secret is not None
        for page in (pia, otto):
            shown = page.locator(f"#{secret}")
            expect(shown).to_contain_text("secret")
            expect(shown).not_to_contain_text(SPY)

        # A combat in the scene, played from its panel.
        post_lines(stella, f"combat/start {COMBAT}")
        for page in pages.values():
            expect(page.locator("#scene-combat")).to_contain_text(f"Combat: {COMBAT}")
        stella.get_by_label("NPC name").fill(NPC)
        stella.get_by_label("Rating", exact=True).fill("2")
        stella.get_by_role("button", name="Add NPC").click()
        pia.get_by_label("Character", exact=True).select_option("Nikos")
        pia.get_by_label("Weapon", exact=True).select_option("Pistol")
        pia.get_by_role("button", name="Join", exact=True).click()
        expect(pia.locator("#tracker")).to_contain_text(NPC)
        target = pia.get_by_label("Target", exact=True)
        expect(target.locator("option", has_text=NPC)).to_have_count(1)  # the forms redrawn
        pia.get_by_label("Action", exact=True).select_option("attack")
        target.select_option(NPC)
        pia.get_by_role("button", name="Set action").click()
        expect(stella.locator("#tracker")).to_contain_text(f"attack {NPC}")
        expect(otto.get_by_role("button", name="Set action")).to_have_count(0)  # not his
        expect(otto.get_by_role("button", name="Resolve the turn")).to_have_count(0)
        stella.get_by_role("button", name="Resolve the turn").click()
        for page in pages.values():
            expect(card(page, f"{COMBAT}: turn 1")).to_have_count(1)
            expect(page.locator("#tracker")).to_contain_text("Turn 2")

        # An edit: everyone sees it, marked.
        post_lines(pia, f"pose/edit {pose[1:]}=leans hard on the wet rail.")
        for page in pages.values():
            edited = page.locator(f"#{pose}")
            expect(edited).to_contain_text("Nikos leans hard on the wet rail.")
            expect(edited).to_contain_text("(edited)")

        # Each reader's record, from the page.
        client, headers = signed_in(live_server, "Stella")
        try:  # the seeds revealed, so every roll can be proven
            for chain in ("public", "hidden"):
                rotated = client.post("/api/v1/games/Pegasus/seeds/rotate",
                                      json={"chain": chain}, headers=headers)  # fmt: skip
                assert rotated.status_code == 200, rotated.text
        finally:
            client.close()
        records = {}
        for name, page in pages.items():
            (tmp_path / name).mkdir()
            records[name] = downloads(page, tmp_path / name)
        spy = int(secret[1:])
        for name, got in records.items():
            rolled = {"markdown": _paragraph(got["markdown"], f"\\#{spy} "),
                      "html": _paragraph(got["html"], f'<li id="e{spy}">'),
                      "jsonl": json.dumps(_event(got["jsonl"], spy))}  # fmt: skip
            for fmt, text in got.items():
                assert "leans hard on the wet rail." in text, (name, fmt)
                assert EDITED[fmt] in text, (name, fmt)
                assert REPORT[fmt] in text, (name, fmt)  # the combat turn
                assert (SPY in text) is (name == "Stella"), (name, fmt)
                said = rolled[fmt]  # the secret roll's card: whole for the Storyteller
                assert (SPY in said) is (name == "Stella"), said
                if fmt != "jsonl":
                    assert ("verify" in said) is (name == "Stella"), said  # its dice's proof
                    assert ("dice and result are hidden" in said) is (name != "Stella"), said
            dice = _event(got["jsonl"], spy)["dice"]
            assert (dice is not None) is (name == "Stella"), (name, dice)
            verified = _verify(tmp_path / name)
            said = verified.stdout + verified.stderr
            assert verified.returncode == (0 if name == "Stella" else 3), (name, said)
            if name != "Stella":
                assert "hidden from you" in said, said
    finally:  # for the shared server's next tests, whatever became of this one
        client, headers = signed_in(live_server, "Stella")
        try:
            for line in (f"combat/stop {COMBAT}", f"scene/stop {number}"):
                client.post("/api/v1/games/Pegasus/commands", json={"text": line},
                            headers=headers)  # fmt: skip
        finally:
            client.close()
