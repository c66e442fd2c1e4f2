"""Making a character in a real Chromium (issue 31): Pia fills the new-character form on a
phone-sized screen and watches the points spent and the character-creation problems follow
her typing, adds and removes rows from the keyboard, submits it, the Storyteller sends it back
with a comment that appears on Pia's open sheet, she fixes it, and it is approved; then the
Storyteller makes an NPC from a sheet pasted as text."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, BrowserContext, Page, ViewportSize, expect

from tests.browser.conftest import DESKTOP, PHONE, person
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


def test_a_player_fills_the_form_and_it_is_sent_back_then_approved(
    apart: Callable[[str], Page],
) -> None:
    stella, pia = apart("Stella"), apart("Pia")
    pia.set_viewport_size({"width": 390, "height": 844})  # a phone
    pia.goto("/games/Pegasus/characters")
    pia.get_by_role("link", name="Create a character").click()
    problems = pia.locator("#problems")
    expect(problems).to_contain_text("name must be some text")  # checked on load
    pia.get_by_label("Name", exact=True).fill("Wren")
    # Every attribute at 2 and English at 3 (2 points a rating, rulings R26): 16 of 60.
    expect(problems).to_contain_text("Ability points: 16 of 60 points")
    expect(problems).to_contain_text("No problems")
    for skill in ("Firearms", "Piloting", "Melee", "Athletics", "Stealth"):
        pia.get_by_label(skill).fill("8")
    expect(problems).to_contain_text("Ability points: 56 of 60 points")
    pia.get_by_label("Medicine").fill("8")  # past the game's 60 (002 Abilities)
    expect(problems).to_contain_text("64 ability points spent")
    pia.get_by_label("Medicine").fill("0")
    expect(problems).to_contain_text("Ability points: 56 of 60 points")
    expect(problems).not_to_contain_text("ability points spent")
    pia.get_by_label("Brawn", exact=True).fill("0")  # below 002's 1-4, as she types
    expect(problems).to_contain_text("attribute Brawn is 0; FS3.3 rates attributes 1 to 4")
    pia.get_by_label("Brawn", exact=True).fill("2")
    pia.get_by_role("button", name="Add a background skill").click()
    pia.keyboard.type("Singing")  # the new row's name has the focus
    expect(problems).to_contain_text("Background skills: 2 points")
    pia.get_by_role("button", name="Add a quirk").click()
    pia.keyboard.type("Never Forgets a Face")
    pia.get_by_role("button", name="Remove this background skill").click()
    expect(problems).to_contain_text("Background skills: 0 points")
    width = pia.evaluate("document.documentElement.scrollWidth")
    assert width <= 390  # no sideways scrolling on a phone
    pia.get_by_role("button", name="Submit for approval").click()
    pia.wait_for_url("**/games/Pegasus/characters/Wren")
    expect(pia.locator("#sheet")).to_contain_text("not yet approved")
    expect(pia.locator("#sheet")).to_contain_text("Never Forgets a Face")
    expect(pia.get_by_role("button", name="Send back")).to_have_count(0)

    stella.goto("/games/Pegasus/characters/Wren")
    stella.get_by_label("Send it back, saying why").fill("Brawn 2 is too strong for a clerk: 1")
    stella.get_by_role("button", name="Send back").click()
    expect(stella.locator("#sheet-result")).to_contain_text("Wren")
    # Pia's open sheet shows the comment without a reload, and the way to fix it.
    expect(pia.locator("#sheet")).to_contain_text("too strong for a clerk", timeout=5000)
    stella.goto("/games/Pegasus")  # the Storyteller waits at the table
    expect(stella.locator("#live")).to_have_text("Live")
    pia.get_by_role("link", name="Fix the sheet, as the Storyteller asks").click()
    # The same character form, filled in from the sheet, the comment beside it (issue 37).
    expect(pia.get_by_role("heading", name="Fix Wren")).to_be_visible()
    assert pia.evaluate("document.documentElement.scrollWidth") <= 390  # a phone, still
    expect(pia.get_by_role("note")).to_contain_text("Brawn 2 is too strong for a clerk: 1")
    expect(pia.get_by_label("Name", exact=True)).to_have_value("Wren")
    expect(pia.get_by_label("Brawn", exact=True)).to_have_value("2")
    expect(pia.get_by_label("Firearms")).to_have_value("8")
    expect(pia.get_by_label("Medicine")).to_have_value("0")
    expect(pia.locator("#rows-quirk input")).to_have_value("Never Forgets a Face")
    expect(pia.locator("#rows-lang select")).to_have_value("English")
    problems = pia.locator("#problems")
    pia.get_by_label("Brawn", exact=True).fill("1")
    expect(problems).to_contain_text("No problems")
    pia.get_by_role("button", name="Submit the fix").click()
    expect(pia.locator("#made")).to_contain_text(
        "Resubmitted: Wren goes back to the Storyteller for approval"
    )
    expect(pia.get_by_role("note")).to_have_count(0)  # the comment is answered

    # The Storyteller's card says so, and what changed: one field, not the whole sheet.
    card = stella.locator("#feed > li").filter(has_text="Wren's sheet is resubmitted")
    expect(card).to_contain_text("Wren's sheet is resubmitted: Brawn 2 -> 1", timeout=5000)
    expect(card).not_to_contain_text("concept")
    card.get_by_role("link", name="Review Wren's sheet").click()
    stella.get_by_role("button", name="Approve this sheet").click()
    expect(stella.locator("#sheet")).to_contain_text("approved")
    pia.get_by_role("link", name="See the sheet").click()
    expect(pia.locator("#sheet")).to_contain_text("approved")
    expect(pia.locator("#sheet")).not_to_contain_text("not yet approved")
    expect(pia.locator("#sheet")).not_to_contain_text("too strong for a clerk")

    # The Storyteller pastes an NPC's sheet as text; a field of the form left blank does
    # not stop it.
    stella.goto("/games/Pegasus/new-character")
    stella.get_by_label("Name", exact=True).fill("Raider")
    stella.get_by_label("Brawn", exact=True).fill("")
    stella.get_by_text("Sheet as text").click()
    text = stella.get_by_label("Sheet (YAML, as a sheet file")
    text.fill(text.input_value().replace("action: {}", "action: {Firearms: 4}"))
    expect(stella.locator("#problems")).to_contain_text("Action skills: 4 points")
    stella.get_by_role("button", name="Make it from the text").click()
    stella.wait_for_url("**/games/Pegasus/characters/Raider")
    expect(stella.locator("#sheet")).to_contain_text("Firearms")


# The focused field and the sticky check box, where each is on the screen: the field is
# covered when any of it is under the box or below the screen's foot.
COVERED = """() => { const field = document.activeElement;
  const box = document.querySelector('.chargen .check').getBoundingClientRect();
  const at = field.getBoundingClientRect();
  return {field: field.tagName === 'BUTTON' ? field.textContent.trim() : field.name,
          tag: field.tagName,
          covered: (at.bottom > box.top && at.top < box.bottom) || at.bottom > innerHeight,
          bottom: Math.round(at.bottom), box: Math.round(box.top)}; }"""


@pytest.mark.parametrize("screen", [DESKTOP, PHONE], ids=["desktop", "phone"])
def test_the_check_never_covers_the_field_being_typed_in(
    apart: Callable[[str], Page], screen: ViewportSize
) -> None:
    # Issue 37: the character-creation check stays at the foot of the screen as the form
    # scrolls; the field being typed in is never under it. Pia goes through the whole form
    # from the keyboard, typing in every field; the check grows as its problems do.
    pia = apart("Pia")
    pia.set_viewport_size(screen)
    pia.goto("/games/Pegasus/new-character")
    for what in ("a specialty", "a background skill", "a quirk"):
        pia.get_by_role("button", name=f"Add {what}").click()
    pia.get_by_label("Name", exact=True).focus()
    seen, covered = 0, []
    while True:
        where = pia.evaluate(COVERED)
        if where["tag"] == "BUTTON" and "Submit" in where["field"]:
            break
        if where["tag"] in ("INPUT", "TEXTAREA"):
            with pia.expect_response("**/new-character/check"):
                pia.keyboard.type("9" if pia.evaluate("document.activeElement.type") ==
                                  "number" else "x")  # fmt: skip
            pia.wait_for_load_state("networkidle")  # the check redrawn, maybe taller
            where = pia.evaluate(COVERED)
            seen += 1
        if where["tag"] != "BUTTON" and where["covered"]:
            covered.append(where)
        pia.keyboard.press("Tab")
    assert seen > 20  # every attribute and skill, and a row of each table
    assert covered == []
