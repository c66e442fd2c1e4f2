"""The rules of 001 as written, checked pair by pair, and the parts around them: modifiers,
task difficulty, secret rolls, house rules."""

from __future__ import annotations

import itertools
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from rollplay import gurps
from rollplay.dice import ScriptedDice
from rollplay.errors import RollplayError, RulesetError
from rollplay.systems.gurps.houserules import dump, from_mapping
from rollplay.systems.gurps.rolls import modifier


def as_written(effective: int, total: int) -> str:
    """001 Success Rolls, Critical Success and Critical Failure, transcribed sentence by
    sentence, independently of the ruleset tables the roller reads."""
    if total in (3, 4):  # "a roll of 3 or 4 is always a success"
        success = True
    elif total in (17, 18):  # "a roll of 17 or 18 is always a failure"
        success = False
    else:
        success = total <= effective
    if success:
        critical = (
            total in (3, 4)  # "A roll of 3 or 4 is always a critical success"
            or (total == 5 and effective >= 15)  # "5 ... if your effective skill is 15+"
            or (total == 6 and effective >= 16)  # "6 ... if your effective skill is 16+"
        )
        return "critical success" if critical else "success"
    critical = (
        total == 18  # "A roll of 18 is always a critical failure"
        or (total == 17 and effective <= 15)  # "17 ... if your effective skill is 15 or less"
        or total >= effective + 10  # "Any roll of 10 greater than your effective skill"
    )
    return "critical failure" if critical else "failure"


@pytest.mark.parametrize("effective", range(3, 21))
def test_every_total_against_the_rules_as_written(effective: int) -> None:
    rules = gurps.ruleset()
    for total in range(3, 19):
        assert rules.judge(total, effective) == as_written(effective, total), (effective, total)


def test_every_three_dice_through_the_roller() -> None:
    # All 216 rolls at a few skills, through the real roller with scripted dice.
    for effective in (3, 6, 10, 15, 16, 17):
        for faces in itertools.product(range(1, 7), repeat=3):
            r = gurps.roll(effective, dice=ScriptedDice(faces))
            assert r.dice == faces
            assert r.total == sum(faces)
            assert r.outcome == as_written(effective, sum(faces))
            assert r.margin == effective - sum(faces)
            assert r.critical == r.outcome.startswith("critical")


def test_defense_rolls_below_three() -> None:
    # Defense rolls keep the same rules: 3-4 succeed (and are critical), 10 over fails
    # critically. Where both apply (a 4 against -6), "always" wins: rulings G2.
    rules = gurps.ruleset()
    for effective in range(-10, 3):
        for total in range(3, 19):
            got = rules.judge(total, effective)
            if total <= 4:
                assert got == "critical success"
            else:
                assert got == as_written(effective, total)


@pytest.mark.parametrize(
    ("text", "value", "reason"),
    [
        ("-5", -5, ""),
        ("+10", 10, ""),
        ("3", 3, ""),
        ("-5 working by touch", -5, "working by touch"),
        ("+10: primitive lock", 10, "primitive lock"),
        ("\u22122 fog", -2, "fog"),
    ],
)
def test_modifier_strings(text: str, value: int, reason: str) -> None:
    assert modifier(text) == (value, reason)


@pytest.mark.parametrize(
    "text", ["", "dark", "--5", "five", "+ ", "+10000", 10000, True, "9" * 5000]
)
def test_bad_modifier_strings(text: str | int) -> None:
    with pytest.raises(RollplayError, match="bad modifier"):
        modifier(text)


@given(st.integers(-9999, 9999), st.text(st.characters(categories=["L", "Zs"]), max_size=20))
def test_modifier_round_trip(value: int, reason: str) -> None:
    m = modifier(f"{value:+d} {reason}")
    assert m.value == value
    assert m.reason == " ".join(reason.split())  # one line, its spaces tidied
    assert modifier(str(m)) == m


def test_difficulty_table() -> None:
    rules = gurps.ruleset()
    expected = {
        "automatic": (10, 10),
        "trivial": (8, 9),
        "very easy": (6, 7),
        "easy": (4, 5),
        "very favorable": (2, 3),
        "favorable": (1, 1),
        "average": (0, 0),
        "unfavorable": (-1, -1),
        "very unfavorable": (-3, -2),
        "hard": (-5, -4),
        "very hard": (-7, -6),
        "dangerous": (-9, -8),
        "impossible": (-10, -10),
    }
    assert {d.name: (d.lowest, d.highest) for d in rules.difficulties} == expected
    for name, (lo, hi) in expected.items():
        milder = hi if hi <= 0 else lo  # the bare name: the end nearer 0 (rulings G3)
        assert rules.difficulty(name) == (milder, name)
        assert rules.difficulty(name.replace(" ", "-").upper()) == (milder, name)
        for value in range(lo, hi + 1):
            assert rules.difficulty(f"{name}={value}") == (value, name)
            assert rules.difficulty(value) == (value, name)
    with pytest.raises(RulesetError, match="hard is -5 to -4"):
        rules.difficulty("hard=-6")
    with pytest.raises(RulesetError, match="did you mean very hard"):
        rules.difficulty("very hrad")
    with pytest.raises(RulesetError, match="runs from -10 to 10"):
        rules.difficulty(11)


def test_difficulty_adds_to_other_modifiers() -> None:
    # 001 Task Difficulty: "It is cumulative with all other modifiers."
    r = gurps.roll(12, mods=["-2 cold"], difficulty="hard", dice=ScriptedDice([1, 1, 1]))
    assert r.effective == 12 - 2 - 4
    assert [m.value for m in r.modifiers] == [-2, -4]


def test_secret_roll_hides_everything_from_the_player() -> None:
    # 001 When the GM Rolls: the player learns that a roll was made, never its result.
    sheet = gurps.character({"name": "Ann", "attributes": {"ST": 9, "DX": 9, "IQ": 9, "HT": 9}})
    seen = set()
    for faces in itertools.product(range(1, 7), repeat=3):
        secret = gurps.secret_roll("Per", character=sheet, dice=ScriptedDice(faces))
        player = secret.player_view()
        seen.add(tuple(player.items()))
        gm = secret.gm_view()
        assert gm["dice"] == list(faces)
        # True information only on a success; a failure gives none (null) or a lie (false).
        truthful = gm["information"]["truthful"]
        assert truthful is True if gm["success"] else truthful in (None, False)
    # All 216 rolls look exactly the same to the player.
    assert seen == {
        (
            ("system", "gurps"),
            ("secret", True),
            ("name", "Ann"),
            ("skill", "Per"),
            ("message", "The GM rolled Per for Ann in secret."),
        )
    }


def test_information_is_better_the_lower_the_roll() -> None:
    # "On a success ... the lower the roll, the better the information. On a failure ...
    # the higher the roll, the more severe the lie."
    rules = gurps.ruleset()
    success_order = [rules.info_critical_success.grade, *(g.grade for g in rules.info_success)]
    failure_order = [*(g.grade for g in rules.info_failure), rules.info_critical_failure.grade]
    for effective in range(3, 21):
        seen_success: list[int] = []
        seen_failure: list[int] = []
        for total in range(3, 19):
            outcome = rules.judge(total, effective)
            grade = rules.info_grade(total, outcome).grade
            if outcome.endswith("success"):
                seen_success.append(success_order.index(grade))
            else:
                seen_failure.append(failure_order.index(grade))
        assert seen_success == sorted(seen_success)  # never better as the roll rises
        assert seen_failure == sorted(seen_failure)  # never milder as the roll rises


def test_house_rules_change_the_thresholds(tmp_path: Path) -> None:
    path = tmp_path / "gritty.toml"
    path.write_text(
        'extends = "4e"\n'
        'name = "Gritty"\n'
        "critical_failure_at = [[17, 99], [16, 9]]\n"  # 17 always critical; 16 at 9 or less
        "default_attribute_cap = 0\n"  # no Rule of 20
        "minimum_effective = 1\n"
    )
    rules = gurps.load_rules(path)
    assert rules.name == "Gritty"
    assert rules.judge(17, 18) == "critical failure"
    assert rules.judge(16, 9) == "critical failure"
    assert rules.judge(16, 10) == "failure"
    assert gurps.roll(2, ruleset=rules, dice=ScriptedDice([1, 1, 1])).success
    genius = gurps.character({"attributes": {"ST": 10, "DX": 10, "IQ": 25, "HT": 10}})
    assert genius.level("Lockpicking", rules).value == 20


def test_printed_rules_load_back_unchanged() -> None:
    base = gurps.ruleset()
    for fmt in ("toml", "yaml"):
        import tomllib

        import yaml

        text = dump(base, fmt)
        data = tomllib.loads(text) if fmt == "toml" else yaml.safe_load(text)
        back = from_mapping(data)
        assert back.difficulties == base.difficulties
        assert back.info_success == base.info_success
        assert back.critical_success_at == base.critical_success_at


@pytest.mark.parametrize(
    ("override", "message"),
    [
        ({"always_fail_from": 3}, "always_succeed_up_to must be below"),
        ({"critical_failure_margin": 0}, "critical_failure_margin must be 1"),
        ({"crit_margin": 3}, "unknown setting"),
        (
            {"info_success": [{"up_to": 8, "grade": "a", "meaning": "b", "category": "truthful"}]},
            "end at up_to 18",
        ),
        ({"minimum_effective": "low"}, "minimum_effective"),
    ],
)
def test_bad_house_rules(override: dict[str, object], message: str) -> None:
    with pytest.raises(RulesetError, match=message):
        from_mapping(override)


def test_bonuses_always_improve_the_odds() -> None:
    # 001 Modifiers: "Bonuses always improve your odds, while penalties always reduce them":
    # success and critical success never fall, critical failure never rises, as skill rises.
    rows = gurps.odds_table(-15, 30)
    for lower, higher in itertools.pairwise(rows):
        assert higher.success >= lower.success
        assert higher.critical_success >= lower.critical_success
        assert higher.critical_failure <= lower.critical_failure
