"""A contest typed as MUSH players type it, with no command word (``A vs B``)."""

from __future__ import annotations

import pytest

from rollplay.grammar import GrammarError, parse
from rollplay.table.commands import Opposed


def test_a_bare_contest_is_a_roll() -> None:
    bare = parse("Nikos/Firearms vs Mavros/Melee", system="fs3")
    assert bare == parse("roll Nikos/Firearms vs Mavros/Melee", system="fs3")
    assert isinstance(bare, Opposed)
    assert (bare.first.character, bare.second.request.expression) == ("Nikos", "Melee")


def test_a_command_word_is_still_checked() -> None:
    with pytest.raises(GrammarError, match="unknown command"):
        parse("Nikos/Firearms", system="fs3")  # no contest: NAME/WHAT alone needs `roll`
