"""000 Hail Mary Rolls: luck buys "a 'Hail Mary' roll out of blind luck even when one would not
normally be allowed"; a roll that is allowed needs none, so none is spent (rulings R12)."""

from __future__ import annotations

import pytest

from rollplay.dice import ScriptedDice
from rollplay.errors import RuleError
from rollplay.systems.fs3.pool import resolve
from rollplay.systems.fs3.presets import FS3_3
from rollplay.systems.fs3.rolls import Check, hail_mary_needed, roll_check

PILOT = {"Reflexes": 4, "Wits": 3, "Piloting": 6}


def test_000_a_hail_mary_lets_a_layperson_fly_the_jet() -> None:
    # 000 Untrained Rolls: "You cannot fly a jet with Everyman Piloting" ... unless the
    # Storyteller allows a Hail Mary.
    check = Check("Piloting", ratings={"Reflexes": 4}, luck="hail-mary")
    assert hail_mary_needed(check, FS3_3)
    r = roll_check(check, FS3_3, ScriptedDice([6, 2, 2, 2, 2]))
    assert (r.pool, r.luck, r.unneeded_luck) == (1 + 4, "hail-mary", None)


def test_000_a_roll_that_is_allowed_needs_no_hail_mary() -> None:
    # A trained pilot, or an Everyman roll any layperson may make: no luck is spent, and the
    # outcome says the Hail Mary was not needed.
    for expression in ("Piloting", "Firearms", "Reflexes", "Cooking"):
        check = Check(expression, ratings=PILOT, luck="hail-mary")
        assert not hail_mary_needed(check, FS3_3), expression
    r = roll_check(Check("Piloting", ratings=PILOT, luck="hail-mary"), FS3_3,
                   ScriptedDice([2] * 10))  # fmt: skip
    assert (r.luck, r.unneeded_luck) == (None, "hail-mary")
    assert r.to_dict()["unneeded_luck"] == "hail-mary"
    assert not hail_mary_needed(Check(5, luck="hail-mary"), FS3_3)  # a pool of dice


def test_000_a_skill_rated_everyman_is_no_jet_licence() -> None:
    # 000 Untrained Rolls: "If an ability is rated Everyman, you can use/roll it as long as it
    # makes sense for a layperson ... You cannot fly a jet with Everyman Piloting". A sheet
    # that lists Piloting at 0 (3.3's Everyman, 002's Untrained) is no different from one
    # that leaves it out.
    rated_zero = {"Reflexes": 3, "Piloting": 0}
    with pytest.raises(RuleError, match="cannot be attempted at Everyman"):
        resolve("Piloting", FS3_3, rated_zero)
    assert resolve("Piloting", FS3_3, rated_zero, hail_mary=True).dice == 1 + 3
    assert hail_mary_needed(Check("Piloting", ratings=rated_zero, luck="hail-mary"), FS3_3)
