"""verify.js in a real Chromium: the browser re-derives the known-answer vectors of
tests/test_provable.py with WebCrypto exactly as rollplay.table.dice.provable does, and reads every
tampered log with the same lines as verify_draws. The page is the live server's (http on
127.0.0.1 is a secure context, which crypto.subtle needs); the module is its /static file."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from playwright.sync_api import Browser, Page

from rollplay.table.dice.provable import verify_draws
from tests.test_provable import COMMITMENTS, VECTORS, honest_log, tampered_logs

CALL = """async ([name, args]) => {
  const verify = await import("/static/verify.js");
  return await verify[name](...args);
}"""


@pytest.fixture(scope="module")
def page(browser: Browser, live_server: str) -> Iterator[Page]:
    context = browser.new_context(base_url=live_server)
    opened = context.new_page()
    opened.goto("/")
    assert opened.evaluate("window.isSecureContext")
    yield opened
    context.close()


def call(page: Page, name: str, *args: Any) -> Any:
    return page.evaluate(CALL, [name, list(args)])


def for_js(log: dict[str, Any]) -> dict[str, Any]:
    """verify_draws' keyword arguments as verifyDraws takes them (the log's JSON names)."""
    return {
        "server_seed": log["server_seed_hex"],
        "commitment": log["commitment_hex"],
        "client_seed": log["client_seed"],
        "nonce": log["nonce"],
        "draws": [[sides, list(faces)] for sides, faces in log["draws"]],
    }


@pytest.mark.parametrize(("number", "vector"), list(enumerate(VECTORS)))
def test_the_browser_derives_the_known_answers(
    page: Page, number: int, vector: tuple[str, str, int, list[tuple[int, int]], Any]
) -> None:
    seed_hex, client, nonce, shape, faces = vector
    got = call(page, "derive", seed_hex, client, nonce, [list(draw) for draw in shape])
    assert got == [list(f) for f in faces]
    assert call(page, "commitmentOf", seed_hex) == COMMITMENTS[number]


def test_the_browser_passes_an_honest_log_and_names_each_tampering_as_python_does(
    page: Page,
) -> None:
    assert call(page, "verifyDraws", for_js(honest_log())) == []
    for name, log in tampered_logs().items():
        found = call(page, "verifyDraws", for_js(log))
        assert found, name
        assert found == verify_draws(**log), name


def test_the_browser_reads_a_bad_log_as_one_line(page: Page) -> None:
    log = {**for_js(honest_log()), "client_seed": "two words"}
    (line,) = call(page, "verifyDraws", log)
    assert line == verify_draws(**{**honest_log(), "client_seed": "two words"})[0]
