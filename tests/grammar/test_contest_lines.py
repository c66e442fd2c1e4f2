"""A contest typed as MUSH players type it, with no command word (``A vs B``)."""

from __future__ import annotations

import pytest

from rollplay.grammar import GrammarError, parse, to_line
from rollplay.table.commands import Opposed


def test_a_bare_contest_is_a_roll() -> None:
    bare = parse("Nikos/Firearms vs Mavros/Melee", system="fs3")
    assert bare == parse("roll Nikos/Firearms vs Mavros/Melee", system="fs3")
    assert isinstance(bare, Opposed)
    assert (bare.first.character, bare.second.request.expression) == ("Nikos", "Melee")


def test_a_command_word_is_still_checked() -> None:
    with pytest.raises(GrammarError, match="unknown command"):
        parse("Nikos/Firearms", system="fs3")  # no contest: NAME/WHAT alone needs `roll`


@pytest.mark.parametrize("line", ["combat/status vs", "co vs", "luck/award Bo vs=2"])
def test_a_command_holding_vs_stays_that_command(line: str) -> None:
    """Only a line whose first word is no command is read as a bare contest, so a combat or
    a character called "... vs ..." is written as a line that reads back the same."""
    command = parse(line, system="fs3")
    assert not isinstance(command, Opposed)
    assert parse(to_line(command, system="fs3"), system="fs3") == command
