"""Two server hosts on one PostgreSQL, each in a network namespace of its own (issue 39, "More
than one host"): a roll posted on one reaches the viewers on the other, on the API's stream
and the web page's feed, and no frame of another game reaches anyone; a viewer whose host is
killed (SIGKILL) mid-flow moves to the other with Last-Event-ID and has every event once, in
order. Real ``rollplay serve`` processes, traffic only to the namespaces' addresses."""

from __future__ import annotations

import json

import httpx
import pytest

from tests.hosts.clients import Ending, Follower, Poster
from tests.hosts.conftest import logged, newest
from tests.hosts.netns import Host
from tests.server.process import token_for

pytestmark = [pytest.mark.live, pytest.mark.postgres]

ROLL = {"Pegasus": "roll Firearms", "Dungeon": "roll Search"}


def _roll(base: str, token: str, game: str) -> int:
    answer = httpx.post(f"{base}/api/v1/games/{game}/commands", json={"text": ROLL[game]},
                        headers={"Authorization": f"Bearer {token}"}, timeout=10)  # fmt: skip
    assert answer.status_code == 200, answer.text
    return int(answer.json()["log_id"])


def _games(follower: Follower) -> set[str]:
    """The game each API frame's event is of."""
    return {json.loads(frame.data)["game"] for frame in follower.frames}


def test_a_roll_posted_on_host_a_reaches_viewers_on_host_b(two: list[Host], shared_db: str
                                                           ) -> None:  # fmt: skip
    a, b = two
    after = {game: newest(shared_db, game) for game in ROLL}
    olly = token_for(b.base, "Olly")
    viewers = {
        "api": Follower([b.base], olly, "Pegasus", after["Pegasus"]),
        "page": Follower([b.base], olly, "Pegasus", after["Pegasus"], path="/games/{game}/feed"),
        "dora": Follower([b.base], token_for(b.base, "Dora"), "Dungeon", after["Dungeon"]),
    }
    for viewer in viewers.values():
        viewer.start()
    try:
        assert all(v.connected.wait(20) for v in viewers.values())
        pia, dora = token_for(a.base, "Pia"), token_for(a.base, "Dora")
        rolls: dict[str, list[int]] = {"Pegasus": [], "Dungeon": []}
        for game, token in (("Pegasus", pia), ("Dungeon", dora), ("Pegasus", pia),
                            ("Dungeon", dora), ("Pegasus", pia)):  # fmt: skip
            rolls[game].append(_roll(a.base, token, game))
        assert viewers["api"].wait_for(rolls["Pegasus"][-1])
        assert viewers["page"].wait_for(rolls["Pegasus"][-1])
        assert viewers["dora"].wait_for(rolls["Dungeon"][-1])
    finally:
        for viewer in viewers.values():
            viewer.stop()
    # Every roll of the game, once, in order; nothing of the other game.
    assert viewers["api"].ids() == logged(shared_db, "Pegasus", after["Pegasus"])
    assert set(rolls["Pegasus"]) <= set(viewers["api"].ids())
    assert _games(viewers["api"]) == {"Pegasus"}
    assert [(f.event, f.id) for f in viewers["page"].frames] == [
        ("card", n) for n in viewers["api"].ids()
    ]
    assert viewers["dora"].ids() == logged(shared_db, "Dungeon", after["Dungeon"])
    assert set(rolls["Dungeon"]) <= set(viewers["dora"].ids())
    assert _games(viewers["dora"]) == {"Dungeon"}
    assert all(v.opened == [b.base] for v in viewers.values())  # all of it through host B


def test_a_viewer_moves_to_host_b_when_host_a_is_killed_and_misses_nothing(
    two: list[Host], shared_db: str
) -> None:
    a, b = two
    after = newest(shared_db, "Pegasus")
    stella = token_for(b.base, "Stella")
    viewer = Follower([a.base, b.base], stella, "Pegasus", after)  # A first, as a proxy sent it
    poster = Poster([b.base], token_for(b.base, "Pia"), pace=0.03, most=200)
    viewer.start()
    try:
        assert viewer.connected.wait(20)
        poster.start()
        assert viewer.wait_for(after + 1)  # the flow is under way on host A's stream
        while len(viewer.frames) < 10 and viewer.wait_for(viewer.last + 1):
            pass  # a few events in, each a bounded wait
        a.kill()  # SIGKILL: the stream is cut with nothing said
        seen_on_a = len(viewer.frames)
        assert viewer.wait_for(viewer.last + 1)  # rolls keep coming, now through host B
        while len(viewer.frames) < seen_on_a + 10 and viewer.wait_for(viewer.last + 1):
            pass
    finally:
        poster.stop()
    try:
        assert not poster.failed
        assert viewer.wait_for(max(poster.answered.values()))
    finally:
        viewer.stop()
    assert viewer.opened[:2] == [a.base, b.base]
    assert viewer.endings[0] == Ending(a.base, False, 1000)  # cut, with nothing said
    # Every event, exactly once, in order, across the host's death.
    assert viewer.ids() == logged(shared_db, "Pegasus", after)
    assert set(poster.answered.values()) <= set(viewer.ids())


def test_no_viewer_of_either_host_gets_a_frame_of_another_game(two: list[Host], shared_db: str
                                                               ) -> None:  # fmt: skip
    a, b = two
    after = {game: newest(shared_db, game) for game in ROLL}
    people = {"Pegasus": ("Stella", "Pia", "Otto", "Olly"), "Dungeon": ("Dora",)}
    viewers = [
        (game, Follower([host.base], token_for(host.base, name), game, after[game]))
        for host in (a, b) for game, names in people.items() for name in names
    ]  # fmt: skip
    posters = [Poster([a.base, b.base], token_for(a.base, "Pia"), "Pegasus", pace=0.04, most=30),
               Poster([b.base, a.base], token_for(b.base, "Dora"), "Dungeon", text=ROLL["Dungeon"],
                      pace=0.04, most=30)]  # fmt: skip
    for _, viewer in viewers:
        viewer.start()
    try:
        assert all(viewer.connected.wait(20) for _, viewer in viewers)
        for poster in posters:
            poster.start()
        for poster in posters:
            poster.join(timeout=120)
            assert not poster.is_alive()
            assert not poster.failed
        last = {game: newest(shared_db, game) for game in ROLL}
        for game, viewer in viewers:
            assert viewer.wait_for(last[game])
    finally:
        for poster in posters:
            poster.stop()
        for _, viewer in viewers:
            viewer.stop()
    expected = {game: logged(shared_db, game, after[game]) for game in ROLL}
    assert all(len(expected[game]) >= 30 for game in ROLL)
    for game, viewer in viewers:
        assert _games(viewer) == {game}, viewer.opened  # each frame's event is of their game
        assert viewer.ids() == expected[game]
