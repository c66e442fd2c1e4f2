"""``Service.execute``: typed commands, as the command language, the server and the bridges
hand them over, run for the actor, with what they leave to context filled in."""

from __future__ import annotations

import pytest

from rollplay.errors import RollplayError
from rollplay.table import commands as c
from rollplay.table.access.authz import Forbidden
from rollplay.table.answers import (
    Character,
    CombatStatus,
    FS3Rolled,
    GurpsRolled,
    LogPage,
    SecretRollMade,
    TurnResolved,
)
from rollplay.table.events.payloads import HiddenRoll, Roll
from rollplay.table.events.views import SeenEntry
from rollplay.table.service import Table
from rollplay.table.systems import Request
from tests.typed import dumped, of

pytestmark = pytest.mark.examples  # every test starts from the example games


@pytest.fixture
def pia(table: Table) -> Table:
    table.add_user("Pia")
    table.add_member("Pegasus", "Pia", "player", ("Nikos",))
    return table.acting_as("Pia")


def test_a_player_rolls_their_own_character_without_naming_it(pia: Table) -> None:
    side = c.Side(None, Request("Firearms+Reflexes", mods=("-1",)))
    done = of(FS3Rolled, pia.execute(c.Roll(None, side)))

    assert (done.command, done.character, done.game) == ("Roll", "Nikos", "Pegasus")
    assert done.pool == 6  # Firearms 3 + Reflexes 4 - 1


def test_a_player_asks_for_a_secret_roll_and_learns_only_that_it_was_made(
    pia: Table, table: Table
) -> None:
    """Rulings T9: the Storyteller's roll, asked for by the player; the result is the
    Storyteller's alone, in what the service returns as in the log."""
    secret = c.Roll(None, c.Side(None, Request("Firearms")), visibility="secret")
    told = of(SecretRollMade, pia.execute(secret))
    assert told.secret
    assert told.visibility == "secret"
    assert not {"dice", "successes", "pool", "verdict", "outcome"} & set(dumped(told))
    assert "Nikos" in told.message
    mine = pia.events_for("Pegasus")[-1]
    assert mine.id == told.log_id
    assert mine.hidden
    assert "dice" not in dumped(of(HiddenRoll, mine.data))
    whole = table.events_for("Pegasus")[-1]
    assert of(Roll, whole.data).dice
    assert whole.actor == "Pia"
    table.game_settings("Pegasus", players_ask_secret=False)
    with pytest.raises(Forbidden, match="only the Storyteller may make a secret roll"):
        pia.execute(c.Roll(None, c.Side(None, Request("Firearms")), visibility="secret"))


def test_context_is_asked_for_when_it_is_not_clear(table: Table) -> None:
    with pytest.raises(RollplayError, match="say which game"):
        table.execute(c.NpcRoll(None, Request("5")))
    with pytest.raises(RollplayError, match="say which character"):
        table.execute(c.Roll("Pegasus", c.Side(None, Request("Firearms"))))


def test_the_storyteller_runs_npcs_awards_and_a_combat(table: Table, pia: Table) -> None:
    npc = of(FS3Rolled, table.execute(c.NpcRoll("Pegasus", Request("5"), name="Raider")))
    assert (npc.character, len(npc.dice)) == ("Raider", 5)  # 004: one rating, in dice
    with pytest.raises(Forbidden):
        pia.execute(c.NpcRoll("Pegasus", Request("5")))
    awarded = table.execute(c.AwardLuck("Pegasus", "Nikos", 2, "a fine pose"))
    assert of(Character, awarded).luck == 3
    assert of(Character, pia.execute(c.SpendLuck("Pegasus"))).luck == 2
    table.execute(c.CombatStart("Pegasus", "Hangar"))
    pia.execute(c.CombatJoin("Pegasus", None, None, weapon="Pistol"))  # her own character
    table.execute(c.CombatJoin("Pegasus", None, "Raider", team="B", rating=4, weapon="Knife"))
    pia.execute(c.CombatAction("Pegasus", None, None, "attack", target="Raider"))
    turn = of(TurnResolved, table.execute(c.CombatTurn("Pegasus", None)))
    assert turn.command == "CombatTurn"
    assert {i.name for i in turn.initiative} == {"Nikos", "Raider"}
    status = of(CombatStatus, pia.execute(c.CombatStatus("Pegasus", None)))
    assert status.turn == 2
    kinds = [e.kind for e in pia.events_for("Pegasus", limit=1000)]
    for kind in ("combat_start", "combat_join", "combat_action", "combat_turn", "luck_award"):
        assert kind in kinds


def test_sheets_and_the_log(pia: Table) -> None:
    assert of(Character, pia.execute(c.ShowSheet(None))).name == "Nikos"
    pia.execute(c.Roll("Pegasus", c.Side("Nikos", Request("Piloting"))))
    entries = of(LogPage, pia.execute(c.ShowLog(None))).entries
    assert [of(SeenEntry, e).expression for e in entries] == ["Piloting"]


def test_a_gurps_sense_roll_is_the_gms_in_secret(table: Table) -> None:
    """001 When the GM Rolls: a Sense roll is made by the GM, in secret, whatever was asked."""
    rolled = of(GurpsRolled, table.roll("Dungeon", "Inspector Vance", Request("Per", sense=True)))
    assert rolled.visibility == "secret"
    assert rolled.information is not None  # graded for the GM
    table.add_user("Vic")
    table.add_member("Dungeon", "Vic", "player", ("Inspector Vance",))
    vic = table.acting_as("Vic")
    told = of(SecretRollMade, vic.roll("Dungeon", "Inspector Vance", Request("Per", sense=True)))
    assert told.secret
    assert "information" not in dumped(told)
    assert "dice" not in dumped(told)
    table.game_settings("Dungeon", players_ask_secret=False)
    with pytest.raises(Forbidden, match="only the Storyteller may make a secret roll"):
        table.acting_as("Vic").roll("Dungeon", "Inspector Vance", Request("Per", sense=True))


def test_the_vocabulary_a_line_may_name(table: Table) -> None:
    pegasus = table.vocabulary("Pegasus")
    assert (pegasus.system, pegasus.characters) == ("fs3", ("Mavros", "Nikos"))
    assert {"Reflexes", "Firearms", "Piloting"} <= set(pegasus.abilities)
    assert "Detect Lies" in table.vocabulary("Dungeon").abilities  # a default (001)
    assert "Search" in table.vocabulary("Stars").abilities
    table.add_user("Nora")
    with pytest.raises(Forbidden, match="Nora is not in Pegasus"):
        table.acting_as("Nora").vocabulary("Pegasus")
