"""Issue 14: a line that is not a command gets one line naming the bad part, what is accepted
there and the nearest command, option, ability or character."""

from __future__ import annotations

from typing import Any

import pytest

from rollplay.errors import RollplayError
from rollplay.grammar import GrammarError, parse

KNOWN: dict[str, Any] = {"abilities": ["Firearms", "Melee", "Piloting", "Alertness", "Medicine"],
         "characters": ["Nikos", "Mavros", "Kara Voss", "Bo"]}  # fmt: skip

BAD: list[tuple[str, str, str]] = [
    ("fs3", "rool Firearms", "unknown command 'rool'; did you mean 'roll'?"),
    ("fs3", "shet Nikos", "unknown command 'shet'; did you mean 'sheet'?"),
    ("fs3", "xyzzy", "unknown command 'xyzzy'; accepted: roll, cp, luck, xp, sheet, combat, "
     "heal, log"),
    ("fs3", "l", "command 'l' is ambiguous: it begins luck, log"),
    ("fs3", "roll/privte Firearms", "unknown command 'roll/privte'; did you mean 'roll/private'?"),
    ("fs3", "combat/atack Bo", "unknown command 'combat/atack'; did you mean 'combat/attack'?"),
    ("fs3", "combat/sta", "command 'combat/sta' is ambiguous: it begins combat/start, "
     "combat/stance, combat/status"),
    ("fs3", "luck Nikos", "luck needs a switch: luck/award, luck/spend"),
    ("fs3", "roll/private/secret Firearms", "one switch per command"),
    ("fs3", "roll Nikso/Firearms", "unknown character 'Nikso'; did you mean 'Nikos'?"),
    ("fs3", "sheet Kara Vos", "unknown character 'Kara Vos'; did you mean 'Kara Voss'?"),
    ("fs3", "roll Firearms/cp=1", "cp does not apply to an FS3 roll; it takes mod, situation, "
     "luck, luck-from, luck-cancel"),
    ("fs3", "roll Firearms/luck=jackpot", "unknown luck 'jackpot'; accepted: bonus, reroll, "
     "boost, hinder, hail-mary"),
    ("fs3", "roll Firearms/luck=b", "luck 'b' is ambiguous: it begins bonus, boost"),
    ("fs3", "roll Firearms/luck=bonus,luck=reroll", "luck is given twice; once is accepted"),
    ("fs3", "roll Firearms/lucky=bonus", "unknown roll option 'lucky'; did you mean 'luck'?"),
    ("fs3", "roll Firearms++2", "bad roll string 'Firearms++2': expected a name or a number"),
    ("fs3", "roll", "roll what?"),
    ("fs3", "roll Firearms vs", "'vs' goes between two rolls: A vs B"),
    ("fs3", "roll Firearms vs Melee", "after 'vs', name the other roller: NAME/ABILITY"),
    ("fs3", "roll 5 vs Nikos/Melee", "an NPC in a contest needs a name: NAME/5"),
    ("fs3", "roll Nikos/Firearms vs Mavros/Melee with Kara Voss/Alertness",
     "one 'vs' or one 'with' per roll"),
    ("fs3", "roll 5 with Mavros/Alertness", "teamwork is led by a character's roll"),
    ("fs3", "roll Piloting with Mavros/Alertness/luck=bonus", "an assister is NAME/ABILITY, "
     "without options"),
    ("fs3", "roll Nikos/Firearms/x/y", "too many '/'"),
    ("fs3", "roll Nikos/Firearms/Melee", "'Melee' is not an option list"),
    ("gurps", "roll Nikos/Brawling vs Bo/Brawling", "GURPS rolls are success rolls (001 has no "
     "contests)"),
    ("gurps", "roll Stealth/cp=1", "cp does not apply to a GURPS roll; it takes mod, difficulty, "
     "defense, sense"),
    ("gurps", "roll 12/sense", "a Sense roll is a character's"),
    ("gurps", "roll ?-2", "bad roll '?-2': write an ability with modifiers, like Stealth-2"),
    ("gurps", "combat/attack Bo", "combat/attack is FS3's (002 Combat, 004); this is a GURPS game"),
    ("gurps", "luck/spend", "luck/spend is FS3's (002 Luck); this is a GURPS game"),
    ("d6", "xp/award Kara=1", "xp/award is FS3's (002 Experience); this is a D6 game"),
    ("d6", "roll Kara/Search with Bo/Search", "teamwork (roll A with B) is FS3's (000)"),
    ("fs3", "cp/after 1=1", "cp/after is D6's (003 Character Points); this is an FS3 game"),
    ("d6", "roll 12", "bad die code '12': a D6 roll without a sheet is a code like 4D or 4D+2"),
    ("d6", "roll Search vs 15/cp=1", "options go after the roll they belong to"),
    ("d6", "roll Search/difficulty=10 vs 15", "two difficulties"),
    ("d6", "roll Kara/Dodge vs Thug/Brawling/attack", "attack: for the first roll of a contest"),
    ("d6", "roll Search/unskilled=abc", "unskilled must be a whole number, not 'abc'"),
    ("d6", "roll Search/fate=yes", "fate takes no value: write fate alone"),
    ("d6", "roll Search/cp", "cp needs a value: cp=..."),
    ("d6", "roll Search/cp=lots", "cp must be a whole number, not 'lots'"),
    ("d6", "roll Search/c=1", "roll option 'c' is ambiguous: it begins cp, carry"),
    ("d6", "roll Search/actions=0", "actions 0: at least 1"),
    ("d6", "roll Search/luck=bonus", "luck does not apply to a D6 roll"),
    ("d6", "roll Search vs 4D+1", "after 'vs', name the other roller: NAME/ABILITY or a "
     "difficulty"),
    ("d6", "cp/after 12", "cp/after LOG_ID=N"),
    ("d6", "cp/after 0=1", "a log id 0: at least 1"),
    ("d6", "cp/after 12=101", "Character Points 101: at most 100"),
    ("fs3", "x" * 1001, "the line is 1,001 characters long; a command is at most 1,000"),
    ("fs3", "roll " + "F" * 201, "what to roll is 201 characters long; at most 200"),
    ("fs3", "roll Firearms\nroll Melee", "one command per line"),
    ("fs3", "roll Fire\x00arms", "control character (U+0000)"),
    ("fs3", "   ", "an empty line"),
    ("fs3", "roll " + "N" * 101 + "/Firearms", "the roller's name 'NNNN"),
    ("fs3", "combat/reload Bo=Lee", "combat/reload takes no target: combat/reload [WHO]"),
    ("fs3", "combat/aim", "combat/aim [WHO=]TARGET: the target is missing"),
    ("fs3", "combat/attack Bo/luck-on=Lee", "luck-spend and luck-on go with luck=ROLL"),
    ("fs3", "combat/attack Bo/near=Lee=far", "bad bystander 'Lee=far'"),
    ("fs3", "combat/attack Bo/bogus=1",
     "unknown combat/attack option 'bogus'; did you mean 'burst'?"),
    ("fs3", "combat/attack Bo/zzz=1",
     "unknown combat/attack option 'zzz'; accepted: called, range"),
    ("fs3", "combat/attack Bo/", "combat/attack: options are missing after '/'"),
    ("fs3", "combat/attack Bo/luck=everything", "unknown luck 'everything'; accepted: attack"),
    ("fs3", "combat/reload/burst", "one switch per command"),
    ("fs3", "combat/reload /burst", "burst fire needs a target"),
    ("fs3", "combat/start", "combat/start NAME: name the combat"),
    ("fs3", "combat/move 1", "combat/move [WHO=]WOUND/LOCATION: which wound"),
    ("fs3", "combat/move x/Chest", "the wound (1: the first taken) must be a whole number"),
    ("fs3", "combat/join /npc=0", "npc 0: at least 1"),
    ("fs3", "combat/join /team=", "team needs a value: team=..."),
    ("fs3", "combat/join team=B", "options go after a slash"),
    ("fs3", "combat/orders", "no orders given: combat/orders NPC=ACTION [TARGET], ..., like "
     "combat/orders Raider=attack Nikos, Thug=reload"),
    ("fs3", "combat/orders Raider attack Bo", "'Raider attack Bo' is not an order: combat/orders "
     "NPC=ACTION [TARGET]"),
    ("fs3", "combat/orders Raider=shoot Bo", "Raider: unknown action 'shoot'; accepted: attack, "
     "aim, suppress, reload, subdue, escape, rally, treat, pass"),
    ("fs3", "combat/orders Raider=a Bo", "Raider: action 'a' is ambiguous: it begins attack, aim"),
    ("fs3", "combat/orders Raider=attack", "Raider=attack: attack needs a target"),
    ("fs3", "combat/orders Thug=reload Bo", "Thug=reload Bo: reload takes no target"),
    ("fs3", "combat/orders Thug=pass, thug=reload", "thug is given two orders: one each"),
    ("fs3", "combat/orders Thug=pass,,Raider=pass", "an empty order between commas"),
    ("fs3", "combat/orders Thug=pass/team=B", "unknown combat/orders option 'team'"),
    ("fs3", "heal/day 1/doctor=Nikos", "bad doctor 'Nikos': write PATIENT=DOCTOR"),
    ("fs3", "heal/day 1/repair=Viper", "bad repair 'Viper': write COMBAT:VEHICLE=MECHANIC"),
    ("fs3", "heal/day 0", "the day 0: at least 1"),
    ("fs3", "heal/day 1/", "heal/day: options are missing after '/'"),
    ("fs3", "luck/award", "luck/award NAME[=N][/REASON]: say who gets the luck"),
    ("fs3", "luck/award Nikos=none", "a luck award must be a whole number, not 'none'"),
    ("fs3", "xp/award Nikos", "xp/award NAME=N[/REASON]: say who and how much"),
    ("fs3", "xp/award Nikos=lots", "an XP award is a number in whole or half points"),
    ("fs3", "xp/award Nikos=nan", "an XP award is a number in whole or half points"),
    ("fs3", "xp/raise Firearms/grand", "unknown kind of skill 'grand'; accepted: action"),
    ("fs3", "xp/raise", "xp/raise [NAME=]SKILL[/KIND[,attribute=A]]: say which skill"),
    ("fs3", "sheet/set Nikos", "sheet/set NAME=KEY.PATH=VALUE"),
    ("fs3", 'sheet/set Nikos=concept="open', "bad changes 'concept=\"open'"),
    ("fs3", "sheet/set Nikos=a..b=1", "bad key 'a..b': names joined by dots"),
    ("fs3", "sheet/set Nikos=Firearms", "bad change 'Firearms': write KEY=VALUE"),
    ("fs3", "sheet/set Nikos=a=1 a.b=2", "'a.b' sets inside 'a', which is also set to a value"),
    ("fs3", "sheet/approve", "sheet/approve NAME: say whose sheet"),
    ("fs3", "log Nikos 9999999999", "the log's limit (0: all) 9999999999: at most 1000000000"),
]  # fmt: skip


@pytest.mark.parametrize(("system", "line", "message"), BAD, ids=[b[1][:40] for b in BAD])
def test_a_bad_line_says_what_is_wrong(system: str, line: str, message: str) -> None:
    with pytest.raises(GrammarError) as caught:
        parse(line, system=system, **KNOWN if system == "fs3" else {})
    said = str(caught.value)
    assert message in said, said
    assert "\n" not in said
    assert len(said) < 300


def test_a_grammar_error_is_a_rollplay_error_with_its_part_and_suggestions() -> None:
    with pytest.raises(GrammarError) as caught:
        parse("roll Nikso/Firearms", system="fs3", **KNOWN)
    error = caught.value
    assert isinstance(error, RollplayError)
    assert isinstance(error, ValueError)
    assert error.part == "Nikso"
    assert error.suggestions == ("Nikos",)


def test_an_unknown_system_is_refused() -> None:
    with pytest.raises(GrammarError, match="unknown system 'dnd'; accepted: fs3, gurps, d6"):
        parse("roll 5", system="dnd")


def test_a_name_that_is_not_text_is_refused() -> None:
    with pytest.raises(GrammarError, match="a command is a line of text"):
        parse(5, system="fs3")  # type: ignore[arg-type]
