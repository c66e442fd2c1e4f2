"""The Storyteller's pages in the service (issue 31): a sheet sent back with a comment that
only its player (and the Storyteller) reads, a draft sheet checked as it is typed, and the
NPC roster, kept in the database and the Storyteller's alone."""

from __future__ import annotations

from typing import Any

import pytest
import sqlalchemy as sa

from rollplay.errors import RollplayError
from rollplay.table import commands as c
from rollplay.table.access.authz import Forbidden
from rollplay.table.answers import Character as CharacterAnswer
from rollplay.table.service import Table
from rollplay.table.store.models import Event

pytestmark = [pytest.mark.examples, pytest.mark.storage]


def _seat(table: Table) -> None:
    for name, role in (("Stella", "storyteller"), ("Pia", "player"), ("Otto", "player")):
        table.add_user(name)
        table.add_member("Pegasus", name, role, ("Nikos",) if name == "Pia" else ())


def test_a_sheet_sent_back_carries_its_comment_to_its_player_only(table: Table) -> None:
    _seat(table)
    pia, stella, otto = (table.acting_as(n) for n in ("Pia", "Stella", "Otto"))
    with pytest.raises(Forbidden):
        pia.execute(c.SendBack("Pegasus", "Nikos", "not yours to send"))
    with pytest.raises(RollplayError, match="say why"):
        stella.execute(c.SendBack("Pegasus", "Nikos", "   "))
    stella.approve("Pegasus", "Nikos")
    sent = stella.execute(c.SendBack("Pegasus", "Nikos", "Piloting 6 is too high  for a rookie"))
    assert sent.event_ids
    assert isinstance(sent, CharacterAnswer)
    assert not sent.approved
    assert pia.character("Pegasus", "Nikos").review_note == "Piloting 6 is too high for a rookie"
    assert stella.character("Pegasus", "Nikos").review_note is not None
    assert otto.character("Pegasus", "Nikos").review_note is None  # not his character
    kinds = [e.kind for e in otto.events_for("Pegasus", 0, 1000)]
    assert "sent_back" not in kinds  # the event is private, as the note is
    assert "sent_back" in [e.kind for e in pia.events_for("Pegasus", 0, 1000)]
    stella.approve("Pegasus", "Nikos")
    assert pia.character("Pegasus", "Nikos").review_note is None  # approval clears it
    with table.reading() as s:
        assert s.scalar(sa.select(sa.func.count()).select_from(Event)
                        .where(Event.kind == "sent_back")) == 1  # fmt: skip


def test_a_players_fix_is_resubmitted_with_what_it_changed(table: Table) -> None:
    # Issue 37: the player's fix to a sheet sent back answers the comment (it is cleared)
    # and goes back to the Storyteller, whose card names what changed, field by field.
    from rollplay.render.events import event_card
    from rollplay.render.spans import text_of

    _seat(table)
    pia, stella = table.acting_as("Pia"), table.acting_as("Stella")
    stella.execute(c.SendBack("Pegasus", "Nikos", "Medicine 2 is too low for a medic"))
    stella.execute(c.SetSheet("Pegasus", "Nikos", {"concept": "A medic"}))  # the ST's own
    assert pia.character("Pegasus", "Nikos").review_note is not None  # not the fix asked
    before = pia.character("Pegasus", "Nikos").sheet
    pia.execute(c.SetSheet("Pegasus", "Nikos", {"action": {"Medicine": 3},
                                                "background": {"Dancing": 2}}))  # fmt: skip
    after = pia.character("Pegasus", "Nikos")
    assert after.review_note is None  # answered
    assert not after.approved
    seen = [e for e in stella.events_for("Pegasus", 0, 1000)
            if e.kind in ("sheet", "sheet_resubmitted")]  # fmt: skip
    fixed, mine, theirs = seen[-1], seen[-2], seen[-3]
    said = " ".join(text_of(line) for line in event_card(fixed))
    assert "Medicine" not in str(before["action"])  # untrained: 0, not on the sheet
    assert "Nikos's sheet is resubmitted: Medicine (none) -> 3, Dancing (none) -> 2" in said
    assert "concept" not in said  # what the fix changed, and no more
    # The change itself is every member's; that it was the fix, theirs alone (H17).
    assert " ".join(text_of(line) for line in event_card(mine)).endswith(
        "Nikos's sheet changed: Medicine (none) -> 3, Dancing (none) -> 2"
    )
    assert "resubmitted" not in " ".join(text_of(line) for line in event_card(theirs))
    kinds = [e.kind for e in table.acting_as("Otto").events_for("Pegasus", 0, 1000)]
    assert "sheet_resubmitted" not in kinds
    assert "sheet_resubmitted" in [e.kind for e in pia.events_for("Pegasus", 0, 1000)]
    # Approved, then changed again: a change, not a fix (no comment to answer).
    stella.approve("Pegasus", "Nikos")
    pia.execute(c.SetSheet("Pegasus", "Nikos", {"action": {"Medicine": 4}}))
    last = [e for e in stella.events_for("Pegasus", 0, 1000) if e.kind == "sheet"][-1]
    assert " ".join(text_of(x) for x in event_card(last)).endswith(
        "Nikos's sheet changed: Medicine 3 -> 4"
    )


def test_a_draft_sheet_is_checked_as_typed(table: Table) -> None:
    _seat(table)
    pia = table.acting_as("Pia")
    five = {"Brawn": 2, "Reflexes": 2, "Grit": 2, "Wits": 2, "Presence": 2}
    sheet: dict[str, Any] = {"name": "Ada", "attributes": five}
    weak = {**sheet, "attributes": {**sheet["attributes"], "Brawn": 0}}
    assert pia.draft_problems("Pegasus", weak) == [  # 002 Attributes: 1 to 4
        "sheet: attribute Brawn is 0; FS3.3 rates attributes 1 to 4 (002 Attributes)"
    ]
    assert pia.draft_problems("Pegasus", {"name": "Ada", "attributes": "three"})  # one line
    assert table.acting_as("Stella").draft_problems("Pegasus", sheet) == []
    table.add_user("Olly")
    table.add_member("Pegasus", "Olly", "observer", ())
    with pytest.raises(Forbidden):  # an observer makes no characters
        table.acting_as("Olly").draft_problems("Pegasus", weak)


def test_the_npc_roster_is_kept_and_is_the_storytellers(table: Table) -> None:
    _seat(table)
    stella, pia = table.acting_as("Stella"), table.acting_as("Pia")
    stella.add_npc("Pegasus", " Cylon  Raider ", "5", "fast")
    stella.add_npc("Pegasus", "Boss", "7")
    assert [(n.name, n.rating, n.note) for n in stella.npcs("Pegasus")] == [
        ("Boss", "7", ""),
        ("Cylon Raider", "5", "fast"),
    ]
    for bad, said in (("Firearms", "not an NPC's rating"), ("", "1 to 100")):
        with pytest.raises(RollplayError, match=said):
            stella.add_npc("Pegasus", "Grunt", bad)
    with pytest.raises(RollplayError, match="already has an NPC"):
        stella.add_npc("Pegasus", "boss", "6")
    with pytest.raises(RollplayError, match="a character of Pegasus"):
        stella.add_npc("Pegasus", "Nikos", "6")
    for refused in (lambda: pia.npcs("Pegasus"), lambda: pia.add_npc("Pegasus", "X", "5"),
                    lambda: pia.remove_npc("Pegasus", "Boss")):  # fmt: skip
        with pytest.raises(Forbidden):
            refused()
    stella.remove_npc("Pegasus", "Boss")
    with pytest.raises(RollplayError, match="no NPC named Boss"):
        stella.remove_npc("Pegasus", "Boss")
    assert [n.name for n in Table(table.url).npcs("Pegasus")] == ["Cylon Raider"]
