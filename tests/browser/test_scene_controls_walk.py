"""Issue 37's "Done means": a scene walked from start to export with the scene page's
controls only, no typed command, by the Storyteller and two players in three browsers at
once, each seeing the others' moves live (no page is reloaded), on a desktop and on a phone.

Stella starts the scene from the scenes page's form (title, location, type, summary); Pia and
Otto join with the Join button and pose; Stella asks Nikos for a roll with "Ask for a roll"
and Pia answers with the request card's Roll button; Pia edits her pose from its card and
Otto deletes his; Stella asks Mavros for a secret roll, Otto answers it, and Stella reveals it
from its card; Stella edits the header in place,
starts a combat from the scene page and stops the scene; every page then says the scene is
over, without its pose box, and each reader downloads its record from the page. Every line
sent from a pose box is a pose: the page's requests are checked for a command."""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path
from urllib.parse import parse_qs

import pytest
from playwright.sync_api import Page, Request, expect

from tests.browser.conftest import DESKTOP
from tests.browser.scene_pages import card, downloads, post_lines
from tests.browser.test_page_finish import CLIPPED
from tests.browser.test_scene_controls import KEPT, MARK, PHONE, SCENES
from tests.server.process import signed_in

POSES = {"Pia": "leans on the wet rail.", "Otto": "counts the crates twice."}
EDITED = "leans on the dry rail."


def _lines_sent(page: Page, sent: list[str]) -> None:
    """Keep each line the page's pose box sends (its form's ``text``)."""

    def kept(request: Request) -> None:
        if request.method == "POST" and request.url.endswith("/pose"):
            sent.extend(parse_qs(request.post_data or "").get("text", []))

    page.on("request", kept)


@pytest.mark.parametrize("screen", ["desktop", "phone"])
def test_a_scene_walked_with_its_controls_only(
    people: Callable[..., Page], live_server: str, tmp_path: Path, screen: str
) -> None:
    viewport = DESKTOP if screen == "desktop" else PHONE
    title, fight = f"Walk Controls {screen}", f"Walk Controls Fight {screen}"
    names = ("Stella", "Pia", "Otto")
    pages = {name: people(name, viewport) for name in names}
    stella, pia, otto = (pages[n] for n in names)
    sent: list[str] = []
    number = None
    for page in pages.values():
        _lines_sent(page, sent)
    try:
        stella.goto(SCENES)
        stella.get_by_label("Title").fill(title)
        stella.get_by_label("Location").fill("The quay")
        stella.get_by_label("Type").select_option("action")
        stella.get_by_label("Summary").fill("Smugglers at low tide")
        stella.get_by_role("button", name="Start", exact=True).click()
        stella.wait_for_url("**/games/Pegasus/scenes/*")
        url = stella.url
        number = int(url.rsplit("/", 1)[1])
        for page in (pia, otto):
            page.goto(url)
            page.get_by_role("button", name="Join").click()
            expect(page.get_by_role("button", name="Join")).to_have_count(0)
        stella.evaluate(MARK)
        for page in pages.values():
            expect(page.locator("#live")).to_have_text("Live")
            expect(card(page, "Otto joins")).to_have_count(1)
            expect(page.locator("#scene-where")).to_have_text("An action scene at The quay")
            page.evaluate(MARK)  # from here on, nothing is reloaded

        for page in pages.values():  # every choice beside the pose box fits its select
            assert page.evaluate(CLIPPED.replace("#roll select", "#scene-acts select")) == []

        # Poses, each seen by the others.
        post_lines(pia, POSES["Pia"])
        post_lines(otto, POSES["Otto"])
        for page in pages.values():
            expect(card(page, "Nikos leans on the wet rail.")).to_have_count(1)
            expect(card(page, "Mavros counts the crates twice.")).to_have_count(1)

        # Stella asks Nikos for a roll with the form, its odds shown before she asks.
        ask = stella.locator("#ask")
        ask.get_by_label("Character").select_option("Nikos")
        ask.get_by_label("Ability").select_option("Piloting")
        ask.get_by_label("Modifier").fill("1")
        expect(ask.locator("#ask-odds .check")).to_contain_text("Piloting")
        expect(ask.locator("#ask-odds .odds li").first).to_contain_text("%")
        ask.get_by_role("button", name="Ask").click()
        for page in pages.values():
            expect(card(page, "asks Nikos for a roll: Piloting+1")).to_have_count(1)
        roll = "Roll Piloting+1 for Nikos"
        expect(otto.get_by_role("button", name=roll, include_hidden=True)).to_be_hidden()
        pia.get_by_role("button", name=roll).click()
        for page in pages.values():
            expect(page.locator("#feed")).to_contain_text("Answered: #")

        # Pia puts her pose right with its pencil and Otto takes his back, on their cards
        # (rulings S74); every page follows, the edited pose in its place.
        mine = pia.locator("#feed > li").filter(has_text=POSES["Pia"]).last
        mine.get_by_role("button", name="Edit").click()
        mine.get_by_label(re.compile(r"Pose #\d+, as it should read")).fill(EDITED)
        mine.get_by_role("button", name="Save").click()
        otto.once("dialog", lambda dialog: dialog.accept())
        theirs = otto.locator("#feed > li").filter(has_text=POSES["Otto"]).last
        theirs.get_by_role("button", name="Delete").click()
        for name, page in pages.items():
            expect(card(page, f"Nikos {EDITED}")).to_contain_text("(edited)")
            expect(page.locator("#feed")).to_contain_text("Mavros's pose was deleted")
            if name == "Stella":  # hers, live as on a reload (rulings S11, S77)
                expect(page.locator("#feed")).to_contain_text(f"(before: {POSES['Otto']})")
            else:
                expect(page.locator("#feed")).not_to_contain_text(POSES["Otto"])

        # A secret roll asked of Mavros, answered from its card, then shown to the scene
        # with the Storyteller's Reveal (rulings S73): Pia sees it hidden, then whole.
        ask.get_by_label("Character").select_option("Mavros")
        ask.get_by_label("Ability").select_option("Medicine")
        ask.get_by_label("Modifier").fill("0")
        ask.get_by_role("checkbox", name="Secret: only the Storyteller sees the result").check()
        expect(ask.locator("#ask-odds .check")).to_contain_text("Medicine")
        ask.get_by_role("button", name="Ask").click()
        for page in pages.values():
            expect(card(page, "asks Mavros for a roll: Medicine")).to_have_count(1)
        otto.get_by_role("button", name="Roll Medicine for Mavros").click()
        answered = otto.locator("#feed > li").filter(has_text="Answered: #").last
        expect(answered).to_be_visible()
        for page in (stella, pia):
            expect(page.locator("#feed")).to_contain_text("Answered: #", timeout=5000)
        hidden = pia.locator("#feed > li").filter(has_text="hidden").last
        expect(hidden).to_be_visible()
        roll = str(hidden.get_attribute("id"))
        expect(pia.locator(f"#{roll}")).not_to_contain_text("Medicine")
        stella.locator(f"#{roll}").get_by_role("button", name="Reveal to the scene").click()
        for page in pages.values():
            expect(page.locator(f"#{roll}")).to_contain_text("Medicine")

        # The header, edited in place.
        stella.get_by_text("Edit where and what kind").click()
        stella.get_by_label("Location", exact=True).fill("The lighthouse")
        stella.get_by_label("Type", exact=True).select_option("plot")
        stella.get_by_role("button", name="Save").click()
        for page in pages.values():
            expect(page.locator("#scene-where")).to_have_text("A plot scene at The lighthouse")

        # A combat, started from the scene page, lands in the scene's panel.
        stella.get_by_label("Name of the combat").fill(fight)
        stella.get_by_role("button", name="Start the combat").click()
        for page in pages.values():
            expect(page.locator("#scene-combat")).to_contain_text(f"Combat: {fight}")

        # The scene stopped: every page says so, without its pose box.
        stella.on("dialog", lambda dialog: dialog.accept())
        stella.get_by_role("button", name="Stop", exact=True).click()
        for page in pages.values():
            expect(page.locator("#scene-over")).to_contain_text("This scene is over.")
            expect(page.locator("#text")).to_have_count(0)
            assert page.evaluate(KEPT), page  # every move came live
        assert sent == [POSES["Pia"], POSES["Otto"]]  # poses, no command typed

        # Each reader's record, from the page.
        for name, page in pages.items():
            (tmp_path / name).mkdir()
            got = downloads(page, tmp_path / name)
            for fmt, text in got.items():
                for said in (EDITED, "The lighthouse", "Piloting+1", "Medicine", fight):
                    assert said in text, (name, fmt, said)
                for gone in (POSES["Otto"], "wet rail"):  # taken back, or put right
                    assert name == "Stella" or gone not in text, (name, fmt, gone)
        pia.locator("#scene-over").get_by_role("link", name="Read its record").click()
        expect(pia.locator("#record-title")).to_contain_text(title)
    finally:  # for the shared server's next tests, whatever became of this one
        client, headers = signed_in(live_server, "Stella")
        try:
            for line in (f"combat/stop {fight}", f"scene/stop {number}" if number else ""):
                client.post("/api/v1/games/Pegasus/commands", json={"text": line},
                            headers=headers)  # fmt: skip
        finally:
            client.close()
