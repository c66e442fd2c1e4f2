"""A write costs a worker its own game's viewers, not every watched game's (issue 39): with
viewers on three games, an event in one is read for that game alone, after the write's own
wake and through the safety poll. Before, each write in the worker (and, on SQLite, each
look that found a new row anywhere) read every watched game, and the safety poll read each
of them every two seconds: 500 quiet games cost 500 reads per roll. The hub in-process on
a real service, SQLite and PostgreSQL."""

from __future__ import annotations

import asyncio
import threading
from typing import Any

import pytest
from starlette.concurrency import run_in_threadpool

from rollplay.server import hub as hub_module
from rollplay.server import news
from rollplay.server.hub import Hub
from rollplay.table import commands as c
from rollplay.table.access.accounts import digest
from rollplay.table.events.views import EventView
from rollplay.table.info import SignedIn
from rollplay.table.service import Service

pytestmark = [pytest.mark.storage, pytest.mark.live]
GAMES = ("Pegasus", "Dungeon", "Stars")


def _text(event: EventView, earlier: EventView | None = None) -> str:
    return f"{event.id}:{event.kind}"


def _signed_in(owner: Service, name: str) -> SignedIn:
    """``name``, an observer of Pegasus, signed in: their session."""
    owner.add_user(name)
    owner.set_password(name, "correct horse battery")
    owner.add_member("Pegasus", name, "observer", ())
    return owner.sign_in(name, "correct horse battery")


def _counted_checks(service: Service, monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """How many credentials each of ``service``'s credential reads asked about, as made."""
    checks: list[int] = []
    live = service.live_credentials

    def counted(digests: Any) -> Any:
        checks.append(len(digests))
        return live(digests)

    monkeypatch.setattr(service, "live_credentials", counted)
    return checks


def test_an_event_is_read_for_its_own_game_alone(
    examples_url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(news, "SAFETY_POLL", 0.05)
    service = Service(examples_url)
    ids = {game: service.watch(game)[0] for game in GAMES}
    reads: list[int] = []
    batch = service.live_batch

    def counted(game_id: int, *rest: Any) -> Any:
        reads.append(game_id)
        return batch(game_id, *rest)

    monkeypatch.setattr(service, "live_batch", counted)

    async def scenario() -> dict[str, list[str]]:
        hub = Hub(service)
        viewers = {game: await hub.join(service, game, _text) for game in GAMES}
        for number in range(3):
            await run_in_threadpool(service.execute, c.SceneStart("Pegasus", f"Dock {number}"))
            hub.poke()  # as the write's answer does (wake.py)
        got: dict[str, list[str]] = {game: [] for game in GAMES}
        while len(got["Pegasus"]) < 3:
            item = await asyncio.wait_for(viewers["Pegasus"].queue.get(), 30)
            got["Pegasus"].extend(text for _, text in item or ())
        await asyncio.sleep(0.3)  # several safety rounds
        for game in GAMES[1:]:
            while not viewers[game].queue.empty():
                got[game].extend(text for _, text in viewers[game].queue.get_nowait() or ())
        await hub.close()
        return got

    try:
        got = asyncio.run(scenario())
    finally:
        service.close()
    assert [text.split(":")[1] for text in got["Pegasus"]] == ["scene_start"] * 3
    assert got["Dungeon"] == got["Stars"] == []
    # Each other game is read at most once: when the hub's LISTEN connection opens
    # (PostgreSQL), for what came in before it listened; never for Pegasus's events.
    assert reads.count(ids["Pegasus"]) >= 1
    for game in GAMES[1:]:
        assert reads.count(ids[game]) <= 1, (game, reads)


def test_an_event_is_drawn_once_per_audience_not_once_per_viewer(examples_url: str) -> None:
    """Forty viewers in two audiences (the Storyteller's view twenty times, an observer's
    twenty times): each event is drawn twice, and every viewer gets it."""
    owner = Service(examples_url)
    owner.add_user("Olly")
    owner.add_member("Pegasus", "Olly", "observer", ())
    olly = owner.acting_as("Olly")
    drawn: list[tuple[str, int]] = []

    def write(event: EventView, earlier: EventView | None = None) -> str:
        drawn.append((event.kind, event.id))
        return f"{event.id}:{event.kind}"

    async def scenario() -> list[list[str]]:
        hub = Hub(owner)
        viewers = [await hub.join(service, "Pegasus", write)
                   for service in [owner] * 20 + [olly] * 20]  # fmt: skip
        drawn.clear()
        await run_in_threadpool(owner.execute, c.SceneStart("Pegasus", "Dock"))
        hub.poke()
        got = []
        for viewer in viewers:
            item = await asyncio.wait_for(viewer.queue.get(), 30)
            got.append([text for _, text in item or ()])
        await hub.close()
        return got

    try:
        got = asyncio.run(scenario())
    finally:
        owner.close()
    assert all(texts == got[0] for texts in got)
    assert len(got[0]) == 1
    assert len(drawn) == 2  # the Storyteller's drawing and the observer's


def test_a_batch_reads_credentials_only_after_a_revocation(
    examples_url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Feeds opened with sessions are checked as they join; after the game's first batch,
    a batch reads whether their credentials still sign in only when a revocation was made
    since (in any worker or process: the revocation count, rulings N23), not once an
    event. Revoked from another service (another worker), the feed is cut before the next
    event reaches it."""
    monkeypatch.setattr(news, "SAFETY_POLL", 3600.0)  # the batches alone
    owner = Service(examples_url)
    pia, olly = (_signed_in(owner, name) for name in ("Pia", "Olly"))
    checks = _counted_checks(owner, monkeypatch)
    elsewhere = Service(examples_url)  # another worker: its revocation wakes no hub here

    async def scenario() -> tuple[list[str], list[Any]]:
        hub = Hub(owner)
        feeds = [await hub.join(owner.acting_as(who.user), "Pegasus", _text,
                                credential=digest(who.session)) for who in (pia, olly)]  # fmt: skip
        for number in range(4):
            await run_in_threadpool(owner.execute, c.SceneStart("Pegasus", f"Dock {number}"))
            hub.poke()
            for feed in feeds:
                await asyncio.wait_for(feed.queue.get(), 30)
            if number == 0:
                first = len(checks)
        assert len(checks) == first  # three more events, no credential read
        await run_in_threadpool(elsewhere.acting_as("Pia").sign_out, pia.session)
        await run_in_threadpool(owner.execute, c.SceneStart("Pegasus", "Quay"))
        hub.poke()
        olly_got = await asyncio.wait_for(feeds[1].queue.get(), 30)
        pia_got = [await asyncio.wait_for(feeds[0].queue.get(), 30)]
        await hub.close()
        return [text for _, text in olly_got or ()], pia_got

    try:
        olly_got, pia_got = asyncio.run(scenario())
    finally:
        owner.close()
        elsewhere.close()
    # Each join, the game's first batch, then the batch after the revocation.
    assert checks == [1, 1, 2, 2]
    assert [text.split(":")[1] for text in olly_got] == ["scene_start"]
    assert pia_got == [None]  # her feed ends; the event after her sign-out never reached it


def test_a_quiet_feed_ends_within_a_safety_round_of_a_revocation_elsewhere(
    examples_url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """With no event at all, a feed whose session is ended by another worker ends at the
    next safety round; rounds before it read no credential (nothing was revoked)."""
    monkeypatch.setattr(news, "SAFETY_POLL", 0.05)
    owner = Service(examples_url)
    pia = _signed_in(owner, "Pia")
    checks = _counted_checks(owner, monkeypatch)
    elsewhere = Service(examples_url)

    async def scenario() -> tuple[list[int], Any]:
        hub = Hub(owner)
        feed = await hub.join(owner.acting_as("Pia"), "Pegasus", _text,
                              credential=digest(pia.session))  # fmt: skip
        await asyncio.sleep(0.5)  # ten rounds: the first checks, the rest read nothing
        quiet = list(checks)
        await run_in_threadpool(elsewhere.acting_as("Pia").sign_out, pia.session)
        ended = await asyncio.wait_for(feed.queue.get(), 30)
        await hub.close()
        return quiet, ended

    try:
        quiet, ended = asyncio.run(scenario())
    finally:
        owner.close()
        elsewhere.close()
    assert quiet == [1, 1]  # the join's check and the first round's
    assert ended is None


def test_every_quiet_feed_is_woken_for_a_heartbeat_by_one_timer(
    examples_url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The hub's one timer wakes each quiet feed with an empty batch (its heartbeat, which
    live.py sends as a comment line), rather than each feed keeping a timer of its own."""
    monkeypatch.setattr(hub_module, "HEARTBEAT", 0.05)
    service = Service(examples_url)

    async def scenario() -> list[Any]:
        hub = Hub(service)
        feeds = [await hub.join(service, game, _text) for game in GAMES]
        woken = [await asyncio.wait_for(feed.queue.get(), 30) for feed in feeds]
        await hub.close()
        return woken

    try:
        woken = asyncio.run(scenario())
    finally:
        service.close()
    assert woken == [[], [], []]


def test_a_slow_read_of_one_game_holds_up_no_other(
    examples_url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Games are read side by side (rulings N25): while one game's read hangs on the
    database, another game's event still reaches its viewer. Before, games were read one
    after another and a read's round trip was every other game's wait."""
    service = Service(examples_url)
    ids = {game: service.watch(game)[0] for game in GAMES}
    release = threading.Event()
    batch = service.live_batch

    def slow(game_id: int, *rest: Any) -> Any:
        if game_id == ids["Pegasus"]:
            release.wait(30)
        return batch(game_id, *rest)

    monkeypatch.setattr(service, "live_batch", slow)

    async def scenario() -> list[Any]:
        hub = Hub(service)
        feeds = {game: await hub.join(service, game, _text) for game in GAMES[:2]}
        await run_in_threadpool(service.execute, c.SceneStart("Pegasus", "Dock"))
        await run_in_threadpool(service.execute, c.SceneStart("Dungeon", "Crypt"))
        hub.poke()
        dungeon = await asyncio.wait_for(feeds["Dungeon"].queue.get(), 30)
        stuck = feeds["Pegasus"].queue.empty()  # its read still hangs
        release.set()
        pegasus = await asyncio.wait_for(feeds["Pegasus"].queue.get(), 30)
        await hub.close()
        return [dungeon, stuck, pegasus]

    try:
        dungeon, stuck, pegasus = asyncio.run(scenario())
    finally:
        release.set()
        service.close()
    assert [text.split(":")[1] for _, text in dungeon] == ["scene_start"], (dungeon, pegasus)
    assert stuck
    assert [text.split(":")[1] for _, text in pegasus] == ["scene_start"]
