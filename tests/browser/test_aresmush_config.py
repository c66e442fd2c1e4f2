"""Issue 38 §1 and §4 in real Chromium, on a desktop and a phone, with no terminal: the
Storyteller chooses Red-Planet-MU's config files on the home page's form, checks them first
and reads the report (nothing made yet), imports them, opens the new game from the report's
link, makes a character on its form (the imported attributes are its fields), and downloads
the game's house rules as an AresMUSH config, which holds the files a game/config folder
does. A name already taken is refused in one line, the form keeping what was typed."""

from __future__ import annotations

import zipfile
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page, ViewportSize, expect

from tests.aresmush.fixtures import GAMES, game_dir, needs_configs
from tests.browser.aresmush_app import APP
from tests.browser.conftest import DESKTOP, PHONE, person
from tests.people import seat_people
from tests.server.process import serving

pytestmark = needs_configs
RED_PLANET = game_dir(GAMES[2])
# Red-Planet-MU's attributes (fs3skills_attrs.yml): two of them are not the texts' five.
ATTRIBUTES = ("Reflexes", "Brawn", "Wits", "Grit", "Perception", "Presence")


@pytest.fixture(scope="module")
def ares_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    folder = tmp_path_factory.mktemp("ares")
    db = f"sqlite:///{folder / 'table.db'}"
    seat_people(db)
    with serving(db, output=folder / "server.log", app=APP) as (base, _):
        yield base


@pytest.mark.parametrize(("viewport", "game"), [(DESKTOP, "Red Planet"), (PHONE, "Red Phone")])
def test_a_storyteller_brings_an_aresmush_game_and_takes_it_away_again(
    browser: Browser, ares_server: str, tmp_path: Path, viewport: ViewportSize, game: str
) -> None:
    stella = person(browser, ares_server, "Stella", viewport)
    try:
        page = stella.page
        files = sorted(RED_PLANET.iterdir())
        _check_then_import(page, game, files)
        page.get_by_role("link", name=f"Open {game}").click()
        expect(page.get_by_role("heading", name=game, level=1)).to_be_visible()
        _make_character(page)
        _download(page, game, tmp_path, {p.name for p in files})
        _taken(page, game, files)
    finally:
        stella.context.close()


def _check_then_import(page: Page, game: str, files: list[Path]) -> None:
    form = page.locator("form[hx-post='/games/import/aresmush']")
    form.get_by_label("Name of the game").fill(game)
    form.get_by_label("AresMUSH config").set_input_files(files)
    form.get_by_label("FS3 edition").select_option("3.3")
    result = page.locator("#aresmush-result")
    form.get_by_role("button", name="Check only").click()
    expect(result).to_contain_text("Checked: nothing is made yet.")
    # The counts, then every file with its fate; unsupported and converted lists open.
    expect(result.locator(".counts li")).to_have_count(3)
    expect(result.locator("section.report-file")).to_have_count(len(files))
    attrs = result.get_by_role("region", name="fs3skills_chargen.yml")
    converted = attrs.locator("details.report-converted")
    expect(converted).to_have_attribute("open", "")
    expect(converted).to_contain_text("fs3skills.max_points_on_attrs")
    page.goto("/")  # nothing made: the home page lists no such game
    expect(page.get_by_role("link", name=game, exact=True)).to_have_count(0)
    form = page.locator("form[hx-post='/games/import/aresmush']")
    form.get_by_label("Name of the game").fill(game)
    form.get_by_label("AresMUSH config").set_input_files(files)
    form.get_by_role("button", name="Import").click()
    expect(result).to_contain_text(f"{game} is made")
    # A kept list is folded; opening it shows its settings.
    kept = result.get_by_role("region", name="fs3skills_attrs.yml").locator("details.report-kept")
    expect(kept).not_to_have_attribute("open", "")
    kept.locator("summary").click()
    expect(kept.locator("li").first).to_be_visible()


def _taken(page: Page, game: str, files: list[Path]) -> None:
    """The same import again, from the home page: one line, the form as it was typed."""
    page.goto("/")
    form = page.locator("form[hx-post='/games/import/aresmush']")
    form.get_by_label("Name of the game").fill(game)
    form.get_by_label("AresMUSH config").set_input_files(files)
    form.get_by_role("button", name="Import").click()
    error = page.locator("#aresmush-result p.error")
    expect(error).to_have_text(f"there is already a game called '{game}'")
    expect(form.get_by_label("Name of the game")).to_have_value(game)
    assert form.get_by_label("AresMUSH config").evaluate("e => e.files.length") == len(files)
    # The home page's other new-game form is refused in one line the same way (a 4xx is
    # swapped in on the home page as on the game pages).
    page.locator("#game-name").fill(game)
    page.get_by_role("button", name="Make the game").click()
    expect(page.locator("#new-game-result p.error")).to_contain_text("already")
    # Corrected in place, the check goes through.
    form.get_by_label("Name of the game").fill(game + " Again")
    form.get_by_role("button", name="Check only").click()
    expect(page.locator("#aresmush-result")).to_contain_text("Checked: nothing is made yet.")


def _make_character(page: Page) -> None:
    page.get_by_role("link", name="Characters", exact=True).click()
    page.get_by_role("link", name="Create a character").click()
    for attribute in ATTRIBUTES:  # the imported attributes are the form's
        expect(page.get_by_label(attribute, exact=True)).to_be_visible()
    page.get_by_label("Name", exact=True).fill("Ada Okafor")
    for attribute in ATTRIBUTES:
        page.get_by_label(attribute, exact=True).fill("2")
    page.get_by_role("button", name="Create").click()
    expect(page.get_by_role("heading", name="Ada Okafor")).to_be_visible()
    expect(page.locator("main")).to_contain_text("Perception")


def _download(page: Page, game: str, tmp_path: Path, names: set[str]) -> None:
    page.get_by_role("link", name="Members", exact=True).click()
    with page.expect_download() as saving:
        page.get_by_role("link", name="Download as AresMUSH config").click()
    path = tmp_path / saving.value.suggested_filename
    saving.value.save_as(path)
    assert path.name == f"{game.replace(' ', '-')}-aresmush-config.zip"
    held = set(zipfile.ZipFile(path).namelist())
    assert {n for n in names if n.startswith("fs3skills_")} <= held
