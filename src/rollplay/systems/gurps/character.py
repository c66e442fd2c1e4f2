"""GURPS characters for success rolls: attributes, trained skills, and defaults (001 Default
Rolls, The Rule of 20, "No Default").

A sheet is plain data (the file format is in docs/gurps.md):

    name: Louis
    attributes: {ST: 10, DX: 12, IQ: 12, HT: 11}     # Will and Per default to IQ
    skills: {Intimidation: 14, Psychology: 13}
    defaults: {Interrogation: [IQ-5, Intimidation-3, Psychology-4], Alchemy: none}

``defaults`` says how skills default, adding to (and overriding) the few the text names,
which are built in (``BUILT_IN_DEFAULTS``).
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from rollplay.errors import RollplayError, RuleError, suggest
from rollplay.rulesfile import sheet_header, table_in, whole_in
from rollplay.systems.gurps.ruleset import GURPSRuleset

ATTRIBUTES = ("ST", "DX", "IQ", "HT", "Will", "Per")
_ATTRIBUTE_KEYS = {a.casefold(): a for a in ATTRIBUTES}
# 001 does not set these; the Basic Set has Will and Per start equal to IQ (rulings G7).
_FROM_IQ = ("Will", "Per")
_SKILL_RANGE = (-99, 999)
_ATTRIBUTE_RANGE = (0, 999)


class SheetError(RollplayError):
    """A character sheet that is malformed, or names something it does not define."""


@dataclass(frozen=True)
class Default:
    """One default of a skill: an attribute or another skill, at a modifier ('IQ-5')."""

    source: str
    modifier: int
    attribute: bool

    def __str__(self) -> str:
        if not self.modifier:
            return self.source
        return f"{self.source}{'+' if self.modifier > 0 else '-'}{abs(self.modifier)}"


_DEFAULT = re.compile(r"\s*(.*?\S)\s*(?:([+\-\u2212])\s*(\d{1,3}))?\s*")


def parse_default(text: str) -> Default:
    """'IQ-5' -> Default('IQ', -5, attribute=True); 'Intimidation-3' -> a skill default."""
    match = _DEFAULT.fullmatch(text) if isinstance(text, str) else None
    if match is None or match[1][-1] in "+-\u2212" or not any(c.isalpha() for c in match[1]):
        raise SheetError(f"bad default {text!r}: write a source and a penalty, like IQ-5")
    source, sign, digits = match.groups()
    value = int(digits or 0) * (-1 if sign in ("-", "\u2212") else 1)
    attribute = _ATTRIBUTE_KEYS.get(source.casefold())
    return Default(attribute or source, value, attribute is not None)


def _defaults(texts: Sequence[str]) -> tuple[Default, ...]:
    return tuple(parse_default(t) for t in texts)


# The defaults 001 itself names. "No default" is an empty tuple. A game adds the rest in its
# sheets (a GCS import brings each skill's own, in the characters issue).
BUILT_IN_DEFAULTS: dict[str, tuple[Default, ...]] = {
    "Lockpicking": _defaults(["IQ-5"]),
    "Interrogation": _defaults(["IQ-5", "Intimidation-3", "Psychology-4"]),
    "Driving": _defaults(["DX-5"]),
    "Alchemy": (),
    "Karate": (),
}


@dataclass(frozen=True)
class Level:
    """What a character rolls against for an ability: the level and how it was found."""

    value: int
    ability: str
    default: Default | None = None
    trained: bool = True
    notes: tuple[str, ...] = ()

    @property
    def via(self) -> str | None:
        """'IQ-5' when a default gave the level; None for a trained skill or an attribute."""
        return str(self.default) if self.default is not None else None


@dataclass(frozen=True)
class Character:
    """A GURPS character as far as success rolls need one."""

    name: str
    attributes: Mapping[str, int]
    skills: Mapping[str, int] = field(default_factory=dict)
    defaults: Mapping[str, tuple[Default, ...]] = field(default_factory=dict)

    def level(self, ability: str, rules: GURPSRuleset) -> Level:
        """The level to roll for an attribute, a trained skill, or a skill's best default."""
        key = ability.strip().casefold()
        attribute = _ATTRIBUTE_KEYS.get(key)
        if attribute is not None:
            return Level(self.attributes[attribute], attribute)
        trained_name = _find(self.skills, key)
        defaults = self._defaults_of(key)
        if trained_name is None and defaults is None:
            known = [*ATTRIBUTES, *self.skills, *self.defaults, *BUILT_IN_DEFAULTS]
            raise SheetError(
                f"{self.name} has no skill {ability.strip()!r}{suggest(ability, known)} and no "
                f"default is known for it; add it to the sheet's skills, or its defaults "
                f"(e.g. {ability.strip()}: [IQ-5]) under 'defaults'"
            )
        best = self._best_default(defaults or (), rules.default_attribute_cap)
        if trained_name is not None:
            trained = self.skills[trained_name]
            if best is not None and best.value > trained:  # rulings G4
                note = f"the {best.via} default ({best.value}) beats the sheet's {trained}"
                return Level(best.value, trained_name, best.default, True, (*best.notes, note))
            return Level(trained, trained_name)
        name = _display(ability.strip(), self.defaults, BUILT_IN_DEFAULTS)
        if not defaults:
            raise RuleError(
                f"{name} has no default (001 'No Default'): it cannot be attempted untrained"
            )
        if best is None:
            listed = ", ".join(str(d) for d in defaults)
            raise RuleError(
                f"{self.name} is untrained in {name}, and none of its defaults ({listed}) is "
                f"an attribute or a skill the sheet has (a default cannot come from a default)"
            )
        return Level(best.value, name, best.default, False, best.notes)

    def _defaults_of(self, key: str) -> tuple[Default, ...] | None:
        for table in (self.defaults, BUILT_IN_DEFAULTS):
            name = _find(table, key) or _find(table, _unspecialised(key))
            if name is not None:
                return table[name]
        return None

    def _best_default(self, defaults: Sequence[Default], cap: int) -> Level | None:
        """001: "always choose the best one". ``cap`` is the Rule of 20 (0: none)."""
        best: Level | None = None
        for d in defaults:
            notes: tuple[str, ...] = ()
            if d.attribute:
                base = self.attributes[d.source]
                if cap and base > cap:
                    notes = (f"{d.source} {base} counts as {cap} for defaults (Rule of 20)",)
                    base = cap
            else:
                found = _find(self.skills, d.source.casefold())
                if found is None:
                    continue
                base = self.skills[found]
            value = base + d.modifier
            if best is None or value > best.value:
                best = Level(value, d.source, d, False, notes)
        return best


def _find(table: Mapping[str, Any], key: str) -> str | None:
    for name in table:
        if name.casefold() == key:
            return name
    return None


def _unspecialised(key: str) -> str:
    """'driving (automobile)' -> 'driving': a specialty defaults like its skill."""
    return key.split("(", 1)[0].strip()


def _display(name: str, *tables: Mapping[str, Any]) -> str:
    for table in tables:
        found = _find(table, name.casefold())
        if found is not None:
            return found
    return name


_SHEET_KEYS = ("name", "system", "attributes", "skills", "defaults")


def from_mapping(data: Mapping[str, Any], source: str = "sheet") -> Character:
    """A character from a sheet's plain data; the first problem is named in one line
    (checked by hand: see rollplay.rulesfile)."""

    name, bad = sheet_header(data, source, "GURPS", _SHEET_KEYS, SheetError)

    attributes: dict[str, int] = {}
    for key, value in table_in(data, "attributes", bad, required=True).items():
        canonical = _ATTRIBUTE_KEYS.get(str(key).strip().casefold())
        if canonical is None:
            raise bad(
                f"unknown attribute {key!r}{suggest(str(key), ATTRIBUTES)}; "
                f"GURPS attributes are {', '.join(ATTRIBUTES)}"
            )
        if canonical in attributes:
            raise bad(f"attribute {canonical} is given twice")
        attributes[canonical] = whole_in(value, f"attribute {canonical}", _ATTRIBUTE_RANGE, bad)
    missing = [a for a in ATTRIBUTES if a not in attributes and a not in _FROM_IQ]
    if missing:
        raise bad(f"missing attribute{'s' if len(missing) > 1 else ''} {', '.join(missing)}")
    for derived in _FROM_IQ:
        attributes.setdefault(derived, attributes["IQ"])

    skills: dict[str, int] = {}
    defaults: dict[str, tuple[Default, ...]] = {}
    for key, entry in table_in(data, "skills", bad).items():
        clean = " ".join(str(key).split())
        if not clean or _find(skills, clean.casefold()) or clean.casefold() in _ATTRIBUTE_KEYS:
            raise bad(f"skill {key!r} is empty, repeated, or an attribute's name")
        level, listed = entry, None
        if isinstance(entry, Mapping):
            extra = set(entry) - {"level", "defaults"}
            if extra or "level" not in entry:
                raise bad(f"skill {clean}: give level (and, if you like, defaults), nothing else")
            level, listed = entry["level"], entry.get("defaults")
        elif isinstance(entry, bool) or not isinstance(entry, int):
            raise bad(
                f"skill {clean}: a skill is a level (a whole number) or "
                f"{{level, defaults}}, not {entry!r}"
            )
        skills[clean] = whole_in(level, f"skill {clean}", _SKILL_RANGE, bad)
        if listed is not None:
            defaults[clean] = _sheet_defaults(bad, clean, listed)
    for key, listed in table_in(data, "defaults", bad).items():
        clean = " ".join(str(key).split())
        defaults[clean] = _sheet_defaults(bad, clean, listed)
    return Character(name.strip(), attributes, skills, defaults)


def _sheet_defaults(bad: Any, skill: str, listed: Any) -> tuple[Default, ...]:
    if isinstance(listed, str):
        if listed.strip().casefold() in ("none", "no default"):
            return ()
        listed = [listed]
    if not isinstance(listed, list | tuple):
        raise bad(f"defaults of {skill}: a list like [IQ-5, Intimidation-3], or none")
    out = []
    for text in listed:
        try:
            d = parse_default(text)
        except SheetError as exc:
            raise bad(f"defaults of {skill}: {exc}") from None
        if d.source.casefold() == skill.casefold():
            raise bad(f"defaults of {skill}: a skill cannot default to itself")
        out.append(d)
    return tuple(out)
