"""000 Untrained Rolls: "If a task falls under a skill not listed on your character sheet, you
are assumed to have the Everyman rating", and "Rolling an unlisted ability rated Everyman will
effectively roll its related attribute + 1 die". The roll names the skill as unlisted and the
closest listed name (rulings R7); a name one typing slip from one the character can roll is
that name mistyped, and refused (R28)."""

from __future__ import annotations

import pytest

from rollplay.dice import ScriptedDice
from rollplay.errors import AbilityError
from rollplay.systems.fs3.houserules import from_mapping
from rollplay.systems.fs3.pool import resolve
from rollplay.systems.fs3.presets import FS3_2, FS3_3
from rollplay.systems.fs3.rolls import Check, roll_check

NIKOS = {"Brawn": 2, "Reflexes": 4, "Grit": 3, "Wits": 3, "Presence": 2, "Firearms": 3,
         "Poker": 3}  # fmt: skip


def test_000_a_skill_not_on_the_sheet_rolls_at_everyman() -> None:
    # Cooking: background and language skills link to Wits (000 Linked Attributes); Everyman
    # is 1 die on their scale (000 Skill Rating).
    pool = resolve("Cooking", FS3_3, NIKOS)
    assert (pool.dice, pool.skill, pool.attribute_name) == (1 + 3, "Cooking", "Wits")
    assert [(p.label, p.dice) for p in pool.parts] == [("Cooking Everyman", 1), ("Wits 3", 3)]
    assert pool.everyman
    assert pool.unlisted
    assert resolve("Cooking+Presence-1", FS3_3, NIKOS).dice == 1 + 2 - 1


def test_000_an_unlisted_roll_says_so_and_names_the_closest_listed_skill() -> None:
    # Poker Face is a name of its own (no typing slip from Poker: rulings R28), so it rolls.
    r = roll_check(Check("Poker Face", ratings=NIKOS, name="Nikos"), FS3_3,
                   ScriptedDice([6, 2, 2, 2]))  # fmt: skip
    assert (r.pool, r.unlisted, r.closest) == (4, "Poker Face", "Poker")
    assert r.to_dict()["unlisted"] == "Poker Face"
    assert r.to_dict()["closest"] == "Poker"
    far = roll_check(Check("Underwater Basket Weaving", ratings=NIKOS), FS3_3,
                     ScriptedDice([2, 2, 2, 2]))  # fmt: skip
    assert (far.unlisted, far.closest) == ("Underwater Basket Weaving", None)
    listed = roll_check(Check("Poker", ratings=NIKOS), FS3_3, ScriptedDice([2] * 9))
    assert (listed.unlisted, listed.closest) == (None, None)
    # An action skill of the game that the sheet lacks is Everyman, but listed (no typo).
    everyman = roll_check(Check("Melee", ratings=NIKOS), FS3_3, ScriptedDice([2] * 3))
    assert (everyman.pool, everyman.unlisted) == (1 + 2, None)


def test_002_an_unlisted_skill_is_common_knowledge_with_its_attribute_named() -> None:
    # 002 Defaulting: "If the task at hand is 'common knowledge' ... roll the related
    # attribute"; 3.2 background skills have no default attribute (rulings R8).
    ada = {"Academic": 2, "Athletic": 3, "Creative": 2, "Reactive": 2, "Social": 3}
    assert resolve("Cooking+Creative", FS3_2, ada).dice == 2
    with pytest.raises(AbilityError, match=r"name its ruling attribute, e\.g\. Cooking\+"):
        resolve("Cooking", FS3_2, ada)


def test_a_game_may_refuse_unlisted_skills() -> None:
    # Typo protection, for groups who want it: the name is refused with a suggestion.
    strict = from_mapping({"extends": "3.3", "unlisted_skills": "refuse"})
    with pytest.raises(AbilityError, match=r"unknown ability 'Pokr' \(did you mean Poker\?\)"):
        resolve("Pokr", strict, NIKOS)
    assert resolve("Poker", strict, NIKOS).dice == 6 + 3
    assert FS3_3.unlisted_skills == FS3_2.unlisted_skills == "everyman"


@pytest.mark.parametrize(
    ("typed", "meant"),
    [
        ("Pilotting", "Piloting"),  # a letter typed twice
        ("Pokr", "Poker"),  # a letter left out
        ("Firaerms", "Firearms"),  # two neighbouring letters swapped
        ("Firearns", "Firearms"),  # the key beside (m, n)
        ("meleee", "Melee"),  # an extra letter, case aside
        ("Reflxes", "Reflexes"),  # an attribute mistyped alone
        ("pokerr+Presence", "Poker"),  # with an attribute named
    ],
)
def test_000_a_misspelt_ability_is_not_a_skill_missing_from_the_sheet(
    typed: str, meant: str
) -> None:
    """000 Untrained Rolls rolls "a skill not listed on your character sheet" at Everyman; a
    listed name mistyped is not such a skill (rulings R28): refused with the name meant, in
    one line, before any die is drawn."""
    with pytest.raises(AbilityError) as caught:
        roll_check(Check(typed, ratings=NIKOS, name="Nikos"), FS3_3, ScriptedDice([]))
    said = str(caught.value)
    assert f"(did you mean {meant}?)" in said
    assert "\n" not in said
    assert "rate it 0 on the sheet" in said


@pytest.mark.parametrize("typed", ["Painting", "Riding", "Hiking", "Medecine", "Art", "Cooking"])
def test_000_a_skill_unlike_any_listed_still_rolls_at_everyman(typed: str) -> None:
    """Names one letter from a listed one by anything but a typing slip are names of their
    own (Painting beside Printing, Riding beside Hiding, Hiking beside Biking), and so is a
    short name (Art beside Arts): 000's Everyman roll, the nearest name noted (rulings R28)."""
    sheet = {**NIKOS, "Printing": 1, "Hiding": 1, "Biking": 1, "Medicine": 1, "Arts": 1}
    r = roll_check(Check(typed, ratings=sheet), FS3_3, ScriptedDice([2] * 4))
    assert (r.pool, r.unlisted) == (1 + 3, typed)


def test_a_game_may_roll_typos_at_everyman() -> None:
    loose = from_mapping({"extends": "3.3", "refuse_typos": False})
    assert resolve("Pokr", loose, NIKOS).unlisted
    assert FS3_3.refuse_typos
    assert FS3_2.refuse_typos
