"""The combat tracker's page in a real Chromium, with the Storyteller and a player each in
their own browser context: the Storyteller starts a combat and adds Nikos and an NPC, Pia
sets Nikos's action, the Storyteller resolves the turn, and Pia's tracker and feed follow
without a reload; and the page fits a phone's width."""

from __future__ import annotations

from collections.abc import Callable

from playwright.sync_api import Page, expect

from tests.browser.conftest import PHONE
from tests.server.process import signed_in

NEWEST = "() => { const l = document.querySelector('#feed > li:last-child'); " \
         "return l ? +l.id.slice(1) : 0 }"  # fmt: skip


def test_a_turn_the_storyteller_resolves_reaches_the_player_live(
    people: Callable[..., Page],
) -> None:
    stella, pia = people("Stella"), people("Pia")
    stella.goto("/games/Pegasus/combats")
    stella.get_by_label("Name of the combat").fill("Web Hangar")
    stella.get_by_role("button", name="Start").click()
    stella.wait_for_url("**/games/Pegasus/combats/Web%20Hangar")
    expect(stella.locator("#live")).to_have_text("Live")
    pia.goto("/games/Pegasus/combats/Web Hangar")  # before anyone joins: her page follows
    expect(pia.locator("#live")).to_have_text("Live")
    expect(pia.locator("#tracker")).to_contain_text("Nobody has joined yet")

    stella.get_by_label("Character", exact=True).select_option("Nikos")
    stella.get_by_label("Weapon", exact=True).select_option("Pistol")
    stella.get_by_role("button", name="Join", exact=True).click()
    expect(stella.locator("#tracker")).to_contain_text("Pistol (12)")
    stella.get_by_label("NPC name").fill("Web Raider")
    stella.get_by_label("Rating", exact=True).fill("2")
    stella.get_by_label("NPC weapon").select_option("Knife")
    stella.get_by_role("button", name="Add NPC").click()
    expect(stella.locator("#tracker")).to_contain_text("Web Raider")

    expect(pia.locator("#tracker")).to_contain_text("Web Raider")  # live, no reload
    target = pia.get_by_label("Target", exact=True)
    expect(target.locator("option", has_text="Web Raider")).to_have_count(1)  # forms redrawn
    expect(pia.get_by_role("button", name="Add NPC")).to_have_count(0)
    pia.get_by_label("Action", exact=True).select_option("attack")
    target.select_option("Web Raider")
    pia.get_by_role("button", name="Set action").focus()
    pia.keyboard.press("Enter")  # the keyboard alone sends it
    expect(pia.locator("#combat-result")).to_contain_text("Nikos: action attack")
    expect(pia.locator("#tracker")).to_contain_text("attack Web Raider")
    expect(stella.locator("#tracker")).to_contain_text("attack Web Raider")

    before = int(pia.evaluate(NEWEST))
    expect(pia.locator("#tracker")).to_contain_text("Turn 1")
    stella.get_by_role("button", name="Resolve the turn").click()
    expect(stella.locator("#combat-result")).to_contain_text("Turn resolved")
    expect(pia.locator("#tracker")).to_contain_text("Turn 2", timeout=5000)
    report = pia.locator("#feed > li", has_text="Web Hangar: turn 1")
    expect(report).to_have_count(1, timeout=5000)
    assert int((report.get_attribute("id") or "e0")[1:]) > before  # a new card
    assert "Web Raider" in pia.locator("#tracker").inner_text()


def test_the_tracker_fits_a_phone(people: Callable[..., Page], live_server: str) -> None:
    client, headers = signed_in(live_server, "Stella")
    try:
        for line in ("combat/start Web Phone",
                     "combat/join Nikos/weapon=Assault Rifle,armor=Tactical Armor,"
                     "combat=Web Phone",
                     "combat/join A Raider With A Rather Long Name/npc=3,team=Second Squad,"
                     "weapon=Assault Rifle,armor=Tactical Armor,combat=Web Phone",
                     "combat/newturn Web Phone"):  # fmt: skip
            done = client.post("/api/v1/games/Pegasus/commands", json={"text": line},
                               headers=headers)  # fmt: skip
            assert done.status_code == 200, done.text
    finally:
        client.close()
    for name in ("Stella", "Pia"):
        page = people(name, PHONE)
        page.goto("/games/Pegasus/combats/Web Phone")
        expect(page.locator("#tracker")).to_contain_text("Turn 2")
        expect(page.locator("#live")).to_have_text("Live")
        wide, screen = page.evaluate("[document.documentElement.scrollWidth, window.innerWidth]")
        assert screen == PHONE["width"]
        assert wide <= screen, f"{name}: the tracker is {wide} px wide on a {screen} px screen"
        page.goto("/games/Pegasus/combats")
        wide, screen = page.evaluate("[document.documentElement.scrollWidth, window.innerWidth]")
        assert wide <= screen, f"{name}: the list is {wide} px wide on a {screen} px screen"
