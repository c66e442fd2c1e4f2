"""Every page for the Storyteller and a player, in a real Chromium: at a phone's width with
no sideways scrolling, every piece of text at WCAG AA contrast against what is behind it in
the light and the dark theme (the theme follows the system's setting), and the table usable
from the keyboard alone, its feed an ARIA live region."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Literal

import pytest
from playwright.sync_api import Browser, expect

from tests.browser.conftest import DESKTOP, PHONE, person
from tests.server.process import lines_as, signed_in

PAGES = ("/", "/games/Pegasus", "/games/Pegasus/characters", "/games/Pegasus/characters/Nikos",
         "/games/Pegasus/combats", "/games/Pegasus/combats/Access",
         "/games/Pegasus/log", "/games/Pegasus/verify", "/games/Pegasus/new-character")  # fmt: skip

CONTRAST = "\n".join(line for line in (Path(__file__).parent / "contrast.js").read_text()
                     .splitlines() if not line.startswith("//"))  # fmt: skip


@pytest.fixture(scope="module")
def scene(live_server: str, cards: None) -> Iterator[str]:
    """A running scene with a pose, a roll and the Access combat in it (its page is checked
    too, combat panel and all; stopped after, so the shared server's next tests find nobody
    in it)."""
    said, _ = lines_as(live_server, "Stella", "scene/start Access scene=Checked for contrast",
                        "combat/join Mavros/combat=Access")  # fmt: skip
    number = said["number"]
    lines_as(live_server, "Pia", f"scene/join {number}", ":leans in, *slowly*.", "roll Athletics")
    yield f"/games/Pegasus/scenes/{number}"
    lines_as(live_server, "Stella", f"scene/stop {number}")


@pytest.fixture(scope="module")
def cards(live_server: str) -> None:
    """Cards of every kind on the table and a combat, so their colours are checked too."""
    for name, text, visibility in (("Pia", "roll Nikos/Piloting", "public"),
                                   ("Pia", "roll Nikos/Firearms", "private"),
                                   ("Stella", "roll Wraith/4", "secret"),
                                   ("Stella", "combat/start Access", None),
                                   ("Stella", "combat/join Nikos/combat=Access", None),
                                   ("Stella", "combat/join Wraith/npc=4,team=B,combat=Access",
                                    None)):  # fmt: skip
        client, headers = signed_in(live_server, name)
        try:
            done = client.post("/api/v1/games/Pegasus/commands", headers=headers,
                               json={"text": text, "visibility": visibility})  # fmt: skip
            assert done.status_code == 200, done.text
        finally:
            client.close()


# Each shown select narrower than it would be left to size itself to its longest option (a
# copy of it, laid out free of the page's rules on its width), where its section had the
# room: it cuts a choice off, as "the Storyteller o" was (issue 31, 5). Any option, not only
# the one chosen: the box shows whichever is chosen next. (A choice longer than a phone's
# section is cut off there whatever the page does.)
CLIPPED = """() => Array.from(document.querySelectorAll('select')).filter(s => s.offsetParent)
  .map(s => { const free = s.cloneNode(true);
    free.style.cssText = 'position:absolute; width:auto; min-width:0; max-width:none; flex:none';
    document.body.append(free); const need = free.offsetWidth; free.remove();
    const around = s.closest('section, fieldset, .panel, main, body');
    const st = getComputedStyle(around);
    const room = around.clientWidth - parseFloat(st.paddingLeft) - parseFloat(st.paddingRight);
    return {box: s.getAttribute('aria-label') || s.id || s.name, has: s.offsetWidth,
            need: Math.min(need, Math.floor(room))}; })
  .filter(x => x.has < x.need - 1)"""


@pytest.mark.usefixtures("cards")
@pytest.mark.parametrize("scheme", ["light", "dark"])
@pytest.mark.parametrize("name", ["Stella", "Pia"])
def test_every_page_fits_a_phone_and_reads_clearly(
    browser: Browser, live_server: str, name: str, scheme: Literal["light", "dark"], scene: str
) -> None:
    context, page = person(browser, live_server, name, PHONE, color_scheme=scheme)
    try:
        roster = ("/games/Pegasus/npcs", "/games/Pegasus/members") if name == "Stella" else ()
        for path in (*PAGES, *roster, "/games/Pegasus/scenes", scene):
            answer = page.goto(path)
            assert answer is not None
            assert answer.status == 200, f"{path}: {answer.status}"
            if path.endswith("/verify"):  # its verdicts are drawn once the browser checked
                expect(page.locator("#verify-said")).to_contain_text("checked")
            if path == scene:  # its combat panel is drawn once the page asked for it
                expect(page.locator("#scene-combat #tracker")).to_contain_text("Mavros")
            wide, screen = page.evaluate(
                "[document.documentElement.scrollWidth, window.innerWidth]"
            )
            assert wide <= screen, f"{path} is {wide} px wide on a {screen} px screen"
            clipped = page.evaluate(CLIPPED)
            assert not clipped, f"{path}: a choice is cut off in its box: {clipped[:3]}"
            texts = page.evaluate(CONTRAST)
            assert texts, path
            low = [t for t in texts if t["ratio"] < (3.0 if t["large"] else 4.5)]
            assert not low, f"{path} in the {scheme} theme: {low[:5]}"
            background = page.evaluate("getComputedStyle(document.documentElement).backgroundColor")
            assert background == ("rgb(18, 18, 18)" if scheme == "dark" else "rgb(255, 255, 255)")
    finally:
        context.close()


@pytest.mark.usefixtures("cards")
@pytest.mark.parametrize("name", ["Stella", "Pia"])
def test_no_choice_is_cut_off_on_a_desktop(
    browser: Browser, live_server: str, name: str, scene: str
) -> None:
    """The roster's "the Storyteller only" was cut to "the Storyteller o" at a desktop's
    width: a table's column squeezed its select (issue 31, 5)."""
    context, page = person(browser, live_server, name, DESKTOP)
    try:
        roster = ("/games/Pegasus/npcs", "/games/Pegasus/members") if name == "Stella" else ()
        for path in (*PAGES, *roster, "/games/Pegasus/scenes", scene):
            page.goto(path)
            if path == scene:
                expect(page.locator("#scene-combat #tracker")).to_contain_text("Mavros")
            clipped = page.evaluate(CLIPPED)
            assert not clipped, f"{path}: a choice is cut off in its box: {clipped[:3]}"
    finally:
        context.close()


def test_the_table_from_the_keyboard_alone(browser: Browser, live_server: str) -> None:
    context, page = person(browser, live_server, "Pia")
    try:
        page.goto("/games/Pegasus")
        expect(page.locator("#live")).to_have_text("Live")
        feed = page.locator("#feed")
        expect(feed).to_have_attribute("aria-live", "polite")
        page.keyboard.press("Tab")  # the first stop skips to the content
        expect(page.get_by_role("link", name="Skip to the content")).to_be_focused()
        for _ in range(40):  # on through the links to the roll box
            page.keyboard.press("Tab")
            if page.evaluate("document.activeElement.id") == "text":
                break
        expect(page.locator("#text")).to_be_focused()
        before = feed.locator("li").count()
        page.keyboard.type("roll Athletics")
        expect(page.locator("#odds")).to_contain_text("success")  # the odds, as typed
        page.keyboard.press("Enter")
        expect(feed.locator("li")).to_have_count(before + 1)
        expect(feed.locator("li").last).to_contain_text("Athletics")
        expect(page.locator("#text")).to_have_value("")  # ready for the next
        page.keyboard.press("Tab")  # on to the luck choice, by keyboard too
        expect(page.locator("#roll").get_by_label("Spend luck")).to_be_focused()
        # The feed is one Tab stop; its arrow keys reach each card's link and copy.
        feed.focus()
        page.keyboard.press("End")
        newest = feed.locator("li").last
        expect(newest.locator("a.permalink")).to_be_focused()
        page.keyboard.press("ArrowRight")
        expect(newest.locator("button[data-copy]")).to_be_focused()
        page.keyboard.press("ArrowUp")
        expect(feed.locator("li").nth(-2).locator("button[data-copy]")).to_be_focused()
        page.keyboard.press("Escape")
        expect(feed).to_be_focused()
    finally:
        context.close()
