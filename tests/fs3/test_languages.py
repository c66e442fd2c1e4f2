"""002 Skills: "Language Skills don't have a rating. If you have a language skill, it is assumed
you are proficient in speaking, reading and writing that language." A 3.2 language is named,
not rated, and rolls as common knowledge: the attribute alone (rulings R9, R23)."""

from __future__ import annotations

from rollplay.systems.fs3.pool import resolve
from rollplay.systems.fs3.presets import FS3_2, FS3_3
from rollplay.systems.fs3.sheet import sheet_from_mapping

ADA = {"name": "Ada", "attributes": {"Academic": 2, "Athletic": 3, "Creative": 2, "Reactive": 2,
                                     "Social": 3}, "languages": ["English"]}  # fmt: skip


def test_002_a_32_language_is_proficient_not_rated() -> None:
    ada = sheet_from_mapping(ADA, FS3_2, "test")
    assert ada.rating_names(FS3_2)["English"] == "(proficient)"
    assert FS3_2.rating_name("language", 1) == "proficient"
    assert FS3_3.rating_name("language", 1) == "Fair / Beginner"  # 000 rates them 0-3


def test_002_a_32_language_rolls_its_attribute_alone() -> None:
    pool = resolve("English+Academic", FS3_2, ada_ratings())
    assert pool.dice == 2
    assert [(p.label, p.dice) for p in pool.parts] == [("English (proficient)", 0),
                                                        ("Academic 2", 2)]  # fmt: skip


def ada_ratings() -> dict[str, int]:
    return sheet_from_mapping(ADA, FS3_2, "test").ratings()
