"""``combat/orders`` (rulings W41, W80): the Storyteller sets several NPCs' actions in one
command, one transaction, all or none; anything wrong is one line naming it and what is
accepted, and changes nothing; only the Storyteller may give orders. On both databases."""

from __future__ import annotations

import pytest

from rollplay.errors import RollplayError
from rollplay.table import commands as c
from rollplay.table.access.authz import Forbidden
from rollplay.table.service import Table
from tests.people import THREE, seat
from tests.table.test_combat_carry import fight

pytestmark = pytest.mark.storage


def orders(*given: tuple[str, str, str | None]) -> c.CombatOrders:
    return c.CombatOrders("Pegasus", None, tuple(c.NpcOrder(*o) for o in given))


def _state(t: Table) -> tuple[int, dict[str, tuple[str, str | None]]]:
    """The game's event count and the actions set in Hangar."""
    status = t.execute(c.CombatStatus("Pegasus", "Hangar"))
    actions = getattr(status, "actions", {})
    return (len(t.events_for("Pegasus", limit=1000)),
            {k: (a.kind, a.target) for k, a in actions.items()})  # fmt: skip


@pytest.fixture
def hangar(db_url: str) -> Table:
    """Nikos (Pia's) against the Raider and the Thug, NPCs; Stella tells the story and Olly
    watches."""
    fight(db_url)
    table = Table(db_url)
    table.execute(c.CombatJoin("Pegasus", "Hangar", "Thug", team="B", rating=3, weapon="Knife"))
    return seat(table, "Pegasus", THREE)


def test_orders_are_set_all_or_none(hangar: Table) -> None:
    st = hangar.acting_as("Stella")
    said = st.execute(orders(("raider", "suppress", "nikos"), ("Thug", "attack", "Nikos")))
    assert said.command == "CombatOrders"
    assert len(said.event_ids) == 2  # an action event each, as one action's
    before = _state(hangar)
    assert before[1] == {"Raider": ("suppress", "Nikos"), "Thug": ("attack", "Nikos")}
    refused = {
        # One refused order (an NPC cannot attack itself) leaves every order as it was.
        "Thug cannot attack themself": orders(("Raider", "pass", None), ("Thug", "attack", "Thug")),
        "'Goon' is not in Hangar; in it: Nikos, Raider, Thug":
            orders(("Raider", "pass", None), ("Goon", "reload", None)),
        "Nikos is not an NPC: their player sets their action (the NPCs in Hangar: Raider, Thug)":
            orders(("Raider", "pass", None), ("Nikos", "attack", "Raider")),
        "Thug: unknown action 'shoot'; accepted: attack, aim, suppress, reload, subdue, escape, "
        "rally, treat, pass": orders(("Raider", "pass", None), ("Thug", "shoot", "Nikos")),
        "Thug: attack needs a target among: Nikos, Raider, Thug": orders(("Thug", "attack", None)),
        "Thug: reload takes no target (Nikos given)": orders(("Thug", "reload", "Nikos")),
        "Raider is given two orders: one each":
            orders(("Raider", "pass", None), ("RAIDER", "reload", None)),
        "no orders given: name at least one NPC and its action, like combat/orders "
        "Raider=attack Nikos, Thug=reload": orders(),
    }  # fmt: skip
    for message, command in refused.items():
        with pytest.raises(RollplayError) as caught:
            st.execute(command)
        assert str(caught.value) == message
        assert _state(hangar) == before, message


def test_only_the_storyteller_gives_orders(hangar: Table) -> None:
    before = _state(hangar)
    for user in ("Pia", "Olly"):
        with pytest.raises(Forbidden):
            hangar.acting_as(user).execute(orders(("Raider", "pass", None)))
    assert _state(hangar) == before
    hangar.acting_as("Stella").execute(orders(("Raider", "pass", None)))
    assert _state(hangar)[1] == {"Raider": ("pass", None)}
    # The player's view of the combat leaves the NPCs' orders out (002: theirs to keep).
    seen = hangar.acting_as("Pia").execute(c.CombatStatus("Pegasus", "Hangar"))
    assert "Raider" not in getattr(seen, "actions", {})
