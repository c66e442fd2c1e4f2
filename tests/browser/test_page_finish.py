"""The pages' finish (issue 31, point 5 and 7), in a real Chromium on a phone-wide screen:
every page's skip link moves focus past its navigation, names its icon (no 404 anywhere),
the roll box's choices fit their options, the odds say which success is which, a seed event
is one quiet line that opens to its whole values, and times read as local times."""

from __future__ import annotations

import re
from collections.abc import Callable

from playwright.sync_api import Page, Response, expect

from tests.browser.conftest import PHONE

PAGES = ["/", "/games/Pegasus", "/games/Pegasus/log", "/games/Pegasus/characters/Nikos",
         "/games/Pegasus/combats", "/games/Pegasus/verify"]  # fmt: skip
HASH = re.compile(r"[0-9a-f]{64}")
# Each option's text against the room its select shows it in (its width less padding and the
# arrow), measured in the select's own font.
CLIPPED = """() => {
  const ctx = document.createElement("canvas").getContext("2d");
  const out = [];
  for (const select of document.querySelectorAll("#roll select")) {
    const style = getComputedStyle(select);
    ctx.font = style.font;
    const room = select.clientWidth - parseFloat(style.paddingLeft)
      - parseFloat(style.paddingRight) - 20;
    for (const option of select.options) {
      const wide = ctx.measureText(option.text).width;
      if (wide > room) { out.push(`${option.text}: ${Math.round(wide)} > ${Math.round(room)}`); }
    }
  }
  return out;
}"""


def test_the_pages_are_finished_on_a_phone(people: Callable[..., Page]) -> None:
    page = people("Pia", PHONE)
    missing: list[str] = []

    def heard(r: Response) -> None:
        if r.status == 404:
            missing.append(r.url)

    page.on("response", heard)
    for path in PAGES:
        page.goto(path)
        page.wait_for_load_state("networkidle")
        assert page.locator("link[rel=icon]").count() == 1, path
        page.keyboard.press("Tab")
        expect(page.get_by_role("link", name="Skip to the content")).to_be_focused()
        page.keyboard.press("Enter")
        focused = page.evaluate("""() => [document.activeElement.id,
            !!document.activeElement.querySelector('nav, header')]""")
        assert focused == ["main", False], path  # the content, past the header and nav
    icon = page.request.get("/favicon.ico")
    assert icon.status == 200
    assert icon.headers["content-type"].startswith("image/svg+xml")
    assert missing == []

    page.goto("/")  # the sign-ins' times: a <time>, in the reader's zone, no raw ISO
    stamps = page.locator("#account time[datetime]")
    expect(stamps.first).to_have_attribute("data-local", "")
    assert not re.search(r"\d{4}-\d\d-\d\dT\d\d:", page.locator("main").inner_text())

    page.goto("/games/Pegasus")
    expect(page.locator("#live")).to_have_text("Live")
    assert page.evaluate(CLIPPED) == []  # "me and the Storyteller" is whole
    page.locator("#text").fill("roll Firearms")
    odds = page.locator("#odds")
    expect(odds).to_contain_text("any success")
    expect(odds.locator("li", has_text=re.compile(r"^Success "))).to_have_count(1)

    # A seed's commitment (the feed's last hundred cards may begin with other quiet ones:
    # a client seed, the rules in force).
    seed = page.locator("#feed details.card.quiet", has_text="dice seed committed").first
    summary = seed.locator("summary")
    expect(summary).to_contain_text("dice seed committed")
    assert not HASH.search(summary.inner_text())  # shortened on its one line
    expect(seed.locator("p").first).not_to_be_visible()
    summary.click()
    expect(seed.locator("p").first).to_be_visible()
    assert HASH.search(seed.inner_text())  # the whole commitment, opened

    # The cards' times are the reader's, on the page and as the live feed brings them.
    expect(page.locator("#feed time[data-show=time][data-local]").first).to_be_attached()
    page.get_by_role("button", name="Roll", exact=True).click()
    expect(page.locator("#feed > li").last).to_contain_text("Firearms")
    expect(page.locator("#feed > li").last.locator("time[data-local]")).to_have_count(1)
    page.goto("/games/Pegasus/log")
    expect(page.locator("ol.log time[data-show=date][data-local]").first).to_be_attached()
