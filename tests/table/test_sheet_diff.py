"""A sheet's change told field by field in its system's types (issue 37; rulings W91): an
FS3 background skill is a ``Background``, a wound a ``WoundRecord``, a D6 skill a
``D6Skill``, so the card that draws the change reads types. A wound dealt is "Light Chest",
not the keys the sheet stores it under; levels bought with XP are each skill's."""

from __future__ import annotations

from typing import Any

from rollplay.render.events import sheet_changes
from rollplay.table.events.combat import WoundRecord
from rollplay.table.events.sheets import Background, D6Skill, SheetDiff
from rollplay.table.play.sheet_diff import sheet_diff

ADA: dict[str, Any] = {
    "name": "Ada", "system": "fs3", "attributes": {"Brawn": 2, "Wits": 3},
    "action": {"Medicine": 2}, "background": {"Singing": {"rating": 2, "attribute": "Presence"}},
    "wounds": [],
}  # fmt: skip


def test_an_fs3_change_is_told_in_its_types() -> None:
    after = {**ADA, "action": {"Medicine": 3},
             "background": {"Singing": {"rating": 3, "attribute": "Presence"}},
             "wounds": [{"location": "Chest", "severity": "Light", "type": "wound"}],
             "experience": {"action": {"Medicine": 1}}}  # fmt: skip
    diff = sheet_diff(ADA, after)
    by_path = {d.path: d for d in diff}
    singing = by_path["background", "Singing"]
    assert singing.before == Background(rating=2, attribute="Presence")
    assert singing.after == Background(rating=3, attribute="Presence")
    wounds = by_path["wounds",].after
    assert isinstance(wounds, tuple)
    assert isinstance(wounds[0], WoundRecord)
    assert by_path["experience", "action", "Medicine"].after == 1
    assert sheet_changes(diff) == ("Medicine 2 -> 3, Singing 2 -> 3, wounds [] -> [Light Chest], "
                                   "action Medicine (none) -> 1")  # fmt: skip
    # Stored and read back, the same types.
    assert SheetDiff.model_validate(singing.model_dump(mode="json")) == singing


def test_a_ruling_attribute_changed_and_a_skill_learned() -> None:
    after = {**ADA, "background": {"Singing": {"rating": 2, "attribute": "Wits"},
                                   "Cooking": {"rating": 1, "attribute": "Wits"}}}  # fmt: skip
    assert sheet_changes(sheet_diff(ADA, after)) == (
        "Singing 2 (Presence) -> 2 (Wits), Cooking (none) -> 1 (Wits)"
    )


def test_a_d6_skill_is_a_d6_skill() -> None:
    kara = {"name": "Kara", "system": "d6", "attributes": {"Dexterity": "3D"},
            "skills": {"Blaster": {"code": "4D", "attribute": "Dexterity"}}}  # fmt: skip
    after = {**kara, "skills": {"Blaster": {"code": "5D", "attribute": "Dexterity"}}}
    (changed,) = sheet_diff(kara, after)
    assert changed.after == D6Skill(code="5D", attribute="Dexterity")
    assert sheet_changes((changed,)) == "Blaster 4D (Dexterity) -> 5D (Dexterity)"
