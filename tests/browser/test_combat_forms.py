"""The combat tracker's forms and words (issue 37), in Chromium, on the combat page and in a
scene's combat panel: the Storyteller resolves the turn from the top of the panel on a phone,
far from "Stop the combat"; the forms start from the orders in force (a player's target, a
carried NPC order), so changing one thing keeps the rest, and a redraw keeps what the reader
was changing; the combatants' table fits its panel on a desktop and a phone."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager

from playwright.sync_api import FloatRect, Locator, Page, ViewportSize, expect

from tests.browser.conftest import DESKTOP
from tests.server.process import lines_as

PHONE_390: ViewportSize = {"width": 390, "height": 844}
LAPTOP: ViewportSize = {"width": 1024, "height": 768}  # the combat page a table, the panel cards


def _box(locator: Locator) -> FloatRect:
    box = locator.bounding_box()
    assert box is not None, f"{locator} is not drawn"
    return box


@contextmanager
def _scene(base: str, title: str) -> Iterator[int]:
    """A scene of Stella's (her combat's events land in it, so its page plays the combat),
    stopped afterwards for the shared server's next tests."""
    (started,) = lines_as(base, "Stella", f"scene/start {title}")
    try:
        yield int(started["number"])
    finally:
        lines_as(base, "Stella", f"scene/stop {started['number']}")


def test_the_turn_is_resolved_from_the_top_and_stop_is_far_below_on_a_phone(
    people: Callable[..., Page], live_server: str
) -> None:
    """On a 390 px phone the Storyteller's "Resolve the turn" is under the panel's heading,
    above the combatants, and "Stop the combat" more than a screen below it (a mis-tap must
    not stop a fight); tapped twice, it resolves two turns, its answer in sight."""
    fight = "Forms Quay"
    with _scene(live_server, "Forms Quay=Crates on the quay") as number:
        lines_as(live_server, "Stella", f"combat/start {fight}",
                 f"combat/join Nikos/weapon=Pistol,combat={fight}",
                 f"combat/join Quay Raider/npc=3,team=B,weapon=Knife,combat={fight}",
                 f"combat/join Quay Thug/npc=3,team=B,weapon=Pistol,combat={fight}")  # fmt: skip
        stella = people("Stella", PHONE_390)
        pages = ((f"/games/Pegasus/scenes/{number}", "#scene-combat-title"),
                 (f"/games/Pegasus/combats/{fight}", "#combat-title"))  # fmt: skip
        try:
            for turn, (url, heading) in enumerate(pages, 1):
                stella.goto(url)
                expect(stella.locator("#tracker")).to_contain_text(f"Turn {turn}")
                expect(stella.locator("#live")).to_have_text("Live")
                resolve = stella.get_by_role("button", name="Resolve the turn")
                stop = stella.get_by_role("button", name="Stop the combat")
                top, there = _box(stella.locator(heading)), _box(resolve)
                first = _box(stella.locator("#tracker .combatants tbody tr").first)
                assert there["y"] + there["height"] <= first["y"], f"{url}: under the combatants"
                assert there["y"] - top["y"] < 150, f"{url}: {there['y'] - top['y']} px down"
                gap = _box(stop)["y"] - (there["y"] + there["height"])
                assert gap > PHONE_390["height"], f"{url}: Stop is {gap} px below Resolve"
                resolve.click()
                expect(stella.locator("#tracker")).to_contain_text(f"Turn {turn + 1}")
                expect(stella.locator("#combat-result")).to_contain_text("Turn resolved")
                expect(stella.locator("#combat-result")).to_be_in_viewport()
        finally:
            lines_as(live_server, "Stella", f"combat/stop {fight}")


FIGHT = "/games/Pegasus/combats/Forms Orders"


def test_the_forms_start_from_the_orders_in_force(
    people: Callable[..., Page], live_server: str
) -> None:
    """Pia's target shows on her other page, where changing only the luck keeps it; the
    Storyteller's half-made NPC orders survive the redraw Pia's change brings; after the
    turn every form shows the orders carried (rulings W40), the luck point not; picking
    another combatant in "Who acts" shows theirs. Everyone suppresses: no wound, so no one
    is knocked out and every order carries."""
    lines_as(live_server, "Stella", "luck/award Nikos=1/for the forms' test",
             "combat/start Forms Orders", "combat/join Nikos/weapon=Pistol,combat=Forms Orders",
             "combat/join Orders Raider/npc=3,team=B,weapon=Pistol,combat=Forms Orders",
             "combat/join Orders Thug/npc=3,team=B,weapon=Pistol,combat=Forms Orders")  # fmt: skip
    stella, pia = people("Stella"), people("Pia")
    try:
        for page in (stella, pia):
            page.goto(FIGHT)
            expect(page.locator("#live")).to_have_text("Live")
        pia.get_by_label("Action", exact=True).select_option("suppress")
        pia.get_by_label("Target", exact=True).select_option("Orders Raider")
        pia.get_by_role("button", name="Set action").click()
        expect(pia.locator("#tracker")).to_contain_text("suppress Orders Raider")

        # Her phone's page starts from that order; she changes only where her luck goes.
        phone = people("Pia", PHONE_390)
        phone.goto(FIGHT)
        expect(phone.get_by_label("Action", exact=True)).to_have_value("suppress")
        expect(phone.get_by_label("Target", exact=True)).to_have_value("Orders Raider")
        expect(phone.locator("#act-said")).to_have_text(
            "Nikos's action for turn 1: suppress Orders Raider"
        )
        phone.get_by_label("Luck on").select_option("attack")
        phone.get_by_role("button", name="Set action").click()
        expect(phone.locator("#combat-result")).to_contain_text("Nikos: action suppress")
        expect(stella.locator("#tracker")).to_contain_text("suppress Orders Raider, luck on attack")

        # Stella half makes the NPCs' orders; Pia's next change redraws Stella's forms,
        # which keep what Stella chose and show Pia's order as it now stands.
        raider, raider_at = (stella.get_by_label("Orders Raider's action"),
                             stella.get_by_label("Orders Raider's target"))  # fmt: skip
        expect(raider).to_have_value("")  # no order yet: the tracker chooses
        raider.select_option("suppress")
        raider_at.select_option("Nikos")
        phone.get_by_label("Range").select_option("medium")
        phone.get_by_role("button", name="Set action").click()
        expect(stella.locator("#act-said")).to_have_text(
            "Nikos's action for turn 1: suppress Orders Raider, medium range, luck on attack"
        )
        expect(raider).to_have_value("suppress")
        expect(raider_at).to_have_value("Nikos")
        stella.get_by_label("Orders Thug's action").select_option("suppress")
        stella.get_by_label("Orders Thug's target").select_option("Nikos")
        stella.get_by_role("button", name="Set NPC actions").click()
        expect(stella.locator("#combat-result")).to_contain_text(
            "Actions set for Orders Raider, Orders Thug"
        )

        stella.get_by_role("button", name="Resolve the turn").click()
        for page in (stella, pia, phone):
            expect(page.locator("#tracker")).to_contain_text("Turn 2")
        # The orders carried, the luck point not: every form shows them so.
        for page in (pia, phone):
            expect(page.locator("#act-said")).to_have_text(
                "Nikos's action for turn 2: suppress Orders Raider, medium range"
            )
            expect(page.get_by_label("Target", exact=True)).to_have_value("Orders Raider")
            expect(page.get_by_label("Range")).to_have_value("medium")
            expect(page.get_by_label("Luck on")).to_have_value("")
        for npc in ("Orders Raider", "Orders Thug"):
            expect(stella.get_by_label(f"{npc}'s action")).to_have_value("suppress")
            expect(stella.get_by_label(f"{npc}'s target")).to_have_value("Nikos")
        stella.reload()
        expect(raider).to_have_value("suppress")  # a fresh page too
        expect(raider.locator("option", has_text="the tracker chooses")).to_have_count(0)
        expect(raider_at).to_have_value("Nikos")

        # "Who acts": another combatant's order fills the form.
        stella.get_by_label("Who acts").select_option("Orders Thug")
        expect(stella.locator("#act-said")).to_have_text(
            "Orders Thug's action for turn 2: suppress Nikos"
        )
        expect(stella.get_by_label("Action", exact=True)).to_have_value("suppress")
        expect(stella.get_by_label("Target", exact=True)).to_have_value("Nikos")
        expect(stella.get_by_label("Range")).to_have_value("short")
        stella.get_by_label("Range").select_option("long")
        stella.get_by_role("button", name="Set action").click()
        expect(stella.locator("#tracker")).to_contain_text("suppress Nikos, long range")
        # The redraw that follows is for whom she picked, filled with what she set.
        expect(stella.locator("#act-said")).to_have_text(
            "Orders Thug's action for turn 2: suppress Nikos, long range"
        )
        expect(stella.get_by_label("Who acts")).to_have_value("Orders Thug")
        expect(pia.locator("#tracker")).to_contain_text("Turn 2")
    finally:
        lines_as(live_server, "Stella", "combat/stop Forms Orders")


# The combatants' box: what it holds, what it shows; and its table's right edge against its
# panel's (the scene's .panel, or the combat page's column).
WIDTHS = """sel => { const d = document.querySelector('#tracker .combatants');
  const t = d.querySelector('table').getBoundingClientRect();
  const p = document.querySelector(sel).getBoundingClientRect();
  return [d.scrollWidth, d.clientWidth, t.right, p.right,
          document.scrollingElement.scrollWidth, innerWidth,
          getComputedStyle(d.querySelector('table')).display]; }"""


def test_the_combatants_fit_their_panel_on_a_desktop_and_a_phone(
    people: Callable[..., Page], live_server: str
) -> None:
    """Long names and gear in a real fight's words: on a desktop the combatants stay a table
    and, on the combat page and in the scene's narrower panel alike, nothing scrolls sideways
    or passes the panel's edge; on a laptop (the page a table, the panel cards) and a phone
    (cards, rulings W82) the same."""
    fight = "Forms Width"
    with _scene(live_server, "Forms Width=A long night") as number:
        lines_as(live_server, "Stella", f"combat/start {fight}",
                 f"combat/join Nikos/weapon=Assault Rifle,armor=Tactical Armor,combat={fight}",
                 f"combat/join Schützenpanzerwagen/npc=4,team=Reinforcements,"
                 f"weapon=Vehicle Gun,armor=Tactical Armor,combat={fight}",
                 f"combat/join Oberfeldwebel/npc=3,team=Reinforcements,weapon=Assault Rifle,"
                 f"armor=Flak Vest,combat={fight}",
                 f"combat/stance Nikos=Cautious/combat={fight}",
                 f"combat/suppress Nikos=Schützenpanzerwagen/range=medium,combat={fight}",
                 f"combat/suppress Oberfeldwebel=Nikos/range=long,combat={fight}",
                 f"combat/aim Schützenpanzerwagen=Nikos/combat={fight}")  # fmt: skip
        try:
            for viewport in (DESKTOP, LAPTOP, PHONE_390):
                page = people("Stella", viewport)
                for url, panel in (
                    (f"/games/Pegasus/scenes/{number}", "#scene-combat .panel"),
                    (f"/games/Pegasus/combats/{fight}", ".layout > section"),
                ):
                    page.goto(url)
                    expect(page.locator("#tracker")).to_contain_text("Schützenpanzerwagen")
                    inner, shown, right, edge, wide, screen, drawn = page.evaluate(WIDTHS, panel)
                    where = f"{url} at {viewport['width']} px ({drawn})"
                    if viewport == DESKTOP:
                        assert drawn == "table", where
                    assert inner <= shown, f"{where}: the combatants scroll ({inner} > {shown})"
                    assert right <= edge + 0.5, f"{where}: the table passes its panel"
                    assert wide <= screen, f"{where}: the page scrolls sideways"
        finally:
            lines_as(live_server, "Stella", f"combat/stop {fight}")


def test_an_action_refused_stays_the_readers_to_mend_and_then_goes_through(
    people: Callable[..., Page], live_server: str
) -> None:
    """Pia's attack with no target is refused (one line); the order in force still shows
    above the form, and her choices stay hers through the redraw another's join brings;
    she picks the target and it goes through. Before, htmx called the swapped 4xx
    "successful": the refused values became the form's starting values, and the redraw put
    the order in force back over them (rulings W84; issue 37)."""
    fight = "Forms Refused"
    lines_as(live_server, "Stella", f"combat/start {fight}",
             f"combat/join Nikos/weapon=Pistol,combat={fight}",
             f"combat/join Refused Raider/npc=3,team=B,weapon=Pistol,combat={fight}",
             f"combat/suppress Nikos=Refused Raider/combat={fight}")  # fmt: skip
    pia = people("Pia", PHONE_390)
    try:
        pia.goto(f"/games/Pegasus/combats/{fight}")
        expect(pia.locator("#live")).to_have_text("Live")
        in_force = "Nikos's action for turn 1: suppress Refused Raider"
        expect(pia.locator("#act-said")).to_have_text(in_force)
        action, target = (pia.get_by_label("Action", exact=True),
                          pia.get_by_label("Target", exact=True))  # fmt: skip
        action.select_option("attack")
        target.select_option("")  # none
        pia.get_by_role("button", name="Set action").click()
        expect(pia.locator("#combat-result")).to_contain_text("attack needs a target")
        expect(pia.locator("#act-said")).to_have_text(in_force)
        # Someone joins: Pia's forms are drawn again, and what she chose stays hers.
        lines_as(live_server, "Stella",
                 f"combat/join Late Thug/npc=3,team=B,weapon=Pistol,combat={fight}")  # fmt: skip
        expect(target.locator("option", has_text="Late Thug")).to_have_count(1)
        expect(pia.locator("#act-said")).to_have_text(in_force)
        expect(action).to_have_value("attack")
        expect(target).to_have_value("")
        # Mended: the target picked, the attack goes through and is the order in force.
        target.select_option("Refused Raider")
        pia.get_by_role("button", name="Set action").click()
        expect(pia.locator("#combat-result")).to_contain_text("Nikos: action attack")
        expect(pia.locator("#act-said")).to_have_text(
            "Nikos's action for turn 1: attack Refused Raider"
        )
        expect(action).to_have_value("attack")
        expect(target).to_have_value("Refused Raider")
    finally:
        lines_as(live_server, "Stella", f"combat/stop {fight}")
