"""Issue 14: every command of the table as a line, in each system, and the command it makes."""

from __future__ import annotations

from typing import Any, get_args

import pytest

from rollplay.grammar import GrammarError, parse, to_line
from rollplay.table.commands import (
    AnswerRequest,
    Approve,
    AwardLuck,
    AwardTable,
    AwardXP,
    CancelRequest,
    CombatAction,
    CombatJoin,
    CombatLeave,
    CombatMoveWound,
    CombatOrders,
    CombatRecover,
    CombatStance,
    CombatStart,
    CombatStatus,
    CombatStop,
    CombatTurn,
    Command,
    HealDay,
    Help,
    NpcOrder,
    NpcRoll,
    Opposed,
    PointsAfter,
    Pose,
    PoseDelete,
    PoseEdit,
    RaiseSkill,
    RequestRoll,
    Reveal,
    Roll,
    SceneInvite,
    SceneJoin,
    SceneOrder,
    ScenePause,
    SceneResume,
    SceneSet,
    SceneStart,
    SceneStop,
    SendBack,
    SetSheet,
    ShowLog,
    ShowSheet,
    Side,
    SpendLuck,
    Teamwork,
)
from rollplay.table.systems import Request as R


def me(expression: str, **options: Any) -> Side:
    """The actor's own character rolls."""
    return Side(None, R(expression, **options))


def of(who: str, expression: str, **options: Any) -> Side:
    return Side(who, R(expression, **options))


FS3: list[tuple[str, Command]] = [
    ("roll Firearms+Reflexes-1", Roll(None, me("Firearms+Reflexes-1"))),
    ("roll Nikos/Piloting", Roll(None, of("Nikos", "Piloting"))),
    ("roll/private Nikos/Piloting", Roll(None, of("Nikos", "Piloting"), "private")),
    ("roll/secret Alertness+Wits", Roll(None, me("Alertness+Wits"), "secret")),
    ("+roll Firearms", Roll(None, me("Firearms"))),
    ("  + roll 5 ", NpcRoll(None, R("5"))),
    ("ROLL/PRIV firearms", Roll(None, me("firearms"), "private")),
    ("r Kara  Voss / Medicine + Wits", Roll(None, of("Kara Voss", "Medicine + Wits"))),
    ("roll Nikos/Dealing with Bureaucrats", Roll(None, of("Nikos", "Dealing with Bureaucrats"))),
    ("roll Firearms/luck=bonus", Roll(None, me("Firearms", luck="bonus"))),
    ("roll Firearms/luck=re", Roll(None, me("Firearms", luck="reroll"))),
    ("roll Firearms/luck=hail", Roll(None, me("Firearms", luck="hail-mary"))),
    ("roll Starbuck/Firearms/luck=hinder,luck-from=Nikos,luck-cancel",
     Roll(None, of("Starbuck", "Firearms", luck="hinder", luck_from="Nikos", luck_cancel=True))),
    ("roll Medicine/sit=taking-time,situation=defaulting,mod=-1 in the dark",
     Roll(None, me("Medicine", situations=("taking-time", "defaulting"),
                   mods=("-1 in the dark",)))),
    ("roll 5", NpcRoll(None, R("5"))),
    ("roll Raider/4", NpcRoll(None, R("4"), "Raider")),
    ("roll/secret Raider/4+1", NpcRoll(None, R("4+1"), "Raider", "secret")),
    ("roll Nikos/Firearms vs Mavros/Melee",
     Opposed(None, of("Nikos", "Firearms"), of("Mavros", "Melee"))),
    ("roll Firearms vs. Mavros/Melee", Opposed(None, me("Firearms"), of("Mavros", "Melee"))),
    ("roll/private Nikos/Firearms/luck=bonus VS Mavros/Melee/mod=-1",
     Opposed(None, of("Nikos", "Firearms", luck="bonus"), of("Mavros", "Melee", mods=("-1",)),
             "private")),
    ("roll Nikos/Firearms vs Raider/5", Opposed(None, of("Nikos", "Firearms"), of("Raider", "5"))),
    ("roll Nikos/Piloting with Mavros/Athletics, Bo/Alertness",
     Teamwork(None, of("Nikos", "Piloting"), (of("Mavros", "Athletics"), of("Bo", "Alertness")))),
    ("roll/secret Piloting+2 with Mavros/Athletics",
     Teamwork(None, me("Piloting+2"), (of("Mavros", "Athletics"),), "secret")),
    ("luck/spend", SpendLuck(None)),
    ("luck/spend to cancel the hinder", SpendLuck(None, None, "to cancel the hinder")),
    ("luck/spend Nikos=cancel", SpendLuck(None, "Nikos", "cancel")),
    ("luck/award Nikos", AwardLuck(None, "Nikos")),
    ("luck/award Nikos=2/a great scene", AwardLuck(None, "Nikos", 2, "a great scene")),
    ("luck/a Kara Voss/for the rescue", AwardLuck(None, "Kara Voss", 1, "for the rescue")),
    ("xp/award Nikos=2.5/the raid", AwardXP(None, "Nikos", 2.5, "the raid")),
    ("xp/award Nikos=3", AwardXP(None, "Nikos", 3.0)),
    ("luck/award *=2/the raid", AwardTable(None, "luck", 2, "the raid")),
    ("xp/award *=1.5", AwardTable(None, "xp", 1.5)),
    ("xp/raise Firearms", RaiseSkill(None, None, "Firearms")),
    ("xp/raise Nikos=Poker/background", RaiseSkill(None, "Nikos", "Poker", "background")),
    ("xp/r Nikos=Spanish/lang", RaiseSkill(None, "Nikos", "Spanish", "language")),
    ("sheet", ShowSheet(None)),
    ("sheet Nikos", ShowSheet(None, "Nikos")),
    ("sheet/approve Nikos", Approve(None, "Nikos")),
    ("sheet/sendback Nikos=Too high, a rookie", SendBack(None, "Nikos", "Too high, a rookie")),
    ('sheet/set Nikos=action.Firearms=4 concept="A Viper pilot" quirks="[Brave, Loud]"',
     SetSheet(None, "Nikos", {"action": {"Firearms": 4}, "concept": "A Viper pilot",
                              "quirks": ["Brave", "Loud"]})),
    ("sheet/set Nikos=background.Poker=null",
     SetSheet(None, "Nikos", {"background": {"Poker": None}})),
    ("log", ShowLog(None)),
    ("log 5", ShowLog(None, None, 5)),
    ("log Kara Voss", ShowLog(None, "Kara Voss")),
    ("log Kara Voss 0", ShowLog(None, "Kara Voss", 0)),
    ("help", Help(None)),
    ("help lo", Help(None, "log")),
    ("combat", CombatStatus(None, None)),
    ("combat/status Ambush", CombatStatus(None, "Ambush")),
    ("combat/start Ambush at the Docks", CombatStart(None, "Ambush at the Docks")),
    ("combat/join", CombatJoin(None, None, None)),
    ("combat/join /team=B", CombatJoin(None, None, None, team="B")),
    ("combat/join Raider 1/npc=5,team=B,weapon=Rifle,armor=Flak Vest,type=Viper,"
     "crew=Apollo,crew=Starbuck,combat=Ambush",
     CombatJoin(None, "Ambush", "Raider 1", "B", 5, "Rifle", "Flak Vest", "Viper",
                ("Apollo", "Starbuck"))),
    ("combat/leave", CombatLeave(None, None, None)),
    ("combat/leave Raider 1/combat=Ambush", CombatLeave(None, "Ambush", "Raider 1")),
    ("combat/stance Cover", CombatStance(None, None, None, "Cover")),
    ("combat/stance Raider 1=Banzai", CombatStance(None, None, "Raider 1", "Banzai")),
    ("combat/attack Bo/called=Head,burst",
     CombatAction(None, None, None, "attack", "Bo", called="Head", burst=("Bo",))),
    ("combat/attack Bo/burst=Lee,burst=Raider",
     CombatAction(None, None, None, "attack", "Bo", burst=("Bo", "Lee", "Raider"))),
    ("combat/attack Raider 1=Bo/range=long,luck=attack,luck-spend=reroll,stance=Banzai",
     CombatAction(None, None, "Raider 1", "attack", "Bo", range="long", luck="attack",
                  luck_spend="reroll", stance="Banzai")),
    ("combat/attack Bo/luck=def,luck-spend=hinder,luck-on=Lee",
     CombatAction(None, None, None, "attack", "Bo", luck="defense", luck_spend="hinder",
                  luck_on="Lee")),
    ("combat/attack Bo/draw=Grenade,near=Lee,near=Raider=5",
     CombatAction(None, None, None, "attack", "Bo", weapon="Grenade", near=("Lee", "Raider=5"))),
    ("combat/aim Bo", CombatAction(None, None, None, "aim", "Bo")),
    ("combat/suppress Raider 1=Bo", CombatAction(None, None, "Raider 1", "suppress", "Bo")),
    ("combat/reload", CombatAction(None, None, None, "reload")),
    ("combat/subdue Bo/combat=Ambush", CombatAction(None, "Ambush", None, "subdue", "Bo")),
    ("combat/escape Bo", CombatAction(None, None, "Bo", "escape")),
    ("combat/rally Bo", CombatAction(None, None, None, "rally", "Bo")),
    ("combat/treat Bo", CombatAction(None, None, None, "treat", "Bo")),
    ("combat/pass", CombatAction(None, None, None, "pass")),
    ("combat/pass Raider 1/combat=Ambush", CombatAction(None, "Ambush", "Raider 1", "pass")),
    ("comb/att Bo", CombatAction(None, None, None, "attack", "Bo")),
    ("combat/newturn", CombatTurn(None, None)),
    ("combat/new Ambush", CombatTurn(None, "Ambush")),
    ("combat/stop Ambush", CombatStop(None, "Ambush")),
    ("combat/move 1/Left Arm", CombatMoveWound(None, None, None, 1, "Left Arm")),
    ("combat/move Nikos=2/Chest/combat=Ambush",
     CombatMoveWound(None, "Ambush", "Nikos", 2, "Chest")),
    ("combat/recover", CombatRecover(None, None, None)),
    ("combat/hero Nikos", CombatRecover(None, None, "Nikos")),
    ("combat/orders Raider 1=attack Kara Voss, Thug=reload",
     CombatOrders(None, None, (NpcOrder("Raider 1", "attack", "Kara Voss"),
                               NpcOrder("Thug", "reload")))),
    ("combat/ord Thug=SUP Bo/combat=Ambush",
     CombatOrders(None, "Ambush", (NpcOrder("Thug", "suppress", "Bo"),))),
    ("heal/day", HealDay(None)),
    ("heal/day 3/doctor=Nikos=Mavros,hospital=Bo,repair=Ambush:Viper 1=Chief Tyrol",
     HealDay(None, 3, {"Nikos": "Mavros"}, ("Bo",), (("Ambush", "Viper 1", "Chief Tyrol"),))),
]  # fmt: skip

GURPS: list[tuple[str, Command]] = [
    ("roll Stealth-2", Roll(None, me("Stealth", mods=("-2",)))),
    ("roll/secret Stealth-2", Roll(None, me("Stealth", mods=("-2",)), "secret")),
    ("roll Fast-Draw (Pistol)+1-3",
     Roll(None, me("Fast-Draw (Pistol)", mods=("+1", "-3")))),
    ("roll Vance/Lockpicking/difficulty=hard,mod=-5 working by touch",
     Roll(None, of("Vance", "Lockpicking", difficulty="hard", mods=("-5 working by touch",)))),
    ("roll Vance/Lockpicking-1/diff=-3",
     Roll(None, of("Vance", "Lockpicking", mods=("-1",), difficulty="-3"))),
    ("roll Vance/Dodge/defense", Roll(None, of("Vance", "Dodge", defense=True))),
    ("roll Vance/Perception/sense", Roll(None, of("Vance", "Perception", sense=True), "secret")),
    ("roll/private Vance/Perception/sense",
     Roll(None, of("Vance", "Perception", sense=True), "secret")),
    ("roll 12", NpcRoll(None, R("12"))),
    ("roll Guard/14-3", NpcRoll(None, R("14", mods=("-3",)), "Guard")),
    ("sheet Vance", ShowSheet(None, "Vance")),
    ("log Vance 10", ShowLog(None, "Vance", 10)),
]  # fmt: skip

D6: list[tuple[str, Command]] = [
    ("roll 4D+2 vs 15", NpcRoll(None, R("4D+2", difficulty="15"))),
    ("roll 4D", NpcRoll(None, R("4D"))),
    ("roll 4d+2+1d-1", NpcRoll(None, R("4D+2", mods=("+1D", "-1")))),
    ("roll Thug/3D+1 vs moderate", NpcRoll(None, R("3D+1", difficulty="moderate"), "Thug")),
    ("roll Search vs 15", Roll(None, me("Search", difficulty="15"))),
    ("roll Kara Voss/Search+1D-2 vs moderate=13",
     Roll(None, of("Kara Voss", "Search", mods=("+1D", "-2"), difficulty="moderate=13"))),
    ("roll Kara Voss/Search/cp=2,fate,gm-allows-both,prepare=1,rush=25,related=19:15,carry=5,"
     "second-chance=3,actions=2,wild-one=cancel,bonus=+1D vs very difficult",
     Roll(None, of("Kara Voss", "Search", cp=2, fate=True, gm_allows_both=True, prepare=1,
                   rush="25", related=("19:15",), carry=5, second_chance=3, actions=2,
                   wild_one="cancel", bonuses=("+1D",), difficulty="very difficult"))),
    ("roll Kara/Climbing/unskilled,attribute=Strength vs easy",
     Roll(None, of("Kara", "Climbing", unskilled=True, attribute="Strength", difficulty="easy"))),
    ("roll Kara/Climbing/unsk=2 vs easy",
     Roll(None, of("Kara", "Climbing", unskilled=2, difficulty="easy"))),
    ("roll Kara/Brawling/attack vs 10",
     Roll(None, of("Kara", "Brawling", attack=True, difficulty="10"))),
    ("roll Kara/Strength/damage-from=7", Roll(None, of("Kara", "Strength", damage_from=7))),
    ("roll/private Kara/Dodge/cp=1 vs Thug/Brawling/cp=2,fate",
     Opposed(None, of("Kara", "Dodge", cp=1), of("Thug", "Brawling", cp=2, fate=True), "private")),
    ("roll Kara/Dodge vs Thug/4D+1", Opposed(None, of("Kara", "Dodge"), of("Thug", "4D+1"))),
    ("cp/after 12=2", PointsAfter(None, 12, 2)),
    ("cp/a #12=1", PointsAfter(None, 12, 1)),
    ("sheet/set Kara=skills.Search=5D", SetSheet(None, "Kara", {"skills": {"Search": "5D"}})),
]  # fmt: skip

# Scenes (issue 30): the same in every system.
SCENES: list[tuple[str, Command]] = [
    ("pose leans in.", Pose(None, "leans in.")),
    (":leans in.", Pose(None, "leans in.")),
    (";'s hand shakes.", Pose(None, "'s hand shakes.", "semipose")),
    ('say Not here.\nNot now.', Pose(None, "Not here.\nNot now.", "say")),
    ('"Not here.', Pose(None, "Not here.", "say")),
    ("emit Rain falls.", Pose(None, "Rain falls.", "emit")),
    ("\\\\Rain falls.", Pose(None, "Rain falls.", "emit")),
    ("ooc brb", Pose(None, "brb", "ooc")),
    ("pose/as Inspector Vance=checks the papers.",
     Pose(None, "checks the papers.", "pose", "Inspector Vance")),
    ("scene/start Docks=A rainy night", SceneStart(None, "Docks", "A rainy night")),
    ("scene/private Hangar", SceneStart(None, "Hangar", "", private=True)),
    ("scene/join 2", SceneJoin(None, 2)),
    ("scene/join", SceneJoin(None)),
    ("scene/pause", ScenePause(None)),
    ("scene/resume 1", SceneResume(None, 1)),
    ("scene/stop 3", SceneStop(None, 3)),
    ("scene/invite Otto", SceneInvite(None, "Otto")),
    # Requests, edits and reveals (issue 30, stage 2).
    ("request Nikos Piloting+1", RequestRoll(None, of("Nikos", "Piloting+1"))),
    ("request/secret Nikos/Alertness", RequestRoll(None, of("Nikos", "Alertness"), True)),
    ("request/cancel 4", CancelRequest(None, 4)),
    ("answer 4", AnswerRequest(None, 4)),
    ("reveal 9", Reveal(None, 9)),
    ("pose/edit 3=leans out.\nAnd waits.", PoseEdit(None, 3, "leans out.\nAnd waits.")),
    ("pose/delete 3", PoseDelete(None, 3)),
    ("scene/order round-robin", SceneOrder(None, "round-robin")),
    ("scene/set location=The docks, pier 9", SceneSet(None, location="The docks, pier 9")),
    ("scene/set 2 type=action", SceneSet(None, kind="action", number=2)),
    ("scene/set 2 type=plot location=The lighthouse",
     SceneSet(None, location="The lighthouse", kind="plot", number=2)),
    ("scene/order free 2", SceneOrder(None, "free", 2)),
]  # fmt: skip

TABLE = [("fs3", line, cmd) for line, cmd in FS3] + [("gurps", line, cmd) for line, cmd in GURPS]
TABLE += [("d6", line, cmd) for line, cmd in D6]
TABLE += [("fs3", line, cmd) for line, cmd in SCENES]


@pytest.mark.parametrize(("system", "line", "expected"), TABLE, ids=[t[1] for t in TABLE])
def test_a_line_makes_its_command(system: str, line: str, expected: Command) -> None:
    assert parse(line, system=system) == expected


@pytest.mark.parametrize(("system", "line", "expected"), TABLE, ids=[t[1] for t in TABLE])
def test_every_command_is_written_back_as_a_line(system: str, line: str, expected: Command) -> None:
    written = to_line(expected, system=system)
    assert parse(written, system=system) == expected


def test_the_table_covers_every_command() -> None:
    made = {type(cmd) for _, _, cmd in TABLE}
    assert made == set(get_args(Command))


def test_the_game_is_filled_in() -> None:
    assert parse("roll 5", system="fs3", game="Pegasus").game == "Pegasus"
    assert parse("combat/attack Bo", system="fs3", game="Pegasus").game == "Pegasus"


def test_lines_are_written_as_players_write_them() -> None:
    """Modifiers after the skill, a D6 difficulty after 'vs', options in the line's order."""
    for system, line in [("gurps", "roll/secret Stealth-2"), ("d6", "roll 4D+2 vs 15"),
                         ("d6", "roll Kara/Search+1D vs moderate"), ("fs3", "roll 5"),
                         ("fs3", "combat/attack Bo/called=Head,burst"),
                         ("fs3", "luck/award Nikos=2/a great scene"),
                         ("d6", "roll 4D/mod=+2")]:  # fmt: skip
        assert to_line(parse(line, system=system), system=system) == line


def test_a_known_name_or_ability_passes_and_npcs_are_free() -> None:
    known: dict[str, Any] = {"abilities": ["Firearms", "Melee"], "characters": ["Nikos", "Mavros"]}
    assert parse("roll nikos/firearms vs Mavros/MELEE", system="fs3", **known)
    assert parse("roll Raider/5", system="fs3", **known) == NpcRoll(None, R("5"), "Raider")
    assert parse("combat/attack Raider=Bo", system="fs3", **known)


def test_000_an_fs3_roll_may_name_a_skill_no_sheet_lists() -> None:
    # 000 Untrained Rolls: "a skill not listed on your character sheet" rolls at Everyman, so
    # the line passes and the roll says it is unlisted (rulings R7); GURPS and D6 still refuse
    # a name no sheet has, with the nearest.
    known: dict[str, Any] = {"abilities": ["Firearms", "Stealth"], "characters": ["Nikos"]}
    assert parse("roll Nikos/Cooking+Wits", system="fs3", **known) == Roll(
        None, Side("Nikos", R("Cooking+Wits")))  # fmt: skip
    with pytest.raises(GrammarError, match="unknown ability 'Stelth'; did you mean 'Stealth'"):
        parse("roll Nikos/Stelth", system="gurps", **known)


def test_house_ruled_combat_actions() -> None:
    cmd = parse("combat/taunt Bo", system="fs3", combat_actions=("attack", "taunt"))
    assert cmd == CombatAction(None, None, "Bo", "taunt")
