"""The log's page in a real Chromium: a player filters it by her character with the keyboard
alone and sees only that character's entries, saves the filtered export through its link,
reads a bad filter value as one line, and the page fits a phone's width. The live server is
shared by the session, so the log already holds other tests' rolls."""

from __future__ import annotations

import csv
import io
import re
from collections.abc import Callable
from pathlib import Path

from playwright.sync_api import Page, expect

from tests.browser.conftest import PHONE
from tests.server.process import lines_as


def _rolls(base: str, who: str, *lines: str) -> list[int]:
    """Roll each line as ``who`` through the API; the log ids."""
    return [int(said["log_id"]) for said in lines_as(base, who, *lines)]


def _fits(page: Page, who: str) -> None:
    wide, screen = page.evaluate("[document.documentElement.scrollWidth, window.innerWidth]")
    assert screen == PHONE["width"]
    assert wide <= screen, f"{who}: the log is {wide} px wide on a {screen} px screen"


def test_a_player_filters_the_log_by_her_character_with_the_keyboard(
    people: Callable[..., Page], live_server: str
) -> None:
    (nikos,) = _rolls(live_server, "Pia", "roll Nikos/Piloting")
    (mavros,) = _rolls(live_server, "Otto", "roll Mavros/Engines")
    page = people("Pia", PHONE)
    page.goto("/games/Pegasus/log")
    cards = page.locator("ol.log > li")
    expect(page.locator(f"#e{mavros}")).to_be_visible()  # everyone's, before filtering
    _fits(page, "Pia")

    page.get_by_label("Character").focus()  # the keyboard alone from here
    page.keyboard.type("Nikos")  # a closed select takes the option typed
    expect(page.get_by_label("Character")).to_have_value("Nikos")
    for _ in range(3):  # From, Before, How many
        page.keyboard.press("Tab")
    expect(page.get_by_label("How many")).to_be_focused()
    page.keyboard.press("Control+A")
    page.keyboard.type("200")
    page.keyboard.press("Enter")

    expect(page).to_have_url(re.compile(r"character=Nikos.*limit=200"))  # a link to share
    expect(page.locator(f"#e{mavros}")).to_have_count(0)
    expect(page.locator(f"#e{nikos}")).to_contain_text("Piloting")
    expect(page.get_by_role("status")).to_contain_text("newest first")
    heads = cards.locator("p:first-of-type").all_inner_texts()
    assert heads
    assert all("· Nikos" in head for head in heads), heads
    _fits(page, "Pia")


def test_the_export_link_saves_the_filtered_log(
    people: Callable[..., Page], live_server: str, tmp_path: Path
) -> None:
    _rolls(live_server, "Pia", "roll Nikos/Alertness")
    _rolls(live_server, "Otto", "roll Mavros/Cooking")
    page = people("Pia")
    page.goto("/games/Pegasus/log?character=Nikos")
    with page.expect_download() as saving:
        page.get_by_role("link", name="CSV").click()
    saved = tmp_path / "log.csv"
    saving.value.save_as(saved)
    assert saving.value.suggested_filename == "Pegasus-log.csv"
    rows = list(csv.DictReader(io.StringIO(saved.read_text(encoding="utf-8"))))
    assert rows
    assert {r["character"] for r in rows} == {"Nikos"}
    assert rows[-1]["expression"] == "Alertness"  # oldest first: the newest is last


def test_a_bad_filter_value_is_one_line(people: Callable[..., Page], live_server: str) -> None:
    _rolls(live_server, "Pia", "roll Firearms")  # a log to come back to, whatever ran before
    page = people("Pia")
    page.goto("/games/Pegasus/log")
    page.get_by_label("From").fill("last Tuesday")
    with page.expect_response(lambda r: "/log?" in r.url) as answer:
        page.get_by_label("From").press("Enter")
    assert answer.value.status == 400
    alert = page.get_by_role("alert")
    expect(alert).to_contain_text("From 'last Tuesday': write a date like 2026-11-01")
    assert "\n" not in alert.inner_text()
    expect(page.locator("ol.log")).to_have_count(0)
    page.get_by_label("From").fill("2000-01-01")  # put right, the entries come back
    page.get_by_label("From").press("Enter")
    expect(page.get_by_role("alert")).to_have_count(0)
    expect(page.locator("ol.log > li").first).to_be_visible()


def test_the_storytellers_log_fits_a_phone(people: Callable[..., Page], live_server: str) -> None:
    _rolls(live_server, "Stella",
           "roll A Very Long Named Raider From The Outer Colonies/5")  # fmt: skip
    page = people("Stella", PHONE)
    page.goto("/games/Pegasus/log")
    expect(page.locator("ol.log > li").first).to_contain_text("Outer Colonies")
    _fits(page, "Stella")
