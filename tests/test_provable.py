"""Verifiable dice (rollplay.table.dice.provable): known answers checked against a re-implementation
written here from the documented derivation alone, tampering detected and named, faces
exactly uniform (by enumeration and by chi-square), and the source behind real rolls."""

from __future__ import annotations

import hashlib
import hmac
import itertools
import math
from collections import Counter
from collections.abc import Iterator
from statistics import NormalDist
from typing import Any

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rollplay import d6, fs3
from rollplay.errors import DiceError
from rollplay.table.dice.provable import (
    MAX_NONCE,
    ProvableDice,
    block,
    check_client_seed,
    commitment,
    derive,
    new_server_seed,
    seed_from_hex,
    verify_draws,
)

Shape = list[tuple[int, int]]

# (server seed hex, client seed, nonce, shape, faces): frozen. Between them they cover a d6
# skipping a byte (vector 1, byte 10 is 0xfc), d100 skipping several, the 4-byte path with a
# skip (3,000,000,000 sides) and at 2**32 sides, a 4-byte die across a block boundary
# (vector 5, bytes 30-33), a d1, an empty draw, a client seed with a colon, the largest nonce.
VECTORS: list[tuple[str, str, int, Shape, list[tuple[int, ...]]]] = [
    (
        "000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f",
        "alice",
        0,
        [(6, 12)],
        [(3, 6, 4, 4, 5, 6, 6, 4, 6, 1, 4, 1)],
    ),
    (
        "3bf2796f8775be7c59b6b4e74ffbc3ef92bbfde01a006e31c0f99e8d8792bb43",
        "player-1",
        7,
        [(8, 10), (8, 3)],
        [(7, 5, 6, 3, 6, 8, 5, 2, 1, 5), (2, 4, 7)],
    ),
    (
        "ffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff",
        "x:y",
        0,
        [(100, 20)],
        [(55, 52, 6, 21, 3, 30, 95, 40, 18, 34, 25, 44, 14, 28, 12, 42, 84, 80, 56, 22)],
    ),
    (
        "202122232425262728292a2b2c2d2e2f303132333435363738393a3b3c3d3e3f",
        "Nikos~1",
        MAX_NONCE,
        [(1000, 5), (20, 20), (4, 3), (10, 2), (12, 2)],
        [
            (957, 209, 678, 779, 121),
            (3, 13, 10, 18, 16, 9, 11, 6, 19, 15, 9, 5, 8, 9, 11, 7, 4, 20, 2, 19),
            (3, 4, 2),
            (8, 6),
            (12, 8),
        ],
    ),
    (
        "2a21fe6d592a19b7de898b50eb53c429608de1a66f3e9f62da19714a770553d1",
        "!",
        42,
        [(8, 30), (1000, 1), (3_000_000_000, 6), (2**32, 2), (1, 1), (6, 0)],
        [
            tuple(int(face) for face in "623768354474784871543864444738"),
            (629,),
            (2755975585, 162984873, 723977912, 34658372, 2601789003, 1650348058),
            (3316501780, 3531589800),
            (1,),
            (),
        ],
    ),
]
COMMITMENTS = [
    "630dcd2966c4336691125448bbb25b4ff412a49c732db2c8abc1b8581bd710dd",
    "57796b0a9dae478f1e2a3d69df03c3f021aaf6ba986425b65a9ed24e643d3ce3",
    "af9613760f72635fbdb44a5a0a63c39f12af30f950a6ee5c971be188e89c4051",
    "72dbb7336c76780023f83da4c355f2eeea85733b13d3477697917790c1229084",
    "0e2e56195f2761004bff82370efd4ac8d0c5cf6610a8601be8a34d94fa9977fc",
]


def reference(
    seed: bytes, client: str, nonce: int, shape: Shape
) -> tuple[list[tuple[int, ...]], int]:
    """The derivation again, from provable's docstring alone: the faces, and how many
    values were skipped. Deliberately plain: a generator of bytes, one die at a time."""

    def stream() -> Iterator[int]:
        for k in itertools.count():
            yield from hmac.new(seed, f"{client}:{nonce}:{k}".encode(), hashlib.sha256).digest()

    source = stream()
    out, skipped = [], 0
    for sides, count in shape:
        width = 1 if sides <= 255 else 4
        span = 1 << (8 * width)
        faces: list[int] = []
        while len(faces) < count:
            value = int.from_bytes(bytes(next(source) for _ in range(width)), "little")
            if value >= span - span % sides:
                skipped += 1
            else:
                faces.append(value % sides + 1)
        out.append(tuple(faces))
    return out, skipped


@pytest.mark.parametrize(("number", "vector"), list(enumerate(VECTORS)))
def test_known_answers_match_the_frozen_faces_and_the_reference(
    number: int, vector: tuple[str, str, int, Shape, list[tuple[int, ...]]]
) -> None:
    seed_hex, client, nonce, shape, faces = vector
    seed = bytes.fromhex(seed_hex)
    assert derive(seed, client, nonce, shape) == faces
    assert reference(seed, client, nonce, shape)[0] == faces
    assert commitment(seed) == COMMITMENTS[number] == hashlib.sha256(seed).hexdigest()
    draws = [(sides, list(f)) for (sides, _), f in zip(shape, faces, strict=True)]
    assert verify_draws(seed_hex, COMMITMENTS[number], client, nonce, draws) == []


def test_the_vectors_cover_skips_and_block_boundaries() -> None:
    skips = [reference(bytes.fromhex(v[0]), v[1], v[2], v[3])[1] for v in VECTORS]
    assert skips[0] == 1  # the d6 vector skips byte 0xfc
    assert skips[2] >= 3  # d100 skips bytes 200-255
    assert skips[4] >= 1  # a 3,000,000,000-sided die skips a value
    first = block(bytes.fromhex(VECTORS[0][0]), "alice", 0, 0)
    assert first[10] == 0xFC
    assert first == hmac.digest(bytes.fromhex(VECTORS[0][0]), b"alice:0:0", "sha256")


# -- tampering --------------------------------------------------------------------------

SEED = hashlib.sha256(b"tamper").digest()
OTHER_SEED = hashlib.sha256(b"another seed").digest()
CLIENT, NONCE = "pia", 5
ROLL = [(8, 10), (6, 3), (100, 2), (8, 10)]


def honest_log() -> dict[str, Any]:
    """One roll as logged, as verify_draws' keyword arguments."""
    dice = ProvableDice(SEED, CLIENT, NONCE)
    for sides, count in ROLL:
        dice.roll(sides, count)
    return {
        "server_seed_hex": SEED.hex(),
        "commitment_hex": commitment(SEED),
        "client_seed": CLIENT,
        "nonce": NONCE,
        "draws": [(sides, list(faces)) for sides, faces in dice.draws],
    }


def tampered_logs() -> dict[str, dict[str, Any]]:
    """The honest log changed one way each (the browser test feeds the same to verify.js)."""
    logs = {}

    def change(name: str, **fields: Any) -> dict[str, Any]:
        logs[name] = {**honest_log(), **fields}
        return logs[name]

    die = change("a die")["draws"]
    die[0][1][2] = die[0][1][2] % 8 + 1
    off = change("a face off the die")["draws"]
    off[1][1][0] = 7
    change("the seed", server_seed_hex=OTHER_SEED.hex())
    change("the seed and its commitment", server_seed_hex=OTHER_SEED.hex(),
           commitment_hex=commitment(OTHER_SEED))  # fmt: skip
    change("the nonce", nonce=NONCE + 1)
    change("the client seed", client_seed="pia2")
    order = change("the order")["draws"]
    order[0], order[1] = order[1], order[0]
    same = change("the order of two 10d8 draws")["draws"]
    same[0], same[3] = same[3], same[0]
    sides = change("a draw's sides")["draws"]
    sides[1] = (8, sides[1][1])
    dropped = change("a draw dropped")["draws"]
    del dropped[1]
    added = change("a draw added")["draws"]
    extra = derive(SEED, CLIENT, NONCE, [*ROLL, (20, 2)])[-1]
    added.append((20, [extra[0] % 20 + 1, extra[1]]))
    return logs


def test_the_honest_log_checks_out_and_a_commitment_in_capitals_is_the_same() -> None:
    log = honest_log()
    assert verify_draws(**log) == []
    assert verify_draws(**{**log, "commitment_hex": log["commitment_hex"].upper()}) == []


def test_each_tampering_is_detected_and_named() -> None:
    logs = tampered_logs()
    found = {name: verify_draws(**log) for name, log in logs.items()}
    draws = honest_log()["draws"]
    was = draws[0][1][2]
    assert found["a die"] == [
        f"draw 1 (10d8): die 3 is {was % 8 + 1} in the log, the seed gives {was}"
    ]
    assert found["a face off the die"] == [
        f"draw 2 (3d6): die 1 is 7 in the log, the seed gives {draws[1][1][0]}"
    ]
    assert found["the seed"][0] == (
        f"the server seed does not match the commitment: it hashes to {commitment(OTHER_SEED)}, "
        f"but the commitment is '{commitment(SEED)}'"
    )
    assert len(found["the seed"]) > 1  # and its dice differ
    assert found["the seed and its commitment"]
    assert all(line.startswith("draw ") for line in found["the seed and its commitment"])
    assert found["the nonce"][-1] == "these dice are what nonce 5 gives, not the logged nonce 6"
    assert found["the client seed"]
    assert found["the order"][-1] == (
        "the draws are out of order: the seed gives them in the order 2, 1, 3, 4"
    )
    assert found["the order of two 10d8 draws"][-1] == (
        "the draws are out of order: the seed gives them in the order 4, 2, 3, 1"
    )
    assert found["a draw's sides"] == [
        found["a draw's sides"][0],
        "draw 2 is logged as a d8, but its dice are what the seed gives a d6: its sides were "
        "changed",
    ]
    assert found["a draw's sides"][0].startswith("draw 2 (3d8): die ")
    assert found["a draw dropped"][0].startswith("draw 2 (2d100)")
    extra = derive(SEED, CLIENT, NONCE, [*ROLL, (20, 2)])[-1]
    assert found["a draw added"] == [
        f"draw 5 (2d20): die 1 is {extra[0] % 20 + 1} in the log, the seed gives {extra[0]}"
    ]


@pytest.mark.parametrize(
    ("field", "value", "says"),
    [
        ("server_seed_hex", "abc", "a server seed is 64 hex digits (32 bytes), not 'abc'"),
        ("client_seed", "two words", "a client seed is 1 to 64 printable ASCII characters"),
        ("nonce", -1, "a nonce is a whole number from 0 to 9007199254740991, not -1"),
        ("nonce", True, "a nonce is a whole number"),
        ("draws", [(0, [1])], "draw 1: a die has 1 to 4294967296 sides, not 0"),
        ("draws", [(6, ["3"])], "draw 1: the faces must be whole numbers, not ['3']"),
        ("draws", [(6,)], "draw 1 must be [sides, [faces]], not (6,)"),
        ("draws", None, "the draws must be a list, not None"),
    ],
)
def test_a_malformed_log_is_one_line(field: str, value: object, says: str) -> None:
    (line,) = verify_draws(**{**honest_log(), field: value})
    assert line.startswith(says)


# -- the API ----------------------------------------------------------------------------


def test_server_seeds_are_32_fresh_bytes_and_the_commitment_is_their_sha256() -> None:
    seeds = {new_server_seed() for _ in range(100)}
    assert len(seeds) == 100
    assert all(len(seed) == 32 for seed in seeds)
    seed = seeds.pop()
    assert commitment(seed) == hashlib.sha256(seed).hexdigest()
    assert seed_from_hex(seed.hex().upper()) == seed


@pytest.mark.parametrize("text", ["a", "x" * 64, "!~", "Nikos:1", "p@ss{w}0rd"])
def test_a_client_seed_is_printable_ascii_without_spaces(text: str) -> None:
    assert check_client_seed(text) == text


@pytest.mark.parametrize("text", ["", "x" * 65, "a b", "tab\t", "line\n", "caf\u00e9", "\x7f"])
def test_other_client_seeds_are_refused_in_one_line(text: str) -> None:
    with pytest.raises(DiceError) as caught:
        check_client_seed(text)
    message = str(caught.value)
    assert message.startswith("a client seed is 1 to 64 printable ASCII characters without ")
    assert "\n" not in message


def test_a_seed_that_is_not_32_bytes_is_refused() -> None:
    with pytest.raises(DiceError, match="a server seed is 32 bytes, not 16 bytes"):
        ProvableDice(bytes(16), "a", 0)
    with pytest.raises(DiceError, match="a nonce is a whole number"):
        derive(bytes(32), "a", MAX_NONCE + 1, [(6, 1)])


# -- exactly uniform ----------------------------------------------------------------------


class Fed(ProvableDice):
    """The provable source fed chosen bytes instead of its blocks, to see what it makes of
    each byte; asking for more than it was given is an error."""

    def __init__(self, data: bytes) -> None:
        super().__init__(bytes(32), "fed", 0)
        self._data = data

    def _fill(self) -> bytes:
        self._next_block += 1
        data, self._data = self._data, b""
        if not data:
            raise LookupError("read past the bytes given")
        return data


@pytest.mark.parametrize("sides", [4, 6, 8, 10, 12, 20, 100])
def test_each_byte_gives_one_face_or_is_skipped_and_every_face_gets_as_many(sides: int) -> None:
    faces: Counter[int] = Counter()
    skipped = []
    for byte in range(256):
        try:
            (face,) = Fed(bytes([byte])).roll(sides, 1)
        except LookupError:
            skipped.append(byte)
        else:
            faces[face] += 1
    assert skipped == list(range(256 - 256 % sides, 256))
    assert sorted(faces) == list(range(1, sides + 1))
    assert set(faces.values()) == {256 // sides}


def test_every_byte_die_takes_a_whole_multiple_of_its_sides() -> None:
    for sides in range(1, 256):  # all 256 bytes, highest first: the skipped ones come first
        accepted = 256 - 256 % sides
        faces = Counter(Fed(bytes(range(255, -1, -1))).roll(sides, accepted))
        assert set(faces.values()) == {accepted // sides}, sides
        assert len(faces) == sides


@pytest.mark.parametrize("sides", [256, 1000, 10_007, 3_000_000_000, 2**32])
def test_a_big_die_takes_four_bytes_and_skips_above_a_whole_multiple(sides: int) -> None:
    limit = 2**32 - 2**32 % sides
    assert limit % sides == 0  # values 0..limit-1 are limit // sides whole rounds of faces

    def values(*numbers: int) -> bytes:
        return b"".join(n.to_bytes(4, "little") for n in numbers)

    assert Fed(values(0, limit - 1, sides - 1)).roll(sides, 3) == (1, sides, sides)
    if limit < 2**32:  # the values left over are skipped, and the next four bytes read
        assert Fed(values(limit, 2**32 - 1, 5)).roll(sides, 1) == (6,)
    else:
        assert Fed(values(2**32 - 1)).roll(sides, 1) == (sides,)


def wilson_hilferty(df: int, p: float) -> float:
    """The chi-square value exceeded with chance ``p`` (Wilson and Hilferty, 1931)."""
    z = NormalDist().inv_cdf(1 - p)
    h = 2 / (9 * df)
    return df * (1 - h + z * math.sqrt(h)) ** 3


@pytest.mark.parametrize("sides", [4, 6, 8, 10, 12, 20, 100, 1000])
def test_a_million_derived_dice_pass_chi_square(sides: int) -> None:
    n = 1_000_000
    draws = derive(SEED, "chi-square", sides, [(sides, 1000)] * (n // 1000))
    faces = np.fromiter(itertools.chain.from_iterable(draws), dtype=np.int64, count=n)
    counts = np.bincount(faces, minlength=sides + 1)
    assert counts[0] == 0
    assert counts.sum() == n
    expected = n / sides
    statistic = float(((counts[1:] - expected) ** 2).sum() / expected)
    assert statistic < wilson_hilferty(sides - 1, 1e-6), (sides, statistic)


def test_the_critical_values_are_close_to_the_tables() -> None:
    assert wilson_hilferty(5, 0.05) == pytest.approx(11.070, rel=0.01)
    assert wilson_hilferty(10, 0.001) == pytest.approx(29.588, rel=0.01)
    assert wilson_hilferty(100, 0.001) == pytest.approx(149.449, rel=0.01)


# -- properties ---------------------------------------------------------------------------

SIDES = st.one_of(
    st.sampled_from([1, 2, 4, 6, 8, 10, 12, 20, 100, 256, 1000, 3_000_000_000, 2**32]),
    st.integers(1, 300),
)
SHAPES = st.lists(st.tuples(SIDES, st.integers(0, 40)), max_size=6)
SEEDS = st.binary(min_size=32, max_size=32)
CLIENTS = st.from_regex(r"[!-~]{1,64}", fullmatch=True)
NONCES = st.integers(0, MAX_NONCE)


@settings(max_examples=150, deadline=None)
@given(SEEDS, CLIENTS, NONCES, SHAPES)
def test_derive_gives_what_the_source_served_and_the_reference_agrees(
    seed: bytes, client: str, nonce: int, shape: Shape
) -> None:
    dice = ProvableDice(seed, client, nonce)
    served = [dice.roll(sides, count) for sides, count in shape]
    assert dice.draws == [(sides, faces) for (sides, _), faces in zip(shape, served, strict=True)]
    assert derive(seed, client, nonce, shape) == served == derive(seed, client, nonce, shape)
    assert reference(seed, client, nonce, shape)[0] == served
    for (sides, count), faces in zip(shape, served, strict=True):
        assert len(faces) == count
        assert all(1 <= face <= sides for face in faces)
    draws = [(sides, list(faces)) for sides, faces in dice.draws]
    assert verify_draws(seed.hex(), commitment(seed), client, nonce, draws) == []


@settings(max_examples=100, deadline=None)
@given(SEEDS, CLIENTS, NONCES, st.integers(1, 2**20), CLIENTS)
def test_another_nonce_or_client_seed_gives_another_stream(
    seed: bytes, client: str, nonce: int, step: int, other: str
) -> None:
    shape = [(2**32, 8)]  # 32 bytes of the stream, as four-byte dice
    mine = derive(seed, client, nonce, shape)
    later = nonce + step if nonce + step <= MAX_NONCE else nonce - step
    assert derive(seed, client, later, shape) != mine
    assert block(seed, client, later, 0) != block(seed, client, nonce, 0)
    if other != client:
        assert derive(seed, other, nonce, shape) != mine


@settings(max_examples=100, deadline=None)
@given(SEEDS, NONCES, st.lists(st.tuples(SIDES, st.integers(1, 12)), min_size=1, max_size=4),
       st.data())  # fmt: skip
def test_any_changed_die_is_named(
    seed: bytes, nonce: int, shape: Shape, data: st.DataObject
) -> None:
    draws = [(sides, list(faces)) for (sides, _), faces in
             zip(shape, derive(seed, "prop", nonce, shape), strict=True)]  # fmt: skip
    number = data.draw(st.integers(0, len(draws) - 1))
    sides, faces = draws[number]
    die = data.draw(st.integers(0, len(faces) - 1))
    was = faces[die]
    faces[die] = data.draw(st.integers(0, sides + 1).filter(lambda face: face != was))
    problems = verify_draws(seed.hex(), commitment(seed), "prop", nonce, draws)
    assert problems[0].startswith(f"draw {number + 1} ({len(faces)}d{sides}): ")
    assert f"die {die + 1} is {faces[die]} in the log, the seed gives {was}" in problems[0]


# -- through real rolls -------------------------------------------------------------------


def test_an_fs3_roll_with_luck_rerolls_from_the_stream_and_re_derives() -> None:
    seed = new_server_seed()
    dice = ProvableDice(seed, "pia", 12)
    ratings = {"Firearms": 4, "Reactive": 3}
    roll = fs3.roll("Firearms+Reactive", ratings=ratings, luck="reroll", edition="3.2", dice=dice)
    assert roll.discarded is not None
    shape = [(sides, len(faces)) for sides, faces in dice.draws]
    assert shape == [(8, roll.pool), (8, roll.pool)]
    derived = derive(seed, "pia", 12, shape)
    assert [faces for _, faces in dice.draws] == derived
    assert sorted([roll.dice, roll.discarded.dice]) == sorted(derived)
    logged = [(sides, list(faces)) for sides, faces in dice.draws]
    assert verify_draws(seed.hex(), commitment(seed), "pia", 12, logged) == []


def test_a_d6_roll_with_its_wild_die_re_derives_in_draw_order() -> None:
    seed = bytes.fromhex(VECTORS[1][0])
    exploded = 0
    for nonce in range(40):
        dice = ProvableDice(seed, "otto", nonce)
        roll = d6.roll("4D+2", difficulty=15, dice=dice)
        derived = derive(seed, "otto", nonce, [(s, len(f)) for s, f in dice.draws])
        assert tuple(itertools.chain.from_iterable(derived)) == roll.dice + roll.wild
        assert all(sides == 6 for sides, _ in dice.draws)
        exploded += len(dice.draws) > 1  # a Wild Die's 6 asks for one more die
    assert exploded
