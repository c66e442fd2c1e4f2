"""002 Luck, Combat: "Modify attack, defense or initiative Ability Rolls (see Ability Rolls
page 14). Note: You may only modify one roll per combat turn", as the edition's luck allows."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pytest

from rollplay.dice import ScriptedDice
from rollplay.errors import RollplayError, RuleError
from rollplay.systems.fs3.combat.between import move_wound, recover
from rollplay.systems.fs3.combat.checks import check_action
from rollplay.systems.fs3.combat.turn import Action, Combatant, resolve_turn
from rollplay.systems.fs3.presets import FS3_2, FS3_3
from rollplay.systems.fs3.ruleset import FS3Ruleset

KID = Combatant("Kid", rating=4, weapon="Pistol", luck=2)
JESSE = Combatant("Jesse", team="B", rating=4, weapon="Pistol", luck=1)


Result = tuple[list[Combatant], dict[str, Any]]


def run(rules: FS3Ruleset, actions: dict[str, Action], faces: list[int],
        who: tuple[Combatant, ...] = (KID, JESSE)) -> Result:  # fmt: skip
    dice = ScriptedDice(faces)
    after, report = resolve_turn(1, list(who), actions, rules=rules.combat, fs3=rules, dice=dice)
    dice.check_all_used()
    return after, report.to_dict()


MISSES = [1] * 8 + [60, 40]  # initiative: nobody hits; Kid first on the tie-break


@pytest.mark.parametrize(("rules", "bonus"), [(FS3_3, 3), (FS3_2, 5)], ids=["3.3", "3.2"])
def test_002_luck_on_an_attack_is_the_editions_bonus(rules: FS3Ruleset, bonus: int) -> None:
    # 000 Modifiers: +3 for a luck point; 002 Luck: +5 (and 004 Other Modifiers: Luck +5).
    faces = MISSES + [1] * (4 + bonus) + [1] * 4
    (kid, _), report = run(rules, {"Kid": Action("attack", "Jesse", luck="attack")}, faces)
    roll = report["events"][0]["attack_roll"]
    assert {"reason": "luck", "value": bonus} in roll["modifiers"]
    assert roll["pool"] == 4 + bonus
    assert kid.luck == 1


def test_002_fs32_reroll_keeps_the_better_roll() -> None:
    # 002 Luck: "spend a point to get a re-roll and choose the better of the two rolls".
    act = {"Kid": Action("attack", "Jesse", luck="attack", luck_spend="reroll")}
    faces = MISSES + [1, 2, 2, 2] + [8, 8, 2, 2] + [2] * 4 + [5, 5, 50]  # kept: 2 hits
    _, report = run(FS3_2, act, faces)
    shot = report["events"][0]
    assert shot["attack_dice"] == [8, 8, 2, 2]
    assert shot["attack_roll"]["discarded"]["dice"] == [1, 2, 2, 2]
    with pytest.raises(RuleError, match=r"FS3\.3 has no luck spend 'reroll'"):
        run(FS3_3, act, [])


def test_002_fs32_hinder_someone_elses_roll() -> None:
    # 002 Luck: "Before someone else's roll ... apply a +5 or -5 modifier to their roll":
    # Jesse, out of luck no longer, hinders Kid's attack: 4 - 5 dice, one desperate die.
    act = {"Kid": Action("attack", "Jesse"),
           "Jesse": Action("pass", luck="attack", luck_spend="hinder", luck_on="Kid")}  # fmt: skip
    (kid, jesse), report = run(FS3_2, act, MISSES + [2] + [1] * 4)
    roll = report["events"][0]["attack_roll"]
    assert {"reason": "luck (someone else's)", "value": -5} in roll["modifiers"]
    assert (kid.luck, jesse.luck) == (2, 0)  # the spender pays
    with pytest.raises(RuleError, match=r"FS3\.3 has no luck spend 'hinder'"):
        run(FS3_3, act, [])


def test_002_one_luck_point_applies_to_a_roll() -> None:
    # 002 Luck: "Only one Luck Point can apply to a given roll ... you can't have multiple
    # people all spending luck to help someone."
    friend = Combatant("Doc", rating=3, luck=1)
    everyone = {c.name: c for c in (KID, JESSE, friend)}
    mine = Action("attack", "Jesse", luck="attack")
    boost = Action("pass", luck="attack", luck_spend="boost", luck_on="Kid")
    with pytest.raises(RuleError, match="Kid already spends luck on Kid's attack roll"):
        check_action(friend, boost, everyone, FS3_2.combat, fs3=FS3_2, others={"Kid": mine})
    with pytest.raises(RollplayError, match="someone else's roll"):
        check_action(friend, replace(boost, luck_on="Doc"), everyone, FS3_2.combat, fs3=FS3_2)
    with pytest.raises(RuleError, match="no luck points"):
        check_action(replace(KID, luck=0), mine, everyone, FS3_3.combat, fs3=FS3_3)


def test_002_a_point_waits_for_the_first_such_roll_only() -> None:
    # One roll a turn: luck on defense helps Jesse's first defense, not the second.
    gunner = Combatant("Lee", rating=4, weapon="Pistol")
    act = {"Kid": Action("attack", "Jesse"), "Lee": Action("attack", "Jesse"),
           "Jesse": Action("pass", luck="defense")}  # fmt: skip
    faces = [1] * 12 + [60, 40, 30]  # initiative: Kid, then Jesse, then Lee
    faces += [1] * 4 + [1] * 7  # Kid's 4 dice miss; Jesse's defense 4 + 3
    faces += [1] * 4 + [1] * 4  # Lee's 4 dice miss; Jesse's defense 4
    _, report = run(FS3_3, act, faces, (KID, JESSE, gunner))
    first, _, second = report["events"]
    assert (first["defense_roll"]["pool"], second["defense_roll"]["pool"]) == (7, 4)


def test_luck_gone_by_the_turn_is_dropped_with_a_note() -> None:
    broke = replace(KID, luck=0)
    _, report = run(FS3_3, {"Kid": Action("attack", "Jesse", luck="attack")},
                    MISSES + [1] * 4 + [1] * 4, (broke, JESSE))  # fmt: skip
    assert report["notes"] == ["Kid has no luck point left: the attack luck is dropped"]


def test_002_luck_recovers_a_knockout_declared_or_after() -> None:
    # 002 Luck, Combat: "Recover from a Knockout": set beforehand on the knockout roll...
    hurt = replace(JESSE, wounds=())
    act = {"Kid": Action("attack", "Jesse"), "Jesse": Action("pass", luck="knockout")}
    faces = MISSES + [8, 8, 8, 8] + [1] * 4 + [6, 5, 90]  # Kid: 4 hits; 11 + 4 Chest: 105
    faces += [1]  # Jesse's knockout roll: 4 - 4, one die, no hits
    (_, jesse), report = run(FS3_3, act, faces, (KID, hurt))
    assert report["knockouts"][0]["luck"] == "recovered"
    assert (jesse.knocked_out, jesse.luck) == (False, 0)
    # ...or after the roll, before the next turn resolves (the tracker's `recover`).
    (_, out), _ = run(FS3_3, {"Kid": Action("attack", "Jesse")}, faces, (KID, hurt))
    assert (out.knocked_out, out.knocked_out_turn) == (True, 1)
    back = recover(out, 2)
    assert (back.knocked_out, back.luck) == (False, 0)
    with pytest.raises(RuleError, match="before the next turn resolves"):
        recover(out, 3)


def test_002_luck_moves_an_injury_only_immediately_after_it() -> None:
    # 002 Luck, Combat: "This must be done immediately after the injury".
    faces = MISSES + [8, 8, 8, 8] + [1] * 4 + [6, 5, 30]  # 15 Chest: 30 + 15: Moderate
    (_, jesse), _ = run(FS3_3, {"Kid": Action("attack", "Jesse")}, faces)
    assert jesse.fresh == (0,)
    moved = move_wound(jesse, 1, "Left_Arm", FS3_3.combat)
    assert (moved.wounds[0].location, moved.wounds[0].severity, moved.luck) == (
        "Left_Arm", "Moderate", 0)  # fmt: skip
    (_, later), _ = run(FS3_3, {}, [1] * 8 + [60, 40], (KID, jesse))  # the next turn
    assert later.fresh == ()
    with pytest.raises(RuleError, match="immediately after"):
        move_wound(later, 1, "Left_Arm", FS3_3.combat)
