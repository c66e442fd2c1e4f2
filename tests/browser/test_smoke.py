"""The pages in a real Chromium: signing in through the form, a wrong password, a phone-wide
screen, taking an invite link, and the vendored htmx with its SSE extension on a live
stream."""

from __future__ import annotations

import json
from collections.abc import Callable

import pytest
from playwright.sync_api import Page, expect

from rollplay.server.app import STATIC
from tests.browser.conftest import PHONE
from tests.server.process import signed_in


def test_a_player_signs_in_through_the_form_and_sees_her_games(
    people: Callable[..., Page],
) -> None:
    page = people("Pia")
    expect(page.get_by_text("Signed in as Pia")).to_be_visible()
    expect(page.get_by_role("listitem").filter(has_text="Pegasus")).to_contain_text(
        "player, playing Nikos"
    )


def test_a_wrong_password_shows_one_line(people: Callable[..., Page]) -> None:
    page = people(None)
    page.get_by_label("Name").fill("Pia")
    page.get_by_label("Password").fill("not her password")
    with page.expect_response(lambda r: r.url.endswith("/login")) as answer:
        page.get_by_role("button", name="Sign in").click()
    assert answer.value.status == 401
    alert = page.get_by_role("alert")
    expect(alert).to_have_text("wrong name or password")
    assert "\n" not in alert.inner_text()
    expect(page.get_by_role("button", name="Sign in")).to_be_visible()  # the form, again
    expect(page.get_by_text("Signed in as")).to_have_count(0)


@pytest.mark.parametrize("name", [None, "Pia", "Stella"])
def test_a_phone_wide_screen_needs_no_sideways_scrolling(
    people: Callable[..., Page], name: str | None
) -> None:
    page = people(name, PHONE)
    assert page.evaluate("window.innerWidth") == PHONE["width"]
    widths = page.evaluate("[document.documentElement.scrollWidth, window.innerWidth]")
    assert widths[0] <= widths[1], f"/ is {widths[0]} px wide on a {widths[1]} px screen"


def test_an_invite_link_works_in_the_browser(people: Callable[..., Page], live_server: str) -> None:
    client, headers = signed_in(live_server, "Stella")
    try:
        made = client.post("/api/v1/games/Pegasus/invites", json={"role": "observer"},
                           headers=headers)  # fmt: skip
    finally:
        client.close()
    assert made.status_code == 200, made.text
    link = made.json()["link"]
    assert link.startswith(f"{live_server}/invite/")
    page = people(None)
    page.goto(link)
    expect(page.get_by_role("heading", name="Join Pegasus")).to_be_visible()
    page.get_by_label("Your name").fill("Wren")
    page.get_by_label("A password").fill("a long enough password")
    page.get_by_role("button", name="Join").click()
    # Straight into the game's table, signed in.
    expect(page.get_by_role("heading", name="Pegasus", exact=True)).to_be_visible()
    expect(page.get_by_text("Wren, observer")).to_be_visible()
    page.goto("/")
    expect(page.get_by_text("Signed in as Wren")).to_be_visible()
    page.goto(link)  # and it works once
    expect(page.get_by_role("heading", name="This invite cannot be used")).to_be_visible()


def test_the_vendored_htmx_and_its_sse_extension_run_on_a_live_stream(
    people: Callable[..., Page], live_server: str
) -> None:
    manifest = json.loads((STATIC / "vendor" / "manifest.json").read_text())["files"]
    page = people("Pia")
    page.add_script_tag(url="/static/vendor/htmx.min.js")
    page.add_script_tag(url="/static/vendor/sse.min.js")
    assert page.evaluate("htmx.version") == manifest["htmx.min.js"]["version"]
    page.evaluate("""() => {
        const feed = document.createElement("pre");
        feed.id = "feed";
        feed.setAttribute("hx-ext", "sse");
        feed.setAttribute("sse-connect", "/api/v1/games/Pegasus/events");
        feed.setAttribute("sse-swap", "roll");
        document.body.append(feed);
        htmx.process(feed);
    }""")
    client, headers = signed_in(live_server, "Pia")
    try:
        rolled = client.post("/api/v1/games/Pegasus/commands",
                             json={"text": "roll Nikos/Firearms"}, headers=headers)  # fmt: skip
    finally:
        client.close()
    assert rolled.status_code == 200, rolled.text
    expect(page.locator("#feed")).to_contain_text(f'"id":{rolled.json()["log_id"]},')
