"""An imported game's XP and luck follow its AresMUSH config (issue 38 §1: "XP costs per
ability kind, an XP hoard cap, days between learning; a luck cap"; rulings A12-A16).

Red-Planet-MU's fs3skills_xp.yml: xp_costs action {1: 4, 2: 8, 3: 10, ...}, background
{1: 8, 2: 16}, language {1: 4, 2: 12}, attribute {1: 4, 2: 15, 3: 25}; max_xp_hoard 10.
Its fs3skills_misc.yml: max_luck 5. CharlyLeetham's: attribute {2: 4}, max_points_on_attrs
12 with attr_dots_beyond_chargen_max 2, days_between_learning 30, max_xp_hoard 4. The
texts' 002 Experience table would charge 4 XP for Firearms 3 -> 4, and 002 raises no
attribute with XP."""

from __future__ import annotations

from typing import Any

import pytest

from rollplay.errors import RuleError
from rollplay.table.service import Table
from tests.aresmush.fixtures import needs_configs
from tests.aresmush.skills_game import make_game, table

__all__ = ["table"]
pytestmark = needs_configs

RED, CHARLY = "Red-Planet-MU__aresmush", "CharlyLeetham__aresmush"
RED_ACTION = ("Alertness", "Athletics", "Archery", "Composure", "Handy", "Firearms",
              "Medicine", "Melee", "Riding", "Persuasion", "Stealth", "Trapping")  # fmt: skip


def rating(sheet: Any, table: str, name: str) -> Any:
    return sheet[table][name]


def vesna(t: Table) -> str:
    make_game(t, RED)
    t.new_character("Mars", {
        "name": "Vesna",
        "attributes": {"Reflexes": 3, "Brawn": 2, "Wits": 3, "Grit": 1, "Perception": 2,
                       "Presence": 2},
        "action": {**dict.fromkeys(RED_ACTION, 1), "Athletics": 3, "Firearms": 3},
        "background": {"Sciences": 1, "Arts": 1},
        "languages": {"English": 1},
    })  # fmt: skip
    return "Vesna"


@pytest.mark.storage
def test_max_xp_hoard_keeps_what_passes_it(table: Table) -> None:
    who = vesna(table)
    assert table.award_xp("Mars", who, 12).xp == 10  # max_xp_hoard: 10
    assert table.award_xp("Mars", who, 3).xp == 10


def test_action_background_and_language_costs_are_the_configs(table: Table) -> None:
    who = vesna(table)
    table.award_xp("Mars", who, 10)
    raised = table.raise_skill("Mars", who, "Firearms")  # xp_costs action 3: 10
    assert (rating(raised.sheet, "action", "Firearms"), raised.xp) == (4, 0)
    table.award_xp("Mars", who, 10)
    raised = table.raise_skill("Mars", who, "Sciences", "background")  # background 1: 8
    assert raised.xp == 2
    table.award_xp("Mars", who, 10)
    raised = table.raise_skill("Mars", who, "English", "language")  # language 1: 4
    assert raised.xp == 6


def test_an_attribute_is_raised_at_the_configs_cost(table: Table) -> None:
    who = vesna(table)
    table.award_xp("Mars", who, 10)
    raised = table.raise_skill("Mars", who, "Grit", "attribute")  # attribute 1: 4
    assert (rating(raised.sheet, "attributes", "Grit"), raised.xp) == (2, 6)
    with pytest.raises(RuleError, match="costs 15 XP"):  # attribute 2: 15, more than held
        table.raise_skill("Mars", who, "Grit", "attribute")
    # Bought with XP, the level is not counted at creation (rulings R29): still no problems.
    assert table.check("Mars", who) == []


def _kit(t: Table) -> str:
    make_game(t, CHARLY, "Iconic")
    action = ("Academics", "Athletics", "Common Knowledge", "Notice", "Persuasion", "Stealth")
    t.new_character("Iconic", {
        "name": "Kit",
        "attributes": {"Agility": 4, "Smarts": 4, "Spirit": 3, "Strength": 3, "Vigor": 2,
                       "Parry": 2, "Toughness": 2, "RTarget": 2},
        "action": dict.fromkeys(action, 1),
    })  # fmt: skip
    return "Kit"


def test_attribute_dots_beyond_chargen_max(table: Table) -> None:
    # 12 attribute points at creation (max_points_on_attrs); XP may buy 2 dots past it.
    who = _kit(table)
    for attribute in ("Vigor", "Parry"):
        table.award_xp("Iconic", who, 4)
        table.raise_skill("Iconic", who, attribute, "attribute")  # attribute 2: 4
    table.award_xp("Iconic", who, 4)
    with pytest.raises(RuleError, match="allows 2 levels past the creation limit of 12"):
        table.raise_skill("Iconic", who, "Toughness", "attribute")


@pytest.mark.storage  # the last raise's time as each database keeps it
def test_days_between_learning(table: Table) -> None:
    # days_between_learning 30: the same ability waits; another does not.
    who = _kit(table)
    table.award_xp("Iconic", who, 4)
    table.raise_skill("Iconic", who, "Stealth")  # action 1: 1
    with pytest.raises(RuleError, match="less than 30 days ago"):
        table.raise_skill("Iconic", who, "Stealth")
    assert table.raise_skill("Iconic", who, "Notice").xp == 2


def test_max_luck_keeps_what_passes_it(table: Table) -> None:
    who = vesna(table)
    assert table.character("Mars", who).luck == 1  # 002 Luck: "begins the game with 1"
    assert table.award_luck("Mars", who, 3).luck == 4
    assert table.award_luck("Mars", who, 3).luck == 5  # max_luck: 5


def test_without_the_config_the_texts_rules_hold(table: Table) -> None:
    # The defaults are the texts': no hoard cap, no attribute raises (002 Experience).
    table.new_game("Plain", "fs3", "3.3")
    sheet: dict[str, Any] = {"name": "Nikos", "attributes": {"Brawn": 2, "Reflexes": 3,
                             "Grit": 2, "Wits": 3, "Presence": 2}}  # fmt: skip
    table.new_character("Plain", sheet)
    assert table.award_xp("Plain", "Nikos", 40).xp == 40
    with pytest.raises(RuleError, match="attributes cannot be raised with XP"):
        table.raise_skill("Plain", "Nikos", "Wits", "attribute")
    assert table.award_luck("Plain", "Nikos", 9).luck == 10


def test_the_command_language_raises_an_attribute_and_an_advantage() -> None:
    # xp/raise SKILL/attribute (a bare kind) is not the ruling attribute=A option (rulings A12).
    from rollplay.grammar import parse
    from rollplay.table.commands import RaiseSkill

    raised = parse("xp/raise Vesna=Grit/attribute", system="fs3")
    assert raised == RaiseSkill(None, "Vesna", "Grit", "attribute", None)
    rank = parse("xp/raise Rank/advantage", system="fs3")
    assert isinstance(rank, RaiseSkill)
    assert (rank.skill, rank.kind) == ("Rank", "advantage")
    ruled = parse("xp/raise Ada=Cooking/background,attribute=Creative", system="fs3")
    assert isinstance(ruled, RaiseSkill)
    assert (ruled.kind, ruled.attribute) == ("background", "Creative")
