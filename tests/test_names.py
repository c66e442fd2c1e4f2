"""One set of rules for a name read whole (rollplay/names.py, rulings W92): the command
language's and an FS3 roll string's. What a line leaves unquoted, a roll string reads as it
is too (the grammar hands FS3 its names quoted as a line quotes them); the one-pass check a
sheet's names get (systems/fs3/pool.py) finds a name that is not plain exactly when there is
one; and a name written by either is read back whole, alone or among others."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from rollplay.names import LINE, ROLL
from rollplay.systems.fs3.expression import parse

_PIECES = st.one_of(
    st.sampled_from(["Zero", "G", "Welding", "O'Brien", "TL8", "Dr.", "Área", "vs", "with",
                     "2", "²", "_", "Ⅻ"]),
    st.sampled_from([" ", "-", "/", "+", ",", '"', "'", ":", "&", "  "]),
    st.text(st.characters(blacklist_categories=("Cc", "Cs", "Co")), max_size=3),
)  # fmt: skip
NAMES = st.lists(_PIECES, max_size=6).map("".join)


@given(NAMES)
def test_a_name_a_line_leaves_unquoted_a_roll_string_reads_unquoted(name: str) -> None:
    if LINE(name):
        assert ROLL(name), name


@given(st.lists(NAMES, min_size=1, max_size=5))
def test_the_one_pass_check_finds_a_name_that_is_not_plain(names: list[str]) -> None:
    odd = ROLL.odd().search("\x00".join(names)) is not None
    assert odd == any(not ROLL(n) for n in names), names


@given(NAMES.map(lambda t: " ".join(t.split())).filter(lambda t: 0 < len(t) <= 60))
def test_a_name_either_writes_is_read_back_whole(name: str) -> None:
    for write in (ROLL.quoted, LINE.quoted):
        read = parse(f"{write(name)}+Reflexes-1")
        assert (read.names, read.numbers) == ((name, "Reflexes"), (-1,)), write(name)
