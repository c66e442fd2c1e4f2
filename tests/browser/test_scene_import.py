"""Issue 38's "the browser does it without a terminal", for scene logs: the Storyteller
uploads an AresMUSH scene log on the scenes page and reads the report; a player, in her own
browser, finds the scene listed finished, opens it (each entry marked imported, not
provable), finds it by a word of the log with the page's search, and downloads its export,
whose JSON Lines ``rollplay verify`` passes, saying what was imported. On a desktop and on a
phone."""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page, ViewportSize, expect

from rollplay.table.dice.provable_log import read_log, verify_log
from tests.browser.conftest import DESKTOP, PHONE, Person, person
from tests.browser.scene_pages import downloads
from tests.people import seat_people
from tests.server.process import serving

SCENES = "/games/Pegasus/scenes"
LOG = Path(__file__).parents[1] / "aresmush" / "logs" / "docks.txt"


@pytest.fixture
def people(browser: Browser, tmp_path: Path) -> Iterator[Callable[..., Page]]:
    """People's browsers on a server of this test's own: an imported log's many entries in
    the shared server's Pegasus would push older cards out of its feed's last hundred, which
    other tests read (a seed's card: test_page_finish.py)."""
    db = f"sqlite:///{tmp_path / 'imports.db'}"
    seat_people(db)
    opened: list[Person] = []
    with serving(db) as (url, _):

        def open_as(name: str, viewport: ViewportSize) -> Page:
            opened.append(person(browser, url, name, viewport))
            return opened[-1].page

        try:
            yield open_as
        finally:
            for one in opened:
                one.context.close()


@pytest.mark.parametrize("screen", ["desktop", "phone"])
def test_a_log_uploaded_read_found_and_downloaded(
    people: Callable[..., Page], tmp_path: Path, screen: str
) -> None:
    viewport = DESKTOP if screen == "desktop" else PHONE
    # Each screen's own log (the server is the session's): its title and a word of its own.
    title = f"Trouble at the Docks {screen}"
    log = tmp_path / f"docks-{screen}.txt"
    log.write_text(LOG.read_text(encoding="utf-8").replace("Trouble at the Docks", title)
                   .replace("brass astrolabe", f"brass astrolabe{screen}"),
                   encoding="utf-8")  # fmt: skip
    stella, pia = people("Stella", viewport), people("Pia", viewport)

    stella.goto(SCENES)
    stella.get_by_label("AresMUSH scene logs").set_input_files(log)
    stella.get_by_role("button", name="Import", exact=True).click()
    report = stella.locator("#import-result")
    expect(report).to_contain_text(f"{log.name}: scene")
    expect(report).to_contain_text("poses by: Nikos 2, Pia 2 (not a character here)")
    expect(report).to_contain_text("system lines (text, never rolls): 2")
    href = report.get_by_role("link").first.get_attribute("href") or ""
    number = int(re.fullmatch(r"/games/Pegasus/scenes/(\d+)/record", href).group(1))  # type: ignore[union-attr]
    # A second click imports again: the page keeps working (another scene, its own report).
    stella.get_by_role("button", name="Import", exact=True).click()
    expect(report.get_by_role("link")).not_to_have_attribute("href", href)

    pia.goto(SCENES)
    expect(pia.locator("#scene-import")).to_have_count(0)  # the Storyteller's alone
    pia.get_by_role("link", name=f"{number}. {title}", exact=True).click()
    pia.wait_for_url(f"**{href}")
    cards = pia.locator("ol.ledger > li")
    expect(cards).to_have_count(10)
    expect(cards.filter(has_text="(imported: not provable)")).to_have_count(10)
    expect(cards.nth(2)).to_contain_text("Nikos pulls his collar up")
    expect(cards.nth(5)).to_contain_text("<System> Nikos rolls Mechanics (Good Success)")

    pia.goto(SCENES)
    pia.get_by_label("Words").fill(f"astrolabe{screen}")
    pia.get_by_role("button", name="Search", exact=True).click()
    hits = pia.locator("ol.hits > li")
    expect(hits).to_have_count(2)  # the log's pose, in each of the two scenes imported
    hit = hits.filter(has_text=f"Scene {number}: {title}")
    expect(hit).to_contain_text("imported")
    hit.get_by_role("link").click()
    pia.wait_for_url(f"**{href}#e*")

    got = downloads(pia, tmp_path)
    assert got["markdown"].count("not provable") == 10
    assert "pries the lid loose with a crowbar" in got["html"]
    report_ = verify_log(read_log(got["jsonl"]))
    assert report_.code == 0, report_.summary()
    assert report_.imported >= 10
