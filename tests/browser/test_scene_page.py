"""The web scene page with the Storyteller and two players, each in their own browser, as
issue 30 asks: a pose typed in one reaches the others live; a roll typed in the pose box
lands as a card between the poses; "waiting on" and "your turn" follow the poses; a second
and a third line in a row keep working (Enter posts, Shift+Enter breaks the line); a player
whose stream drops sees, when it comes back, everything she missed, once and in order; the
turn's sound and notification are off until turned on, and remembered."""

from __future__ import annotations

from collections.abc import Callable

from playwright.sync_api import Browser, Page, expect

from tests.browser.conftest import PHONE, person
from tests.browser.plug import Plug
from tests.browser.scene_pages import post_lines
from tests.server.process import lines_as, signed_in

IDS = "items => items.map(i => +i.id.slice(1))"


def _ledger(base: str, number: object) -> list[int]:
    client, _ = signed_in(base, "Stella")
    try:
        shown = client.get(f"/api/v1/games/Pegasus/scenes/{number}")
        assert shown.status_code == 200, shown.text
        return [int(e["id"]) for e in shown.json()["ledger"]]
    finally:
        client.close()


def _texts(page: Page) -> list[str]:
    return page.locator("#feed > li").all_inner_texts()


def test_three_people_play_a_scene(
    people: Callable[..., Page], browser: Browser, live_server: str
) -> None:
    (started,) = lines_as(live_server, "Stella", "scene/start Lighthouse=Fog on the rocks")
    number = started["number"]
    url = f"/games/Pegasus/scenes/{number}"
    try:
        pages = {"Stella": people("Stella"), "Pia": people("Pia", PHONE), "Otto": people("Otto")}
        for page in pages.values():
            page.goto(url)
            expect(page.locator("#live")).to_have_text("Live")
        stella, pia, otto = pages["Stella"], pages["Pia"], pages["Otto"]
        expect(stella.get_by_role("button", name="Join")).to_have_count(0)  # she is in it
        (outside,) = lines_as(live_server, "Pia", "roll Melee")  # before she joins: not the scene's
        for name in ("Pia", "Otto"):
            pages[name].get_by_role("button", name="Join").click()
            expect(stella.locator("#feed > li").last).to_contain_text(f"{name} joins")
            expect(pages[name].get_by_role("button", name="Join")).to_have_count(0)
        for page in pages.values():
            expect(page.locator("#waiting")).to_contain_text("Your turn")  # none has posed

        post_lines(pia, "leans in, *close*. <b>Not bold</b>")
        for page in pages.values():
            pose = page.locator("#feed > li").filter(has_text="Nikos leans in")
            expect(pose.locator("em")).to_have_text("close")
            expect(pose).to_contain_text("<b>Not bold</b>")  # HTML in a pose is text
        expect(pia.locator("#waiting")).to_contain_text("Waiting on Stella, Otto")
        post_lines(pia, "roll Piloting")  # a command: its card lands in the scene
        expect(otto.locator("#feed > li").last).to_contain_text("Piloting")

        post_lines(otto, "say Not here.", "shrugs.", "looks to the door.")  # three in a row
        for page in pages.values():
            expect(page.locator("#feed > li").last).to_contain_text("Mavros looks to the door.")
        texts = _texts(stella)
        order = [next(i for i, t in enumerate(texts) if said in t)
                 for said in ("Nikos leans in", "Piloting", 'Mavros says, "Not here."',
                              "Mavros shrugs.")]  # fmt: skip
        assert order == sorted(order)  # the roll between the poses, all in order
        expect(pia.locator("#waiting")).to_contain_text("Waiting on Stella")
        expect(stella.locator("#waiting")).to_contain_text("Your turn")
        expect(stella).to_have_title("Your turn · Lighthouse · Pegasus · rollplay")
        expect(pia).to_have_title("Lighthouse · Pegasus · rollplay")

        # The pose order comes with the pose: the pages of those who did not post ask for
        # nothing (200 open pages asking after each pose was issue 30's slow part).
        asked: list[str] = []
        for page in (pia, otto):
            page.on("request", lambda r: asked.append(r.url) if "/order" in r.url else None)
        post_lines(stella, "The fog\nthickens.")
        line = pia.locator("#feed > li").filter(has_text="The fog")
        expect(line.locator("p")).to_have_count(2)  # the line break kept
        expect(pia.locator("#waiting")).to_contain_text("Your turn")  # hers is the oldest
        expect(pia).to_have_title("Your turn · Lighthouse · Pegasus · rollplay")
        expect(stella).to_have_title("Lighthouse · Pegasus · rollplay")
        expect(otto.locator("#waiting")).to_contain_text("Waiting on Nikos")
        expect(otto.locator("#order-people time").first).not_to_contain_text("UTC")  # "ago"
        assert asked == []

        # The sound and the notification are off until turned on, and then remembered.
        expect(otto.get_by_label("Play a sound")).not_to_be_checked()
        expect(otto.get_by_label("Show a browser notification")).not_to_be_checked()
        otto.get_by_label("Play a sound").check()
        otto.reload()
        expect(otto.get_by_label("Play a sound")).to_be_checked()
        expect(otto.get_by_label("Show a browser notification")).not_to_be_checked()

        with Plug(int(live_server.rsplit(":", 1)[1])) as plug:
            context, dropped = person(browser, plug.base, "Pia")  # through a plug
            try:
                dropped.goto(url)
                expect(dropped.locator("#live")).to_have_text("Live")
                plug.unplug()
                expect(dropped.locator("#live")).to_have_text("Reconnecting…")
                expect(dropped.locator("#waiting")).to_contain_text("Your turn")
                post_lines(pia, "nods.")  # from her other page: the turn moves on
                post_lines(otto, "waits.", "roll Alertness")
                expect(stella.locator("#feed > li").last).to_contain_text("Alertness")
                missed = stella.locator("#feed > li").evaluate_all(IDS)[-3:]
                plug.plug()
                for event in missed:
                    dropped.locator(f"#e{event}").wait_for(timeout=15_000)
                expect(dropped.locator("#live")).to_have_text("Live")
                # the pose order as it stands came with what it missed
                expect(dropped.locator("#waiting")).to_contain_text("Waiting on Stella")
                shown = dropped.locator("#feed > li").evaluate_all(IDS)
                assert shown == stella.locator("#feed > li").evaluate_all(IDS)  # all, once
                assert shown == sorted(shown)
                ledger = _ledger(live_server, number)
                assert shown == ledger  # the scene's ledger, whole, and nothing else
                assert outside["event_ids"][-1] not in ledger
            finally:
                context.close()
    finally:
        lines_as(live_server, "Stella", f"scene/stop {number}")  # the shared server's next tests
