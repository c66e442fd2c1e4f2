"""An imported game's character creation follows its AresMUSH config (issue 38 §1, "chargen
caps as AresMUSH states them"; rulings A5-A11). Red-Planet-MU's fs3skills_chargen.yml:
max_ap 50, max_points_on_attrs 10, max_points_on_action 40, max_attrs_at_or_above {3: 4,
4: 1}, max_skills_at_or_above {5: 8, 6: 3, 7: 1}, max_skill_rating 7, min_backgrounds 2,
free_backgrounds 6, free_languages 3, starting_skills Everyone Athletics 3,
allow_incapable_action_skills false. AresMUSH counts attribute dots above 2 at 2 points and
action skill dots above 1 at 1 (its AbilityPointCounter)."""

from __future__ import annotations

from typing import Any

import pytest

from rollplay.table.service import Table
from tests.aresmush.fixtures import needs_configs
from tests.aresmush.skills_game import make_game, table

__all__ = ["table"]
pytestmark = needs_configs

RED = "Red-Planet-MU__aresmush"
ACTION = ("Alertness", "Athletics", "Archery", "Composure", "Handy", "Firearms", "Medicine",
          "Melee", "Riding", "Persuasion", "Stealth", "Trapping")  # fmt: skip
ATTRIBUTES = ("Reflexes", "Brawn", "Wits", "Grit", "Perception", "Presence")


def sheet(**changes: Any) -> dict[str, Any]:
    """A Red-Planet-MU character within every limit: 4 attribute points (Reflexes 3, Wits 3),
    5 action points, 3 background and 3 language ratings (all free)."""
    base: dict[str, Any] = {
        "name": "Vesna",
        "attributes": {**dict.fromkeys(ATTRIBUTES, 2), "Reflexes": 3, "Wits": 3},
        "action": {**dict.fromkeys(ACTION, 1), "Athletics": 3, "Firearms": 4},
        "background": {"Sciences": 2, "Arts": 1},
        "languages": {"English": 3},
    }
    for key, value in changes.items():
        base[key] = {**base[key], **value} if isinstance(value, dict) else value
    return base


def problems(t: Table, data: dict[str, Any]) -> list[str]:
    game = make_game(t, RED)
    t.new_character(game, data)
    return t.check(game, data["name"])


def test_a_sheet_within_the_config_has_no_problems(table: Table) -> None:
    assert problems(table, sheet()) == []


def test_max_points_on_attrs_counts_two_a_dot_above_2(table: Table) -> None:
    # max_points_on_attrs 10: Reflexes 4, Wits 4, Brawn 3, Grit 3 is (2+2+1+1) x 2 = 12.
    found = problems(table, sheet(attributes={"Reflexes": 4, "Wits": 3, "Brawn": 3,
                                              "Grit": 3, "Presence": 3}))  # fmt: skip
    assert any("12 points in attributes; at most 10" in p for p in found), found


def test_max_attrs_at_or_above(table: Table) -> None:
    # max_attrs_at_or_above 4: 1 - two attributes at 4 (8 points: within the pool of 10).
    found = problems(table, sheet(attributes={"Reflexes": 4, "Wits": 4}))
    assert found == ["2 attributes at 4 or more (Reflexes, Wits); at most 1 (002 Ability Limits)"]


def test_max_skills_at_or_above_and_max_skill_rating(table: Table) -> None:
    # max_skills_at_or_above 7: 1 - Firearms 7 and Melee 7; max_skill_rating 7 - Stealth 8.
    found = problems(table, sheet(action={"Firearms": 7, "Melee": 7, "Stealth": 8}))
    assert "Stealth is 8 at creation; at most 7 (002 Ability Limits)" in found
    assert any(p.startswith("3 action skills at 7 or more") for p in found), found
    assert len(found) == 2, found  # 6: 3 holds (three at 6 or more is the cap)


def test_max_ap_counts_as_aresmush_counts(table: Table) -> None:
    # Attributes 10 points, action skills 40 (each within its own pool and the caps), 6
    # background ratings free: 50, max_ap. Three more background ratings: 53.
    full = sheet(
        attributes={"Reflexes": 4, "Wits": 3, "Brawn": 3, "Grit": 3},
        action={"Firearms": 7, "Melee": 6, "Athletics": 6, "Alertness": 5, "Archery": 5,
                "Composure": 5, "Handy": 5, "Medicine": 5, "Riding": 4, "Persuasion": 2},
        background={"Sciences": 3, "Arts": 3},
    )  # fmt: skip
    assert problems(table, full) == []
    more = {**full, "name": "Dara", "background": {"Sciences": 3, "Arts": 3, "Games": 3}}
    table.new_character("Mars", more)
    found = table.check("Mars", "Dara")
    assert len(found) == 1, found
    assert found[0].startswith("53 ability points spent"), found
    assert "the game allows 50" in found[0]


def test_free_backgrounds_and_languages_then_a_point_a_rating(table: Table) -> None:
    # free_backgrounds 6, free_languages 3: nine background ratings cost 3 points, English 3
    # costs none (the character form's running totals, from the same sums as the checks).
    from rollplay.table.systems import system

    make_game(table, RED)
    info = table.game("Mars")
    rules = system("fs3").ruleset(info.edition, info.rules)
    data = sheet(background={"Sciences": 3, "Arts": 3, "Games": 3})
    totals = {t.label: t.spent for t in system("fs3").tallies(data, rules)}
    assert (totals["Background skills"], totals["Languages"]) == (3, 0)
    assert totals["Ability points"] == 4 + 5 + 3  # attributes, action skills, backgrounds
    # A specialty past the first on a skill is a point (AresMUSH's points_on_specialties).
    data["specialties"] = {"Firearms": ["Rifles", "Pistols"]}
    totals = {t.label: t.spent for t in system("fs3").tallies(data, rules)}
    assert (totals["Specialties"], totals["Ability points"]) == (1, 13)


def test_starting_skills_min_backgrounds_and_incapable_skills(table: Table) -> None:
    # starting_skills Everyone: Athletics 3; min_backgrounds 2; allow_incapable_action_skills
    # false: every action skill at 1 or more.
    data = sheet(action={"Athletics": 2, "Riding": 0}, background={})
    data["background"] = {"Sciences": 1}
    found = problems(table, data)
    assert ("Athletics must be at least 3: every character starts with it (the game's "
            "starting skills)") in found  # fmt: skip
    assert "Riding must be at least 1 (002 Abilities)" in found
    assert "1 background skills; at least 2 (002 Abilities)" in found
    assert table.character("Mars", "Vesna").approved is False
    with pytest.raises(Exception, match="cannot be approved"):
        table.approve("Mars", "Vesna")
