"""Which combat a scene plays (issue 30, the scene page's combat panel): the combat under
way whose newest event in the scene's ledger, as the reader may see it, is not its end; a
combat whose events land elsewhere is not this scene's; a private scene is "no scene" to
those outside it here too."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from rollplay.errors import RollplayError
from rollplay.table import commands as c
from rollplay.table.service import Table
from tests.databases import Databases, opened

pytestmark = [pytest.mark.examples, pytest.mark.storage]


@pytest.fixture
def seated(databases: Databases, backend: str, tmp_path: Path) -> Iterator[Table]:
    """The example games with tests/people.py's people: Stella their Storyteller, Pia playing
    Nikos, Otto Mavros, Olly watching (a copy of the session's template)."""
    with opened(databases, backend, "seated", tmp_path) as table:
        yield table


def _plays(t: Table, number: int) -> dict[str, str | None]:
    return {who: t.acting_as(who).scene_combat("Pegasus", number)
            for who in ("Stella", "Pia", "Olly")}  # fmt: skip


def test_the_combat_a_scene_plays(seated: Table) -> None:
    stella, pia = seated.acting_as("Stella"), seated.acting_as("Pia")
    stella.execute(c.CombatStart("Pegasus", "Elsewhere"))  # in no scene: no scene's
    stella.execute(c.SceneStart("Pegasus", "Docks"))
    pia.execute(c.SceneJoin("Pegasus", 1))
    assert _plays(seated, 1) == dict.fromkeys(("Stella", "Pia", "Olly"))
    stella.execute(c.CombatStart("Pegasus", "Ambush"))  # lands in scene 1
    assert _plays(seated, 1) == dict.fromkeys(("Stella", "Pia", "Olly"), "Ambush")
    # An NPC's plan is the Storyteller's: the newest event players see still names Ambush.
    stella.execute(c.CombatJoin("Pegasus", "Ambush", "Raider", team="B", rating=3))
    stella.execute(c.CombatAction("Pegasus", "Ambush", "Raider", "pass"))
    assert _plays(seated, 1)["Pia"] == "Ambush"
    # An event of the other combat written in the scene makes it the scene's.
    stella.execute(c.CombatJoin("Pegasus", "Elsewhere", "Guard", team="B", rating=2))
    assert _plays(seated, 1) == dict.fromkeys(("Stella", "Pia", "Olly"), "Elsewhere")
    stella.execute(c.CombatStop("Pegasus", "Elsewhere"))  # its end: Ambush is the scene's again
    assert _plays(seated, 1) == dict.fromkeys(("Stella", "Pia", "Olly"), "Ambush")
    stella.execute(c.CombatStop("Pegasus", "Ambush"))
    assert _plays(seated, 1) == dict.fromkeys(("Stella", "Pia", "Olly"))


def test_a_private_scenes_combat_is_no_scene_to_others(seated: Table) -> None:
    pia = seated.acting_as("Pia")
    pia.execute(c.SceneStart("Pegasus", "Hangar", private=True))
    seated.acting_as("Stella").execute(c.SceneJoin("Pegasus", 1))
    seated.acting_as("Stella").execute(c.CombatStart("Pegasus", "Quiet Fight"))
    assert pia.scene_combat("Pegasus", 1) == "Quiet Fight"
    for outside in ("Otto", "Olly"):
        with pytest.raises(RollplayError, match=f"no scene 1 in Pegasus for {outside}"):
            seated.acting_as(outside).scene_combat("Pegasus", 1)
