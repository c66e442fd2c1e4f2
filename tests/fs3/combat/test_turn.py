"""A combat turn: initiative, actions in order, knockouts after everything (002, 004)."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pytest

from rollplay.dice import ScriptedDice
from rollplay.errors import RollplayError, RuleError
from rollplay.systems.fs3.combat.gear import CombatRules
from rollplay.systems.fs3.combat.turn import Action, Combatant, resolve_turn
from rollplay.systems.fs3.presets import FS3_3

RULES = CombatRules()
KID = Combatant("Kid", team="A", rating=4, weapon="Pistol")
JESSE = Combatant("Jesse", team="B", rating=4, weapon="Pistol")


def turn(combatants: list[Combatant], actions: dict[str, Action], faces: list[int],
         number: int = 1) -> tuple[list[Combatant], dict[str, Any]]:  # fmt: skip
    dice = ScriptedDice(faces)
    after, report = resolve_turn(number, combatants, actions, rules=RULES, fs3=FS3_3, dice=dice)
    dice.check_all_used()
    return after, report.to_dict()


def brief(knockouts: list[dict[str, Any]]) -> list[dict[str, Any]]:
    keys = ("name", "dice", "modifier", "knocked_out")
    return [{k: entry[k] for k in keys} for entry in knockouts]


def test_kid_and_jesse() -> None:
    # 002 Order of Actions: Kid wins initiative and shoots Jesse; Jesse shoots back with
    # Kid's wound on him; after all actions, Jesse's knockout roll takes him out.
    faces = [8, 7, 6, 1, 2, 2, 2, 2]  # initiative: Kid 3 hits, Jesse 0
    faces += [8, 8, 8, 1, 1, 1, 1, 1, 6, 5, 90]  # Kid: 3 vs 0 hits, 11+3 Chest, damage 90
    faces += [8, 1, 1, 1, 1, 4, 4, 20]  # Jesse: 1 die (4-1-4), 1 vs 0, 8+1 Abdomen, 20
    faces += [3]  # Jesse's knockout: toughness 4 - 4 -> 1 die, no hits
    both = {"Kid": Action("attack", "Jesse"), "Jesse": Action("attack", "Kid")}
    (kid, jesse), report = turn([KID, JESSE], both, faces)
    assert [i["name"] for i in report["initiative"]] == ["Kid", "Jesse"]
    first, second = report["events"]
    assert (first["location"], first["damage"], first["wound"]["severity"]) == (
        "Chest", 90 + 15, "Critical",
    )  # fmt: skip
    assert second["pools"][0] == 4 - 1 - 4  # suppressed once, Critical wound -4
    assert (second["location"], second["wound"]["severity"]) == ("Abdomen", "Light")
    assert brief(report["knockouts"]) == [
        {"name": "Jesse", "dice": [3], "modifier": -4, "knocked_out": True}
    ]
    assert jesse.knocked_out
    assert not kid.knocked_out  # a Light wound: modifier 0, no knockout roll
    assert (kid.ammo, jesse.ammo) == (11, 11)
    assert (kid.suppression, jesse.suppression) == (0, 0)  # 1 each, less 2, not below 0
    with pytest.raises(RuleError, match="knocked out"):
        turn([kid, jesse], {"Jesse": Action("attack", "Kid")}, [], number=2)


def test_stances_aim_and_melee_modifiers() -> None:
    a = replace(KID, stance="Banzai", aim_target="Jesse")
    b = replace(JESSE, stance="Evade")
    faces = [1, 1, 1, 1, 1, 1, 1, 1, 60, 40]  # no initiative hits; Kid first on the tiebreak
    faces += [1] * (4 + 3 + 3) + [1] * (4 + 3)  # Kid: 10 dice, a miss; Jesse defends with 7
    (_, _), report = turn([a, b], {"Kid": Action("attack", "Jesse")}, faces)
    pools = report["events"][0]["pools"]
    assert pools == [4 + 3 + 3, 4 + 3]  # Banzai +3 and aim +3 to attack; Evade +3 to defense


def test_melee_and_subdue() -> None:
    a = replace(KID, weapon="Knife")
    b = replace(JESSE, weapon="Unarmed")
    faces = [1] * 8 + [60, 40]  # initiative
    faces += [8, 8] + [2] * 5 + [1] * 7  # 7 dice (4+3) vs 7 (4+3 defending with melee)
    (_, jesse), report = turn([a, b], {"Kid": Action("subdue", "Jesse")}, faces)
    event = report["events"][0]
    assert event["pools"] == [7, 7]
    assert event["effect"] == "subdued"
    assert jesse.subdued_by == "Kid"
    assert jesse.wounds == ()
    with pytest.raises(RuleError, match="subdued by Kid"):
        turn([a, jesse], {"Jesse": Action("attack", "Kid")}, [])


def test_suppress_reload_and_errors() -> None:
    empty = replace(KID, ammo=0)
    with pytest.raises(RuleError, match="empty: reload first"):
        turn([empty, JESSE], {"Kid": Action("attack", "Jesse")}, [])
    faces = [1] * 8 + [60, 40]
    (kid, jesse), report = turn(
        [empty, JESSE], {"Kid": Action("reload"), "Jesse": Action("suppress", "Kid")}, faces
    )
    assert kid.ammo == 12
    assert jesse.ammo == 11
    assert kid.suppression == 0  # 2 points, less 2 at the end of the turn
    assert (report["events"][1]["effect"], report["events"][1]["suppression"]) == ("suppressed", 2)
    for bad, needle in (
        (Action("dance"), "unknown action"),
        (Action("attack", "Nobody"), "needs a target"),
        (Action("attack", "Kid"), "themself"),
        (Action("aim", "Jesse", stance="Crouch"), "unknown stance"),
    ):
        with pytest.raises(RollplayError, match=needle):
            turn([KID, JESSE], {"Kid": bad}, [])


def test_treat_and_rally_revive() -> None:
    # 002 Treat: a successful Medicine roll tends a wound (it then counts half) and may
    # revive; Rally can bring a knocked-out comrade back.
    from rollplay.systems.fs3.combat.attack import Wound

    hurt = replace(JESSE, team="A", knocked_out=True, wounds=(Wound("Chest", "Critical"),))
    doc = Combatant("Doc", team="A", rating=3)
    # Initiative: Doc 3 dice; Jesse, knocked out, neither rolls nor acts.
    faces = [1] * 3
    faces += [8, 2, 1]  # Doc's Medicine (NPC rating 3): a hit
    (jesse, _), report = turn([hurt, doc], {"Doc": Action("treat", "Jesse")}, faces)
    assert (report["events"][0]["effect"], report["events"][0]["revived"]) == ("treated", True)
    assert jesse.wounds == (Wound("Chest", "Critical", treated=True),)
    assert not jesse.knocked_out
    faces = [1] * 3 + [1, 1, 1]  # a failed rally changes nothing
    (jesse, _), report = turn([hurt, doc], {"Doc": Action("rally", "Jesse")}, faces)
    assert report["events"][0]["effect"] == "failed"
    assert jesse.knocked_out


def test_escape() -> None:
    held = replace(JESSE, subdued_by="Kid", weapon="Unarmed")
    kid = replace(KID, weapon="Knife")
    faces = [1] * 8 + [60, 40]  # initiative: Kid first on the tie-break
    faces += [8, 8, 1, 1, 8, 1, 1, 1]  # Jesse's Melee: 2 hits beat Kid's 1: free
    (_, jesse), report = turn([kid, held], {"Jesse": Action("escape")}, faces)
    assert report["events"][1]["effect"] == "escaped"
    assert jesse.subdued_by is None


def test_combatant_types_aim_at_their_own_center() -> None:
    # A game's combatant types say where a plain attack aims (002 Hit Location).
    rules = replace(RULES, types={"Human": "Chest", "Hound": "Abdomen"})
    hound = Combatant("Rex", team="B", rating=4, kind="Hound")
    faces = [1] * 8 + [60, 40] + [8, 2, 2, 2] + [1, 1, 1, 1] + [5, 5] + [30]
    dice = ScriptedDice(faces)
    _, report = resolve_turn(1, [KID, hound], {"Kid": Action("attack", "Rex")}, rules=rules,
                             fs3=FS3_3, dice=dice)  # fmt: skip
    assert report.events[0]["location"] == "Abdomen"  # 5 + 5 + 1 on the abdomen chart
    with pytest.raises(RollplayError, match="unknown combatant type"):
        rules.center_of_mass("Dragon")


def test_full_auto_over_two_targets() -> None:
    # 004 Burst Fire: a 10-round burst at two targets: one lost, 5 and 4 bullets; recoil 1
    # takes one more die off each bullet after the first.
    gunner = replace(KID, weapon="Assault Rifle")
    other = Combatant("Lee", team="B", rating=4)
    faces = [1] * 12 + [60, 40, 30]  # initiative for three; the gunner first
    for bullet in range(9):
        faces += [1] * max(4 - bullet, 1) + [1] * 4  # every bullet a miss against 4 dice
    _, report = turn([gunner, JESSE, other],
                     {"Kid": Action("attack", burst=("Jesse", "Lee"))}, faces)  # fmt: skip
    event = report["events"][0]
    assert event["rounds"] == 10
    assert [b["defender"] for b in event["bullets"]] == ["Jesse"] * 5 + ["Lee"] * 4
    assert [b["pools"][0] for b in event["bullets"]] == [4, 3, 2, 1, 0, -1, -2, -3, -4]
    with pytest.raises(RuleError, match="fires bursts"):
        turn([KID, JESSE], {"Kid": Action("attack", burst=("Jesse",))}, [])


def test_a_grenade_in_the_tracker_turn() -> None:
    # 004 Explosions: the thrower gets no hits: the target goes to zone 1, a bystander
    # (zone 1 to start) to zone 2; no defender out-rolls the thrower. Grenades throw shrapnel.
    thrower = replace(KID, weapon="Grenade")
    lee = Combatant("Lee", team="B", rating=4)
    faces = [1] * 12 + [60, 40, 30]  # initiative: the thrower first
    faces += [2, 2, 2, 2]  # Athletics (NPC rating 4): no hits (and no Embarrassing Failure)
    # Jesse: defense, zone 1; concussion 30; 1d6 = 2 pieces, each 2d8 = 2, a Miss entry: the
    # first moves up the chart to the right leg, the second past it to the left; 10 each.
    faces += [2, 2, 2, 2, 30, 2, 1, 1, 10, 1, 1, 10]
    # Lee: defense, zone 2; concussion 90; 1d4 = 1 piece: 5 + 5 = 10 Chest, 40.
    faces += [2, 2, 2, 2, 90, 1, 5, 5, 40]
    faces += [8, 2, 2]  # Lee's knockout roll: Moderate + Light = 1.15, rating 4 - 1: stays up
    (_, jesse, lee_after), report = turn(
        [thrower, JESSE, lee], {"Kid": Action("attack", "Jesse", near=("Lee",))}, faces
    )
    caught = report["events"][0]["caught"]
    assert [(v["name"], v["zone"]) for v in caught] == [("Jesse", 1), ("Lee", 2)]
    assert [h["kind"] for h in caught[0]["hits"]] == ["concussion", "shrapnel", "shrapnel"]
    assert [w.location for w in jesse.wounds] == ["Head", "Right_Leg", "Left_Leg"]
    assert caught[0]["hits"][0]["damage"] == 30 + 0 + 0  # zone 1 +0, the grenade's +0
    assert caught[1]["hits"][0]["damage"] == 90 - 25  # zone 2 -25
    assert caught[1]["hits"][1]["location"] == "Chest"
    assert brief(report["knockouts"]) == [
        {"name": "Lee", "dice": [8, 2, 2], "modifier": -1, "knocked_out": False}
    ]
    assert len(lee_after.wounds) == 2
    with pytest.raises(RuleError, match="only by an explosive"):
        turn([KID, JESSE, lee], {"Kid": Action("attack", "Jesse", near=("Lee",))}, [])


def test_a_vehicle_hit_hurts_its_crew() -> None:
    # 004 Crew Hits: a Critical wound to the cockpit, a crew compartment: 50% x 5, at most 90%.
    jeep = Combatant("Jeep", team="B", rating=4, kind="Vehicle", crew=("Driver",))
    driver = Combatant("Driver", team="B", rating=3)
    gunner = replace(KID, weapon="Rifle")
    faces = [1] * 4 + [1] * 4 + [1] * 3 + [60, 50, 40]  # initiative; the gunner first
    faces += [8, 8, 8, 8, 2, 2, 2, 2]  # 4 hits vs 0
    faces += [3, 3, 90]  # 6 + 4 = 10 on the hull chart: Cockpit; damage 90 + 10: Critical
    faces += [20, 1, 5, 5, 30]  # the driver: 20 < 90, hurt; 1d4 = 1 hit: 10 Chest, 30 + 15
    faces += [8]  # the jeep's knockout roll: rating 4 - 4 -> 1 die: a hit, stays up
    (_, _, driver_after), report = turn([gunner, jeep, driver], {"Kid": Action("attack", "Jeep")},
                                        faces)  # fmt: skip
    event = report["events"][0]
    assert event["location"] == "Cockpit"
    assert event["wound"]["severity"] == "Critical"
    assert list(event["crew_hits"]) == ["Driver"]
    assert event["crew_hits"]["Driver"][0]["damage"] == 30 + 0 + 15  # modifier 0, chest +15
    assert driver_after.wounds[0].severity == "Moderate"


def test_002_escape_takes_both_wound_modifiers() -> None:
    # 002 Damage: wound modifiers apply to all ability rolls: the escapee's and the holder's.
    from rollplay.systems.fs3.combat.attack import Wound

    held = replace(JESSE, subdued_by="Kid", weapon="Unarmed", wounds=(Wound("Arm", "Serious"),))
    kid = replace(KID, weapon="Knife", wounds=(Wound("Leg", "Critical"),))
    faces = [1, 1, 1, 60, 40]  # initiative: Kid 4 - 4, one die (R4); Jesse 4 - 2
    faces += [8, 1]  # Jesse's Melee 4 - 2 = 2 dice: 1 hit
    faces += [8]  # Kid's 4 - 4: one die, 1 hit
    (_, jesse), report = turn([kid, held], {"Jesse": Action("escape")}, faces)
    escape = report["events"][1]
    assert escape["roll"]["modifiers"] == [{"reason": "wounds", "value": -2}]
    assert escape["holder_roll"]["modifiers"] == [{"reason": "wounds", "value": -4}]
    assert escape["effect"] == "held"  # 1 hit does not beat 1
    assert jesse.subdued_by == "Kid"
    with pytest.raises(RuleError, match="not held"):
        turn([KID, JESSE], {"Jesse": Action("escape")}, [])


def test_004_treating_a_vehicle_is_jury_rigging_with_the_repair_skill() -> None:
    # 004 Vehicle Healing: "First aid on vehicles ... can be done in the midst of combat
    # using the Treat action", with "a repair skill specified by the Storyteller".
    from rollplay.systems.fs3.combat.attack import Wound

    mech = Combatant("Mech", team="B", ratings={"Repair": 3, "Medicine": 0, "Wits": 2,
                                                "Reflexes": 2})  # fmt: skip
    jeep = Combatant("Jeep", team="B", rating=4, kind="Vehicle", wounds=(Wound("Hull", "Serious"),))
    faces = [1, 1, 1, 1, 1, 60, 40]  # initiative: Mech Everyman 1 + Reflexes 2, the Jeep 4 - 2
    faces += [8, 2, 2, 1, 1]  # Repair 3 + Wits 2
    (_, jeep_after), report = turn([mech, jeep], {"Mech": Action("treat", "Jeep")}, faces)
    event = report["events"][0]
    assert event["ability"] == "Repair"
    assert [p["label"] for p in event["roll"]["parts"]] == ["Repair 3", "Wits 2"]
    assert jeep_after.wounds[0].treated


def test_002_initiative_ties_are_broken_at_random_again_and_again() -> None:
    # 002 Order of Actions: "In case of ties, choose who goes first at random": equal d100s
    # roll again, in listed order, until the tie is broken.
    faces = [1] * 8 + [50, 50] + [30, 30] + [10, 20]
    _, report = turn([KID, JESSE], {}, faces)
    assert [i["name"] for i in report["initiative"]] == ["Jesse", "Kid"]
    assert report["initiative"][0]["tiebreaks"] == [50, 30, 20]


def test_002_only_the_tied_roll_to_break_ties() -> None:
    # "In case of ties, choose who goes first at random": Kid's hit puts him first, so only
    # Jesse and Lee, tied at none, roll a d100 (rulings C20).
    lee = Combatant("Lee", team="B", rating=2)
    faces = [8, 2, 2, 2] + [2] * 4 + [2, 2] + [30, 70]
    _, report = turn([KID, JESSE, lee], {}, faces)
    assert [(i["name"], i["tiebreaks"]) for i in report["initiative"]] == [
        ("Kid", []), ("Lee", [70]), ("Jesse", [30])]  # fmt: skip
    assert report["initiative"][0]["tiebreak"] is None


def test_002_the_knocked_out_roll_no_initiative() -> None:
    # 002 Knockout: a knocked-out combatant is "no longer fighting": no initiative roll, no
    # place in the order; the report still says they did nothing. Jesse alone rolls: no tie.
    out = replace(KID, knocked_out=True)
    (_, _), report = turn([out, JESSE], {}, [2, 2, 2, 2])
    assert [i["name"] for i in report["initiative"]] == ["Jesse"]
    assert report["events"][-1] == {"actor": "Kid", "action": "none", "why": "knocked out"}


def test_002_one_revived_mid_turn_still_makes_a_knockout_roll() -> None:
    # Jesse, knocked out, takes no turn; Doc treats him back into the fight, then Kid shoots
    # him: damaged with a wound modifier of 2, he rolls for knockout after every action.
    from rollplay.systems.fs3.combat.attack import Wound

    jesse = replace(JESSE, team="A", knocked_out=True, wounds=(Wound("Chest", "Critical"),))
    doc = Combatant("Doc", team="A", rating=3)
    kid = replace(KID, team="B")
    faces = [6, 2, 2, 2, 2, 2, 2]  # initiative: Doc 3 dice, a hit; Kid 4, none; Jesse none
    faces += [8, 2, 2]  # Doc treats: the Critical wound is treated (-2), Jesse is back
    faces += [8, 8, 2, 2, 2, 2, 5, 5, 10]  # Kid 2 hits to Jesse's 0: 12 Chest, 10 + 15 Light
    faces += [2, 2]  # Jesse's knockout roll: 4 - 2 dice, no hits
    actions = {"Doc": Action("treat", "Jesse"), "Kid": Action("attack", "Jesse")}
    (jesse_after, _, _), report = turn([jesse, doc, kid], actions, faces)
    assert [k["name"] for k in report["knockouts"]] == ["Jesse"]
    assert jesse_after.knocked_out


def test_a_hold_ends_when_the_holder_is_knocked_out() -> None:
    # Rulings C19: a knocked-out holder holds no one.
    held = replace(JESSE, subdued_by="Kid")
    out = replace(KID, knocked_out=True)
    (_, jesse), _ = turn([out, held], {}, [1] * 4)  # Jesse's initiative alone
    assert jesse.subdued_by is None


def test_refusals_for_the_knocked_out_and_for_rally() -> None:
    out = replace(KID, knocked_out=True)
    with pytest.raises(RuleError, match="cannot act or change stance"):
        turn([out, JESSE], {"Kid": Action("pass", stance="Cover")}, [])
    with pytest.raises(RuleError, match="rally is for those who are"):
        turn([KID, JESSE], {"Kid": Action("rally", "Jesse")}, [])


def test_drawing_a_loaded_weapon_is_not_refused_for_the_empty_one() -> None:
    # 002 Combat Turns: drawing a weapon is a free action with the attack.
    empty = replace(KID, ammo=0)
    faces = [1] * 8 + [60, 40] + [1] * 4 + [1] * 4
    (kid, _), _ = turn([empty, JESSE], {"Kid": Action("attack", "Jesse", weapon="Rifle")}, faces)
    assert (kid.weapon, kid.ammo) == ("Rifle", 29)
