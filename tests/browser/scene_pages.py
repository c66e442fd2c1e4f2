"""What the scene pages' browser tests share: lines typed in the pose box, a card of the
feed found by its text, and a scene's three downloads as its reader gets them."""

from __future__ import annotations

from pathlib import Path

from playwright.sync_api import Locator, Page, expect

FORMATS = {"Markdown": "markdown", "HTML": "html", "JSON Lines": "jsonl"}


def post_lines(page: Page, *lines: str) -> None:
    """Type each line in the pose box and press Enter (a line break in one: Shift+Enter)."""
    box = page.locator("#text")
    for line in lines:
        first, *rest = line.split("\n")
        box.press_sequentially(first)
        for more in rest:
            box.press("Shift+Enter")
            box.press_sequentially(more)
        box.press("Enter")
        expect(box).to_have_value("")  # posted, and cleared for the next


def card(page: Page, text: str) -> Locator:
    """The feed's cards holding ``text``."""
    return page.locator("#feed > li").filter(has_text=text)


def downloads(page: Page, folder: Path) -> dict[str, str]:
    """Each of the page's three downloads, as its reader got it; the JSON Lines kept as a
    file for ``rollplay verify``."""
    got = {}
    for link, fmt in FORMATS.items():
        with page.expect_download() as download:
            page.locator(".scene-export").get_by_role("link", name=link, exact=True).click()
        path = folder / f"{fmt}.out"
        download.value.save_as(path)
        got[fmt] = path.read_text(encoding="utf-8")
    return got
