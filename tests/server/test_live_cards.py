"""A card drawn again live is the card a reload draws (issue 37; rulings S70, S73, S77): a
pose edited, a pose edited and then deleted, a secret roll revealed, each redraws the
earlier card in place on every open page, and that card is, byte for byte, the one the page
shows when it is loaded again, for a player and for the Storyteller (whose pose cards keep
their earlier texts, rulings S11), from the live hub and from a feed catching up. Before,
the page drew the earlier card from the later event's payload itself, a second fold that
lost the Storyteller's earlier texts and a revealed roll's roller. A real ``rollplay serve``
process, SQLite and PostgreSQL."""

from __future__ import annotations

import re
import threading
from collections.abc import Callable

import httpx
import pytest

from tests.server.process import serving, signed_in

pytestmark = [pytest.mark.live, pytest.mark.storage]
API = "/api/v1/games/Pegasus"


def _said(client: httpx.Client, headers: dict[str, str], line: str) -> int:
    done = client.post(f"{API}/commands", json={"text": line}, headers=headers)
    assert done.status_code == 200, f"{line}: {done.text}"
    return int(done.json().get("log_id") or 0)


def _read(client: httpx.Client, path: str, last: Callable[[], int], frames: list[str],
          ready: threading.Event) -> None:  # fmt: skip
    """The page feed's messages until the one of event ``last()``, each as its data line."""
    with client.stream("GET", path, headers={"Accept": "text/event-stream"},
                       timeout=httpx.Timeout(10, read=60)) as stream:  # fmt: skip
        number = 0
        for line in stream.iter_lines():
            if line.startswith("retry:"):
                ready.set()
            elif line.startswith("id: "):
                number = int(line[4:])
            elif line.startswith("data: ") and number:
                frames.append(line[6:])
                if number >= last():
                    return


def _li(html: str, number: int, oob: bool = False) -> str:
    """Card ``number`` in ``html`` (the last one drawn, when several are), as one line."""
    mark = f'<li id="e{number}"' + (' hx-swap-oob="outerHTML">' if oob else ">")
    start = html.rfind(mark)
    assert start >= 0, f"no card #{number}"
    depth, at = 0, start
    for tag in re.finditer(r"<li\b|</li>", html[start:]):
        depth += 1 if tag.group() == "<li" else -1
        at = start + tag.end()
        if depth == 0:
            break
    card = html[start:at].replace(' hx-swap-oob="outerHTML"', "", 1)
    return re.sub(r"\r\n|[\r\n]", " ", card)


def test_a_card_drawn_again_live_is_the_card_a_reload_draws(server_db: str) -> None:
    with serving(server_db) as (base, _):
        stella, st = signed_in(base, "Stella")
        pia, pi = signed_in(base, "Pia")
        _said(stella, st, "scene/start Dock=Rain")
        start = _said(pia, pi, "scene/join 1") or int(
            pia.get(f"{API}/events?format=json&limit=1000").json()[-1]["id"]
        )
        readers = {"Stella": stella, "Pia": pia}
        live: dict[str, list[str]] = {name: [] for name in readers}
        threads = []
        # The last event is not known yet: each reader reads until a marker pose, below.
        marker: list[int] = []

        def until() -> int:
            return marker[0] if marker else 2**62

        for name, client in readers.items():
            ready = threading.Event()
            thread = threading.Thread(target=_read, args=(client, f"/games/Pegasus/feed?after="
                                                          f"{start}", until, live[name], ready),
                                      daemon=True)  # fmt: skip
            thread.start()
            assert ready.wait(30)
            threads.append(thread)
        kept = _said(pia, pi, ":Kestrel one")
        _said(pia, pi, f"pose/edit {kept}=Kestrel two")
        gone = _said(pia, pi, ":Heron one")
        _said(pia, pi, f"pose/edit {gone}=Heron two")
        _said(pia, pi, f"pose/delete {gone}")
        secret = _said(stella, st, "roll/secret 5")
        _said(stella, st, f"reveal {secret}")
        marker.append(_said(pia, pi, ":The end."))
        for thread in threads:
            thread.join(30)
            assert not thread.is_alive()
        for name, client in readers.items():
            page = client.get("/games/Pegasus")
            assert page.status_code == 200
            caught: list[str] = []
            ready = threading.Event()
            _read(client, f"/games/Pegasus/feed?after={start}", until, caught, ready)
            for number in (kept, gone, secret):
                reloaded = _li(page.text, number)
                assert _li(" ".join(live[name]), number, oob=True) == reloaded, (name, number)
                assert _li(" ".join(caught), number, oob=True) == reloaded, (name, number)
        # What the cards say, as the ledger has it (the texts a reload shows).
        mine = _li(pia.get("/games/Pegasus").text, kept)
        assert "Kestrel two" in mine
        assert "Kestrel one" not in mine
        hers = _li(stella.get("/games/Pegasus").text, kept)
        assert "Kestrel one" in hers  # the Storyteller's earlier text (rulings S11)
        assert "Revealed: #" in _li(pia.get("/games/Pegasus").text, secret)
        stella.close()
        pia.close()
