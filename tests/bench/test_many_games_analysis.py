"""bench/many_games.py's counting (issue 39): what it reports as lost, duplicated, sent to
another game, and its percentiles, on streams made by hand (no server)."""

from __future__ import annotations

import json

from load.actions import Action
from load.analysis import pct
from load.games import Member
from load.games_analysis import Watcher, analyse_games
from load.table import Person
from load.viewers import Viewer


def frame(game: str, number: int) -> bytes:
    data = {"id": number, "game": game, "kind": "roll", "hidden": False, "data": {}}
    return f"id: {number}\nevent: roll\ndata: {json.dumps(data)}".encode()


def watcher(game: str, name: str, role: str = "player", character: str | None = None) -> Watcher:
    member = Member(game, name, role, character, "rp_x")
    return member, Viewer(Person(name, role, character), "rp_x", last_id=0)


def got(w: Watcher, game: str, number: int, when: float) -> None:
    _, viewer = w
    viewer.ids.append(number)
    viewer.times.append(when)
    viewer.frames.append(frame(game, number))


def action(game: str, number: int, sent: float, visibility: str = "public",
           character: str | None = None) -> Action:  # fmt: skip
    return Action(game, "someone", "roll", visibility, character, status=200, sent=sent,
                  done=sent + 0.01, events=[number])  # fmt: skip


def test_percentile_is_nearest_rank() -> None:
    values = [float(v) for v in range(1, 101)]
    assert pct(values, 50) == 50.0
    assert pct(values, 95) == 95.0
    assert pct(values, 100) == 100.0
    assert pct([7.0], 95) == 7.0
    assert pct([], 95) is None


def test_every_viewer_time_is_the_slowest_viewer_of_the_game() -> None:
    st, p1 = watcher("G0", "st", "storyteller"), watcher("G0", "p1", character="A")
    other = watcher("G1", "q1", character="B")
    acts = [action("G0", 5, sent=10.0), action("G1", 5, sent=10.0)]
    got(st, "G0", 5, 10.05)
    got(p1, "G0", 5, 10.30)
    got(other, "G1", 5, 10.02)
    r = analyse_games(acts, [st, p1, other], announce=True)
    assert (r["lost"], r["duplicated"], r["cross_game_frames"]) == (0, 0, 0)
    assert r["actions_measured"] == 2
    assert r["every_viewer_ms_max"] == 300.0  # G0's roll reached its last viewer at 300 ms
    assert r["every_viewer_ms_p50"] == 20.0  # G1's: 20 ms (same number, another game)
    assert r["deliveries"] == 3


def test_a_missing_event_is_lost_and_a_repeated_one_duplicated() -> None:
    st, p1, p2 = (watcher("G0", "st", "storyteller"), watcher("G0", "p1", character="A"),
                  watcher("G0", "p2", character="B"))  # fmt: skip
    acts = [action("G0", 1, 0.0), action("G0", 2, 1.0)]
    for w in (st, p1):
        got(w, "G0", 1, 0.1)
        got(w, "G0", 2, 1.1)
    got(p1, "G0", 2, 1.2)  # p1 got event 2 twice
    got(p2, "G0", 1, 0.1)  # p2 never got event 2
    r = analyse_games(acts, [st, p1, p2], announce=True)
    assert (r["lost"], r["viewers_with_lost"]) == (1, 1)
    assert (r["duplicated"], r["viewers_with_duplicates"]) == (1, 1)
    assert r["actions_measured"] == 1  # event 2 never reached all of G0: not timed


def test_a_private_roll_is_owed_only_to_its_roller_and_the_storyteller() -> None:
    st, p1, p2 = (watcher("G0", "st", "storyteller"), watcher("G0", "p1", character="A"),
                  watcher("G0", "p2", character="B"))  # fmt: skip
    acts = [action("G0", 3, 0.0, "private", "A"), action("G0", 4, 0.0, "secret", "A")]
    got(st, "G0", 3, 0.1)
    got(p1, "G0", 3, 0.1)
    got(st, "G0", 4, 0.1)
    hidden = analyse_games(acts, [st, p1, p2], announce=False)
    assert hidden["lost"] == 0
    announced = analyse_games(acts, [st, p1, p2], announce=True)
    assert announced["lost"] == 2  # the secret roll's announcement, owed to p1 and p2


def test_a_frame_of_another_game_is_counted_and_named() -> None:
    p1 = watcher("G0", "p1", character="A")
    acts = [action("G0", 1, 0.0), action("G1", 9, 0.0)]
    got(p1, "G0", 1, 0.1)
    got(p1, "G1", 9, 0.1)  # another game's event in G0's stream
    r = analyse_games(acts, [p1], announce=True)
    assert r["cross_game_frames"] == 1
    assert r["cross_game_examples"] == ["p1 of G0 got event 9 of G1"]
    assert (r["lost"], r["duplicated"], r["deliveries"]) == (0, 0, 1)
