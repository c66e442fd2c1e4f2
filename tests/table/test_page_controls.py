"""The service's reads behind a page's controls (issue 37; table/access/controls.py): who may
fix a sheet, whom one may ask for a roll, and who may start a combat are decided here, in
authorization's own words, as the commands the controls send decide them; a surface only
shows the answer. Before, the pages kept copies: "only the player or the Storyteller fixes
its sheet", "approved: nothing to fix" and "only the Storyteller asks" were theirs."""

from __future__ import annotations

import pytest

from rollplay.table import commands as c
from rollplay.table.access.authz import Act, Forbidden
from rollplay.table.service import Table

pytestmark = [pytest.mark.examples, pytest.mark.storage]


def _seat(table: Table) -> None:
    for name, role in (("Stella", "storyteller"), ("Pia", "player"), ("Otto", "player"),
                       ("Olly", "observer")):  # fmt: skip
        table.add_user(name)
        table.add_member("Pegasus", name, role, ("Nikos",) if name == "Pia" else ())


def test_a_sheet_is_fixable_by_whoever_may_change_it_until_it_is_approved(table: Table) -> None:
    _seat(table)
    pia, stella, otto, olly = (table.acting_as(n) for n in ("Pia", "Stella", "Otto", "Olly"))
    refusals = ((otto, "players do that only for the characters they play"),
                (olly, "only the Storyteller may change this character's sheet"))  # fmt: skip
    for outsider, said in refusals:
        with pytest.raises(Forbidden, match=said):
            outsider.fixable("Pegasus", "Nikos")
    stella.approve("Pegasus", "Nikos")
    approved = pia.fixable("Pegasus", "Nikos")
    assert approved.nothing is not None
    assert "approved: there is nothing to fix" in approved.nothing
    stella.execute(c.SendBack("Pegasus", "Nikos", "Piloting 5 is high for a rookie"))
    for reader in (pia, stella):
        sent = reader.fixable("Pegasus", "nikos")  # named loosely, as any lookup
        assert sent.nothing is None
        assert sent.character.name == "Nikos"
        assert sent.character.review_note == "Piloting 5 is high for a rookie"
    stella.archive_game("Pegasus")
    with pytest.raises(Forbidden, match="archived"):
        pia.fixable("Pegasus", "Nikos")


def test_only_one_who_may_ask_for_a_roll_is_offered_whom_to_ask(table: Table) -> None:
    _seat(table)
    stella = table.acting_as("Stella")
    assert stella.askable("Pegasus") == stella.game("Pegasus").characters
    assert "Nikos" in stella.askable("Pegasus")
    for name in ("Pia", "Olly"):
        with pytest.raises(Forbidden, match="only the Storyteller may ask for a roll"):
            table.acting_as(name).askable("Pegasus")


def test_a_control_is_refused_as_its_command_would_be(table: Table) -> None:
    _seat(table)
    stella, pia = table.acting_as("Stella"), table.acting_as("Pia")
    stella.permit("Pegasus", Act.RUN_COMBAT)  # nothing to refuse
    with pytest.raises(Forbidden) as said:
        pia.permit("Pegasus", Act.RUN_COMBAT)
    with pytest.raises(Forbidden) as ran:
        pia.execute(c.CombatStart("Pegasus", "Brawl"))
    assert str(said.value) == str(ran.value)  # the same words as the command's refusal
