"""A sheet's limits (docs/limits.md, "Sheets"): a sheet cannot be made too large, nor grown
past them a little at a time, on any path that writes one; what is refused names the limit
and changes nothing."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
import yaml

from rollplay.errors import RollplayError
from rollplay.table.service import Table
from tests.clirun import fails_cleanly, run
from tests.table.conftest import NIKOS
from tests.typed import dig

pytestmark = pytest.mark.examples


def lore(first: int, count: int) -> dict[str, Any]:
    return {f"Lore {i}": 1 for i in range(first, first + count)}


def background_of(table: Table) -> dict[str, Any]:
    return dict(dig(table.character("Pegasus", "Nikos").sheet, "background"))


def test_a_new_sheet_past_the_background_limit_is_refused(table: Table) -> None:
    sheet = {**NIKOS, "name": "Lyra", "background": lore(0, 501)}
    with pytest.raises(RollplayError, match=r"501 background skills; a sheet has at most 500"):
        table.new_character("Pegasus", sheet)
    assert "Lyra" not in table.game("Pegasus").characters
    table.new_character("Pegasus", {**sheet, "background": lore(0, 500)})  # the limit itself


@pytest.mark.storage
def test_small_changes_cannot_grow_a_sheet_past_its_limits(table: Table) -> None:
    room = 500 - len(background_of(table))
    for start in range(0, room, 100):  # 100 at a time, up to the limit
        table.set_character("Pegasus", "Nikos", {"background": lore(start, min(100, room - start))})
    before = background_of(table)
    assert len(before) == 500
    with pytest.raises(RollplayError, match="501 background skills; a sheet has at most 500"):
        table.set_character("Pegasus", "Nikos", {"background": lore(room, 1)})
    assert background_of(table) == before
    table.set_character("Pegasus", "Nikos", {"background": {"Singing": None}})  # room again
    table.set_character("Pegasus", "Nikos", {"background": lore(room, 1)})


def test_specialties_quirks_and_texts_have_limits(table: Table) -> None:
    too_many = {f"Aircraft {i}": None for i in range(21)}
    with pytest.raises(RollplayError, match="21 specialties of Piloting; a sheet has at most 20"):
        table.set_character("Pegasus", "Nikos", {"specialties": {"Piloting": list(too_many)}})
    with pytest.raises(RollplayError, match="51 quirks; a sheet has at most 50"):
        table.set_character("Pegasus", "Nikos", {"quirks": [f"Quirk {i}" for i in range(51)]})
    with pytest.raises(RollplayError, match="a text in a sheet is at most 10,000"):
        table.set_character("Pegasus", "Nikos", {"concept": "x" * 10_001})
    with pytest.raises(RollplayError, match="a name in a sheet is at most 100"):
        table.set_character("Pegasus", "Nikos", {"background": {"L" * 101: 1}})


def test_a_sheet_has_a_total_size(table: Table) -> None:
    """GURPS allows 2,000 skills with 20 defaults each: the whole sheet has a bound too."""
    skills = {f"{'Skill':<90}{i:05}": {"level": 12, "defaults": ["IQ-4"] * 5}
              for i in range(2_000)}  # fmt: skip
    sheet = {"name": "Huge", "system": "gurps", "attributes": {"IQ": 12}, "skills": skills}
    with pytest.raises(RollplayError, match=r"characters long written as JSON; .*200,000"):
        table.new_character("Dungeon", sheet)


def test_changes_are_bounded_even_when_they_remove(table: Table) -> None:
    """A change is kept in the log: 70,000 removals are refused like 70,000 skills."""
    gone = dict.fromkeys((f"Lore {i}" for i in range(70_000)), None)
    with pytest.raises(RollplayError, match=r"the changes at 'background' has 70,000 entries"):
        table.set_character("Pegasus", "Nikos", {"background": gone})


def test_a_raise_with_xp_cannot_learn_past_the_limit(table: Table) -> None:
    table.set_character(
        "Pegasus", "Nikos", {"background": lore(0, 500 - len(background_of(table)))}
    )
    table.award_xp("Pegasus", "Nikos", 100)
    with pytest.raises(RollplayError, match="at most 500"):
        table.raise_skill("Pegasus", "Nikos", "Sailing", "background")
    assert "Sailing" not in background_of(table)


def test_the_command_line_refuses_in_one_line(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    db = f"sqlite:///{tmp_path / 'cli.db'}"
    run(capsys, "game", "example", "--db", db)
    path = tmp_path / "lyra.yaml"
    path.write_text(yaml.safe_dump({**NIKOS, "name": "Lyra", "background": lore(0, 600)}))
    err = fails_cleanly(capsys, "char", "new", str(path), "--game", "Pegasus", "--db", db)
    assert "600 background skills; a sheet has at most 500" in err
    path = tmp_path / "lyra.json"
    path.write_text(json.dumps({**NIKOS, "name": "Lyra", "concept": "x" * 10_001}))
    err = fails_cleanly(capsys, "char", "import", str(path), "--game", "Pegasus", "--db", db)
    assert "a text in a sheet is at most 10,000" in err
    many = json.dumps([f"Q{i}" for i in range(60)])
    err = fails_cleanly(capsys, "char", "set", "Nikos", f"quirks={many}", "--db", db)
    assert "60 quirks; a sheet has at most 50" in err
