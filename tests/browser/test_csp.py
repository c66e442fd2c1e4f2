"""The pages under their Content-Security-Policy (server/headers.py) in a real Chromium: no
script, handler or style is refused anywhere, and htmx still works, click after click, each
write with its Idempotency-Key (so a roll whose answer was lost is not rolled twice); and no
page can be framed."""

from __future__ import annotations

import re
from collections.abc import Callable

from playwright.sync_api import ConsoleMessage, Page, Route, expect

from tests.browser.conftest import PHONE

NEWEST = "() => Number(document.querySelector('#feed > li:last-child').id.slice(1))"
# Recorded before any page script runs (Playwright's init scripts are not subject to CSP).
WATCH = """window.__violations = [];
document.addEventListener("securitypolicyviolation", (e) =>
  window.__violations.push(e.violatedDirective + " " + (e.blockedURI || "inline")));"""


def _watched(page: Page) -> list[str]:
    said: list[str] = []

    def heard(message: ConsoleMessage) -> None:
        if "Content Security Policy" in message.text or "Refused to" in message.text:
            said.append(message.text)

    page.on("console", heard)
    page.context.add_init_script(WATCH)
    return said


def test_the_table_works_under_its_policy_click_after_click(people: Callable[..., Page]) -> None:
    page = people("Pia")
    said = _watched(page)
    answer = page.goto("/games/Pegasus")
    assert answer is not None
    assert "script-src 'self'" in answer.headers.get("content-security-policy", "")
    expect(page.locator("#live")).to_have_text("Live")
    keys: list[str] = []
    for n, line in enumerate(["roll Piloting", "roll Reflexes", "roll Wits", "roll Grit"]):
        before = page.evaluate(NEWEST)
        page.locator("#text").fill(line)
        expect(page.locator("#odds")).to_contain_text("success")  # htmx's odds, as typed
        with page.expect_request(lambda r: r.method == "POST" and "/roll" in r.url) as sent:
            page.get_by_role("button", name="Roll", exact=True).click()
        keys.append(sent.value.headers.get("idempotency-key", ""))
        expect(page.locator("#roll-result")).to_contain_text("Rolled")
        expect(page.locator("#text")).to_have_value("")  # cleared by table.js, not inline
        expect(page.locator("#odds")).to_be_empty()
        page.wait_for_function(f"() => ({NEWEST})() > {before}")  # the live feed brought it
        assert page.evaluate("window.__violations") == [], n
    # Each roll carried a key of its own (static/forms.js), made without crypto.randomUUID.
    assert all(re.fullmatch(r"[0-9a-f]{32}", key) for key in keys), keys
    assert len(set(keys)) == len(keys)
    for path in ("/games/Pegasus/log", "/games/Pegasus/characters/Nikos", "/"):
        page.goto(path)
        page.wait_for_load_state("networkidle")
        assert page.evaluate("window.__violations") == [], path
    page.goto("/games/Pegasus/verify")  # checks the log in the page (WebCrypto, fetch)
    page.locator("#verify-said[data-ok]").wait_for()
    page.get_by_label("Your client seed").fill("csp-seed")
    page.get_by_role("button", name="Set my client seed").click()
    expect(page.locator("#seed-result")).to_contain_text("csp-seed")
    assert page.evaluate("window.__violations") == []
    assert said == []


def test_no_page_can_be_framed(people: Callable[..., Page]) -> None:
    page = people("Stella")
    said = _watched(page)
    page.goto("/")
    # A page of the same site frames the table (the hostile review's click-jacking): refused.
    page.evaluate("""() => new Promise((done) => {
        const frame = document.createElement("iframe");
        frame.src = "/games/Pegasus";
        frame.onload = frame.onerror = () => done();
        document.body.append(frame);
    })""")
    framed = page.frames[1]
    assert framed.locator("form").count() == 0  # no roll box, no award button to click
    assert any("frame" in line for line in said), said


def test_a_roll_whose_answer_was_lost_is_not_rolled_twice(people: Callable[..., Page]) -> None:
    page = people("Pia")
    page.goto("/games/Pegasus")
    expect(page.locator("#live")).to_have_text("Live")
    lost: list[int] = []

    def lose_the_first_answer(route: Route) -> None:
        if lost:
            route.continue_()
            return
        lost.append(route.fetch().status)  # the server rolls; the browser never hears of it
        route.abort("connectionreset")

    page.route("**/games/Pegasus/roll", lose_the_first_answer)
    before = page.evaluate(NEWEST)
    page.locator("#text").fill("roll Alertness")
    keys = []
    for _ in range(2):  # the player clicks again: the same write, the same key
        with page.expect_request(lambda r: r.method == "POST" and "/roll" in r.url) as sent:
            page.get_by_role("button", name="Roll", exact=True).click()
        keys.append(sent.value.headers.get("idempotency-key"))
        if len(keys) == 1:
            page.wait_for_timeout(300)
    expect(page.locator("#roll-result")).to_contain_text("Rolled")
    assert lost == [200]
    assert keys[0] is not None
    assert keys[0] == keys[1]
    page.wait_for_function(f"() => ({NEWEST})() > {before}")
    page.wait_for_timeout(1500)  # time for a second card, were there one
    cards = page.evaluate(
        """(after) => [...document.querySelectorAll('#feed > li')]
        .filter((li) => Number(li.id.slice(1)) > after).length""",
        before,
    )
    assert cards == 1


def test_a_retry_after_an_unfinished_answer_keeps_its_key(people: Callable[..., Page]) -> None:
    # A 5xx, a 429 and the 409 "still being answered" leave the write undone or unknown: the
    # retry must carry the same key. Only a final answer frees it.
    page = people("Pia")
    page.context.add_init_script(
        "window.__answered = 0;"
        "document.addEventListener('htmx:afterRequest', () => { window.__answered += 1; });"
    )
    page.goto("/games/Pegasus")
    expect(page.locator("#live")).to_have_text("Live")
    unfinished = [(503, {"Retry-After": "5"}), (429, {"Retry-After": "1"}),
                  (409, {"Retry-After": "1"}), (500, {})]  # fmt: skip

    def answer_unfinished_first(route: Route) -> None:
        if not unfinished:
            route.continue_()
            return
        status, headers = unfinished.pop(0)
        route.fulfill(status=status, headers={**headers, "Content-Type": "application/json"},
                      body='{"error": "not now"}')  # fmt: skip

    page.route("**/games/Pegasus/roll", answer_unfinished_first)
    before = page.evaluate(NEWEST)
    keys: list[str | None] = []
    statuses = []
    for n in range(6):  # four unfinished answers, the roll, then the same line again
        page.locator("#text").fill("roll Alertness")  # a 4xx answer clears it, as a roll does
        with page.expect_request(lambda r: r.method == "POST" and "/roll" in r.url) as sent:
            page.get_by_role("button", name="Roll", exact=True).click()
        keys.append(sent.value.headers.get("idempotency-key"))
        statuses.append(sent.value.response().status)  # type: ignore[union-attr]
        # The page has handled this answer (forms.js listens in the same dispatch).
        page.wait_for_function(f"() => window.__answered > {n}")
        if n == 4:
            expect(page.locator("#roll-result")).to_contain_text("Rolled")
    assert statuses == [503, 429, 409, 500, 200, 200]
    assert keys[0] is not None
    assert keys[:5] == [keys[0]] * 5, keys  # one write, retried
    assert keys[5] != keys[0]  # after its answer, the same line is a new roll
    page.wait_for_function(f"() => ({NEWEST})() > {before}")


def _heard(page: Page) -> list[str]:
    """Everything the page's console says is an error or a warning, every script error and
    every Content-Security-Policy refusal, from now on, wherever the page goes."""
    said: list[str] = []
    page.on("console", lambda m: said.append(f"{page.url} {m.type}: {m.text}")
            if m.type in ("error", "warning") else None)  # fmt: skip
    page.on("pageerror", lambda e: said.append(f"{page.url} script: {e}"))
    page.context.add_init_script(WATCH)
    return said


def _quiet(page: Page, said: list[str], where: str) -> None:
    """The page has settled, and neither its console nor its policy has said a word."""
    page.wait_for_load_state("networkidle")
    expect(page.locator("body")).to_be_visible()
    refused = page.evaluate("window.__violations || []")
    assert refused == [], (where, refused)
    assert said == [], (where, said)


def test_no_page_of_the_first_evening_says_a_word_in_the_console(
    people: Callable[..., Page],
) -> None:
    # Issue 37: every page the Storyteller and a player open in the first evening, used as
    # they use it, with its console open: no error, no warning, no refusal by the policy.
    stella, pia = people("Stella"), people("Pia", PHONE)
    heard = {"Stella": _heard(stella), "Pia": _heard(pia)}
    stella.on("dialog", lambda dialog: dialog.accept())

    def visit(page: Page, who: str, path: str) -> None:
        page.goto(path)
        _quiet(page, heard[who], f"{who} {path}")

    for path in (
        "/",
        "/games/Pegasus",
        "/games/Pegasus/characters",
        "/games/Pegasus/characters/Nikos",
        "/games/Pegasus/new-character",
    ):
        visit(stella, "Stella", path)
        visit(pia, "Pia", path)
    # The Storyteller's own pages, each used: an invite made, an NPC added, a combat and a
    # scene started, a character form filled in.
    visit(stella, "Stella", "/games/Pegasus/members")
    stella.get_by_label("Who it is for").fill("Console")
    stella.get_by_role("button", name="Make an invite link").click()
    expect(stella.get_by_label("Invite link")).to_be_visible()
    invite = stella.get_by_label("Invite link").input_value()
    stella.locator("#invites li").filter(has_text="Console").get_by_role("button").click()
    expect(stella.locator("#invites li").filter(has_text="Console")).to_contain_text("revoked")
    _quiet(stella, heard["Stella"], "members, used")
    visit(stella, "Stella", "/games/Pegasus/npcs")
    stella.get_by_label("Name", exact=True).fill("Console Raider")
    stella.get_by_label("Rating").fill("5")
    stella.get_by_role("button", name="Add").click()
    expect(stella.locator("table")).to_contain_text("Console Raider")
    _quiet(stella, heard["Stella"], "npcs, used")
    visit(stella, "Stella", "/games/Pegasus/combats")
    stella.get_by_label("Name of the combat").fill("Console Fight")
    stella.get_by_role("button", name="Start").click()
    stella.wait_for_url("**/combats/Console%20Fight")
    _quiet(stella, heard["Stella"], "a combat's tracker")
    visit(stella, "Stella", "/games/Pegasus/scenes")
    stella.get_by_label("Title").fill("Console Scene")
    stella.get_by_role("button", name="Start").click()
    stella.wait_for_url("**/scenes/*")
    _quiet(stella, heard["Stella"], "a scene's page")
    scene = stella.url
    visit(stella, "Stella", "/games/Pegasus/new-character")
    stella.get_by_label("Name", exact=True).fill("Console NPC")
    stella.get_by_label("Firearms").fill("3")
    expect(stella.locator("#problems")).to_contain_text("Ability points")
    _quiet(stella, heard["Stella"], "the character form, used")
    # The player: a roll from the roll box as typed, the scene, the combat, the log, the
    # card's own page, the verify page.
    visit(pia, "Pia", "/games/Pegasus")
    pia.locator("#text").press_sequentially("roll Alertness", delay=40)
    expect(pia.locator("#odds")).to_contain_text("success")
    pia.get_by_role("button", name="Roll", exact=True).click()
    expect(pia.locator("#roll-result")).to_contain_text("Rolled")
    _quiet(pia, heard["Pia"], "the roll box, used")
    for path in (
        scene,
        "/games/Pegasus/scenes",
        "/games/Pegasus/combats",
        "/games/Pegasus/combats/Console%20Fight",
        "/games/Pegasus/log",
        "/games/Pegasus/log/1",
        "/games/Pegasus/verify",
    ):
        visit(pia, "Pia", path)
        visit(stella, "Stella", path)
    pia.locator("#verify-said[data-ok]").wait_for()
    _quiet(pia, heard["Pia"], "the verify page's check")
    # Someone new, at a link that no longer works, and at the sign-in page.
    stranger = people(None)
    said = _heard(stranger)
    stranger.goto(invite)
    expect(stranger.get_by_role("heading", name="This invite cannot be used")).to_be_visible()
    refused = [line for line in said if "410 (Gone)" not in line]  # the page's own status
    assert refused == [], refused
