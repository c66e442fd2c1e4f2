"""Secret rolls (001 When the GM Rolls): what the GM records, what the player sees, and
which rolls may be secret."""

from __future__ import annotations

import itertools
from pathlib import Path

import pytest

from rollplay import gurps
from rollplay.dice import ScriptedDice
from rollplay.errors import RuleError, RulesetError
from rollplay.systems.gurps.houserules import from_mapping
from rollplay.systems.gurps.rolls import Check
from rollplay.systems.gurps.secret import roll_secret
from tests.clirun import fails_cleanly, run, run_json

VANCE = Path(__file__).parents[2] / "examples" / "gurps" / "vance.yaml"


def every_roll() -> list[tuple[int, ...]]:
    return list(itertools.product(range(1, 7), repeat=3))


@pytest.mark.parametrize("skill", [3, 8, 12, 16])
def test_a_success_gives_true_information_and_a_failure_none_or_a_lie(skill: int) -> None:
    # 001 When the GM Rolls: "On a success, the GM gives the player true information ...
    # On a failure, the GM either gives no information at all or lies".
    for faces in every_roll():
        secret = gurps.secret_roll(skill, dice=ScriptedDice(faces))
        info = secret.information
        if secret.roll.success:
            assert info.category in ("truthful", "partial")
            assert secret.truthful is True
        else:
            assert info.category in ("nothing", "false")
            # "Learns nothing" is not a lie: never reported as untrue.
            assert secret.truthful is (None if info.category == "nothing" else False)


def test_learning_nothing_is_not_shown_as_a_lie(capsys: pytest.CaptureFixture[str]) -> None:
    # 001 When the GM Rolls: "either gives no information at all or lies". A failed roll of
    # 13 against 10 gives nothing (rulings G6, G12).
    secret = gurps.secret_roll(10, dice=ScriptedDice([6, 4, 3]))
    assert secret.gm_view()["information"] == {
        "category": "nothing",
        "grade": "nothing",
        "meaning": "no information",
        "truthful": None,
    }
    code, out, _ = run(capsys, "gurps", "roll", "10", "--secret", "--faces", "6,4,3")
    assert code == 0
    line = next(x for x in out.splitlines() if x.startswith("Information"))
    assert "learns nothing" in line
    for word in ("lie", "false", "not true"):
        assert word not in line


@pytest.mark.parametrize(
    ("faces", "category", "grade"),
    [
        ((1, 1, 1), "truthful", "complete"),  # 3: a critical success
        ((2, 2, 2), "truthful", "clear"),  # 6
        ((4, 3, 3), "partial", "partial"),  # 10
        ((6, 6, 4), "false", "misleading"),  # 16 against 15: a failure
        ((6, 6, 6), "false", "dangerous lie"),  # 18: a critical failure
    ],
)
def test_each_grade_falls_in_a_category(
    faces: tuple[int, int, int], category: str, grade: str
) -> None:
    # 001: "the lower the roll, the better the information ... the higher the roll, the
    # more severe the lie". The grade is the detail; the category is what 001 names.
    info = gurps.secret_roll(15, dice=ScriptedDice(faces)).information
    assert (info.category, info.grade) == (category, grade)


def test_the_player_sees_the_same_whatever_the_grade() -> None:
    # 001 When the GM Rolls: the player "shouldn't know": one view for every category.
    vance = gurps.load_sheet(VANCE)
    views = set()
    categories = set()
    for faces in every_roll():
        secret = gurps.secret_roll("Search", character=vance, dice=ScriptedDice(faces))
        views.add(tuple(secret.player_view().items()))
        categories.add(secret.information.category)
        assert secret.to_dict() == {"player": secret.player_view(), "gm": secret.gm_view()}
    assert categories == {"truthful", "partial", "nothing", "false"}
    assert len(views) == 1


def test_a_defense_roll_is_never_secret(capsys: pytest.CaptureFixture[str]) -> None:
    # 001 When the GM Rolls names information and sense rolls; a defense is rolled openly,
    # on every surface: refused in the rules, before any die is drawn.
    unused = ScriptedDice([])
    with pytest.raises(RuleError, match="defense roll is made openly"):
        roll_secret(Check(10, defense=True), gurps.ruleset(), unused)
    assert unused.used == 0
    err = fails_cleanly(capsys, "gurps", "roll", "10", "--defense", "--secret", "--json")
    assert "defense roll is made openly" in err


def test_secret_json_keeps_its_fields(capsys: pytest.CaptureFixture[str]) -> None:
    data = run_json(capsys, "gurps", "roll", "12", "--secret", "--faces", "6,6,6")
    assert set(data) == {"player", "gm"}
    assert data["gm"]["information"]["category"] == "false"
    assert data["gm"]["information"]["truthful"] is False
    assert set(data["gm"]["information"]) == {"category", "grade", "meaning", "truthful"}


@pytest.mark.parametrize(
    ("table", "category"),
    [("info_failure", "truthful"), ("info_success", "false"), ("info_failure", "partial")],
)
def test_a_grade_must_fit_its_side_of_the_roll(table: str, category: str) -> None:
    # 001: a success gives true information, a failure none or a lie; a house rule that
    # says otherwise is refused, naming the row.
    rows = [{"up_to": 18, "grade": "odd", "meaning": "odd", "category": category}]
    with pytest.raises(RulesetError, match=f"{table} grade 'odd' is '{category}'"):
        from_mapping({table: rows})


def test_a_grade_needs_a_known_category() -> None:
    rows = [{"up_to": 18, "grade": "odd", "meaning": "odd", "category": "maybe"}]
    with pytest.raises(RulesetError, match="category"):
        from_mapping({"info_failure": rows})


def test_a_failed_sense_roll_notices_nothing_and_is_never_a_lie(
    capsys: pytest.CaptureFixture[str],
) -> None:
    # 001 When the GM Rolls, 2: Sense rolls are rolled in secret; "If nobody succeeds ...
    # they're in for a surprise": a failure notices nothing. Lies are for information (1).
    for faces in every_roll():
        secret = gurps.secret_roll(12, dice=ScriptedDice(faces), sense=True)
        expected = ("truthful", True) if secret.roll.success else ("nothing", None)
        assert (secret.information.category, secret.truthful) == expected
    data = run_json(capsys, "gurps", "roll", "12", "--sense", "--faces", "6,6,6")
    assert data["gm"]["outcome"] == "critical failure"
    assert data["gm"]["information"]["category"] == "nothing"
    assert data["player"]["message"] == "The GM rolled in secret."


def test_a_game_may_let_the_gm_roll_defenses_in_secret() -> None:
    # 001 Success Rolls: "the GM may always choose to roll the dice in secret".
    rules = from_mapping({"secret_defense_rolls": True})
    secret = roll_secret(Check(1, defense=True), rules, ScriptedDice([1, 1, 2]))
    assert secret.roll.success
