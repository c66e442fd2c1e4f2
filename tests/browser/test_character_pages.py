"""Making a character in a real Chromium (issue 31): Pia types a new character's sheet and
watches the character-creation problems follow her typing, submits it, the Storyteller sends
it back with a comment that appears on Pia's open sheet, she fixes it, and it is approved."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, BrowserContext, Page, expect

from tests.browser.conftest import person
from tests.people import seat_people
from tests.server.process import serving


@pytest.fixture
def apart(browser: Browser, tmp_path: Path) -> Iterator[Callable[[str], Page]]:
    """People on a server of this test's own: a second character of Pia's in Pegasus would
    make every later "roll Athletics" on the session's shared server ask which she means."""
    db = f"sqlite:///{tmp_path / 'apart.db'}"
    seat_people(db)
    opened: list[BrowserContext] = []
    with serving(db) as (base, _):

        def open_page(name: str) -> Page:
            context, page = person(browser, base, name)
            opened.append(context)
            return page

        yield open_page
        for context in opened:
            context.close()


def test_a_player_makes_a_character_and_it_is_sent_back_then_approved(
    apart: Callable[[str], Page],
) -> None:
    stella, pia = apart("Stella"), apart("Pia")
    pia.goto("/games/Pegasus/characters")
    pia.get_by_role("link", name="Create a character").click()
    problems = pia.locator("#problems")
    expect(problems).to_contain_text("name must be some text")  # checked on load
    pia.get_by_label("Name", exact=True).fill("Wren")
    expect(problems).to_contain_text("No problems")  # the starting sheet, named
    sheet = pia.get_by_label("Sheet (YAML, as a sheet file")
    typed = sheet.input_value()
    sheet.fill(typed.replace("Brawn: 2", "Brawn: 0"))
    expect(problems).to_contain_text("Brawn must be at least 1")  # as she types
    sheet.fill(typed.replace("Brawn: 2", "Brawn: 0\n  oops"))
    expect(problems).to_contain_text("Brawn must be a whole number")  # half typed: one line
    sheet.fill(typed.replace("Brawn: 2", "Brawn: 0"))
    expect(problems).to_contain_text("Brawn must be at least 1")
    pia.get_by_role("button", name="Submit for approval").click()
    pia.wait_for_url("**/games/Pegasus/characters/Wren")
    expect(pia.locator("#sheet")).to_contain_text("not yet approved")
    expect(pia.get_by_role("button", name="Send back")).to_have_count(0)

    stella.goto("/games/Pegasus/characters/Wren")
    stella.get_by_label("Send it back, saying why").fill("Brawn 0 is too weak: at least 1")
    stella.get_by_role("button", name="Send back").click()
    expect(stella.locator("#sheet-result")).to_contain_text("Wren")
    # Pia's open sheet shows the comment without a reload, with the fix form open.
    expect(pia.locator("#sheet")).to_contain_text("Brawn 0 is too weak", timeout=5000)
    fix = pia.get_by_label("Sheet (YAML)", exact=True)
    fix.fill(fix.input_value().replace("Brawn: 0", "Brawn: 1"))
    expect(pia.locator("#fix-problems")).to_contain_text("No problems")
    pia.get_by_role("button", name="Submit the fix").click()
    expect(pia.locator("#sheet-result")).to_contain_text("Wren")

    stella.reload()
    stella.get_by_role("button", name="Approve this sheet").click()
    expect(stella.locator("#sheet")).to_contain_text("approved")
    expect(pia.locator("#sheet")).not_to_contain_text("not yet approved", timeout=5000)
    expect(pia.locator("#sheet")).not_to_contain_text("Brawn 0 is too weak")
