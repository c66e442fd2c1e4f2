"""An imported game plays by its AresMUSH config at the table (issue 38 §1): advantages when
a config turns them on (creation points at advantages_cost, XP at its advantage costs, past
creation by advantage_dots_beyond_chargen_max, rolled with default_linked_attr: rulings A4),
renamed attributes and background skills rolled with the config's default_linked_attr (A2),
and every name a real config uses rolled as typed, through the grammar and a Discord
bridge's handler (issue 38: "Every name a real config uses works everywhere")."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

import pytest

from rollplay.aresmush import combat
from rollplay.bridges.discord.table import DiscordTable
from rollplay.dice import ScriptedDice
from rollplay.errors import RollplayError, RuleError
from rollplay.grammar import parse
from rollplay.systems.fs3.expression import parse as fs3_parse
from rollplay.systems.fs3.sheet import sheet_from_mapping
from rollplay.table import commands as c
from rollplay.table.events.views import SeenEntry
from rollplay.table.service import Table
from rollplay.table.systems import Request
from tests.aresmush.fixtures import GAMES, needs_configs
from tests.aresmush.skills_game import combat_side, make_game, ruleset, table, with_combat
from tests.bridges.fake_discord import Courier, Interaction
from tests.typed import of

__all__ = ["combat_side", "table"]

ADVANTAGES = """\
fs3skills:
  attributes:
  - {name: Brawn, desc: Strength}
  - {name: Wits, desc: Cleverness}
  default_linked_attr: Wits
  action_skills:
  - {name: Fight, desc: Hitting, linked_attr: Brawn}
  advantages:
  - {name: Rank, desc: Standing}
  - {name: Resources, desc: Wealth}
  use_advantages: true
  advantages_cost: 2
  max_points_on_advantages: 8
  max_ap: 40
  allow_advantages_xp: true
  advantage_dots_beyond_chargen_max: 1
  xp_costs: {advantage: {1: 4, 2: 4}, action: {1: 1}, attribute: {}, background: {},
             language: {}}
"""


def _advantaged(t: Table, tmp_path: Path, use: bool = True) -> str:
    text = (
        ADVANTAGES if use else ADVANTAGES.replace("use_advantages: true", "use_advantages: false")
    )

    real, combat.read = combat.read, with_combat
    try:
        t.import_aresmush("Court", {"fs3skills_misc.yml": text.encode()})
    finally:
        combat.read = real
    return "Court"


def _noble(**advantages: int) -> dict[str, Any]:
    return {"name": "Ilse", "attributes": {"Brawn": 2, "Wits": 3},
            "action": {"Fight": 1}, "advantages": advantages}  # fmt: skip


def test_advantages_cost_creation_points_at_advantages_cost(table: Table, tmp_path: Path) -> None:
    game = _advantaged(table, tmp_path)
    table.new_character(game, _noble(Rank=3, Resources=2))
    # max_points_on_advantages 8: five ratings at advantages_cost 2 are 10.
    assert "10 points in advantages; at most 8 (002 Ability Limits)" in table.check(game, "Ilse")
    table.set_character(game, "Ilse", {"advantages": {"Rank": 2, "Resources": 2}})
    assert table.check(game, "Ilse") == []


def test_advantages_raised_with_xp_and_past_creation(table: Table, tmp_path: Path) -> None:
    game = _advantaged(table, tmp_path)
    table.new_character(game, _noble(Rank=2, Resources=2))
    table.award_xp(game, "Ilse", 10)
    raised = table.raise_skill(game, "Ilse", "Rank", "advantage")  # xp_costs advantage 2: 4
    assert raised.xp == 6
    # 8 points at creation, one level (2 points) past it allowed: Resources 3 would be 12.
    with pytest.raises(RuleError, match="allows 1 level past the creation limit of 8"):
        table.raise_skill(game, "Ilse", "Resources", "advantage")


def test_an_advantage_rolls_with_the_default_linked_attribute(table: Table, tmp_path: Path) -> None:
    game = _advantaged(table, tmp_path)
    table.new_character(game, _noble(Rank=2))
    answer = table.execute(c.Roll(game, c.Side("Ilse", Request("Rank")), "public"),
                           dice=ScriptedDice([6] * 7))  # fmt: skip
    assert answer is not None
    entry = of(SeenEntry, table.log(game_name=game, limit=1)[0])
    # 000: a rating of 2 on the 0-3 scale rolls 4 dice, plus Wits 3.
    assert len(entry.outcome.dice) == 7  # type: ignore[union-attr]


def test_without_use_advantages_a_sheet_holds_none(table: Table, tmp_path: Path) -> None:
    game = _advantaged(table, tmp_path, use=False)
    with pytest.raises(RollplayError, match="uses no advantages"):
        table.new_character(game, _noble(Rank=1))


@needs_configs
def test_renamed_attributes_and_the_default_linked_attribute() -> None:
    # CharlyLeetham: Shooting is linked to Agility; default_linked_attr Agility rolls a
    # background skill (Sciences 2: 4 dice on 000's scale).
    rules = ruleset("CharlyLeetham__aresmush")
    data = {"name": "Kit", "attributes": dict.fromkeys(rules.attributes, 2) | {"Agility": 3},
            "action": {"Shooting": 4}, "background": {"Sciences": 2}}  # fmt: skip
    pools = sheet_from_mapping(data, rules, "test").pools(rules)
    assert pools["Shooting"] == 4 + 3
    assert pools["Sciences"] == 4 + 3
    assert pools["Agility"] == 3 + 1  # 000 Linked Attributes: the Everyman die with it


@needs_configs
@pytest.mark.parametrize("game", GAMES)
def test_every_name_of_a_real_config_is_rolled_as_typed(game: str) -> None:
    rules = ruleset(game)
    ideas = [d.name for d in rules.descriptions if d.kind == "background" and d.name]
    names = [*rules.attributes, *(s.name for s in rules.action_skills), *rules.languages, *ideas]
    known: dict[str, Any] = {"characters": ["Kit O'Hara"], "abilities": names}
    for name in names:
        for line in (f"roll Kit O'Hara/{name}+1", f"request Kit O'Hara {name}+1"):
            command = parse(line, system="fs3", **known)
            assert isinstance(command, c.Roll | c.RequestRoll), line
            assert command.side.character == "Kit O'Hara"
            read = fs3_parse(command.side.request.expression)
            assert (read.names, read.numbers) == ((name,), (1,)), line


@needs_configs
@pytest.mark.usefixtures("combat_side")
def test_a_multi_word_skill_through_the_discord_bridge(table: Table) -> None:
    game = make_game(table, "CharlyLeetham__aresmush", "Iconic")
    table.add_user("Pia")
    table.add_member(game, "Pia", "player", ())
    rules = ruleset("CharlyLeetham__aresmush")
    table.acting_as("Pia").new_character(game, {
        "name": "Kit O'Hara", "attributes": dict.fromkeys(rules.attributes, 2),
        "action": {"Common Knowledge": 3}})  # fmt: skip
    table.add_user("Stella")
    table.add_member(game, "Stella", "storyteller", ())
    for who, ident in (("Pia", "2"), ("Stella", "1")):
        code = table.acting_as(who).link_code().code
        table.link_account("discord", ident, code, who)
    bot = DiscordTable(table, Courier())
    asyncio.run(bot.bind(Interaction(1, 100), game, "999"))
    said = Interaction(2, 100)
    asyncio.run(bot.roll(said, "Common Knowledge+1"))
    entry = of(SeenEntry, table.log(game_name=game, limit=1)[0])
    assert entry.character == "Kit O'Hara"
    assert len(entry.outcome.dice) == 3 + 2 + 1  # type: ignore[union-attr]
    assert "Kit O'Hara" in said.record.to("channel")


def test_the_character_forms_running_totals_count_advantages_and_specialties(
    table: Table, tmp_path: Path
) -> None:
    # The form's totals (table/systems/fs3.py tallies) show what the config counts:
    # advantages at advantages_cost against max_points_on_advantages, extra specialties.
    from rollplay.table.systems import system

    game = _advantaged(table, tmp_path)
    rules = ruleset_from(table, game)
    sheet = {**_noble(Rank=3), "specialties": {"Fight": ["Fists", "Knives"]}}
    totals = {t.label: (t.spent, t.limit) for t in system("fs3").tallies(sheet, rules)}
    assert totals["Advantages"] == (6, 8)
    assert totals["Specialties"] == (1, None)  # the second specialty of Fight
    assert totals["Attributes"] == (2, None)  # Wits 3: one dot above 2, at 2 points


def ruleset_from(t: Table, game: str) -> Any:
    from rollplay.table.systems import system as system_of

    info = t.game(game)
    return system_of("fs3").ruleset(info.edition, info.rules)
