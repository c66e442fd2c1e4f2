"""Invites in a real Chromium (issue 37): the first run's link lands the new Storyteller on the
home page with what to do next, not on a page that ends there; the Members page labels each
invite with who it is for, shows when it expires in the reader's own time zone and revokes
one, after which its link no longer works.

Its own ``rollplay serve`` on a new database: a real first run (the session's live server
already has people who can sign in, so it prints no first link)."""

from __future__ import annotations

import re
from collections.abc import Iterator
from datetime import datetime
from zoneinfo import ZoneInfo

import pytest
from playwright.sync_api import Browser, Locator, Page, expect

from tests.browser.conftest import PHONE, person
from tests.people import PASSWORD
from tests.server.process import serving

SECRET = "an invite long password"
ZONE = "Asia/Kolkata"  # UTC+05:30: a local time no UTC time can pass for


@pytest.fixture(scope="module")
def first_run(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, str]]:
    """A new table's server and the one-time link its start printed."""
    folder = tmp_path_factory.mktemp("first")
    log = folder / "serve.log"
    with serving(f"sqlite:///{folder / 'first.db'}", output=log) as (base, _):
        printed = re.search(r"http://\S+/invite/inv_[\w-]+", log.read_text(encoding="utf-8"))
        assert printed is not None, log.read_text(encoding="utf-8")
        yield base, printed.group(0)


def _join(page: Page, name: str) -> None:
    page.get_by_label("Your name").fill(name)
    page.get_by_label("A password").fill(SECRET)
    page.get_by_role("button", name="Join").click()


def test_the_first_run_link_lands_on_what_to_do_next(
    browser: Browser, first_run: tuple[str, str]
) -> None:
    base, link = first_run
    nova = person(browser, base, viewport=PHONE)
    try:
        page = nova.page
        said: list[str] = []  # the console, from the link to the new game's table
        page.on("console", lambda m: said.append(m.text) if m.type in ("error", "warning")
                else None)  # fmt: skip
        page.goto(link)
        _join(page, "Nova")
        page.wait_for_url(re.compile(r"/(\?welcome)?$"))  # home, not a page at /invite/...
        expect(page.get_by_role("heading", name="Welcome, Nova: what to do next")).to_be_visible()
        expect(page.get_by_role("link", name="Make a game")).to_be_visible()
        expect(page.get_by_label("Name", exact=True)).to_be_focused()  # the game's name
        page.keyboard.type("Caprica")  # where the focus is: the new game's name
        page.get_by_role("button", name="Make the game").click()
        page.wait_for_url("**/games/Caprica")
        expect(page.get_by_text("Nova, storyteller")).to_be_visible()
        assert said == []
        # The page is an ordinary home page again on the next visit.
        page.goto("/")
        expect(page.get_by_role("heading", name=re.compile("what to do next"))).to_have_count(0)
    finally:
        nova.context.close()


def test_an_invite_is_labelled_in_local_time_and_revoked(
    browser: Browser, live_server: str
) -> None:
    # Stella reads the page in Kolkata (UTC+05:30), in British English (a 24-hour clock).
    context = browser.new_context(base_url=live_server, timezone_id=ZONE, locale="en-GB")
    stranger = person(browser, live_server)
    try:
        stella = context.new_page()
        stella.on("dialog", lambda dialog: dialog.accept())  # hx-confirm's question
        stella.goto("/")
        stella.get_by_label("Name").fill("Stella")
        stella.get_by_label("Password").fill(PASSWORD)
        stella.get_by_role("button", name="Sign in").click()
        stella.get_by_role("link", name="Pegasus").click()
        stella.get_by_role("link", name="Members").click()

        links = {}
        for label in ("Rook", "the Thursday group"):
            stella.get_by_label("Who it is for").fill(label)
            stella.get_by_role("button", name="Make an invite link").click()
            answer = stella.locator("#invite-result")
            expect(answer).to_contain_text(f"A link for {label} (player)")
            links[label] = stella.get_by_label("Invite link").input_value()
            _is_local(answer.locator("time"))
        rook = stella.locator("#invites li").filter(has_text="Rook")
        thursday = stella.locator("#invites li").filter(has_text="Thursday")
        expect(rook).to_contain_text("player, open")  # the list, drawn again beside the link
        _is_local(rook.locator("time"))
        _is_local(thursday.locator("time"))

        rook.get_by_role("button", name=re.compile("^Revoke invite #[0-9]+ [(]Rook[)]$")).click()
        expect(rook).to_contain_text("revoked")
        expect(rook.get_by_role("button")).to_have_count(0)
        expect(thursday).to_contain_text("open")

        stranger.page.goto(links["Rook"])
        gone = stranger.page.get_by_role("heading", name="This invite cannot be used")
        expect(gone).to_be_visible()
        stranger.page.goto(links["the Thursday group"])
        expect(stranger.page.get_by_text("You are invited as a player")).to_be_visible()

        stella.reload()  # as the page draws it, not only as the answers did
        expect(rook).to_contain_text("revoked")
        _is_local(rook.locator("time"))
        # The one still open is revoked too: the shared server's other tests find no open link.
        thursday.get_by_role("button", name=re.compile("^Revoke")).click()
        expect(thursday).to_contain_text("revoked")
    finally:
        context.close()
        stranger.context.close()


def _is_local(shown: Locator) -> None:
    """A <time> shows its moment in the reader's zone (ZONE), not in UTC or ISO form."""
    expect(shown).to_have_attribute("data-local", "")  # static/times.js has turned it
    moment = datetime.fromisoformat(str(shown.get_attribute("datetime")))
    local = moment.astimezone(ZoneInfo(ZONE))
    text = shown.inner_text()
    assert f"{local:%H:%M}" in text, (text, local)
    assert "UTC" not in text, text
    assert "+00:00" not in text, text
