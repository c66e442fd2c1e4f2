"""Browser tests: a real Chromium, driven by Playwright's sync API, against a real
``rollplay serve`` process. scripts/test installs Debian's Chromium when it is missing
(scripts/_chromium.sh) and sets ROLLPLAY_CHROMIUM; without it these tests skip and say why.
Playwright's own browser download (``playwright install``) is never used.

One server for the session (``live_server``): a SQLite database with the example games and
the people of tests/server/conftest.PEOPLE (Stella the Storyteller, Pia playing Nikos, Otto
playing Mavros, Olly observing), all with its PASSWORD. Tests share it, so a test that
changes the table should use names of its own; and the server allows 10 failed sign-ins
per address in 5 minutes, so keep wrong passwords few. One browser context per person
(``person``, ``people``): separate cookies, and no background-tab throttling between them."""

from __future__ import annotations

import os
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Literal, NamedTuple

import pytest
from playwright.sync_api import Browser, BrowserContext, Page, ViewportSize, sync_playwright

from tests.people import PASSWORD, seat_people
from tests.server.process import serving

PHONE: ViewportSize = {"width": 375, "height": 667}  # the narrowest screen the pages fit
DESKTOP: ViewportSize = {"width": 1280, "height": 800}


class Person(NamedTuple):
    """Someone at the table in their own browser context (close the context when done)."""

    context: BrowserContext
    page: Page


@pytest.fixture(scope="session")
def chromium_path() -> str:
    path = os.environ.get("ROLLPLAY_CHROMIUM")
    if os.environ.get("ROLLPLAY_SKIP_BROWSER"):
        pytest.skip("the browser tests are skipped: ROLLPLAY_SKIP_BROWSER is set")
    if not path:
        pytest.skip("no Chromium: ROLLPLAY_CHROMIUM is unset (./scripts/test installs Debian's "
                    "chromium and sets it; or set it to a Chromium binary)")  # fmt: skip
    if not (Path(path).is_file() and os.access(path, os.X_OK)):
        pytest.skip(f"no Chromium: ROLLPLAY_CHROMIUM={path} is not an executable file")
    return path


@pytest.fixture(scope="session")
def browser(chromium_path: str) -> Iterator[Browser]:
    with sync_playwright() as p:
        launched = p.chromium.launch(executable_path=chromium_path)
        try:
            yield launched
        finally:
            launched.close()


@pytest.fixture(scope="session")
def live_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """The base URL (http://127.0.0.1:PORT) of a ``rollplay serve`` for the session; its
    output is in server.log beside its database."""
    folder = tmp_path_factory.mktemp("live")
    db = f"sqlite:///{folder / 'table.db'}"
    seat_people(db)
    with serving(db, output=folder / "server.log") as (base, _):
        yield base


def person(browser: Browser, base: str, name: str | None = None,
           viewport: ViewportSize | None = None,
           color_scheme: Literal["light", "dark"] = "light") -> Person:  # fmt: skip
    """A new browser context (its own cookies) and page at ``base``, in the colour scheme
    given; signed in as ``name`` through the sign-in form at ``/`` unless ``name`` is None."""
    context = browser.new_context(base_url=base, viewport=viewport or DESKTOP,
                                  color_scheme=color_scheme)  # fmt: skip
    page = context.new_page()
    page.goto("/")
    if name is not None:
        page.get_by_label("Name").fill(name)
        page.get_by_label("Password").fill(PASSWORD)
        page.get_by_role("button", name="Sign in").click()
        page.get_by_text(f"Signed in as {name}").wait_for()
    return Person(context, page)


@pytest.fixture
def people(browser: Browser, live_server: str) -> Iterator[Callable[..., Page]]:
    """``people("Pia")``: Pia's page on the live server, signed in, in her own context;
    ``people(None)``: someone not signed in. The contexts close after the test."""
    opened: list[BrowserContext] = []

    def open_page(name: str | None, viewport: ViewportSize | None = None) -> Page:
        context, page = person(browser, live_server, name, viewport)
        opened.append(context)
        return page

    yield open_page
    for context in opened:
        context.close()
