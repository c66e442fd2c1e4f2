"""D6 System characters for skill checks: attributes and skills as die codes, and the
Character and Fate Points on the sheet (003 Improving a Roll).

    name: Kara Voss
    attributes: {Reflexes: 3D, Coordination: 2D+1, Knowledge: 3D, Perception: 3D+1}
    skills: {Search: 4D, Demolitions: {code: 3D+2, attribute: Knowledge}}
    character_points: 5
    fate_points: 1

Storage (spending points for good) is the characters issue's; here a sheet is read, and a
spend it cannot cover is refused.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from rollplay.errors import RollplayError, RuleError, suggest
from rollplay.rulesfile import sheet_header, table_in, whole_in
from rollplay.systems.d6.code import CodeError, DieCode, parse_code

_SHEET_KEYS = ("name", "system", "attributes", "skills", "character_points", "fate_points")
_POINTS = (0, 9999)


class SheetError(RollplayError):
    """A D6 character sheet that is malformed, or names something it does not define."""


@dataclass(frozen=True)
class D6Character:
    name: str
    attributes: Mapping[str, DieCode]
    skills: Mapping[str, DieCode] = field(default_factory=dict)
    skill_attributes: Mapping[str, str] = field(default_factory=dict)
    character_points: int = 0
    fate_points: int = 0

    def code_of(self, ability: str) -> tuple[DieCode, str]:
        """The code of a skill or attribute, and its name as the sheet spells it."""
        key = ability.strip().casefold()
        for table in (self.skills, self.attributes):
            for name, code in table.items():
                if name.casefold() == key:
                    return code, name
        raise SheetError(
            f"{self.name} has no skill or attribute {ability.strip()!r}"
            f"{suggest(ability, [*self.skills, *self.attributes])}; to use a skill untrained, "
            f"roll its attribute with --unskilled (003 Untrained Skill Use)"
        )

    def check_spend(self, character_points: int, fate: bool) -> None:
        """003 Improving a Roll: "She may not spend more ... than the character has"."""
        if character_points > self.character_points:
            raise RuleError(
                f"{self.name} has {self.character_points} Character Point"
                f"{'s' if self.character_points != 1 else ''}; cannot spend {character_points}"
            )
        if fate and self.fate_points < 1:
            raise RuleError(f"{self.name} has no Fate Points to spend")


def from_mapping(
    data: Mapping[str, Any], source: str = "sheet", pips_per_die: int = 3
) -> D6Character:
    """A character from a sheet's plain data; the first problem is named in one line."""

    name, bad = sheet_header(data, source, "D6", _SHEET_KEYS, SheetError)

    def code(what: str, value: Any) -> DieCode:
        if not isinstance(value, str):
            raise bad(f"{what} must be a die code like 3D+1, not {value!r}")
        try:
            return parse_code(value, pips_per_die)
        except CodeError as exc:
            raise bad(f"{what}: {exc}") from None

    attributes: dict[str, DieCode] = {}
    for key, value in table_in(data, "attributes", bad, required=True).items():
        label = " ".join(str(key).split())
        if label.casefold() in (a.casefold() for a in attributes):
            raise bad(f"attribute {label} is given twice")
        attributes[label] = code(f"attribute {label}", value)
    skills: dict[str, DieCode] = {}
    skill_attributes: dict[str, str] = {}
    for key, entry in table_in(data, "skills", bad).items():
        label = " ".join(str(key).split())
        taken = [*skills, *attributes]
        if not label or label.casefold() in (t.casefold() for t in taken):
            raise bad(f"skill {key!r} is empty, repeated, or an attribute's name")
        value = entry
        if isinstance(entry, Mapping):
            extra = set(entry) - {"code", "attribute"}
            if extra or "code" not in entry:
                raise bad(f"skill {label}: give code (and, if you like, attribute), nothing else")
            parent = entry.get("attribute")
            if parent is not None:
                match = [a for a in attributes if a.casefold() == str(parent).casefold()]
                if not match:
                    raise bad(f"skill {label}: attribute {parent!r} is not on the sheet")
                skill_attributes[label] = match[0]
            value = entry["code"]
        skills[label] = code(f"skill {label}", value)
    return D6Character(
        name,
        attributes,
        skills,
        skill_attributes,
        whole_in(data.get("character_points", 0), "character_points", _POINTS, bad),
        whole_in(data.get("fate_points", 0), "fate_points", _POINTS, bad),
    )
