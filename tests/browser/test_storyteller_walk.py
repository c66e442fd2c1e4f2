"""Issue 31's first evening with no terminal: a new Storyteller takes the first run's link
that ``rollplay serve`` prints, makes a game on the home page, invites a player from the
members page for a character, and copies the link; the player takes it in their own browser
and makes their first roll, which reaches the Storyteller's table.

Its own ``rollplay serve`` on a new database (a real first run: the session's live server has
its users, and the first run's link would make its taker Storyteller of the shared games).
The character is added through the API from the Storyteller's own page (the browser, signed
in): the character form is another part of issue 31 (the character pages)."""

from __future__ import annotations

import re
from pathlib import Path

from playwright.sync_api import Browser, Page, expect

from tests.browser.conftest import person
from tests.server.process import serving
from tests.table.conftest import NIKOS

GAME, STORYTELLER, PLAYER, HERO = "Walk Caprica", "Walk Nova", "Walk Rook", "Walk Zoe"
SECRET = "a walk long password"


def _join(page: Page, name: str) -> None:
    page.get_by_label("Your name").fill(name)
    page.get_by_label("A password").fill(SECRET)
    page.get_by_role("button", name="Join").click()


def test_a_new_storyteller_sets_up_a_game_and_a_player_makes_the_first_roll(
    browser: Browser, tmp_path: Path
) -> None:
    log = tmp_path / "serve.log"
    with serving(f"sqlite:///{tmp_path / 'first.db'}", output=log) as (base, _):
        printed = re.search(r"http://\S+/invite/inv_[\w-]+", log.read_text(encoding="utf-8"))
        assert printed is not None, log.read_text(encoding="utf-8")
        nova_in, rook_in = person(browser, base), person(browser, base)
        try:
            _walk(base, printed.group(0), nova_in.page, rook_in.page)
        finally:
            nova_in.context.close()
            rook_in.context.close()


def _walk(base: str, first_link: str, nova: Page, rook: Page) -> None:
    nova.goto(first_link)
    expect(nova.get_by_text("This link makes the table's first Storyteller")).to_be_visible()
    _join(nova, STORYTELLER)
    expect(nova.get_by_role("heading", name=f"Welcome, {STORYTELLER}")).to_be_visible()

    nova.goto("/")
    nova.get_by_label("Name", exact=True).fill(GAME)
    nova.get_by_label("System and edition").select_option("fs3 3.3")
    nova.get_by_role("button", name="Make the game").click()
    nova.wait_for_url(f"**/games/{GAME.replace(' ', '%20')}")
    expect(nova.get_by_text(f"{STORYTELLER}, storyteller")).to_be_visible()

    csrf = nova.evaluate("JSON.parse(document.body.getAttribute('hx-headers'))['X-CSRF-Token']")
    made = nova.request.post(f"/api/v1/games/{GAME}/characters",
                             data={"sheet": {**NIKOS, "name": HERO, "system": "fs3"}},
                             headers={"X-CSRF-Token": csrf, "Origin": base})  # fmt: skip
    assert made.ok, made.text()

    nova.get_by_role("link", name="Members").click()
    nova.get_by_label("Character to play").select_option(HERO)
    nova.get_by_role("button", name="Make an invite link").click()
    link = nova.get_by_label("Invite link")
    expect(link).to_be_visible()
    invite = link.input_value()
    assert invite.startswith(f"{base}/invite/inv_")
    nova.get_by_role("button", name="Copy").click()
    expect(nova.get_by_role("button", name="Copied")).to_be_visible()

    rook.goto(invite)
    expect(rook.get_by_text(f"You are invited to play {HERO}")).to_be_visible()
    _join(rook, PLAYER)  # taken to the game's table
    expect(rook.get_by_text(f"{PLAYER}, player")).to_be_visible()
    nova.goto(f"/games/{GAME}")
    rook.locator("#text").fill(f"roll {HERO}/Firearms")
    rook.locator("#roll").get_by_role("button", name="Roll", exact=True).click()
    for page in (rook, nova):
        expect(page.locator("#feed > li").filter(has_text=HERO).filter(
            has_text="Firearms").first).to_be_visible()  # fmt: skip
