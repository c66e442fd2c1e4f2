"""FS3 combat rules from 002 and 004, each example a test."""

from __future__ import annotations

import pytest

from rollplay.dice import ScriptedDice
from rollplay.systems.fs3.combat.attack import (
    Wound,
    armor_roll,
    hit_location,
    outcome,
    resolve_attack,
    stop_chance,
    wound_modifier,
)
from rollplay.systems.fs3.combat.gear import CombatRules
from rollplay.systems.fs3.combat.kit import HEAD, MISS
from rollplay.systems.fs3.presets import FS3_3

RULES = CombatRules()


def test_head_chart_is_004s() -> None:
    assert " ".join("MISS" if x == MISS else x for x in HEAD) == (
        "MISS MISS MISS MISS Right_Arm Left_Arm Abdomen Chest Chest Neck Head Head Head Head Head"
    )


def test_004_hit_location_example() -> None:
    # Bob shoots at John's head: location roll 7, Bob 4 hits, John 1: 7 + 3 = 10 -> Neck.
    assert hit_location(7, 4 - 1, RULES.chart("Head")) == "Neck"


def test_hit_location_ends() -> None:
    assert hit_location(2, -5, HEAD) == MISS
    assert hit_location(16, 6, HEAD) == "Head"


def test_every_chart_is_15_entries_and_its_best_roll_hits_the_target() -> None:
    for name, chart in RULES.charts.items():
        assert len(chart) == 15
        assert chart[-1] == name
        assert chart[0] == MISS


def test_004_stop_chance_example() -> None:
    # Bob shot in the chest (protection 4) with a rifle (penetration 4): stop chance 35.
    assert stop_chance(4, 4) == 35
    assert stop_chance(2, 4) == 10
    assert stop_chance(8, 4) == 85
    assert stop_chance(1, 4) == 0  # 2.5 below zero: no chance, not a negative one
    assert stop_chance(20, 1) == 100


@pytest.mark.parametrize(
    ("rolls", "stopped", "bypassed", "reduction"),
    [([35], True, False, 0), ([100], False, True, 0), ([36, 13], False, False, 12)],
)
def test_armor_rolls(rolls: list[int], stopped: bool, bypassed: bool, reduction: int) -> None:
    # At or under the stop chance stops; 100 bypasses; otherwise 0 to the stop chance
    # comes off the damage roll (a die of 36 faces gives 0-35).
    layer = armor_roll("Flak Vest", 4, 4, ScriptedDice(rolls))
    assert (layer.stopped, layer.bypassed, layer.reduction) == (stopped, bypassed, reduction)


@pytest.mark.parametrize(
    ("attack", "defense", "expected"),
    [(0, 0, "miss"), (0, 2, "miss"), (1, 2, "blocked"), (2, 2, "hit"), (2, 1, "hit")],
)
def test_attack_outcomes(attack: int, defense: int, expected: str) -> None:
    # 002: no hits miss; fewer than the defender's are blocked; ties go to the attacker.
    assert outcome(attack, defense) == expected


def test_kelly_stabs_michael() -> None:
    # 002: Kelly rolls melee, 2 hits; Michael 1: her attack is successful.
    knife = RULES.weapon("Knife")
    faces = [6, 7, 2, 6, 3, 1]  # Kelly 3 dice: 2 hits; Michael 3 dice: 1 hit
    faces += [4, 5]  # location 9 + 1 on the chest chart: Chest
    faces += [50]  # damage roll 50 - 10 knife + 15 vital = 55: Moderate
    a = resolve_attack(("Kelly", "Michael"), (3, 3), knife,
                       target=(RULES.armor_named("None"), False, "Chest"), rules=RULES, fs3=FS3_3,
                       dice=ScriptedDice(faces))  # fmt: skip
    assert (a.attack_hits, a.defense_hits, a.outcome) == (2, 1, "hit")
    assert a.location == "Chest"
    assert a.damage == 50 - 10 + 15
    assert a.wound == Wound("Chest", "Moderate")


def test_cover_and_armor_are_cumulative() -> None:
    rifle = RULES.weapon("Rifle")
    faces = [6, 1, 1, 1]  # 1 hit vs 0 (fewer than 3: cover may apply)
    faces += [5, 5]  # location 10 + 1 = 11: Chest
    faces += [40]  # cover applies (40 <= 75); cover armor: protection 4 vs pen 4, chance 35
    faces += [60, 21]  # cover doesn't stop; reduces by 20
    faces += [50, 11]  # flak vest 4 vs 4: doesn't stop; reduces by 10
    faces += [70]  # damage 70 + 10 + 15 - 20 - 10 = 65: Moderate
    a = resolve_attack(("A", "B"), (2, 2), rifle,
                       target=(RULES.armor_named("Flak Vest"), True, "Chest"), rules=RULES,
                       fs3=FS3_3, dice=ScriptedDice(faces))  # fmt: skip
    assert [layer.source for layer in a.armor] == ["cover", "Flak Vest"]
    assert a.damage == 65
    assert a.wound is not None
    assert a.wound.severity == "Moderate"


def test_three_hits_are_exposed_to_cover() -> None:
    pistol = RULES.weapon("Pistol")
    faces = [6, 7, 8, 1, 1, 5, 5, 1]  # 3 hits: no cover roll; location 10 + 3; damage 1
    a = resolve_attack(("A", "B"), (3, 2), pistol,
                       target=(RULES.armor_named("None"), True, "Chest"), rules=RULES, fs3=FS3_3,
                       dice=ScriptedDice(faces))  # fmt: skip
    assert a.cover_roll is None
    assert a.damage == 1 + 0 + 15


@pytest.mark.parametrize(
    ("damage", "severity"),
    [
        (40, "Light"),
        (41, "Moderate"),
        (80, "Moderate"),
        (81, "Serious"),
        (99, "Serious"),
        (100, "Critical"),
        (-20, "Light"),
    ],
)
def test_damage_severity(damage: int, severity: str) -> None:
    assert RULES.severity(damage).name == severity


def test_wound_modifiers() -> None:
    # 002: summed and rounded down: two Moderate wounds give -1; treated wounds count half.
    moderate = Wound("Chest", "Moderate")
    assert wound_modifier([moderate, moderate], RULES) == 1
    assert wound_modifier([moderate], RULES) == 0
    assert wound_modifier([Wound("Head", "Critical")], RULES) == 4
    assert wound_modifier([Wound("Head", "Critical", treated=True)], RULES) == 2
    assert wound_modifier([Wound("Arm", "Light")] * 4, RULES) == 1
