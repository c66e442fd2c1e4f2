"""Rules read again (issue 37), at the table: a misspelt ability is not a roll (000 Untrained
Rolls; rulings R28); XP raises are 002 Experience's, not the creation budget's (002
Abilities, Experience; R29); a 3.2 background skill learned with XP takes its ruling
attribute (002 Ruling Attribute; R30); a requested roll takes its roller's points as their
own roll would (002 Luck, 000 Hail Mary Rolls, 003 Character Points and Fate Points; R31),
and its card's odds follow the sheet until it is answered (R32); every creation problem
names the rule it breaks (002)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from rollplay.dice import SeededDice
from rollplay.errors import RollplayError, RuleError
from rollplay.grammar import parse
from rollplay.table.answers import D6Rolled, FS3Rolled, LedgerWritten
from rollplay.table.events.payloads import Raised
from rollplay.table.events.requests import RequestOdds, RollRequested
from rollplay.table.service import Table
from tests.databases import Databases, opened, template

pytestmark = [pytest.mark.examples, pytest.mark.storage]

# Nikos (examples/fs3/nikos.yaml) spends 43 of FS3.3's 60 ability points; these make 60.
SIXTY = {"name": "Sixty", "system": "fs3",
         "attributes": {"Brawn": 2, "Reflexes": 4, "Grit": 3, "Wits": 3, "Presence": 2},
         "action": {"Firearms": 3, "Piloting": 6, "Athletics": 2, "Melee": 2, "Stealth": 8,
                    "Repair": 8, "Alertness": 1},
         "background": {"Singing": 2, "Poker": 3}, "languages": {"English": 3}}  # fmt: skip
# An FS3.2 character (002): background skills with ruling attributes, an unrated language.
ADA = {"name": "Ada", "system": "fs3",
       "attributes": {"Academic": 2, "Athletic": 3, "Creative": 2, "Reactive": 3, "Social": 2},
       "action": {"Firearms": 4, "Piloting": 5},
       "background": {"Singing": {"rating": 2, "attribute": "Creative"}},
       "languages": ["English"]}  # fmt: skip


def _seat(table: Table) -> None:
    for name in ("Stella", "Pia", "Kim"):
        table.add_user(name)
    for game in ("Pegasus", "Stars", "Dungeon"):
        table.add_member(game, "Stella", "storyteller")
    table.new_game("Galactica", "fs3", "3.2")
    table.add_member("Galactica", "Stella", "storyteller")
    table.new_character("Galactica", ADA)
    table.new_character("Pegasus", SIXTY)
    table.add_member("Pegasus", "Pia", "player", ("Nikos", "Sixty"))
    table.add_member("Galactica", "Pia", "player", ("Ada",))
    table.add_member("Stars", "Kim", "player", ("Kara Voss",))


SEATED = template("rules_again", _seat)


@pytest.fixture
def seated(databases: Databases, backend: str, tmp_path: Path) -> Iterator[Table]:
    with opened(databases, backend, SEATED, tmp_path) as table:
        yield table


def _do(t: Table, line: str, game: str = "Pegasus", system: str = "fs3", seed: int = 3) -> Any:
    return t.execute(parse(line, system=system, game=game), dice=SeededDice(seed))


def _events(t: Table, game: str = "Pegasus") -> int:
    return len(t.events_for(game, 0, 1000))


def _request(t: Table, number: int, game: str = "Pegasus") -> RollRequested:
    (found,) = [v.data for v in t.events_for(game, number - 1, 1)]
    assert isinstance(found, RollRequested)
    return found


# -- 1. a misspelt ability is not a roll (000 Untrained Rolls; rulings R28) ----------------


def test_a_misspelt_ability_is_refused_and_logs_nothing(seated: Table) -> None:
    """`roll Nikos/Pilotting` rolled a provable Everyman roll that could not be taken back:
    it is a listed name mistyped, refused in one line naming it, and nothing is written (no
    roll, no nonce: the next roll draws where it would have)."""
    pia = seated.acting_as("Pia")
    before = _events(seated)
    with pytest.raises(RollplayError, match=r"did you mean Piloting\?") as refused:
        _do(pia, "roll Nikos/Pilotting")
    assert "\n" not in str(refused.value)
    with pytest.raises(RollplayError, match=r"did you mean Piloting\?"):
        pia.odds(parse("roll Nikos/Pilotting", system="fs3", game="Pegasus"))
    with pytest.raises(RollplayError, match=r"did you mean Poker\?"):  # in a contest too
        _do(pia, "roll Nikos/Pokr vs Mavros/Poker")
    assert _events(seated) == before
    # 000: "a skill not listed on your character sheet" still rolls at Everyman (Wits 3 + 1).
    far = _do(pia, "roll Nikos/Underwater Basket Weaving")
    assert isinstance(far, FS3Rolled)
    assert (far.pool, far.unlisted) == (4, "Underwater Basket Weaving")
    assert _events(seated) == before + 1


# -- 2. XP raises are not the creation budget's (002 Abilities vs Experience; R29) ------------


def test_an_xp_raise_is_not_counted_against_the_creation_budget(seated: Table) -> None:
    """002: ability points are spent at Character Creation; XP "can be used to learn new
    Skills or improve" them later. An approved 60-point character who raises Medicine stays
    approvable and `char check` clean; a later unrelated change (a wound) does not make
    approval impossible."""
    stella, pia = seated.acting_as("Stella"), seated.acting_as("Pia")
    assert seated.check("Pegasus", "Sixty") == []
    stella.approve("Pegasus", "Sixty")
    stella.award_xp("Pegasus", "Sixty", 12)
    raised: Any = pia.raise_skill("Pegasus", "Sixty", "Medicine").sheet
    assert raised["action"]["Medicine"] == 1
    assert raised["experience"] == {"action": {"Medicine": 1}}
    again: Any = pia.raise_skill("Pegasus", "Sixty", "Melee").sheet
    assert again["action"]["Melee"] == 3
    assert again["experience"] == {"action": {"Medicine": 1, "Melee": 1}}
    assert seated.character("Pegasus", "Sixty").approved
    assert seated.check("Pegasus", "Sixty") == []
    wound = {"location": "Left Arm", "severity": "Light"}
    changed = stella.set_character("Pegasus", "Sixty", {"wounds": [wound]})
    assert not changed.approved
    assert seated.check("Pegasus", "Sixty") == []
    assert stella.approve("Pegasus", "Sixty").approved


def test_a_player_cannot_call_creation_points_xp(seated: Table) -> None:
    """What XP bought is the raise's to write (002 Experience): a player's own edit that
    claims levels were bought with XP (so as to spend more at creation) is refused; the
    Storyteller may set it."""
    pia, stella = seated.acting_as("Pia"), seated.acting_as("Stella")
    with pytest.raises(RollplayError, match="only the Storyteller"):
        pia.set_character("Pegasus", "Sixty", {"experience": {"action": {"Stealth": 2}}})
    assert "experience" not in seated.character("Pegasus", "Sixty").sheet
    done = stella.set_character("Pegasus", "Sixty", {"experience": {"action": {"Stealth": 2}}})
    assert done.sheet["experience"] == {"action": {"Stealth": 2}}
    less = pia.set_character("Pegasus", "Sixty", {"experience": {"action": {"Stealth": 1}}})
    assert less.sheet["experience"] == {"action": {"Stealth": 1}}  # counts more at creation
    with pytest.raises(RollplayError, match="XP bought more of Stealth"):
        pia.set_character("Pegasus", "Sixty", {"experience": {"action": {"Stealth": 2}}})
    with pytest.raises(RollplayError, match="only the Storyteller"):
        pia.new_character("Pegasus", {**SIXTY, "name": "Claimant",
                                      "experience": {"action": {"Repair": 3}}})  # fmt: skip
    with pytest.raises(RollplayError, match="not among the sheet's action"):
        stella.set_character("Pegasus", "Sixty", {"experience": {"action": {"Medicine": 1}}})


# -- 3. a 3.2 background skill learned with XP takes its ruling attribute (R30) -------------


def test_a_background_skill_learned_with_xp_takes_its_ruling_attribute(seated: Table) -> None:
    """002 Ruling Attribute: "You choose the Ruling Attribute for Background skills"; one
    learned with XP is chosen when it is learned, so the sheet stays approvable."""
    stella, pia = seated.acting_as("Stella"), seated.acting_as("Pia")
    stella.approve("Galactica", "Ada")
    stella.award_xp("Galactica", "Ada", 5)
    with pytest.raises(
        RuleError, match=r"choose its ruling attribute, one of .*\(002 Ruling Attribute"
    ):
        _do(pia, "xp/raise Ada=Cooking/background", game="Galactica")
    learned = _do(pia, "xp/raise Ada=Cooking/background,attribute=creative", game="Galactica")
    assert learned.sheet["background"]["Cooking"] == {"rating": 1, "attribute": "Creative"}
    (logged,) = [v.data for v in seated.events_for("Galactica", 0, 1000)
                 if isinstance(v.data, Raised)]  # fmt: skip
    assert (logged.skill, logged.attribute) == ("Cooking", "Creative")  # the log says it too
    assert seated.check("Galactica", "Ada") == []
    again: Any = pia.raise_skill("Galactica", "Ada", "Cooking", "background").sheet
    assert again["background"]["Cooking"] == {"rating": 2, "attribute": "Creative"}  # its own
    with pytest.raises(RuleError, match="Singing's ruling attribute is Creative"):
        pia.raise_skill("Galactica", "Ada", "Singing", "background", attribute="Academic")
    with pytest.raises(RollplayError, match="unknown attribute 'Wits'"):
        pia.raise_skill("Galactica", "Ada", "Baking", "background", attribute="Wits")
    with pytest.raises(RollplayError, match="is an action skill"):
        pia.raise_skill("Galactica", "Ada", "Firearms", attribute="Academic")
    with pytest.raises(RuleError, match=r"links background skills to Wits \(000"):
        pia.raise_skill("Pegasus", "Nikos", "Cooking", "background", attribute="Grit")
    assert seated.check("Galactica", "Ada") == []


# -- 4. a requested roll takes its roller's points (R31), its odds follow the sheet (R32) ---


def test_a_requested_roll_takes_luck_as_a_roll_of_ones_own(seated: Table) -> None:
    """002 Luck / 000 Modifiers: a luck point on one's own roll is +3 in 3.3 (+5 in 3.2);
    the answer to a request is one's own roll, so it takes one, and the point is spent."""
    stella, pia = seated.acting_as("Stella"), seated.acting_as("Pia")
    asked = _do(stella, "request Nikos Firearms")
    assert isinstance(asked, LedgerWritten)
    card = _request(pia, asked.log_id)
    assert card.spends == ("bonus", "hail-mary")  # FS3.3: no re-roll (rulings R11)
    luck = seated.character("Pegasus", "Nikos").luck or 0
    rolled = _do(pia, f"answer {asked.log_id}/luck=bonus")
    assert isinstance(rolled, FS3Rolled)
    assert rolled.request == asked.log_id
    assert rolled.luck == "bonus"
    assert [(m.reason, m.value) for m in rolled.modifiers] == [("luck", 3)]
    assert rolled.spent.luck == 1
    assert seated.character("Pegasus", "Nikos").luck == luck - 1
    assert _request(pia, asked.log_id).state == "answered"
    other = _do(stella, "request Nikos Firearms")
    with pytest.raises(RollplayError, match="own luck"):
        _do(pia, f"answer {other.log_id}/luck=boost")
    with pytest.raises(RollplayError, match="does not apply to a fs3 roll"):
        _do(pia, f"answer {other.log_id}/cp=1")


def test_a_32_request_may_be_answered_with_a_reroll(seated: Table) -> None:
    """002 Luck: "After your own roll, spend a point to get a re-roll and choose the better
    of the two rolls"."""
    stella, pia = seated.acting_as("Stella"), seated.acting_as("Pia")
    asked = _do(stella, "request Ada Firearms", game="Galactica")
    assert _request(pia, asked.log_id, "Galactica").spends == ("bonus", "reroll", "hail-mary")
    rolled = _do(pia, f"answer {asked.log_id}/luck=reroll", game="Galactica")
    assert isinstance(rolled, FS3Rolled)
    assert rolled.luck == "reroll"
    assert rolled.discarded is not None
    assert rolled.spent.luck == 1


def test_a_request_only_a_hail_mary_allows_is_answered_with_one(seated: Table) -> None:
    """000 Hail Mary Rolls: "A storyteller may allow you to spend one or more Luck Points to
    get a 'Hail Mary' roll out of blind luck even when one would not normally be allowed":
    Demolitions, which no layperson may attempt, asked of Nikos, who lacks it."""
    stella, pia = seated.acting_as("Stella"), seated.acting_as("Pia")
    with pytest.raises(RuleError, match="cannot be attempted at Everyman"):
        _do(pia, "roll Nikos/Demolitions")
    asked = _do(stella, "request Nikos Demolitions")
    card = _request(pia, asked.log_id)
    assert card.needs == "hail-mary"
    assert card.odds is not None
    with pytest.raises(RuleError, match=f"answer {asked.log_id}/luck=hail-mary"):
        _do(pia, f"answer {asked.log_id}")
    luck = seated.character("Pegasus", "Nikos").luck or 0
    rolled = _do(pia, f"answer {asked.log_id}/luck=hail-mary")
    assert isinstance(rolled, FS3Rolled)
    assert rolled.luck == "hail-mary"
    assert rolled.spent.luck == 1
    assert seated.character("Pegasus", "Nikos").luck == luck - 1


def test_a_d6_request_takes_character_and_fate_points_before_the_roll(seated: Table) -> None:
    """003: "He may spend one Character Point for each extra Wild Die", and "Players may
    only spend Fate Points before making a roll": an answer is made with either."""
    stella, kim = seated.acting_as("Stella"), seated.acting_as("Kim")
    asked = _do(stella, "request Kara Voss/Search vs 15", game="Stars", system="d6")
    assert _request(kim, asked.log_id, "Stars").spends == ("cp", "fate")
    kara = seated.character("Stars", "Kara Voss")
    rolled = _do(kim, f"answer {asked.log_id}/cp=2", game="Stars", system="d6")
    assert isinstance(rolled, D6Rolled)
    assert len(rolled.cp_dice) == 2
    assert seated.character("Stars", "Kara Voss").character_points == (
        (kara.character_points or 0) - 2
    )
    fate = _do(stella, "request Kara Voss/Search vs 15", game="Stars", system="d6")
    doubled = _do(kim, f"answer {fate.log_id}/fate", game="Stars", system="d6")
    assert isinstance(doubled, D6Rolled)
    assert doubled.fate
    assert seated.character("Stars", "Kara Voss").fate_points == (kara.fate_points or 0) - 1
    gurps = _do(stella, "request Inspector Vance/Lockpicking", game="Dungeon", system="gurps")
    assert _request(stella, gurps.log_id, "Dungeon").spends == ()  # 001 has no such points


def test_a_request_cards_odds_follow_the_sheet_until_it_is_answered(seated: Table) -> None:
    """The card's odds are the roll its answer makes: a raise and a wound before the answer
    give it new odds (an event of its own, beside the request); the answer rolls them."""
    stella, pia = seated.acting_as("Stella"), seated.acting_as("Pia")
    asked = _do(stella, "request Nikos Firearms")
    first = _request(pia, asked.log_id).odds
    assert first is not None
    assert first["check"] == "Firearms: 7 dice"  # Firearms 3 + Reflexes 4 (000)
    stella.award_xp("Pegasus", "Nikos", 10)
    pia.raise_skill("Pegasus", "Nikos", "Firearms")
    raised = _request(pia, asked.log_id)
    fresh = pia.odds(parse("roll Nikos/Firearms", system="fs3", game="Pegasus"))
    assert raised.odds is not None
    assert raised.odds["exact"] == fresh.model_dump(mode="json")["exact"] != first["exact"]
    (news,) = [v.data for v in pia.events_for("Pegasus", asked.log_id, 100)
               if isinstance(v.data, RequestOdds)]  # fmt: skip
    assert news.request == asked.log_id
    wound = {"location": "Chest", "severity": "Serious"}
    stella.set_character("Pegasus", "Nikos", {"wounds": [wound]})
    hurt = _request(pia, asked.log_id)
    assert hurt.odds is not None
    assert "wounds" in str(hurt.odds["check"])
    rolled = _do(pia, f"answer {asked.log_id}")
    assert isinstance(rolled, FS3Rolled)
    assert [m.reason for m in rolled.modifiers] == ["wounds"]
    count = _events(seated)
    stella.set_character("Pegasus", "Nikos", {"wounds": []})  # answered: its odds stay
    assert _events(seated) == count + 1
    assert _request(pia, asked.log_id).odds == hurt.odds


def test_a_request_the_sheet_no_longer_allows_says_why(seated: Table) -> None:
    """Piloting taken off the sheet: no layperson may fly (000 Untrained Rolls), so the card
    says the roll cannot be made as the sheet stands, and the answer is refused alike."""
    stella, pia = seated.acting_as("Stella"), seated.acting_as("Pia")
    asked = _do(stella, "request Nikos Piloting")
    stella.set_character("Pegasus", "Nikos", {"action": {"Piloting": None},
                                              "specialties": None})  # fmt: skip
    card = _request(pia, asked.log_id)
    assert card.odds is None
    assert card.problem is not None
    assert "cannot be attempted at Everyman" in card.problem
    assert card.state == "open"
    with pytest.raises(RuleError, match="cannot be attempted at Everyman"):
        _do(pia, f"answer {asked.log_id}")


# -- 6. every creation problem names the rule it breaks (002) ------------------------------


def test_every_creation_problem_names_the_rule_it_breaks(seated: Table) -> None:
    limits = {"ability_points": 20, "max_attribute_points": 10, "max_action_points": 6,
              "high_rating": 5, "max_high": 0, "min_background": 3, "max_background": 1,
              "min_quirks": 2, "max_quirks": 0, "min_attribute": 3}  # fmt: skip
    seated.new_game("Strict", "fs3", "3.2", {"chargen": limits})
    sheet = {**ADA, "background": {"Singing": {"rating": 2, "attribute": "Creative"},
                                   "Cooking": 1}, "quirks": ["Never Forgets a Face"]}  # fmt: skip
    seated.new_character("Strict", sheet)
    problems = seated.check("Strict", "Ada")
    assert len(problems) >= 10
    for problem in problems:
        assert any(
            f"(002 {section})" in problem
            for section in ("Abilities", "Ability Limits", "Quirks", "Ruling Attribute")
        ), problem
