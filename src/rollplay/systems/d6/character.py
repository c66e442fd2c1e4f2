"""D6 System characters for skill checks: attributes and skills as die codes, and the
Character and Fate Points on the sheet (003 Improving a Roll).

    name: Kara Voss
    attributes: {Reflexes: 3D, Coordination: 2D+1, Knowledge: 3D, Perception: 3D+1}
    skills:
      Search: 4D
      Demolitions: {code: 3D+2, attribute: Knowledge}
      Lockpicking: {attribute: Coordination}    # no dice in it: rolled untrained
    character_points: 5
    fate_points: 1

Storage (spending points for good) is the table's; here a sheet is read, and a spend it
cannot cover is refused.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from rollplay.errors import RollplayError, suggest
from rollplay.rulesfile import Complaint, sheet_header, table_in, whole_in
from rollplay.systems.d6.code import CodeError, DieCode, parse_code
from rollplay.systems.d6.limits import MAX_ATTRIBUTES, MAX_NAME, MAX_POINTS, MAX_SKILLS, clip

if TYPE_CHECKING:
    from rollplay.systems.d6.ruleset import D6Ruleset

_SHEET_KEYS = ("name", "system", "attributes", "skills", "character_points", "fate_points")
_POINTS = (0, MAX_POINTS)


class SheetError(RollplayError):
    """A D6 character sheet that is malformed, or names something it does not define."""


@dataclass(frozen=True)
class D6Character:
    name: str
    attributes: Mapping[str, DieCode]
    skills: Mapping[str, DieCode] = field(default_factory=dict)
    # A skill's attribute, for skills with dice and for skills listed without (untrained).
    skill_attributes: Mapping[str, str] = field(default_factory=dict)
    character_points: int = 0
    fate_points: int = 0

    def find(self, ability: str) -> tuple[str, str, DieCode] | None:
        """('skill' or 'attribute', the name as the sheet spells it, its code), or None."""
        key = " ".join(ability.split()).casefold()
        for kind, table in (("skill", self.skills), ("attribute", self.attributes)):
            for name, code in table.items():
                if name.casefold() == key:
                    return kind, name, code
        return None

    def code_of(self, ability: str) -> tuple[DieCode, str]:
        """The code of a skill or attribute, and its name as the sheet spells it."""
        found = self.find(ability)
        if found is None:
            raise SheetError(
                f"{self.name} has no skill or attribute {clip(ability.strip())}"
                f"{suggest(ability, [*self.skills, *self.attributes])}; to use a skill "
                f"untrained, add --unskilled (003 Untrained Skill Use)"
            )
        return found[2], found[1]

    def untrained(
        self, skill: str, rules: D6Ruleset, attribute: str | None = None
    ) -> tuple[str, str, DieCode]:
        """003 Untrained Skill Use: "the die code of the attribute under which that skill
        falls": (the skill's name, the attribute's name, its code). The attribute is
        ``attribute`` if given, else the sheet's for the skill, else the ruleset's."""
        name = " ".join(skill.split())
        if attribute is None:
            listed = {k.casefold(): (k, v) for k, v in self.skill_attributes.items()}
            if name.casefold() in listed:
                name, attribute = listed[name.casefold()]
            elif (known := rules.skill_attribute(name)) is not None:
                attribute, name = known
            else:
                raise SheetError(
                    f"{self.name} has no {clip(name)} and rollplay does not know which "
                    f"attribute it falls under: name it (--attribute, one of "
                    f"{', '.join(self.attributes)}; 003 Untrained Skill Use)"
                )
        found = self.find(attribute)
        if found is None or found[0] != "attribute":
            raise SheetError(
                f"{self.name} has no attribute {clip(attribute)}"
                f"{suggest(attribute, self.attributes)}; attributes: {', '.join(self.attributes)}"
            )
        return name, found[1], found[2]


def from_mapping(
    data: Mapping[str, Any], source: str = "sheet", pips_per_die: int = 3
) -> D6Character:
    """A character from a sheet's plain data; the first problem is named in one line."""
    if not isinstance(data, Mapping):
        raise SheetError(f"{source}: a sheet is a table of settings, not {clip(data)}")
    _precheck(data, source)
    name, bad = sheet_header(data, source, "D6", _SHEET_KEYS, SheetError)
    if len(name) > MAX_NAME:
        raise bad(f"name: at most {MAX_NAME} characters")

    def code(what: str, value: Any) -> DieCode:
        if not isinstance(value, str):
            raise bad(f"{what} must be a die code like 3D+1, not {clip(value)}")
        try:
            return parse_code(value, pips_per_die)
        except CodeError as exc:
            raise bad(f"{what}: {exc}") from None

    taken: set[str] = set()  # every name so far, casefolded: one pass, no rescans
    attributes: dict[str, DieCode] = {}
    given = table_in(data, "attributes", bad, required=True)
    if not 1 <= len(given) <= MAX_ATTRIBUTES:
        raise bad(f"attributes: give 1 to {MAX_ATTRIBUTES}, each with its die code")
    for key, value in given.items():
        label = _label(key, "attribute", bad)
        if label.casefold() in taken:
            raise bad(f"attribute {label} is given twice")
        taken.add(label.casefold())
        attributes[label] = code(f"attribute {label}", value)
    folded = {a.casefold(): a for a in attributes}
    skills: dict[str, DieCode] = {}
    skill_attributes: dict[str, str] = {}
    listed = table_in(data, "skills", bad)
    if len(listed) > MAX_SKILLS:
        raise bad(f"skills: at most {MAX_SKILLS}")
    for key, entry in listed.items():
        label = _label(key, "skill", bad)
        if label.casefold() in taken:
            raise bad(f"skill {label} is repeated, or an attribute's name")
        taken.add(label.casefold())
        value = entry
        if isinstance(entry, Mapping):
            if set(entry) - {"code", "attribute"} or not entry:
                raise bad(f"skill {label}: give code and/or attribute, nothing else")
            parent = entry.get("attribute")
            if parent is not None:
                if not isinstance(parent, str) or parent.casefold() not in folded:
                    raise bad(f"skill {label}: attribute {clip(parent)} is not on the sheet")
                skill_attributes[label] = folded[parent.casefold()]
            if "code" not in entry:
                if parent is None:
                    raise bad(f"skill {label}: give its code, or the attribute it falls under")
                continue  # listed without dice: rolled untrained (003 Untrained Skill Use)
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


def _label(key: Any, what: str, bad: Complaint) -> str:
    label = " ".join(key.split()) if isinstance(key, str) else ""
    if not label or len(label) > MAX_NAME:
        raise bad(f"{what} name {clip(key)}: text of 1 to {MAX_NAME} characters")
    return label


def _precheck(data: Mapping[Any, Any], source: str) -> None:
    """What the shared sheet checks would quote whole: keys, name, system and points that are
    not what they should be are refused here with the value cut short."""
    for key in data:
        if not isinstance(key, str) or len(key) > MAX_NAME:
            raise SheetError(
                f"{source}: unknown setting {clip(key)}; a D6 sheet has {', '.join(_SHEET_KEYS)}"
            )
    for key in ("name", "system"):
        value = data.get(key)
        if isinstance(value, str) and len(value) > MAX_NAME:
            raise SheetError(f"{source}: {key}: at most {MAX_NAME} characters")
    for key in ("character_points", "fate_points"):
        value = data.get(key, 0)
        if isinstance(value, bool) or not isinstance(value, int):
            raise SheetError(f"{source}: {key} must be a whole number, not {clip(value)}")
