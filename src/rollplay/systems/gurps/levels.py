"""A GURPS character's levels: what it rolls against for an attribute, a trained skill or a
skill's best default (001 Default Rolls, The Rule of 20, "No Default"). Reading a sheet into a
``Character`` is ``sheet.py``'s; ``character.py`` offers both under one name."""

from __future__ import annotations

import re
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from functools import cached_property

from rollplay.errors import RuleError, suggest
from rollplay.systems.gurps.defaults import BUILT_IN_DEFAULTS, Default
from rollplay.systems.gurps.names import ATTRIBUTE_KEYS, ATTRIBUTES, SheetError, name_in, same_name
from rollplay.systems.gurps.ruleset import GURPSRuleset

# "Navigation/TL7 (Sea)": GCS writes a skill's tech level after its name (rulings G14).
_TECH_LEVEL = re.compile(r"/TL[^\s(]*", re.IGNORECASE)


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
        wanted = name_in(ability, "the skill to roll", SheetError)
        key = wanted.casefold()
        attribute = ATTRIBUTE_KEYS.get(key)
        if attribute is not None:
            return Level(self.attributes[attribute], attribute)
        trained_name = self._trained(wanted)
        defaults = self._defaults_of((trained_name or wanted).casefold())
        if trained_name is None and defaults is None:
            known = [*ATTRIBUTES, *self.skills, *self.defaults, *BUILT_IN_DEFAULTS]
            raise SheetError(
                f"{self.name} has no skill {wanted!r}{suggest(wanted, known)} and no "
                f"default is known for it; add it to the sheet's skills, or its defaults "
                f"(e.g. {wanted}: [IQ-5]) under 'defaults'"
            )
        best = self._best_default(defaults or (), rules)
        if trained_name is not None:
            trained = self.skills[trained_name]
            if best is not None and best.value > trained:  # rulings G4
                note = f"the {best.via} default ({best.value}) beats the sheet's {trained}"
                return Level(best.value, trained_name, best.default, True, (*best.notes, note))
            return Level(trained, trained_name)
        folded = same_name(wanted)
        name = self._default_names.get(folded) or _BUILT_IN_NAMES.get(folded) or wanted
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

    @cached_property
    def _skill_names(self) -> dict[str, str]:
        """Each skill by the key names are compared by (built once per character)."""
        return {same_name(n): n for n in self.skills}

    @cached_property
    def _skills_by_tech_level(self) -> dict[str, list[str]]:
        """Each skill's names, by its name without a tech level."""
        index: dict[str, list[str]] = {}
        for n in self.skills:
            index.setdefault(_without_tech_level(n), []).append(n)
        return index

    def _trained(self, wanted: str) -> str | None:
        """The sheet's name for a skill: exactly, or without a tech level when only one of
        the sheet's skills matches ('Beam Weapons (Pistol)' finds 'Beam Weapons/TL9
        (Pistol)'); two tech levels of a skill must be told apart."""
        exact = self._skill_names.get(same_name(wanted))
        if exact is not None or "/tl" in wanted.casefold():
            return exact
        found = self._skills_by_tech_level.get(_without_tech_level(wanted), [])
        if len(found) > 1:
            raise SheetError(
                f"{self.name} has {wanted} at more than one tech level "
                f"({', '.join(sorted(found))}): say which"
            )
        return found[0] if found else None

    @cached_property
    def _default_names(self) -> dict[str, str]:
        return {same_name(n): n for n in self.defaults}

    def _defaults_of(self, key: str) -> tuple[Default, ...] | None:
        """The sheet's defaults for a skill, else the built-in ones: by its name, without
        its tech level, then without its specialty (rulings G8)."""
        for table, names in (
            (self.defaults, self._default_names),
            (BUILT_IN_DEFAULTS, _BUILT_IN_NAMES),
        ):
            for k in _lookup_keys(key):
                name = names.get(k)
                if name is not None:
                    return table[name]
        return None

    def _best_default(self, defaults: Sequence[Default], rules: GURPSRuleset) -> Level | None:
        """001: "always choose the best one". The Rule of 20 caps the basic attributes
        (``capped_attributes``; rulings G13) at ``default_attribute_cap`` (0: none)."""
        cap = rules.default_attribute_cap
        best: Level | None = None
        for d in defaults:
            notes: tuple[str, ...] = ()
            if d.attribute:
                base = self.attributes[d.source]
                if cap and base > cap and d.source in rules.capped_attributes:
                    notes = (f"{d.source} {base} counts as {cap} for defaults (Rule of 20)",)
                    base = cap
            else:
                found = self._trained(d.source)
                if found is None:
                    continue
                base = self.skills[found]
            value = base + d.modifier
            if best is None or value > best.value:
                best = Level(value, d.source, d, False, notes)
        return best


_BUILT_IN_NAMES = {same_name(n): n for n in BUILT_IN_DEFAULTS}


def _lookup_keys(name: str) -> Iterator[str]:
    """A skill's name as defaults are looked up: whole, without its tech level, and
    without its specialty."""
    yield same_name(name)
    yield _without_tech_level(name)
    yield _unspecialised(name)


def _without_tech_level(name: str) -> str:
    """'Navigation/TL7 (Sea)' -> 'navigation (sea)'."""
    return same_name(_TECH_LEVEL.sub("", name))


def _unspecialised(key: str) -> str:
    """'driving/tl7 (automobile)' -> 'driving': a specialty defaults like its skill."""
    return _without_tech_level(key.split("(", 1)[0])
