"""Dice sources: fair, reproducible when seeded, faithful when scripted, unpredictable when
secure, and never handing the same bytes out twice."""

from __future__ import annotations

import os
import threading
from collections import Counter

import pytest
from hypothesis import example, given
from hypothesis import strategies as st

from rollplay.dice import (
    Dice,
    ScriptedDice,
    SecureDice,
    SeededDice,
    default_dice,
    dice_from_options,
    parse_faces,
)
from rollplay.errors import DiceError, RollplayError, whole


@given(sides=st.integers(1, 2000), count=st.integers(0, 60), seed=st.integers())
def test_faces_are_on_the_die(sides: int, count: int, seed: int) -> None:
    faces = SeededDice(seed).roll(sides, count)
    assert len(faces) == count
    assert all(1 <= f <= sides for f in faces)


@given(st.lists(st.integers(1, 8), max_size=40))
def test_scripted_dice_replay_in_order(faces: list[int]) -> None:
    source = ScriptedDice(faces)
    out: list[int] = []
    while source.remaining:
        out.extend(source.roll(8, min(3, source.remaining)))
    assert out == faces
    source.check_all_used()


@given(st.lists(st.integers(0, 10**6), min_size=1, max_size=30))
def test_parse_faces_round_trip(faces: list[int]) -> None:
    assert parse_faces(",".join(map(str, faces))) == tuple(faces)
    assert parse_faces(" , ".join(map(str, faces))) == tuple(faces)


@given(st.text(max_size=30))
@example("0000000000")  # found by hypothesis: a zero written long
@example("99999999999")  # too large for any die
def test_parse_faces_fails_cleanly(text: str) -> None:
    try:
        parse_faces(text)
    except DiceError as exc:
        assert "whole numbers separated by commas" in str(exc)


def test_scripted_errors_say_what_is_wrong() -> None:
    with pytest.raises(DiceError, match="not enough faces: 2 given"):
        ScriptedDice([1, 2]).roll(8, 3)
    with pytest.raises(DiceError, match=r"face 9 \(the 2nd given\) is not on a d8"):
        ScriptedDice([1, 9]).roll(8, 2)
    source = ScriptedDice([1, 2, 3])
    source.roll(8, 2)
    with pytest.raises(DiceError, match="3 faces given but the roll used 2"):
        source.check_all_used()


def test_seeded_dice_are_reproducible_and_seed_dependent() -> None:
    assert SeededDice(42).roll(8, 50) == SeededDice(42).roll(8, 50)
    assert SeededDice("ambush").roll(6, 50) == SeededDice("ambush").roll(6, 50)
    assert SeededDice(42).roll(8, 50) != SeededDice(43).roll(8, 50)


def test_seeded_stream_does_not_depend_on_how_it_is_split() -> None:
    # Rolling 10 then 20 dice gives the same faces as rolling 30: draw order is all that counts.
    a = SeededDice(7)
    b = SeededDice(7)
    assert a.roll(8, 10) + a.roll(8, 20) == b.roll(8, 30)
    # ...across buffer refills too.
    c, d = SeededDice(9), SeededDice(9)
    many = [c.roll(8, 7) for _ in range(2000)]
    assert tuple(f for chunk in many for f in chunk) == d.roll(8, 14000)


@pytest.mark.parametrize("sides", [2, 6, 8, 10, 20, 100, 1000])
def test_faces_are_uniform(sides: int) -> None:
    # Chi-square over a seeded sample; the bound is far in the tail (p < 1e-6), so a
    # biased mapping (e.g. a plain modulo for d6) fails and a fair one never does.
    per_face = 2000
    n = sides * per_face
    counts = Counter(SeededDice(f"uniform-{sides}").roll(sides, n))
    chi2 = sum((counts[f] - per_face) ** 2 / per_face for f in range(1, sides + 1))
    k = sides - 1
    bound = k + 7 * (2 * k) ** 0.5 + 25  # a generous upper tail for chi-square(k)
    assert set(counts) == set(range(1, sides + 1))
    assert chi2 < bound


def test_secure_sources_differ_from_each_other() -> None:
    assert SecureDice().roll(100, 40) != SecureDice().roll(100, 40)


def test_secure_is_the_default_and_satisfies_the_protocol() -> None:
    assert isinstance(default_dice(), SecureDice)
    assert default_dice() is default_dice()
    for source in (SecureDice(), SeededDice(1), ScriptedDice([1])):
        assert isinstance(source, Dice)


@pytest.mark.skipif(not hasattr(os, "fork"), reason="needs fork")
def test_a_forked_child_does_not_replay_the_parents_dice() -> None:
    source = SecureDice()
    source.roll(8, 1)  # fill the buffer before forking
    read, write = os.pipe()
    pid = os.fork()
    if pid == 0:  # child
        os.write(write, bytes(source.roll(128, 64)))
        os._exit(0)
    os.close(write)
    child = os.read(read, 64)
    os.waitpid(pid, 0)
    parent = bytes(source.roll(128, 64))
    assert child != parent


def test_threads_never_share_bytes() -> None:
    # A d128 shows each byte (face = byte % 128 + 1), so bytes handed out twice would show
    # as a multiset that differs from the stream read in one go.
    source = SeededDice(5)
    results: list[tuple[int, ...]] = []
    lock = threading.Lock()

    def worker() -> None:
        mine = [source.roll(128, 13) for _ in range(400)]
        with lock:
            results.extend(mine)

    threads = [threading.Thread(target=worker) for _ in range(8)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    got = Counter(f for chunk in results for f in chunk)
    assert got == Counter(SeededDice(5).roll(128, 13 * 400 * 8))


def test_bad_dice_requests() -> None:
    with pytest.raises(DiceError, match="at least 1 side"):
        SeededDice(1).roll(0, 3)
    with pytest.raises(DiceError, match="negative"):
        SeededDice(1).roll(8, -1)
    with pytest.raises(DiceError, match="either faces or a seed"):
        dice_from_options("1,2", 3)


@given(st.text(max_size=30))
def test_whole_numbers_from_any_text(text: str) -> None:
    # User text becomes an int or one RollplayError line, never another exception.
    try:
        value = whole(text, "N")
    except RollplayError as exc:
        assert "\n" not in str(exc)
    else:
        assert value == int(text.strip().replace("\u2212", "-"))
