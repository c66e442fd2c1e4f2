"""The Storyteller runs two turns of a combat from the tracker (issue 31), in Chromium: Pia,
on a phone, is asked for Nikos's action (the tab title says so), sets it once and it carries
into the second turn; the Storyteller sets both NPCs' actions in one form and resolves each
turn; the report reads as roll cards at phone width; a card's link opens its own page at it,
and "Copy as text" puts the CLI's lines on the clipboard."""

from __future__ import annotations

import re
from collections.abc import Callable

from playwright.sync_api import Page, expect

from tests.browser.conftest import PHONE
from tests.server.process import signed_in

FIGHT = "/games/Pegasus/combats/Walk Fight"


def test_the_storyteller_runs_two_turns_from_the_tracker(
    people: Callable[..., Page], live_server: str
) -> None:
    client, headers = signed_in(live_server, "Stella")
    try:
        for line in ("combat/start Walk Fight",
                     "combat/join Nikos/weapon=Pistol,combat=Walk Fight",
                     "combat/join Walk Raider/npc=3,team=B,weapon=Pistol,combat=Walk Fight",
                     "combat/join Walk Thug/npc=3,team=B,weapon=Pistol,combat=Walk Fight",
                     ):  # fmt: skip
            done = client.post("/api/v1/games/Pegasus/commands", json={"text": line},
                               headers=headers)  # fmt: skip
            assert done.status_code == 200, done.text
    finally:
        client.close()
    stella, pia = people("Stella"), people("Pia", PHONE)
    stella.goto(FIGHT)
    pia.goto(FIGHT)
    expect(pia.locator("#live")).to_have_text("Live")
    expect(pia.locator("#tracker")).to_contain_text("Initiative: not rolled yet")
    expect(pia.locator("[data-action-needed]")).to_contain_text("Your action is needed")
    expect(pia).to_have_title(re.compile(r"^Your action · Walk Fight"))

    # Pia suppresses (no wounds, so nobody is knocked out and every action stands).
    pia.get_by_label("Action", exact=True).select_option("suppress")
    pia.get_by_label("Target", exact=True).select_option("Walk Raider")
    pia.get_by_role("button", name="Set action").click()
    expect(pia.locator("[data-action-needed]")).to_have_count(0)
    expect(pia).to_have_title(re.compile(r"^Walk Fight"))

    # Both NPCs' actions in one form.
    expect(stella.locator("#tracker")).to_contain_text("Every character has an action")
    for npc in ("Walk Raider", "Walk Thug"):
        stella.get_by_label(f"{npc}'s action").select_option("suppress")
        stella.get_by_label(f"{npc}'s target").select_option("Nikos")
    stella.get_by_role("button", name="Set NPC actions").click()
    expect(stella.locator("#combat-result")).to_contain_text(
        "Actions set for Walk Raider, Walk Thug"
    )
    expect(stella.locator("#tracker")).to_contain_text("suppress Nikos")

    for turn in (1, 2):
        stella.get_by_role("button", name="Resolve the turn").click()
        expect(pia.locator("#tracker")).to_contain_text(f"Turn {turn + 1}")
        expect(pia.locator("#tracker")).to_contain_text(f"rolled in turn {turn}")
        # Nikos's suppression carried: Pia is not asked again.
        expect(pia.locator("#tracker")).to_contain_text("suppress Walk Raider")
        expect(pia.locator("[data-action-needed]")).to_have_count(0)
    expect(stella.locator("#tracker")).to_contain_text("suppress Nikos")  # the NPCs' too

    report = pia.locator("#feed > li", has_text="Walk Fight: turn 2")
    expect(report).to_have_count(1)
    cards = report.locator(".turn-cards > .card")
    expect(cards.first).to_contain_text("Initiative · Walk Fight, turn 2")
    assert cards.count() == 4  # the initiative, then each of the three suppressions
    expect(report.locator("table")).to_have_count(0)
    wide, screen = pia.evaluate("[document.documentElement.scrollWidth, window.innerWidth]")
    assert wide <= screen == PHONE["width"], f"the report is {wide} px on a {screen} px screen"
    for card in cards.all():
        box = card.bounding_box()
        assert box is not None
        assert box["x"] >= 0
        assert box["x"] + box["width"] <= screen

    # Copy as text: the card's lines as the CLI draws them.
    pia.context.grant_permissions(["clipboard-read", "clipboard-write"])
    report.get_by_role("button", name="Copy as text").click()
    expect(report.locator(".copied")).to_have_text("Copied")
    copied = str(pia.evaluate("navigator.clipboard.readText()"))
    assert "Walk Fight: turn 2" in copied.splitlines()[0]
    assert "Initiative:" in copied
    assert "<" not in copied

    # The permalink opens the card's own page, scrolled to it.
    number = (report.get_attribute("id") or "")[1:]
    href = report.get_by_role("link", name="Link").get_attribute("href")
    assert href == f"/games/Pegasus/log/{number}#e{number}"
    pia.goto(href)
    linked = pia.locator(f"#e{number}")
    expect(linked).to_have_class(re.compile("linked-card"))
    expect(linked).to_be_in_viewport()
