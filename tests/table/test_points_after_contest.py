"""Character Points after the roll in a contest (issue 28, 2.4). 003 Character Points: "A
player may spend Character Points before or after he makes a roll - or both - but always
before the gamemaster determines the result". In a contest either side may, and the contest
is judged again: the new entry says who wins now."""

from __future__ import annotations

from typing import Any

import pytest

from rollplay.dice import ScriptedDice
from rollplay.errors import RuleError
from rollplay.table import commands as c
from rollplay.table.answers import D6OpposedRolled, D6Rolled
from rollplay.table.events.outcomes import D6Roll
from rollplay.table.events.views import SeenEntry
from rollplay.table.play.after import add_character_points
from rollplay.table.service import Table
from rollplay.table.systems import Request
from tests.clirun import run, run_json

pytestmark = pytest.mark.examples

BRIN: dict[str, Any] = {"name": "Brin", "system": "d6", "character_points": 5,
                        "attributes": {"Perception": "3D", "Dexterity": "3D"},
                        "skills": {"Hide": "4D"}}  # fmt: skip


@pytest.fixture
def stars(table: Table) -> Table:
    table.new_character("Stars", BRIN)
    return table


def _contest(t: Table, faces: list[int]) -> D6OpposedRolled:
    command = c.Opposed("Stars", c.Side("Kara Voss", Request("Search")),
                        c.Side("Brin", Request("Hide")))  # fmt: skip
    answer = t.execute(command, dice=ScriptedDice(faces))
    assert isinstance(answer, D6OpposedRolled)
    return answer


def test_either_side_spends_after_and_the_contest_is_judged_again(stars: Table) -> None:
    # Kara Voss: Search 4D+1: 3 dice 2 2 2, Wild Die 2, +1 = 9. Brin: Hide 4D: 3 3 3, 3 = 12.
    contest = _contest(stars, [2, 2, 2, 2, 3, 3, 3, 3])
    assert (contest.winner, contest.margin) == ("resister", 3)
    kara, brin = contest.log_ids
    # Kara spends one Character Point after seeing it: a Wild Die of 5: 14, ahead by 2.
    improved = add_character_points(stars, "Stars", kara, 1, dice=ScriptedDice([5]))
    assert isinstance(improved, D6Rolled)
    assert improved.total == 14
    assert improved.opposed is not None
    assert (improved.opposed.winner, improved.opposed.margin) == ("initiator", 2)
    # Brin answers with one of hers, judged against Kara's roll as it now stands: 12 + 6
    # (a six explodes: 6 then 1) = 19, ahead by 5.
    answered = add_character_points(stars, "Stars", brin, 1, dice=ScriptedDice([6, 1]))
    assert isinstance(answered, D6Rolled)
    assert answered.total == 19
    assert answered.opposed is not None
    assert (answered.opposed.winner, answered.opposed.margin) == ("resister", 5)
    assert stars.character("Stars", "Brin").character_points == 4
    newest = stars.log(game_name="Stars", limit=1)[0]
    assert isinstance(newest, SeenEntry)
    assert isinstance(newest.outcome, D6Roll)
    assert newest.outcome.opposed == answered.opposed  # the log keeps the judgement


def test_points_after_a_contest_side_still_come_before_the_next_roll(stars: Table) -> None:
    contest = _contest(stars, [2, 2, 2, 2, 3, 3, 3, 3])
    stars.roll("Stars", "Kara Voss", Request("Search"), dice=ScriptedDice([1, 1, 1, 1]))
    with pytest.raises(RuleError, match="not Kara Voss's latest roll"):
        add_character_points(stars, "Stars", contest.log_ids[0], 1, dice=ScriptedDice([5]))


def test_the_command_line_spends_after_on_each_side(
    stars: Table, capsys: pytest.CaptureFixture[str]
) -> None:
    said = run_json(capsys, "roll", "Kara Voss/Search", "vs", "Brin/Hide", "--cp-after", "1",
                    "--vs-cp-after", "1", "--seed", "3", "--db", stars.url)  # fmt: skip
    assert len(said["after"]) == 2
    first, second = said["after"]
    assert first["adds_to"] == said["log_ids"][0]
    assert second["adds_to"] == said["log_ids"][1]
    assert second["opposed"]["contest"] == said["log_ids"][0]
    code, out, _ = run(capsys, "roll", "Kara Voss/Search", "vs", "Brin/Hide", "--cp-after",
                       "1", "--seed", "4", "--db", stars.url)  # fmt: skip
    assert code == 0
    assert "Character Points after the roll on #" in out
    assert "opposed: " in out
