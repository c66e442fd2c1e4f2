"""The roll box and the sheet as a player uses them, click after click (issue 31, defects 1-3):
a quick roll leaves the box and every other button working and keeps the keyboard's place; a
luck spend or a narrower audience applies to one roll unless pinned; raising a skill asks first
and answers where the player is looking; an open sheet follows an award made elsewhere."""

from __future__ import annotations

import re
from collections.abc import Callable

from playwright.sync_api import Dialog, Page, expect

NEWEST = "() => Number(document.querySelector('#feed > li:last-child').id.slice(1))"


def _rolled(page: Page, before: int) -> int:
    page.wait_for_function(f"() => ({NEWEST})() > {before}")
    return int(page.evaluate(NEWEST))


def test_quick_rolls_and_the_box_work_after_one_another(people: Callable[..., Page]) -> None:
    pia = people("Pia")
    errors: list[str] = []
    pia.on("console", lambda m: errors.append(m.text) if "targetError" in m.text else None)
    pia.goto("/games/Pegasus")
    expect(pia.locator("#live")).to_have_text("Live")
    last = int(pia.evaluate(NEWEST))
    roll = pia.locator("#roll")
    spend, audience = roll.get_by_label("Spend luck"), roll.get_by_label("Who sees it")
    spend.select_option("bonus")
    audience.select_option("private")
    quick = pia.locator("#mine .quick button")
    first = quick.first.get_attribute("data-quick")
    quick.first.focus()
    pia.keyboard.press("Enter")  # the first quick roll, from the keyboard
    last = _rolled(pia, last)
    expect(pia.locator(f"#e{last} .badge")).to_have_text("private")
    expect(pia.locator(f"#e{last}")).to_contain_text("luck")
    # One roll's choices: both back to their defaults, and the same button still has the focus.
    expect(spend).to_have_value("")
    expect(audience).to_have_value("")
    expect(pia.locator("#mine .quick button").first).to_be_focused()
    assert pia.locator("#mine .quick button").first.get_attribute("data-quick") == first
    # The box, then another quick button, then the box again: each lands, in public.
    for step in ("box", "quick", "box"):
        if step == "box":
            pia.locator("#text").fill("roll Nikos/Alertness")
            pia.get_by_role("button", name="Roll", exact=True).click()
        else:
            pia.locator("#mine .quick button").nth(1).click()
        last = _rolled(pia, last)
        expect(pia.locator("#roll-result")).to_contain_text("Rolled")
        expect(pia.locator(f"#e{last} .badge")).to_have_count(0)
    assert pia.locator("#roll-result").count() == 1
    # Pinned: the audience holds for the next two rolls.
    audience.select_option("private")
    pia.get_by_label("Keep these for the next rolls").check()
    for _ in range(2):
        pia.locator("#mine .quick button").nth(2).click()
        last = _rolled(pia, last)
        expect(pia.locator(f"#e{last} .badge")).to_have_text("private")
        expect(audience).to_have_value("private")
    assert errors == []


def test_a_raise_asks_first_and_an_award_reaches_the_open_sheet(
    people: Callable[..., Page],
) -> None:
    pia, stella = people("Pia"), people("Stella")
    pia.goto("/games/Pegasus/characters/Nikos")
    xp = pia.locator("#sheet .panel strong").nth(1)
    before = float(xp.inner_text())
    stella.goto("/games/Pegasus")
    stella.get_by_label("Award to").select_option("Nikos")
    stella.get_by_label("Points").select_option("xp")
    stella.get_by_label("How many").fill("12")
    stella.get_by_role("button", name="Award").click()
    expect(stella.locator("#gm-result")).to_contain_text("12")
    expect(xp).to_have_text(f"{before + 12:g}")  # Pia's open sheet, with no reload
    raise_button = pia.locator("#sheet td button:not([disabled])").first
    label = raise_button.get_attribute("aria-label") or ""
    cost = float(re.findall(r"for ([\d.]+) XP", label)[0])
    asked: list[str] = []

    def no(dialog: Dialog) -> None:
        asked.append(dialog.message)
        dialog.dismiss()

    pia.once("dialog", no)
    raise_button.click()
    expect(pia.locator("#sheet-result")).to_be_empty()
    assert len(asked) == 1, asked
    assert re.match(r"Spend [\d.]+ of Nikos's [\d.]+ XP to raise ", asked[0]), asked
    expect(xp).to_have_text(f"{before + 12:g}")  # nothing spent
    pia.once("dialog", lambda dialog: dialog.accept())
    pia.locator("#sheet td button:not([disabled])").first.click()
    expect(pia.locator("#sheet-result")).to_contain_text("Nikos")
    expect(pia.locator("#sheet-result")).to_be_in_viewport()
    expect(xp).to_have_text(f"{before + 12 - cost:g}")
