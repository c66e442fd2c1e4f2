"""The combat tracker's page in a real Chromium, with the Storyteller and a player each in
their own browser context: the Storyteller starts a combat and adds Nikos and an NPC, Pia
sets Nikos's action, the Storyteller resolves the turn, and Pia's tracker and feed follow
without a reload; and the page, combatants and all, reads on a phone without scrolling
sideways."""

from __future__ import annotations

from collections.abc import Callable

from playwright.sync_api import Page, ViewportSize, expect

from tests.browser.conftest import DESKTOP
from tests.server.process import signed_in

PHONE_390: ViewportSize = {"width": 390, "height": 844}
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


def test_a_stopped_combat_is_deleted_from_its_page_and_its_name_used_again(
    people: Callable[..., Page],
) -> None:
    """Stop, then start again under the same name (refused, saying how to free it), delete
    from the combat's page, and start it again: all without a terminal. A player sees no
    Delete."""
    stella, pia = people("Stella"), people("Pia")
    stella.on("dialog", lambda dialog: dialog.accept())  # the confirmations
    stella.goto("/games/Pegasus/combats")
    stella.get_by_label("Name of the combat").fill("Web Again")
    stella.get_by_role("button", name="Start").click()
    stella.wait_for_url("**/games/Pegasus/combats/Web%20Again")
    expect(stella.get_by_role("button", name="Delete the combat")).to_have_count(0)
    stella.get_by_role("button", name="Stop the combat").click()
    expect(stella.locator("#tracker")).to_contain_text("over (stopped at turn 1)")
    pia.goto("/games/Pegasus/combats/Web Again")
    expect(pia.locator("#tracker")).to_contain_text("over (stopped at turn 1)")
    expect(pia.get_by_role("button", name="Delete the combat")).to_have_count(0)

    stella.goto("/games/Pegasus/combats")
    stella.get_by_label("Name of the combat").fill("Web Again")
    stella.get_by_role("button", name="Start").click()
    expect(stella.get_by_role("alert")).to_contain_text("it is stopped: delete it first")
    stella.goto("/games/Pegasus/combats/Web Again")
    stella.get_by_role("button", name="Delete the combat").click()
    stella.wait_for_url("**/games/Pegasus/combats")
    stella.get_by_label("Name of the combat").fill("Web Again")
    stella.get_by_role("button", name="Start").click()
    stella.wait_for_url("**/games/Pegasus/combats/Web%20Again")
    expect(stella.locator("#tracker")).to_contain_text("under way")
    expect(stella.get_by_role("button", name="Stop the combat")).to_be_visible()


# Every combatant's cell, where it is drawn: [left, right, width, height] each (static/
# rollplay.css draws the table as cards on a phone: rulings W82).
CELLS = """() => Array.from(document.querySelectorAll('#tracker .combatants tbody :is(th, td)'))
  .map(c => { const r = c.getBoundingClientRect();
              return [r.left, r.right, r.width, r.height]; })"""
INNER = "() => { const d = document.querySelector('#tracker .combatants'); " \
        "return [d.scrollWidth, d.clientWidth]; }"  # fmt: skip


def test_the_tracker_fits_a_phone(people: Callable[..., Page], live_server: str) -> None:
    """Four combatants on a 390 px phone: the page does not scroll sideways, nor does the
    combatants' table inside it, and every cell of every combatant is on the screen; on a
    desktop it is a table again."""
    client, headers = signed_in(live_server, "Stella")
    try:
        for line in ("combat/start Web Phone",
                     "combat/join Nikos/weapon=Assault Rifle,armor=Tactical Armor,"
                     "combat=Web Phone",
                     "combat/join A Raider With A Rather Long Name/npc=3,team=Second Squad,"
                     "weapon=Assault Rifle,armor=Tactical Armor,combat=Web Phone",
                     "combat/join Web Phone Thug/npc=2,team=Second Squad,weapon=Knife,"
                     "combat=Web Phone",
                     "combat/join Web Phone Sniper/npc=4,team=Second Squad,weapon=Rifle,"
                     "combat=Web Phone",
                     "combat/newturn Web Phone"):  # fmt: skip
            done = client.post("/api/v1/games/Pegasus/commands", json={"text": line},
                               headers=headers)  # fmt: skip
            assert done.status_code == 200, done.text
    finally:
        client.close()
    for name in ("Stella", "Pia"):
        page = people(name, PHONE_390)
        page.goto("/games/Pegasus/combats/Web Phone")
        expect(page.locator("#tracker")).to_contain_text("Turn 2")
        expect(page.locator("#live")).to_have_text("Live")
        wide, screen = page.evaluate("[document.scrollingElement.scrollWidth, innerWidth]")
        assert screen == PHONE_390["width"]
        assert wide <= screen, f"{name}: the tracker is {wide} px wide on a {screen} px screen"
        inner, shown = page.evaluate(INNER)
        assert inner <= shown, f"{name}: the combatants scroll sideways ({inner} > {shown} px)"
        cells = page.evaluate(CELLS)
        assert len(cells) == 4 * 8  # four combatants, a name and seven cells each
        drawn = [(left, right) for left, right, width, height in cells if width and height]
        assert len(drawn) == len(cells), f"{name}: a cell is not drawn"
        off = [(left, right) for left, right in drawn if left < 0 or right > screen]
        assert not off, f"{name}: cells off-screen: {off}"
        page.set_viewport_size(DESKTOP)
        assert page.evaluate("getComputedStyle(document.querySelector("
                             "'#tracker .combatants table')).display") == "table"  # fmt: skip
        page.goto("/games/Pegasus/combats")
        page.set_viewport_size(PHONE_390)
        wide, screen = page.evaluate("[document.scrollingElement.scrollWidth, innerWidth]")
        assert wide <= screen, f"{name}: the list is {wide} px wide on a {screen} px screen"
