"""Issue 38's "the browser does all three without a terminal", in one walk, on a desktop and
on a phone: the Storyteller makes a game from Red-Planet-MU's AresMUSH config on the home
page, opens it from the report, brings a character in on its Characters page (an AresMUSH
``sheet`` text: its Perception is the imported game's own attribute, so it is kept) and opens
its sheet, then brings a scene log in on its scenes page and reads the scene, every entry
marked imported and not provable."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, ViewportSize, expect

from tests.aresmush.fixtures import GAMES, game_dir, needs_configs
from tests.browser.aresmush_app import APP
from tests.browser.conftest import DESKTOP, PHONE, person
from tests.people import seat_people
from tests.server.process import serving

pytestmark = needs_configs
AT = Path(__file__).parents[1] / "aresmush"
SHEET, LOG = AT / "samples" / "mira.txt", AT / "logs" / "docks.txt"


@pytest.fixture(scope="module")
def ares_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    folder = tmp_path_factory.mktemp("walk")
    db = f"sqlite:///{folder / 'table.db'}"
    seat_people(db)
    with serving(db, output=folder / "server.log", app=APP) as (base, _):
        yield base


@pytest.mark.parametrize(("viewport", "game"), [(DESKTOP, "Mars Walk"), (PHONE, "Mars Phone")])
def test_config_then_sheet_then_scene_log_in_the_browser(
    browser: Browser, ares_server: str, viewport: ViewportSize, game: str
) -> None:
    stella = person(browser, ares_server, "Stella", viewport)
    try:
        page = stella.page
        # 1. The house rules.
        form = page.locator("form[hx-post='/games/import/aresmush']")
        form.get_by_label("Name of the game").fill(game)
        form.get_by_label("AresMUSH config").set_input_files(sorted(game_dir(GAMES[2]).iterdir()))
        form.get_by_role("button", name="Import").click()
        expect(page.locator("#aresmush-result")).to_contain_text(f"{game} is made")
        page.get_by_role("link", name=f"Open {game}").click()
        expect(page.get_by_role("heading", name=game, level=1)).to_be_visible()

        # 2. A character, on the Characters page.
        page.get_by_role("link", name="Characters", exact=True).click()
        sheets = page.get_by_role("region", name="Bring characters from AresMUSH")
        sheets.get_by_label("Sheet files").set_input_files([SHEET])
        sheets.get_by_role("button", name="Import").click()
        report = page.locator("#imported-sheets")
        expect(report).to_contain_text(f"Mira joins {game}, not yet approved")
        expect(report).not_to_contain_text("attributes.Perception unsupported")
        page.locator("#character-list").get_by_role("link", name="Mira").click()
        expect(page.locator("#sheet")).to_contain_text("imported from AresMUSH (sheet) mira.txt")
        expect(page.locator("#sheet")).to_contain_text("Perception")

        # 3. A scene log, on the scenes page.
        page.get_by_role("link", name="Scenes", exact=True).click()
        page.get_by_label("AresMUSH scene logs").set_input_files(LOG)
        page.get_by_role("button", name="Import", exact=True).click()
        result = page.locator("#import-result")
        expect(result).to_contain_text(f"{LOG.name}: scene")
        result.get_by_role("link").first.click()
        cards = page.locator("ol.ledger > li")
        expect(cards).to_have_count(10)
        expect(cards.filter(has_text="(imported: not provable)")).to_have_count(10)
        assert page.evaluate("document.documentElement.scrollWidth") <= viewport["width"]
    finally:
        stella.context.close()
