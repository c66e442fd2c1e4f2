"""Games, characters, experience, luck, sheet-aware rolls and the log, on both databases."""

from __future__ import annotations

import csv
import io
import json
from datetime import UTC, datetime, timedelta
from typing import Any

import pytest
import sqlalchemy as sa

from rollplay.dice import ScriptedDice
from rollplay.errors import RollplayError, RuleError
from rollplay.table.answers import (
    D6Rolled,
    FS3OpposedRolled,
    FS3Rolled,
    FS3TeamRolled,
    GurpsRolled,
    Raise,
)
from rollplay.table.events.outcomes import FS3Roll, GurpsRoll, Modifier
from rollplay.table.events.payloads import Spends
from rollplay.table.events.views import HiddenEntry, SeenEntry
from rollplay.table.service import Table, parse_sheet_file
from rollplay.table.store.db import StorageError
from rollplay.table.systems import Request
from tests.table.conftest import GCS, NIKOS, ROOT, needs_fixtures
from tests.typed import dig, of


def fs3_game(table: Table, **rules: Any) -> None:
    table.new_game("Pegasus", "fs3", "3.3", rules or None)
    table.new_character("Pegasus", NIKOS)


def test_games(table: Table) -> None:
    table.new_game("Pegasus", "fs3", "3.2")
    table.new_game("Dungeon", "gurps")
    assert [g.name for g in table.games()] == ["Dungeon", "Pegasus"]
    assert table.game("Pegasus").edition == "3.2"
    with pytest.raises(StorageError, match="already a game"):
        table.new_game("Pegasus", "fs3")
    with pytest.raises(StorageError, match="did you mean Pegasus"):
        table.game("Pegasis")
    with pytest.raises(RollplayError, match="unknown system"):
        table.new_game("X", "dnd")
    with pytest.raises(RollplayError, match="unknown setting"):
        table.new_game("Y", "fs3", rules={"sucess_at": 5})
    assert [g.name for g in table.games()] == ["Dungeon", "Pegasus"]  # nothing half-made


def test_fs3_character_creation(table: Table) -> None:
    fs3_game(table)
    nikos = table.character("Pegasus", "Nikos")
    assert nikos.luck == 1  # 002 Luck: every character begins with 1
    assert nikos.approved is False
    assert nikos.problems == ()
    table.approve("Pegasus", "Nikos")
    assert table.character(None, "nikos").approved is True


def test_chargen_lists_every_problem_at_once(table: Table) -> None:
    limits = {
        "ability_points": 20,
        "max_action_points": 6,
        "high_rating": 5,
        "max_high": 0,
        "min_background": 2,
        "min_quirks": 2,
        "min_attribute": 2,
    }
    table.new_game("Strict", "fs3", "3.3", {"chargen": limits})
    sheet = {**NIKOS, "attributes": {**NIKOS["attributes"], "Grit": 1}}
    table.new_character("Strict", sheet)
    problems = table.check("Strict", "Nikos")
    assert len(problems) == 6
    text = " | ".join(problems)
    for needle in (
        "Grit must be at least 2",
        "ability points spent",
        "points in action skills; at most 6",
        "skills at 5 or more (Piloting)",
        "1 background skills; at least 2",
        "1 quirks; at least 2",
    ):
        assert needle in text
    with pytest.raises(RuleError, match="cannot be approved"):
        table.approve("Strict", "Nikos")


def test_sheets_are_checked_against_the_game(table: Table) -> None:
    table.new_game("Pegasus", "fs3", "3.3")
    with pytest.raises(RollplayError, match="did you mean Firearms"):
        table.new_character("Pegasus", {**NIKOS, "action": {"Firarms": 3}})
    with pytest.raises(RollplayError, match="language"):
        table.new_character("Pegasus", {**NIKOS, "languages": {"Klingon": 1}})
    table.new_character("Pegasus", NIKOS)
    with pytest.raises(StorageError, match="already has a character"):
        table.new_character("Pegasus", NIKOS)


def test_set_merges_and_unapproves(table: Table) -> None:
    fs3_game(table)
    table.approve("Pegasus", "Nikos")
    data = table.set_character("Pegasus", "Nikos", {"action": {"Melee": 2}, "quirks": None})
    assert data.sheet["action"] == {"Firearms": 3, "Piloting": 5, "Melee": 2}
    assert data.sheet["quirks"] == []
    assert data.approved is False


NIKOS_32: dict[str, Any] = {
    **NIKOS,
    "attributes": {"Academic": 2, "Athletic": 2, "Creative": 2, "Reactive": 3, "Social": 2},
    "languages": ["English"],
    "background": {"Singing": {"rating": 2, "attribute": "Creative"}},
}


def test_xp_costs_follow_the_002_table(table: Table) -> None:
    """002 Experience: the action-skill table; background skills half; a language a flat 3."""
    table.new_game("Galactica", "fs3", "3.2")
    table.new_character("Galactica", NIKOS_32)
    table.award_xp("Galactica", "Nikos", 10)
    raised = table.raise_skill("Galactica", "Nikos", "firearms")
    assert raised.raised == Raise.model_validate(
        {"skill": "Firearms", "from": 3, "to": 4, "cost": 4}
    )  # level 3 -> 4: 4 XP
    assert raised.xp == 6
    background = table.raise_skill("Galactica", "Nikos", "Singing", "background")
    assert of(Raise, background.raised).cost == 1  # level 2: 2 XP, halved for background
    new = table.raise_skill("Galactica", "Nikos", "Cooking", "background", attribute="Creative")
    assert new.raised == Raise.model_validate(
        {"skill": "Cooking", "from": 0, "to": 1, "cost": 0.5}
    )  # half points kept
    assert new.xp == 4.5
    language = table.raise_skill("Galactica", "Nikos", "Spanish", "language")
    assert of(Raise, language.raised).cost == 3
    assert language.xp == 1.5
    with pytest.raises(RuleError, match="already speaks Spanish"):
        table.raise_skill("Galactica", "Nikos", "Spanish", "language")
    with pytest.raises(RuleError, match=r"costs 4 XP; Nikos has 1\.5"):
        table.raise_skill("Galactica", "Nikos", "Firearms")
    assert dig(table.character("Galactica", "Nikos").sheet, "action", "Firearms") == 4


def test_fs33_scaled_skills_rise_to_fluent_and_stop(table: Table) -> None:
    """000 rates background and language skills 0-3 (Everyman to Exceptional / Fluent):
    raises follow that scale, cost ``scaled_xp_costs`` (rulings R26) and stop at its top."""
    fs3_game(table)  # Nikos: Singing 2, English 3
    table.award_xp("Pegasus", "Nikos", 20)
    sing = table.raise_skill("Pegasus", "Nikos", "Singing", "background")
    assert sing.raised == Raise.model_validate({"skill": "Singing", "from": 2, "to": 3, "cost": 4})
    with pytest.raises(RuleError, match="highest its scale goes"):
        table.raise_skill("Pegasus", "Nikos", "Singing", "background")
    spanish = [of(Raise, table.raise_skill("Pegasus", "Nikos", "Spanish", "language").raised)
               for _ in range(3)]  # fmt: skip
    assert [(r.before, r.cost) for r in spanish] == [(0, 1), (1, 3), (2, 4)]
    with pytest.raises(RuleError, match="highest its scale goes"):
        table.raise_skill("Pegasus", "Nikos", "English", "language")
    sheet = table.character("Pegasus", "Nikos").sheet
    assert sheet["languages"] == {"English": 3, "Spanish": 3}
    assert dig(sheet, "background", "Singing", "rating") == 3
    assert table.character("Pegasus", "Nikos").xp == 20 - 4 - 1 - 3 - 4


def test_fs33_sheet_keeps_background_and_languages_on_their_scale(table: Table) -> None:
    """000: background and language ratings run 0-3 in 3.3 (rulings R9); 3.2 rates background
    skills 0-12 (002 Skills)."""
    table.new_game("Pegasus", "fs3", "3.3")
    for bad in ({"background": {"Singing": 4}}, {"languages": {"English": 4}}):
        with pytest.raises(RollplayError, match="accepted: 0 to 3"):
            table.new_character("Pegasus", {**NIKOS, **bad})
    table.new_game("Galactica", "fs3", "3.2")
    nine = {"Singing": {"rating": 9, "attribute": "Creative"}}
    table.new_character("Galactica", {**NIKOS_32, "background": nine})


def test_fs33_character_creation_costs_scaled_skills_per_rating(table: Table) -> None:
    """3.3 background and language skills cost 2 points a rating at creation (rulings R26);
    3.2 languages cost 2 points each (002 Character Creation)."""
    table.new_game("Tight", "fs3", "3.3", {"chargen": {"ability_points": 30}})
    table.new_character("Tight", NIKOS)  # attributes 12, action 8, Singing 2 -> 4, English 3 -> 6
    assert table.check("Tight", "Nikos") == []
    table.set_character("Tight", "Nikos", {"languages": {"Spanish": 1}})
    assert table.check("Tight", "Nikos") == [
        "32 ability points spent (attributes 12, action 8, background 4, languages 8); "
        "the game allows 30 (002 Abilities)"
    ]
    table.new_game("Galactica", "fs3", "3.2", {"chargen": {"ability_points": 12 + 8 + 2 + 2}})
    table.new_character("Galactica", NIKOS_32)  # Singing 2 -> 2, one language -> 2
    assert table.check("Galactica", "Nikos") == []


def test_xp_table_is_the_rulesets(table: Table) -> None:
    table.new_game("Cheap", "fs3", "3.3", {"xp_costs": [1] * 12, "language_xp": 1})
    table.new_character("Cheap", NIKOS)
    table.award_xp("Cheap", "Nikos", 2)
    assert of(Raise, table.raise_skill("Cheap", "Nikos", "Piloting").raised).cost == 1


def test_attributes_and_quirks_are_not_bought() -> None:
    from rollplay.systems.fs3.experience import xp_cost
    from rollplay.systems.fs3.presets import preset
    from rollplay.systems.fs3.sheet import sheet_from_mapping

    rules = preset("3.3")
    sheet = sheet_from_mapping(NIKOS, rules, "sheet")
    for kind in ("attribute", "quirk"):
        with pytest.raises(RuleError, match="cannot be raised with XP"):
            xp_cost(sheet, kind, "Brawn", rules)


def test_luck_award_spend_and_roll(table: Table) -> None:
    fs3_game(table)
    r = of(FS3Rolled, table.roll("Pegasus", "Nikos", Request("Firearms", luck="bonus"),
                                 dice=ScriptedDice([1] * 9)))  # fmt: skip
    assert r.pool == 3 + 3 + 3
    assert r.spent == Spends(luck=1)
    with pytest.raises(RuleError, match="luck"):
        table.roll("Pegasus", "Nikos", Request("Firearms", luck="bonus"), dice=ScriptedDice([]))
    assert table.award_luck("Pegasus", "Nikos", 2).luck == 2
    assert table.spend_luck("Pegasus", "Nikos").luck == 1
    assert len(table.log()) == 1  # the refused roll was not logged


def test_000_a_hail_mary_is_charged_only_when_the_roll_needs_one(table: Table) -> None:
    # 000 Hail Mary Rolls: "even when one would not normally be allowed". Nikos flies: no luck
    # spent, and the roll says so; Demolitions, which she lacks, no layperson may attempt.
    fs3_game(table)
    flying = of(FS3Rolled, table.roll("Pegasus", "Nikos", Request("Piloting", luck="hail-mary"),
                                      dice=ScriptedDice([2] * 8)))  # fmt: skip
    assert (flying.spent, flying.unneeded_luck, flying.luck) == (Spends(), "hail-mary", None)
    assert table.character("Pegasus", "Nikos").luck == 1
    bomb = of(FS3Rolled, table.roll("Pegasus", "Nikos", Request("Demolitions", luck="hail-mary"),
                                    dice=ScriptedDice([2] * 4)))  # fmt: skip
    assert (bomb.spent, bomb.luck) == (Spends(luck=1), "hail-mary")
    assert table.character("Pegasus", "Nikos").luck == 0
    again = of(FS3Rolled, table.roll("Pegasus", "Nikos", Request("Piloting", luck="hail-mary"),
                                     dice=ScriptedDice([2] * 8)))  # fmt: skip
    assert again.spent == Spends()  # nothing to spend, and nothing needed


def test_roll_log_contents_and_filters(table: Table) -> None:
    fs3_game(table)
    table.new_game("Dungeon", "gurps")
    table.new_character("Dungeon", {"name": "Vance", "attributes": {"ST": 10, "DX": 11, "IQ": 12,
                        "HT": 10}, "skills": {"Intimidation": 14}})  # fmt: skip
    table.roll(None, "Nikos", Request("Firearms+Reflexes", mods=("-1",)),
               dice=ScriptedDice([6, 8, 4, 5, 3]))  # fmt: skip
    table.roll(None, "Vance", Request("Interrogation", difficulty="hard"),
               visibility="secret", dice=ScriptedDice([3, 3, 3]))  # fmt: skip
    entries = table.log()
    assert [e.character for e in entries] == ["Vance", "Nikos"]
    vance, nikos = (of(SeenEntry, e) for e in entries)
    assert nikos.dice == (6, 8, 4, 5, 3)
    assert nikos.expression == "Firearms+Reflexes"
    assert nikos.modifiers == ("-1",)
    assert of(FS3Roll, nikos.outcome).level == "Success"
    assert vance.visibility == "secret"
    assert of(GurpsRoll, vance.outcome).effective == 11 - 4
    assert len(nikos.ruleset_version) == 16
    assert [e.character for e in table.log(character="Nikos")] == ["Nikos"]
    # Any form of a name finds its character (issue 29: names are NFKC): full-width letters.
    assert [e.character for e in table.log(character="\uff2e\uff49\uff4b\uff4f\uff53")] == ["Nikos"]
    assert [e.character for e in table.log(game_name="Dungeon")] == ["Vance"]
    as_player = table.log(viewer="Nikos")
    assert of(HiddenEntry, as_player[0]).dice is None  # a secret roll's result stays secret
    assert of(SeenEntry, as_player[1]).dice == (6, 8, 4, 5, 3)
    later = datetime.now(UTC) + timedelta(hours=1)
    assert table.log(since=later) == []
    assert len(table.log(until=later)) == 2


def test_log_exports(table: Table) -> None:
    fs3_game(table)
    for faces in ([6, 1, 1, 1, 1, 1], [8, 8, 1, 1, 1, 1]):
        table.roll("Pegasus", "Nikos", Request("Firearms"), dice=ScriptedDice(faces))
    lines = [json.loads(line) for line in table.export_log("jsonl").splitlines()]
    # The JSON Lines export also carries the seed events, for `rollplay verify`, and every
    # other event as its number (the game made); the rules rolls are judged by, and a
    # character made, as who made it with its sheet (rulings V14, V15).
    kinds = [line["kind"] for line in lines]
    assert kinds == ["placeholder", "seed_commit", "seed_commit", "ruleset", "character", "roll",
                     "roll"]  # fmt: skip
    ids = [line["id"] for line in lines if line["kind"] == "roll"]
    assert len(ids) == 2
    assert ids == sorted(ids)  # oldest first
    rows = list(csv.DictReader(io.StringIO(table.export_log("csv"))))
    assert rows[0]["character"] == "Nikos"
    assert json.loads(rows[1]["dice"])[:2] == [8, 8]


@pytest.mark.storage  # the database refuses UPDATE and DELETE
def test_the_log_is_append_only(table: Table) -> None:
    fs3_game(table)
    table.roll("Pegasus", "Nikos", Request("Firearms"), dice=ScriptedDice([1] * 6))
    for statement in ("UPDATE events SET character = 'x'", "DELETE FROM events"):
        with pytest.raises(sa.exc.DBAPIError, match="append-only"), table.engine.begin() as c:
            c.execute(sa.text(statement))
    assert len(table.log()) == 1


@needs_fixtures
def test_gurps_and_d6_characters(table: Table) -> None:
    table.new_game("Dungeon", "gurps")
    louis = table.new_character(
        "Dungeon", parse_sheet_file(str(GCS / "louis-dantares.gcs"), "gurps")
    )
    assert dig(louis.sheet, "skills", "Rapier") == 14
    r = of(GurpsRolled, table.roll("Dungeon", louis.name, Request("Rapier", difficulty="hard"),
                                   dice=ScriptedDice([3, 3, 4])))  # fmt: skip
    assert (r.effective, r.success) == (10, True)
    table.new_game("Stars", "d6")
    kara = table.new_character("Stars", parse_sheet_file(str(ROOT / "examples/d6/kara.yaml"), "d6"))
    assert (kara.character_points, kara.fate_points) == (5, 1)
    d6 = of(D6Rolled, table.roll("Stars", "Kara Voss", Request("Search", difficulty="15", cp=2),
                                 dice=ScriptedDice([2, 2, 5, 5, 4, 3])))  # fmt: skip
    assert d6.total == 2 + 2 + 5 + 5 + 4 + 3 + 1
    assert table.character("Stars", "Kara Voss").character_points == 3
    with pytest.raises(RuleError, match="cannot spend 4"):
        table.roll("Stars", "Kara Voss", Request("Search", difficulty="15", cp=4),
                   dice=ScriptedDice([]))  # fmt: skip
    with pytest.raises(RuleError, match="unless the GM allows"):
        table.roll("Stars", "Kara Voss", Request("Search", cp=1, fate=True), dice=ScriptedDice([]))
    with pytest.raises(RuleError, match="FS3"):
        table.award_luck("Stars", "Kara Voss")


def test_unknown_names_suggest(table: Table) -> None:
    fs3_game(table)
    with pytest.raises(StorageError, match="did you mean Nikos"):
        table.character("Pegasus", "Nikso")
    # 000 Untrained Rolls: a skill not on the sheet rolls at Everyman (Wits 3 + 1), and says
    # which listed name it is nearest to (rulings R7); a listed name mistyped is refused (R28).
    r = of(FS3Rolled, table.roll("Pegasus", "Nikos", Request("Firearms Lore"),
                                dice=ScriptedDice([2] * 4)))  # fmt: skip
    assert (r.pool, r.unlisted, r.closest) == (4, "Firearms Lore", "Firearms")
    cooking = of(FS3Rolled, table.roll("Pegasus", "Nikos", Request("Cooking"),
                                       dice=ScriptedDice([6, 2, 2, 2])))  # fmt: skip
    assert (cooking.level, cooking.unlisted) == ("Success", "Cooking")


def test_a_game_may_refuse_unlisted_skills(table: Table) -> None:
    fs3_game(table, unlisted_skills="refuse")
    with pytest.raises(RollplayError, match="did you mean Firearms"):
        table.roll("Pegasus", "Nikos", Request("Firarms"), dice=ScriptedDice([]))


def test_a_game_may_limit_raises_between_awards(table: Table) -> None:
    table.new_game("Slow", "fs3", "3.3", {"max_raises_between_awards": 1})
    table.new_character("Slow", NIKOS)
    table.award_xp("Slow", "Nikos", 20)
    table.raise_skill("Slow", "Nikos", "Firearms")
    with pytest.raises(RuleError, match="allows 1"):
        table.raise_skill("Slow", "Nikos", "Melee")
    table.award_xp("Slow", "Nikos", 1)  # a new award: another raise
    assert of(Raise, table.raise_skill("Slow", "Nikos", "Melee").raised).skill == "Melee"


def test_rating_names_and_specialties(table: Table) -> None:
    rules = {
        "action_skills": [
            {"name": "Firearms", "attribute": "Reflexes"},
            {"name": "Piloting", "attribute": "Reflexes", "everyman": False,
             "specialties": ["Viper", "Raptor"]},
            # the skills 3.3's fights roll (rulings C11)
            {"name": "Melee", "attribute": "Brawn"}, {"name": "Athletics", "attribute": "Brawn"},
            {"name": "Medicine", "attribute": "Wits"}, {"name": "Repair", "attribute": "Wits"},
        ]
    }  # fmt: skip
    table.new_game("Pegasus", "fs3", "3.3", rules)
    table.new_character("Pegasus", {**NIKOS, "specialties": {"Piloting": ["viper"]}})
    nikos = table.character("Pegasus", "Nikos")
    assert nikos.sheet["specialties"] == {"Piloting": ["Viper"]}
    ratings = of(dict, nikos.ratings)
    assert ratings["Reflexes"] == "3 (Good)"  # 002 Attributes
    assert ratings["Piloting"] == "5 (Proficient)"  # 002 Skills
    assert ratings["English"] == "3 (Exceptional / Fluent)"  # 000 Ratings
    with pytest.raises(RollplayError, match="did you mean Raptor"):
        table.set_character("Pegasus", "Nikos", {"specialties": {"Piloting": ["Rapter"]}})


@pytest.mark.storage  # a rolled-back transaction
def test_a_failure_mid_command_changes_nothing(
    table: Table, monkeypatch: pytest.MonkeyPatch
) -> None:
    fs3_game(table)
    from rollplay.table.systems import fs3 as systems

    def broken(*_: Any) -> dict[str, Any]:
        raise RuntimeError("the power went out")

    monkeypatch.setattr(systems.FS3, "roll", broken)
    with pytest.raises(RuntimeError):
        table.roll("Pegasus", "Nikos", Request("Firearms", luck="bonus"), dice=ScriptedDice([]))
    assert table.character("Pegasus", "Nikos").luck == 1  # the spend was rolled back
    assert table.log() == []


def test_fs32_luck_on_someone_elses_roll(table: Table) -> None:
    # 002 Luck: +5/-5 to someone else's roll, paid from the spender's own luck.
    table.new_game("Galactica", "fs3", "3.2")
    sheet = {**NIKOS, "attributes": {"Academic": 2, "Athletic": 2, "Creative": 2,
             "Reactive": 3, "Social": 2}, "languages": ["English"],
             "background": {"Singing": {"rating": 2, "attribute": "Creative"}}}  # fmt: skip
    table.new_character("Galactica", sheet)
    table.new_character("Galactica", {**sheet, "name": "Mavros"})
    r = of(FS3Rolled, table.roll("Galactica", "Nikos",
                                 Request("Firearms", luck="hinder", luck_from="Mavros"),
                                 dice=ScriptedDice([8])))  # fmt: skip
    assert (r.requested, r.dice) == (3 + 3 - 5, (8,))
    assert r.spent == Spends(luck_from="Mavros")
    assert table.character("Galactica", "Mavros").luck == 0
    assert table.character("Galactica", "Nikos").luck == 1
    with pytest.raises(RuleError, match="too few points"):
        table.roll("Galactica", "Nikos", Request("Firearms", luck="boost", luck_from="Mavros"),
                   dice=ScriptedDice([8] * 11))  # fmt: skip
    with pytest.raises(RollplayError, match="--luck-from"):
        table.roll("Galactica", "Nikos", Request("Firearms", luck="boost"), dice=ScriptedDice([]))


def _wounded(table: Table, *severities: str, treated: bool = False) -> None:
    fs3_game(table)
    wounds = [{"location": "Chest", "severity": s, "treated": treated} for s in severities]
    table.set_character("Pegasus", "Nikos", {"wounds": wounds})


def test_wounds_bite_at_the_table(table: Table) -> None:
    """002 Damage: "Wound Modifiers are applied to all ability rolls, and are cumulative
    (rounded down). Thus if you have two Moderate wounds you would suffer a -1 modifier"."""
    _wounded(table, "Moderate", "Moderate")
    r = of(
        FS3Rolled, table.roll("Pegasus", "Nikos", Request("Firearms"), dice=ScriptedDice([8] * 5))
    )
    assert (r.requested, r.pool) == (3 + 3 - 1, 5)
    assert Modifier(reason="wounds", value=-1) in r.modifiers
    logged = of(SeenEntry, table.log(limit=1)[0])
    assert Modifier(reason="wounds", value=-1) in of(FS3Roll, logged.outcome).modifiers


def test_treated_wounds_bite_half(table: Table) -> None:
    """002 Damage: wounds "treated with first aid give only 1/2 the listed wound modifier":
    two treated Moderate wounds are 0.9 in all, rounded down to 0."""
    _wounded(table, "Moderate", "Moderate", treated=True)
    r = of(
        FS3Rolled, table.roll("Pegasus", "Nikos", Request("Firearms"), dice=ScriptedDice([8] * 6))
    )
    assert r.pool == 6
    assert all(m.reason != "wounds" for m in r.modifiers)


def test_wounds_bite_in_opposed_rolls_and_teamwork(table: Table) -> None:
    """002 Damage, "all ability rolls": each side of a contest and each assister."""
    _wounded(table, "Serious")  # -2
    table.new_character("Pegasus", {**NIKOS, "name": "Mavros"})
    duel = of(FS3OpposedRolled, table.opposed(
        "Pegasus", ("Nikos", Request("Firearms")), ("Mavros", Request("Firearms")),
        dice=ScriptedDice([8] * 4 + [8] * 6)))  # fmt: skip
    assert (duel.first.pool, duel.second.pool) == (4, 6)
    helper = [("Nikos", Request("Firearms"))]
    team = of(FS3TeamRolled, table.teamwork("Pegasus", ("Mavros", Request("Firearms")), helper,
                                            dice=ScriptedDice([1] * 4 + [8] * 5)))  # fmt: skip
    assert team.assists[0].pool == 4
    assert Modifier(reason="wounds", value=-2) in team.assists[0].modifiers


@pytest.mark.parametrize(
    ("change", "complaint"),
    [
        ({"wounds": [{"location": "Chest", "severity": "Bogus"}]}, "severity is one of"),
        ({"wounds": [{"location": "Chest"}]}, "severity is one of"),
        ({"wounds": [{"severity": "Light"}]}, "needs a location"),
        ({"wounds": ["Chest"]}, "a wound is a table"),
        ({"wounds": {"Chest": "Light"}}, "wounds must be a list"),
        ({"wounds": [{"location": "Chest", "severity": "Light", "treated": "yes"}]}, "treated"),
        ({"wounds": [{"location": "Chest", "severity": "Light", "healing": -1}]}, "healing"),
        ({"attributes": None}, "every character rates every attribute"),
        ({"attributes": {"Brawn": None}}, "every character rates every attribute"),
        ({"name": None}, "cannot be changed"),
        ({"name": "Starbuck"}, "cannot be changed"),
        ({"concept": "x" * 2001}, "at most 2000"),
        ({"quirks": ["q" * 101]}, "at most 100"),
    ],
)
def test_a_sheet_is_checked_on_every_change(
    table: Table, change: dict[str, Any], complaint: str
) -> None:
    """A sheet is validated on every change, so a bad one never breaks later commands."""
    fs3_game(table)
    before = table.character("Pegasus", "Nikos")
    with pytest.raises(RollplayError, match=complaint):
        table.set_character("Pegasus", "Nikos", change)
    assert table.character("Pegasus", "Nikos") == before
    table.roll("Pegasus", "Nikos", Request("Firearms"), dice=ScriptedDice([8] * 6))


def test_fs32_cancelling_a_hinder(table: Table) -> None:
    """002 Luck: "Spend a point to cancel a luck point used against you": Mavros's hinder
    and Nikos's cancelling point are both spent, and the roll has no -5."""
    table.new_game("Galactica", "fs3", "3.2")
    table.new_character("Galactica", NIKOS_32)
    table.new_character("Galactica", {**NIKOS_32, "name": "Mavros"})
    r = of(FS3Rolled, table.roll(
        "Galactica", "Nikos",
        Request("Firearms", luck="hinder", luck_from="Mavros", luck_cancel=True),
        dice=ScriptedDice([8] * 6)))  # fmt: skip
    assert r.pool == 6
    assert Modifier(reason="luck (hinder, cancelled)", value=0) in r.modifiers
    assert r.spent == Spends(luck=1, luck_from="Mavros")
    assert table.character("Galactica", "Nikos").luck == 0
    assert table.character("Galactica", "Mavros").luck == 0


def test_fs33_has_no_cancelling(table: Table) -> None:
    """3.3 (000) has no boost, hinder or cancel (rulings R11)."""
    fs3_game(table)
    table.new_character("Pegasus", {**NIKOS, "name": "Mavros"})
    with pytest.raises(RollplayError, match=r"no luck spend 'hinder'|does not let luck cancel"):
        table.roll("Pegasus", "Nikos",
                   Request("Firearms", luck="hinder", luck_from="Mavros", luck_cancel=True),
                   dice=ScriptedDice([]))  # fmt: skip
    assert table.character("Pegasus", "Mavros").luck == 1
