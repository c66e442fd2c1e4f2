"""AresMUSH characters brought in from the browser (issue 38 §2): the Storyteller uploads two
sheet files on the Characters page, for a player, reads each one's report, sees both listed
unapproved, is refused a third that names a character the game has, opens one and approves
it; the player, on a phone, finds it theirs with where it came from, and no import form."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, expect

from tests.browser.conftest import DESKTOP, PHONE, person
from tests.people import seat_people
from tests.server.process import serving

SAMPLES = Path(__file__).parents[1] / "aresmush" / "samples"


@pytest.fixture
def base(tmp_path: Path) -> Iterator[str]:
    """A server of this test's own: new characters in Pegasus would change what a bare
    roll means on the session's shared server."""
    db = f"sqlite:///{tmp_path / 'import.db'}"
    seat_people(db)
    with serving(db) as (url, _):
        yield url


def test_the_storyteller_imports_two_sheets_and_approves_one(browser: Browser, base: str) -> None:
    stella = person(browser, base, "Stella", DESKTOP)
    pia = person(browser, base, "Pia", PHONE)
    try:
        page = stella.page
        page.goto("/games/Pegasus/characters")
        form = page.get_by_role("region", name="Bring characters from AresMUSH")
        form.get_by_label("Sheet files").set_input_files(
            [SAMPLES / "mira.txt", SAMPLES / "tobin_screen_reader.txt"]
        )
        form.get_by_label("Played by").select_option("Pia")
        form.get_by_role("button", name="Import").click()
        report = page.locator("#imported-sheets")
        expect(report).to_contain_text("Mira joins Pegasus, not yet approved")
        expect(report).to_contain_text("Tobin joins Pegasus, not yet approved")
        expect(report).to_contain_text("imported from AresMUSH (screen reader)")
        expect(report).to_contain_text("advantages.Rank unsupported")
        expect(report).to_contain_text("attributes.Perception unsupported")  # not Pegasus's
        listing = page.locator("#character-list")
        expect(listing.get_by_role("row", name="Mira")).to_contain_text("not yet approved")
        expect(listing.get_by_role("row", name="Tobin")).to_contain_text("Pia")

        # The same file again: refused, one line, and the form still works after it.
        form.get_by_label("Sheet files").set_input_files([SAMPLES / "mira.txt"])
        form.get_by_role("button", name="Import").click()
        expect(report).to_contain_text("already has a character called 'Mira'")
        expect(listing.get_by_role("row")).to_have_count(1 + 4)  # Nikos, Mavros, Mira, Tobin
        listing.get_by_role("link", name="Mira").click()
        page.wait_for_url("**/games/Pegasus/characters/Mira")
        expect(page.locator("#sheet")).to_contain_text("imported from AresMUSH (sheet) mira.txt")
        page.get_by_role("button", name="Approve this sheet").click()
        expect(page.locator("#sheet")).to_contain_text("approved")
        expect(page.locator("#sheet")).not_to_contain_text("not yet approved")

        phone = pia.page
        phone.goto("/games/Pegasus/characters")
        expect(phone.get_by_role("region", name="Bring characters from AresMUSH")).to_have_count(0)
        expect(phone.locator("#character-list").get_by_role("row", name="Mira")).to_contain_text(
            "approved"
        )
        phone.locator("#character-list").get_by_role("link", name="Tobin").click()
        expect(phone.locator("#sheet")).to_contain_text("played by Pia")
        expect(phone.locator("#sheet")).to_contain_text("imported from AresMUSH (screen reader)")
        assert phone.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    finally:
        stella.context.close()
        pia.context.close()
