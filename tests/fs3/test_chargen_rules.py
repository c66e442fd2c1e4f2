"""Character creation read again (issue 37): attributes in the game's range at both ends
(002 Attributes: "rated on a 1-4 scale"; rulings R33); levels bought with XP left out of the
creation checks (002 Abilities vs Experience; R29); each problem naming its rule (R34)."""

from __future__ import annotations

from typing import Any

import pytest

from rollplay.systems.fs3.chargen import chargen_problems, spent
from rollplay.systems.fs3.houserules import from_mapping
from rollplay.systems.fs3.presets import FS3_3
from rollplay.systems.fs3.sheet import SheetError, sheet_from_mapping

FIVE = ("Brawn", "Reflexes", "Grit", "Wits", "Presence")


def _sheet(**more: Any) -> dict[str, Any]:
    return {"name": "Tess", "attributes": dict.fromkeys(FIVE, 2), **more}


@pytest.mark.parametrize(("rules", "low", "high"), [
    (FS3_3, 1, 4),
    (from_mapping({"extends": "3.3", "attribute_range": [2, 5]}), 2, 5),
])  # fmt: skip
def test_002_attributes_are_read_within_the_games_range_at_both_ends(
    rules: Any, low: int, high: int
) -> None:
    for rating in (low, high):
        attributes = {**dict.fromkeys(FIVE, low), "Brawn": rating}
        sheet = sheet_from_mapping(_sheet(attributes=attributes), rules, "sheet")
        assert sheet.attributes["Brawn"] == rating
    for rating in (low - 1, high + 1):
        attributes = {**dict.fromkeys(FIVE, low), "Brawn": rating}
        with pytest.raises(
            SheetError,
            match=rf"attribute Brawn is {rating}; .* rates "
            rf"attributes {low} to {high} \(002 Attributes\)",
        ):
            sheet_from_mapping(_sheet(attributes=attributes), rules, "sheet")


def test_levels_bought_with_xp_are_not_creations() -> None:
    """002: ability points at creation; XP after. Medicine 3 of which XP bought 2 costs 1 at
    creation; a background skill learned wholly with XP is not one of the creation's."""
    rules = from_mapping(
        {
            "extends": "3.3",
            "chargen": {"ability_points": 13, "high_rating": 3, "max_high": 0, "max_background": 0},
        }
    )
    made = sheet_from_mapping(_sheet(action={"Medicine": 3}, background={"Cooking": 1},
                                     experience={"action": {"Medicine": 2},
                                                 "background": {"Cooking": 1}}),
                              rules, "sheet")  # fmt: skip
    points = spent(made, rules)
    assert (points.attributes, points.action, points.background) == (10, 1, 0)
    assert chargen_problems(made, rules) == []
    bare = sheet_from_mapping(_sheet(action={"Medicine": 3}, background={"Cooking": 1}),
                              rules, "sheet")  # fmt: skip
    problems = chargen_problems(bare, rules)
    assert len(problems) == 3  # the points, a high skill, a background skill too many
    assert all(p.endswith(("(002 Abilities)", "(002 Ability Limits)")) for p in problems)


def test_xp_cannot_have_bought_more_than_the_rating_or_a_skill_not_on_the_sheet() -> None:
    with pytest.raises(SheetError, match="the levels of Medicine bought with XP is 4"):
        sheet_from_mapping(_sheet(action={"Medicine": 3}, experience={"action": {"Medicine": 4}}),
                           FS3_3, "sheet")  # fmt: skip
    with pytest.raises(SheetError, match="not among the sheet's action"):
        sheet_from_mapping(_sheet(experience={"action": {"Medicine": 1}}), FS3_3, "sheet")
    with pytest.raises(SheetError, match="unknown setting 'skills'"):
        sheet_from_mapping(_sheet(experience={"skills": {}}), FS3_3, "sheet")
