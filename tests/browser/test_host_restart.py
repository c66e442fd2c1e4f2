"""The table page behind a proxy in front of two hosts on one PostgreSQL (plug.py as the proxy),
when its host is restarted (issue 39; docs/deploy.md, "Restarting hosts one at a time"): the
closing host tells the page's stream when to come back and ends it cleanly, the page's
EventSource reconnects through the proxy to the other host with Last-Event-ID, says "Live"
again, and shows every roll, once, in order: the ones made on the other host while it was on
the first, and the ones made while it moved."""

from __future__ import annotations

import signal
from pathlib import Path
from typing import Any

import httpx
from playwright.sync_api import Browser, expect

from tests.browser.conftest import person
from tests.browser.plug import Plug
from tests.databases import Databases
from tests.server.process import start, stop, token_for, wait_healthy


def _port(base: str) -> int:
    return int(base.rsplit(":", 1)[1])


def _roll(base: str, token: str) -> int:
    answer = httpx.post(f"{base}/api/v1/games/Pegasus/commands", json={"text": "roll Firearms"},
                        headers={"Authorization": f"Bearer {token}"}, timeout=10)  # fmt: skip
    assert answer.status_code == 200, answer.text
    return int(answer.json()["log_id"])


def test_the_page_comes_back_to_the_other_host_when_its_host_restarts(
    browser: Browser, databases: Databases, tmp_path: Path
) -> None:
    with databases.postgres("everyone") as db:
        a = start(db, 1, tmp_path / "a.log", None, None)
        b = start(db, 1, tmp_path / "b.log", None, None)
        try:
            wait_healthy(a.base, a.process)
            wait_healthy(b.base, b.process)
            with Plug(_port(a.base)) as proxy:
                context, stella = person(browser, proxy.base, "Stella")
                resumed: list[int] = []  # the Last-Event-ID of each request that sent one
                cdp = context.new_cdp_session(stella)
                cdp.send("Network.enable")
                cdp.on("Network.requestWillBeSentExtraInfo",
                       lambda sent: resumed.extend(_last_event_id(sent["headers"])))  # fmt: skip
                try:
                    stella.goto("/games/Pegasus")
                    expect(stella.locator("#live")).to_have_text("Live")
                    pia = token_for(b.base, "Pia")
                    first = _roll(b.base, pia)  # made on B, shown by A's stream
                    stella.locator(f"#e{first}").wait_for()
                    proxy.target = ("127.0.0.1", _port(b.base))  # the proxy sees A closing
                    a.process.send_signal(signal.SIGTERM)
                    a.process.wait(timeout=30)
                    later = [_roll(b.base, pia) for _ in range(3)]
                    for number in later:
                        stella.locator(f"#e{number}").wait_for(timeout=15_000)
                    expect(stella.locator("#live")).to_have_text("Live")
                    shown = stella.locator("#feed > li").evaluate_all(
                        "items => items.map(i => +i.id.slice(1))"
                    )
                finally:
                    context.close()
        finally:
            stop(a)
            stop(b)
    assert len(shown) == len(set(shown))  # nothing twice
    assert shown == sorted(shown)  # in order
    assert {first, *later} <= set(shown)
    # The browser's own reconnect (EventSource's, after the clean end), not a new stream:
    # it said where it was; and host A ended its streams rather than cutting them.
    assert any(said >= first for said in resumed), resumed
    assert "timeout graceful shutdown exceeded" not in (tmp_path / "a.log").read_text()


def _last_event_id(headers: dict[str, Any]) -> list[int]:
    return [int(v) for k, v in headers.items() if k.lower() == "last-event-id"]
