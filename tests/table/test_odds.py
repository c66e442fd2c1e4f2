"""Odds before rolling (``Service.odds``): exactly the real roller's, counted over every roll
the table can make; refused exactly as the roll would be; writing and spending nothing."""

from __future__ import annotations

import threading
from collections.abc import Callable, Iterable, Iterator
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest
import yaml
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from rollplay.dice import ScriptedDice
from rollplay.errors import RollplayError
from rollplay.systems.d6 import odds as d6_odds
from rollplay.table import commands as c
from rollplay.table.access.actors import Actor
from rollplay.table.answers import (
    AnyAnswer,
    Character,
    D6OpposedRolled,
    D6Rolled,
    FS3OpposedRolled,
    FS3Rolled,
    FS3TeamRolled,
    GurpsRolled,
)
from rollplay.table.service import Table
from rollplay.table.systems import Request
from tests.databases import Databases, opened, template
from tests.table.paths import d6_faces, every_roll, exact, tally
from tests.table.test_combat_fs32 import ADA, BRAM
from tests.typed import dumped, of


@pytest.fixture
def fast(examples_url: str) -> Iterator[Table]:
    """The example games, for the tests that roll thousands of times."""
    t = Table(examples_url)
    try:
        yield t
    finally:
        t.close()


def odds_of(t: Table, command: c.Command) -> dict[str, Any]:
    """The odds the service answers, as their JSON (the system's own shape, docs/table.md)."""
    return dumped(t.odds(command))


def sheet(text: str, **changes: Any) -> dict[str, Any]:
    return {**yaml.safe_load(text), **changes}


def _side(name: str, expression: str, **options: Any) -> c.Side:
    return c.Side(name, Request(expression, **options))


# -- exact, as the real roller rolls -----------------------------------------------------------


def test_an_fs3_roll_is_every_roll_of_the_table(fast: Table) -> None:
    """Nikos's Firearms (7 dice) at -4: all 8**3 rolls, made by the table, judged by it."""
    cmd = c.Roll("Pegasus", _side("Nikos", "Firearms", mods=("-4",)))
    odds = odds_of(fast, cmd)
    assert (odds["pool"], odds["check"]) == (3, "Firearms, -4 modifier: 3 dice")
    rolled = tally((of(FS3Rolled, r).level, p) for r, p in every_roll(_rolls(fast, cmd)))
    assert rolled == {t: p for t, p in exact(odds, "levels").items() if p}
    assert exact(odds, "success") == sum(p for t, p in rolled.items() if "Success" in t)


def test_an_fs3_luck_reroll_is_counted_as_the_roll_spends_it(fast: Table) -> None:
    """FS3.2 (002 Luck): a re-roll keeps the better of two; every pair, each spending a point."""
    fast.new_game("Galactica", "fs3", "3.2")
    fast.new_character("Galactica", sheet(ADA))
    fast.award_luck("Galactica", "Ada", 64)  # beside the point she starts with
    cmd = c.Roll("Galactica", _side("Ada", "Firearms", mods=("-3",), luck="reroll"))
    odds = odds_of(fast, cmd)
    plain = odds_of(fast, c.Roll("Galactica", _side("Ada", "Firearms", mods=("-3",))))
    assert (odds["spends"], plain["spends"]) == ({"luck": 1}, {})
    assert exact(odds, "success") == 1 - (1 - exact(plain, "success")) ** 2
    rolled = tally((of(FS3Rolled, r).level, p) for r, p in every_roll(_rolls(fast, cmd)))
    assert fast.character("Galactica", "Ada").luck == 1  # 64 rolls, a point each
    assert rolled == {t: p for t, p in exact(odds, "levels").items() if p}


def test_fs3_opposed_and_teamwork_are_every_roll_of_the_table(fast: Table) -> None:
    """Who wins an opposed roll (Nikos's Melee at -3 against a rating-2 Raider), and the
    leader's level in teamwork, where the assist decides how many dice the leader rolls."""
    vs = c.Opposed("Pegasus", _side("Nikos", "Melee", mods=("-3",)), _side("Raider", "2"))
    odds = odds_of(fast, vs)
    won = tally((of(FS3OpposedRolled, r).winner, p) for r, p in every_roll(_rolls(fast, vs)))
    assert won == {"first": exact(odds, "first_wins"), None: exact(odds, "draw"),
                   "second": exact(odds, "second_wins")}  # fmt: skip
    assert odds["second"]["character"] == "Raider"

    team = c.Teamwork("Pegasus", _side("Nikos", "Piloting", mods=("-9",)),
                      (_side("Mavros", "Athletics", mods=("-5",)),))  # fmt: skip
    odds = odds_of(fast, team)
    led = tally((of(FS3TeamRolled, r).level, p) for r, p in every_roll(_rolls(fast, team)))
    assert led == {t: p for t, p in exact(odds, "levels").items() if p}
    assert sum(exact(odds, "assist_modifiers").values()) == 1
    assert exact(odds, "success") > exact(odds["unassisted"], "success")


def test_a_gurps_roll_is_every_roll_of_the_table(fast: Table) -> None:
    cmd = c.Roll("Dungeon", _side("Inspector Vance", "Interrogation", mods=("+2",)))
    odds = odds_of(fast, cmd)
    rolled = tally((of(GurpsRolled, r).outcome, p) for r, p in every_roll(_rolls(fast, cmd)))
    assert rolled == {k: p for k, p in exact(odds, "outcomes").items() if p}


@pytest.mark.parametrize(("level", "success"), [
    ("9", Fraction(81, 216)),  # 001: "Lockpicking skill of 9, you must roll 9 or less on 3d"
    ("5", Fraction(10, 216)),  # 001: IQ 10 at IQ-5: "open an ordinary lock on a roll of 5 or less"
    ("3", Fraction(4, 216)),   # 001: "a roll of 3 or 4 is always a success"
    ("20", Fraction(212, 216)),  # 001: "a roll of 17 or 18 is always a failure"
])  # fmt: skip
def test_gurps_odds_say_what_the_rule_text_says(fast: Table, level: str, success: Fraction) -> None:
    assert exact(odds_of(fast, c.NpcRoll("Dungeon", Request(level))), "success") == success


def test_fs3_odds_say_what_the_rule_text_says(fast: Table) -> None:
    """000: a d8 succeeds on 6 or more; more than half the dice showing 1 is embarrassing."""
    one = odds_of(fast, c.NpcRoll("Pegasus", Request("1"), name="Raider"))
    assert (exact(one, "success"), exact(one, "embarrassing")) == (Fraction(3, 8), Fraction(1, 8))
    assert one["character"] == "Raider"


def test_000_odds_name_a_hail_mary_only_where_one_is_spent(fast: Table) -> None:
    # Rulings R12: Nikos flies without one; no layperson may try Demolitions.
    flying = fast.odds(c.Roll("Pegasus", _side("Nikos", "Piloting", luck="hail-mary")))
    assert "hail-mary" not in flying.check
    bomb = fast.odds(c.Roll("Pegasus", _side("Nikos", "Demolitions", luck="hail-mary")))
    assert "luck hail-mary" in bomb.check


@pytest.fixture
def shallow(monkeypatch: pytest.MonkeyPatch) -> Iterator[int]:
    """D6 odds cut the Wild Die's explosions where what is left is below 1e-12 (rulings D7);
    cut them at 1/50 instead (3 tosses) so that every roll they count can be made."""
    d6_odds._tosses_needed.cache_clear()
    monkeypatch.setattr(d6_odds, "TAIL", Fraction(1, 50))
    yield 3
    d6_odds._tosses_needed.cache_clear()


def test_d6_odds_are_every_roll_of_the_table(fast: Table, shallow: int) -> None:
    """Against a difficulty, with a Character Point spent (one roll per point), and opposed:
    each counted over every roll whose exploding dice stop within the cut."""
    fast.new_character("Stars", {**fast.character("Stars", "Kara Voss").sheet,
                                 "name": "Zed", "character_points": 2000})  # fmt: skip
    runs: list[tuple[int, list[int | str]]] = [(0, [1, "x"]), (1, [1, "x", "x"])]
    for cp, groups in runs:
        cmd = c.Roll("Stars", _side("Zed", "Coordination", difficulty="10", cp=cp))
        odds = odds_of(fast, cmd)
        rolled = _d6(fast, cmd, groups, shallow, lambda r: of(D6Rolled, r).success)
        assert rolled[True] == exact(odds, "success")
        assert 1 - sum(rolled.values()) == exact(odds, "truncated")
    vs = c.Opposed("Stars", _side("Zed", "Coordination"), _side("Thug", "1D+1"))
    odds = odds_of(fast, vs)
    won = _d6(fast, vs, [1, "x", "x"], shallow, lambda r: of(D6OpposedRolled, r).winner)
    assert won == {"initiator": exact(odds, "first_wins"), "resister": exact(odds, "second_wins")}
    assert 1 - sum(won.values()) == exact(odds, "truncated")


def _rolls(t: Table, cmd: c.Command) -> Callable[[Any], AnyAnswer]:
    """``cmd`` rolled by the table, logged and spending as it does, on the dice given."""
    return lambda dice: t.execute(cmd, dice=dice)


def _d6(t: Table, cmd: c.Command, groups: list[int | str], tosses: int,
        key: Callable[[AnyAnswer], Any]) -> dict[Any, Fraction]:  # fmt: skip
    rolls = d6_faces(groups, tosses)
    return tally((key(t.execute(cmd, dice=ScriptedDice(f))), p) for f, p in rolls)


# -- refused as the roll is; nothing written, nothing spent ------------------------------------

ROLES = ("owner", "storyteller", "player", "other player", "observer", "other game",
         "outsider", "anonymous")  # fmt: skip
ST = {"owner", "storyteller"}
NIKOS = ST | {"player"}  # Pia plays Nikos and Kara Voss; Perry plays Mavros; Gil, Vance


CASES: dict[str, tuple[set[str], c.Command]] = {
    "roll": (NIKOS, c.Roll("Pegasus", _side("Nikos", "Firearms"))),
    "roll spending luck": (NIKOS, c.Roll("Pegasus", _side("Nikos", "Firearms", luck="bonus"))),
    "roll private": (NIKOS, c.Roll("Pegasus", _side("Nikos", "Firearms"), "private")),
    "roll secret": (NIKOS, c.Roll("Pegasus", _side("Nikos", "Firearms"), "secret")),  # T9
    "roll another's": (ST | {"other player"}, c.Roll("Pegasus", _side("Mavros", "Melee"))),
    "opposed": (NIKOS, c.Opposed("Pegasus", _side("Nikos", "Melee"), _side("Mavros", "Melee"))),
    "opposed spending another's": (ST, c.Opposed(
        "Pegasus", _side("Nikos", "Melee"), _side("Mavros", "Melee", luck="bonus"))),
    "opposed by an NPC": (NIKOS, c.Opposed("Pegasus", _side("Nikos", "Melee"),
                                           _side("Raider", "5"))),
    "teamwork": (NIKOS, c.Teamwork("Pegasus", _side("Nikos", "Piloting"),
                                   (_side("Mavros", "Athletics"),))),
    "npc roll": (ST, c.NpcRoll("Pegasus", Request("5"), name="Raider")),
    "d6 spending points": (NIKOS, c.Roll("Stars", _side("Kara Voss", "Search", cp=1,
                                                        difficulty="15"))),
    "d6 opposed": (NIKOS, c.Opposed("Stars", _side("Kara Voss", "Search"), _side("Thug", "3D"))),
    "gurps": (ST | {"other game"}, c.Roll("Dungeon", _side("Inspector Vance", "Interrogation"))),
    "gurps sense roll": (ST | {"other game"}, c.Roll("Dungeon", _side("Inspector Vance", "Per",
                                                     sense=True))),
}  # fmt: skip


def _seat(table: Table) -> None:
    for user in ("Stella", "Pia", "Perry", "Olly", "Gil", "Nora"):
        table.add_user(user)
    for game in ("Pegasus", "Stars", "Dungeon"):
        table.add_member(game, "Stella", "storyteller")
    table.add_member("Pegasus", "Pia", "player", ("Nikos",))
    table.add_member("Stars", "Pia", "player", ("Kara Voss",))
    table.add_member("Pegasus", "Perry", "player", ("Mavros",))
    table.add_member("Pegasus", "Olly", "observer")
    table.add_member("Stars", "Olly", "observer")
    table.add_member("Dungeon", "Gil", "player", ("Inspector Vance",))


SEATED = template("odds_roles", _seat)  # seated once a session, copied for each case


@pytest.fixture
def roles(databases: Databases, backend: str, tmp_path: Path) -> Iterator[dict[str, Table]]:
    with opened(databases, backend, SEATED, tmp_path) as table:
        yield _roles(table)


def _roles(table: Table) -> dict[str, Table]:
    users = {"storyteller": "Stella", "player": "Pia", "other player": "Perry",
             "observer": "Olly", "other game": "Gil", "outsider": "Nora"}  # fmt: skip
    out = {role: table.acting_as(user) for role, user in users.items()}
    # An actor the table has no record of (what a server would refuse before asking).
    return {"owner": table, **out, "anonymous": table.acting(Actor("Anon", 10**6))}


def state(t: Table) -> tuple[int, list[Character]]:
    """The newest event and every character's sheet and points (as the owner sees them)."""
    people = [("Pegasus", "Nikos"), ("Pegasus", "Mavros"), ("Stars", "Kara Voss"),
              ("Dungeon", "Inspector Vance")]  # fmt: skip
    return t.latest_event(), [t.character(g, n) for g, n in people]


def outcome(run: Callable[[], Any]) -> tuple[str, str]:
    try:
        run()
    except RollplayError as e:
        return type(e).__name__, str(e)
    return "allowed", ""


@pytest.mark.parametrize("case", sorted(CASES))
def test_odds_are_refused_exactly_as_the_roll(case: str, roles: dict[str, Table]) -> None:
    """Every role: the odds are given to whoever may make the roll and refused, with the
    roll's own words, to the rest; they never write an event or spend a point."""
    allowed, cmd = CASES[case]
    owner = roles["owner"]
    given = set()
    for role in ROLES:
        owner.award_luck("Pegasus", "Nikos", 1)
        owner.award_luck("Pegasus", "Mavros", 1)
        before = state(owner)
        asked = outcome(lambda: odds_of(roles[role], cmd))  # noqa: B023
        assert state(owner) == before, f"the odds for the {role} changed something"
        assert asked == outcome(lambda: roles[role].execute(cmd)), role  # noqa: B023
        if asked[0] == "allowed":
            given.add(role)
        else:
            assert asked[0] == "Forbidden", asked
    assert given == allowed


@pytest.mark.parametrize("cmd", [
    c.Roll("Pegasus", _side("Nobody", "Firearms")),
    c.Roll("Pegasus", _side("Nikos", "Firearms+Melee")),  # two skills (R10)
    c.Roll("Pegasus", _side("Nikos", "Firearms", luck="bonus")),  # he holds no luck
    c.Roll("Pegasus", _side("Nikos", "Firearms", cp=1)),  # not an FS3 option
    c.Roll("Stars", _side("Kara Voss", "Search", cp=6)),  # she holds 5
    c.Roll("Stars", _side("Kara Voss", "Search", cp=1, fate=True)),  # 003: not both
    c.Opposed("Dungeon", _side("Inspector Vance", "Interrogation"), _side("Orc", "12")),
    c.Teamwork("Stars", _side("Kara Voss", "Search"), ()),
    c.Opposed("Pegasus", _side("Nikos", "Melee"), _side("nikos", "Melee")),
    c.NpcRoll("Nowhere", Request("5")),
    c.AwardLuck("Pegasus", "Nikos"),  # not a roll
])  # fmt: skip
@pytest.mark.examples
def test_odds_are_refused_where_the_roll_is(table: Table, cmd: c.Command) -> None:
    table.spend_luck("Pegasus", "Nikos")  # the point he starts with
    before = state(table)
    refused = outcome(lambda: odds_of(table, cmd))
    assert refused[0] != "allowed"
    if not isinstance(cmd, c.AwardLuck):
        assert refused == outcome(lambda: table.execute(cmd))
    assert state(table) == before


def test_a_second_spend_sees_the_first(table: Table) -> None:
    """FS3.2: Ada's one luck point cannot both raise her own roll and boost Bram's; the odds
    refuse it as the roll does, and count both spends once she has two."""
    table.new_game("Galactica", "fs3", "3.2")
    for text in (ADA, BRAM):
        table.new_character("Galactica", sheet(text))
    team = c.Teamwork("Galactica", _side("Ada", "Firearms", luck="bonus"),
                      (_side("Bram", "Melee", luck="boost", luck_from="Ada"),))  # fmt: skip
    refused = outcome(lambda: odds_of(table, team))
    assert refused == ("RuleError", "Ada has too few points (luck: wants 1, has 0)")
    assert refused == outcome(lambda: table.execute(team))
    table.award_luck("Galactica", "Ada", 1)
    odds = odds_of(table, team)
    assert odds["spends"] == {"luck": 1}
    assert odds["assists"][0]["spends"] == {"luck_from": "Ada"}
    assert table.character("Galactica", "Ada").luck == 2


@pytest.mark.examples
def test_spends_change_the_odds_as_they_change_the_roll(table: Table) -> None:
    table.award_luck("Pegasus", "Nikos", 1)
    luck = odds_of(table, c.Roll("Pegasus", _side("Nikos", "Firearms", luck="bonus")))
    plus3 = odds_of(table, c.Roll("Pegasus", _side("Nikos", "Firearms", mods=("+3",))))
    assert exact(luck, "levels") == exact(plus3, "levels")  # 000: "a +3 modifier"
    assert (luck["spends"], plus3["spends"]) == ({"luck": 1}, {})
    kara = [odds_of(table, c.Roll("Stars", _side("Kara Voss", "Search", difficulty="15", **spend)))
            for spend in ({}, {"cp": 2}, {"fate": True})]  # fmt: skip
    assert [o["spends"] for o in kara] == [{}, {"character_points": 2}, {"fate_points": 1}]
    assert [o["check"] for o in kara] == [
        "Search 4D+1 vs 15",
        "Search 4D+1, 2 CP vs 15",
        "Search 8D+2 vs 15",  # 003 Fate Points: the code doubled
    ]
    assert exact(kara[0], "success") < exact(kara[1], "success") < exact(kara[2], "success")
    assert table.character("Stars", "Kara Voss").character_points == 5


@pytest.mark.storage  # a read beside a write lock
@pytest.mark.examples
def test_odds_do_not_wait_on_a_roll_in_progress(table: Table) -> None:
    """A write holds its game's event order (writers.py) to its commit; the odds only read,
    so they are given meanwhile."""
    answer: list[dict[str, Any]] = []
    with table.transaction() as s:
        table.game_row(s, "Pegasus")  # takes the lock on PostgreSQL
        asking = threading.Thread(target=lambda: answer.append(
            odds_of(table, c.Roll("Pegasus", _side("Nikos", "Firearms")))))  # fmt: skip
        asking.start()
        asking.join(timeout=30)
        assert answer, "the odds waited on the write"


# -- properties ------------------------------------------------------------------------------

ONCE_A_TABLE = settings(max_examples=40, deadline=None,
                        suppress_health_check=[HealthCheck.function_scoped_fixture])  # fmt: skip
mods = st.integers(-12, 12).map(lambda m: (f"{m:+d}",))


def chances(values: Iterable[float]) -> list[float]:
    out = list(values)
    assert all(0 <= p <= 1 for p in out), out
    return out


@ONCE_A_TABLE
@given(skill=st.sampled_from(["Firearms", "Melee", "Piloting", "Athletics", "Wits"]), mod=mods,
       luck=st.sampled_from([None, "bonus", "hail-mary"]), rating=st.integers(0, 12),
       vs_mod=mods)  # fmt: skip
def test_fs3_odds_partition_every_outcome(
    fast: Table, *, skill: str, mod: tuple[str], luck: str | None, rating: int, vs_mod: tuple[str]
) -> None:
    before = state(fast)  # Nikos holds the luck point he starts with: the odds never spend it
    me = _side("Nikos", skill, mods=mod, luck=luck)
    one = odds_of(fast, c.Roll("Pegasus", me))
    chances([*one["levels"].values(), one["success"], *one["successes"]])
    assert sum(exact(one, "levels").values()) == 1
    assert exact(one, "success") == sum(p for t, p in exact(one, "levels").items()
                                        if "Success" in t)  # fmt: skip
    assert abs(sum(one["successes"]) - 1) < 1e-9
    vs = odds_of(fast, c.Opposed("Pegasus", me, _side("Raider", str(rating), mods=vs_mod)))
    chances(vs[k] for k in ("first_wins", "draw", "second_wins", "both_fail"))
    assert sum(exact(vs, k) for k in ("first_wins", "draw", "second_wins")) == 1
    team = odds_of(fast, c.Teamwork("Pegasus", me, (_side("Mavros", "Athletics", mods=vs_mod),)))
    chances([*team["levels"].values(), *team["assist_modifiers"].values()])
    assert sum(exact(team, "levels").values()) == sum(exact(team, "assist_modifiers").values()) == 1
    assert state(fast) == before


@ONCE_A_TABLE
@given(level=st.integers(3, 30), mod=st.integers(-10, 10), defense=st.booleans())
def test_gurps_odds_partition_every_outcome(
    fast: Table, *, level: int, mod: int, defense: bool
) -> None:
    request = Request(str(level), mods=(f"{mod:+d}",), defense=defense)
    try:
        odds = odds_of(fast, c.NpcRoll("Dungeon", request))
    except RollplayError as e:  # 001: no roll below 3, except a defense roll
        assert (level + mod < 3, defense, "below 3" in str(e)) == (True, False, True)
        return
    chances([*odds["outcomes"].values(), *odds["margins"].values(), odds["success"]])
    outcomes = exact(odds, "outcomes")
    assert sum(outcomes.values()) == 1
    assert exact(odds, "success") == outcomes["success"] + outcomes["critical success"]
    assert abs(sum(odds["margins"].values()) - 1) < 1e-9


@ONCE_A_TABLE
@given(skill=st.sampled_from(["Search", "Marksmanship", "Coordination", "Reflexes"]),
       difficulty=st.integers(1, 40), cp=st.integers(0, 3), dice=st.integers(1, 8),
       pips=st.integers(0, 2))  # fmt: skip
def test_d6_odds_partition_every_outcome(
    fast: Table, *, skill: str, difficulty: int, cp: int, dice: int, pips: int
) -> None:
    before = state(fast)
    me = _side("Kara Voss", skill, cp=cp)
    one = odds_of(
        fast, c.Roll("Stars", _side("Kara Voss", skill, cp=cp, difficulty=str(difficulty)))
    )
    listed = chances(one["distribution"].values())
    assert 0 < exact(one, "truncated") < Fraction(1, 10**12)
    assert abs(sum(listed) + one["truncated"] - 1) < 1e-9
    above = sum(p for t, p in one["distribution"].items() if int(t) >= difficulty)
    assert abs(chances([one["success"]])[0] - above) < 1e-9
    vs = odds_of(fast, c.Opposed("Stars", me, _side("Thug", f"{dice}D+{pips}")))
    chances(vs[k] for k in ("first_wins", "draw", "second_wins"))
    assert exact(vs, "first_wins") + exact(vs, "second_wins") + exact(vs, "truncated") == 1
    assert vs["draw"] == 0  # 003: a tie goes to the initiator
    assert state(fast) == before
