"""000 Success Level: "An Embarrassing Failure happens when more than half your dice are 1's,
even if you got some successes. You don't just fail": in a fight too, its successes count for
nothing (rulings R2). 3.2's embarrassment needs no hits (002 How to Roll), so only 3.3 shows
the difference."""

from __future__ import annotations

from typing import Any

from rollplay.dice import ScriptedDice
from rollplay.systems.fs3.combat.attack import Wound, resolve_attack
from rollplay.systems.fs3.combat.explosion import adjust_zone
from rollplay.systems.fs3.combat.turn import Action, Combatant, resolve_turn
from rollplay.systems.fs3.presets import FS3_3

RULES = FS3_3.combat
PISTOL = RULES.weapon("Pistol")
NO_ARMOR = RULES.armor_named("None")


def shot(attack: int, defense: int, faces: list[int]) -> Any:
    dice = ScriptedDice(faces)
    result = resolve_attack(("Kelly", "Michael"), (attack, defense), PISTOL,
                            target=(NO_ARMOR, False, "Chest"), rules=RULES, fs3=FS3_3,
                            dice=dice)  # fmt: skip
    dice.check_all_used()
    return result


def test_000_002_an_embarrassing_attack_misses_completely() -> None:
    # 002 Attack and Defense Rolls: "Attack roll fails ... Attacker misses completely". 1 1 1 6 6
    # has two successes, but three of five dice are 1s: an Embarrassing Failure, no wound.
    result = shot(5, 2, [1, 1, 1, 6, 6, 2, 3])
    assert result.attack_roll.level == "Embarrassing Failure"
    assert (result.outcome, result.attack_hits, result.wound) == ("miss", 0, None)


def test_000_002_an_embarrassing_defense_blocks_nothing() -> None:
    # Kelly's 1 hit against Michael's 1 1 1 7 7: his two successes count for nothing, so the
    # attack hits with a net of 1 (2d8 4+4+1 = 9 on the chest chart: Abdomen; 50 + 15 vital).
    result = shot(2, 5, [6, 2, 1, 1, 1, 7, 7, 4, 4, 50])
    assert (result.outcome, result.defense_hits, result.location) == ("hit", 0, "Abdomen")
    assert result.wound == Wound("Abdomen", "Moderate")


def test_004_an_embarrassing_throw_moves_the_target_two_zones() -> None:
    # 004 Explosions: "Increase each target's zone by 1 for a regular failure, and 2 for an
    # Embarrassing Failure", successes or not.
    assert adjust_zone(0, 2, True, 0, RULES) == 2
    assert adjust_zone(0, 2, True, 1, RULES) == 3  # the defender out-rolls a failure by 1


def turn(combatants: list[Combatant], actions: dict[str, Action], faces: list[int]) -> Any:
    dice = ScriptedDice(faces)
    after, report = resolve_turn(1, combatants, actions, rules=RULES, fs3=FS3_3, dice=dice)
    dice.check_all_used()
    return after, report.to_dict()


def test_002_an_embarrassing_knockout_roll_knocks_out() -> None:
    # 002 Knockout: "If you roll no Hits on your toughness roll, you are knocked out". Jesse
    # (rating 8) takes a Critical wound (-4) and rolls 4 dice: 1 1 1 6, embarrassing.
    kid = Combatant("Kid", rating=4, weapon="Pistol")
    jesse = Combatant("Jesse", team="B", rating=8, weapon="Pistol")
    faces = [8, 2, 2, 2] + [2] * 8  # initiative: Kid 1 hit, Jesse none
    faces += [8, 8, 8, 2] + [2] * 8 + [6, 5, 90]  # 3 hits to 0: 11+3 Chest, 90+15 Critical
    faces += [1, 1, 1, 6]  # Jesse's knockout roll
    (_, after), report = turn([kid, jesse], {"Kid": Action("attack", "Jesse")}, faces)
    assert report["knockouts"][0]["knocked_out"] is True
    assert after.knocked_out


def test_002_an_embarrassing_first_aid_tends_nothing() -> None:
    # 002 Treat: "If successful, this reduces wound modifiers": 1 1 1 7 7 is not a success.
    hurt = Combatant("Jesse", rating=4, wounds=(Wound("Chest", "Serious"),))
    doc = Combatant("Doc", rating=5)
    faces = [2, 2] + [2] * 5 + [60, 40]  # initiative (Jesse 4 - 2 wounds): no hits either
    faces += [1, 1, 1, 7, 7]  # Doc's Medicine
    (jesse, _), report = turn([hurt, doc], {"Doc": Action("treat", "Jesse")}, faces)
    assert report["events"][1]["effect"] == "failed"
    assert jesse.wounds == (Wound("Chest", "Serious"),)


def test_000_a_report_shows_an_embarrassing_roll_counting_no_hits() -> None:
    # The card says what the fight counted: none of 1 1 1 6 6's two successes (rulings R2).
    from rollplay.render.combat import roll_text
    from rollplay.table.events.outcomes import FS3Roll

    rolled = shot(5, 2, [1, 1, 1, 6, 6, 2, 3]).attack_roll.to_dict()
    said = roll_text(FS3Roll.model_validate({**rolled, "expression": "Firearms"}))
    assert said.endswith("1 1 1 6 6 = 0 hits (Embarrassing Failure; its 2 hits count none)")
