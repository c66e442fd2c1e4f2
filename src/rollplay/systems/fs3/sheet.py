"""FS3 character sheets and character creation (002 Character Creation; 000 ratings), as
pure functions over a ruleset; raising them with XP is experience.py's.

A sheet is plain data (docs/table.md):

    concept: A Viper pilot just transferred to the squadron.
    attributes: {Brawn: 2, Reflexes: 3, Grit: 2, Wits: 3, Presence: 2}
    action: {Firearms: 3, Piloting: 5}
    background: {Singing: {rating: 2, attribute: Presence}}
    languages: {English: 3}          # 3.3 rates languages 0-3; a list for 3.2
    specialties: {Piloting: [Viper]}
    quirks: [Never Forgets a Face]
    experience: {action: {Medicine: 1}}   # levels bought with XP (002 Experience), written
                                          # by a raise; not counted at creation (R29)
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, Literal

from rollplay.errors import RollplayError
from rollplay.rulesfile import sheet_header, table_in, whole_in
from rollplay.systems.fs3.ruleset import FS3Ruleset
from rollplay.systems.fs3.sheet_fields import (
    MAX_BACKGROUND,
    MAX_CONCEPT,
    MAX_QUIRKS,
    MAX_SPECIALTIES,
    advantages_in,
    as_list,
    at_most,
    attribute_rating,
    canonical,
    experience_in,
    languages_in,
    scaled_range,
    short,
    wound_in,
)

AbilityKind = Literal["attribute", "action", "background", "language", "quirk", "advantage"]
_KEYS = (
    "name", "system", "concept", "attributes", "action", "background", "languages",
    "specialties", "quirks", "wounds", "experience", "advantages",
)  # fmt: skip


class SheetError(RollplayError):
    """An FS3 sheet that is malformed or names abilities the game does not have."""


@dataclass(frozen=True)
class Background:
    rating: int
    attribute: str | None = None


@dataclass(frozen=True)
class FS3Sheet:
    name: str
    concept: str = ""
    attributes: Mapping[str, int] = field(default_factory=dict)
    action: Mapping[str, int] = field(default_factory=dict)
    background: Mapping[str, Background] = field(default_factory=dict)
    languages: Mapping[str, int] = field(default_factory=dict)
    specialties: Mapping[str, tuple[str, ...]] = field(default_factory=dict)
    quirks: tuple[str, ...] = ()
    wounds: tuple[Mapping[str, Any], ...] = ()  # checked by _wound; the combat rules' own
    # Levels bought with XP, by table (XP_KINDS) and skill: 002 Experience, not Character
    # Creation, so the creation checks leave them out (chargen.py; rulings R29).
    experience: Mapping[str, Mapping[str, int]] = field(default_factory=dict)
    # Rank, Resources...: rated 0-3 where the game uses advantages (rulings A4).
    advantages: Mapping[str, int] = field(default_factory=dict)

    def bought(self, kind: str, skill: str) -> int:
        """How many of ``skill``'s levels XP bought (``kind``: one of XP_KINDS)."""
        return self.experience.get(kind, {}).get(skill, 0)

    def wound_modifier(self, rules: FS3Ruleset) -> int:
        """002 Damage: the total wound modifier, "applied to all ability rolls"."""
        from rollplay.systems.fs3.combat.attack import Wound, wound_modifier

        return wound_modifier([Wound.from_dict(dict(w)) for w in self.wounds], rules.combat)

    def ratings(self) -> dict[str, int]:
        """Every rated ability, for roll strings."""
        return {
            **self.attributes,
            **self.action,
            **{k: b.rating for k, b in self.background.items()},
            **self.languages,
            **self.advantages,
        }

    def to_mapping(self) -> dict[str, Any]:
        return {
            "name": self.name,
            "system": "fs3",
            "concept": self.concept,
            "attributes": dict(self.attributes),
            "action": dict(self.action),
            "background": {
                k: {"rating": b.rating, **({"attribute": b.attribute} if b.attribute else {})}
                for k, b in self.background.items()
            },
            "languages": dict(self.languages),
            "specialties": {k: list(v) for k, v in self.specialties.items()},
            "quirks": list(self.quirks),
            "wounds": list(self.wounds),
            **({"experience": {k: dict(v) for k, v in self.experience.items()}}
               if self.experience else {}),
            **({"advantages": dict(self.advantages)} if self.advantages else {}),
        }  # fmt: skip

    def pools(self, rules: FS3Ruleset) -> dict[str, int]:
        """The dice each rated ability rolls with its linked attribute (000 What to Roll), as
        a sheet shows them; one that cannot be rolled alone (a 3.2 background skill with no
        ruling attribute) is left out."""
        from rollplay.systems.fs3.pool import Ratings, resolve

        ratings = self.ratings()
        folded = Ratings(ratings)  # once: folding per ability made a read quadratic (#29)
        out = {}
        for name in ratings:
            entry = self.background.get(name)
            expression = f"{name}+{entry.attribute}" if entry and entry.attribute else name
            try:
                out[name] = resolve(expression, rules, folded).dice
            except RollplayError:
                continue
        return out

    def rating_names(self, rules: FS3Ruleset) -> dict[str, str]:
        """Each rated ability's rating, as the edition names it: {'Firearms': '3 (Novice)'};
        an unrated language by what it is: {'English': '(proficient)'} (002 Skills)."""
        kinds = (
            ("attribute", self.attributes.items()),
            ("action", self.action.items()),
            ("background", ((k, b.rating) for k, b in self.background.items())),
            ("language", self.languages.items()),
            ("advantage", self.advantages.items()),
        )
        named = {}
        for kind, items in kinds:
            unrated = kind == "language" and rules.unrated_languages
            for name, rating in items:
                title = rules.rating_name(kind, rating)
                named[name] = f"({title})" if unrated else f"{rating} ({title})"
        return named


def sheet_from_mapping(data: Mapping[str, Any], rules: FS3Ruleset, source: str) -> FS3Sheet:
    """A sheet from plain data, checked against the game's ability lists (first problem)."""
    name, bad = sheet_header(data, source, "FS3", _KEYS, SheetError)
    concept = data.get("concept", "")
    if not isinstance(concept, str) or len(concept) > MAX_CONCEPT:
        raise bad(f"concept must be some text, at most {MAX_CONCEPT} characters")
    short(name, "name", bad)
    skill_lo, skill_hi = rules.skill_range
    attributes = {
        canonical(k, rules.attributes, "attribute", bad): attribute_rating(k, v, rules, bad)
        for k, v in table_in(data, "attributes", bad).items()
    }
    missing = [a for a in rules.attributes if a not in attributes]
    if missing:  # 002 Attributes: "All characters will have a rating in every attribute"
        raise bad(f"no rating for {', '.join(missing)}: every character rates every attribute")
    action_names = tuple(s.name for s in rules.action_skills)
    action = {
        canonical(k, action_names, "action skill", bad): whole_in(
            v, f"action skill {k}", (skill_lo, skill_hi), bad
        )
        for k, v in table_in(data, "action", bad).items()
    }
    background: dict[str, Background] = {}
    # 000: background skills are on the 0-3 dice scale where the edition has one (R9).
    background_range = scaled_range(rules) or (skill_lo, skill_hi)
    listed_background = table_in(data, "background", bad)
    at_most(len(listed_background), MAX_BACKGROUND, "background skills", bad)
    for key, entry in listed_background.items():
        label = short(" ".join(str(key).split()), "a background skill's name", bad)
        if not label or label.casefold() in (a.casefold() for a in (*attributes, *action)):
            raise bad(f"background skill {key!r} is empty or another ability's name")
        rating, ruling = entry, None
        if isinstance(entry, Mapping):
            if set(entry) - {"rating", "attribute"} or "rating" not in entry:
                raise bad(f"background skill {label}: give rating and attribute, nothing else")
            rating = entry["rating"]
            if entry.get("attribute") is not None:
                ruling = canonical(entry["attribute"], rules.attributes, "attribute", bad)
        background[label] = Background(
            whole_in(rating, f"background skill {label}", background_range, bad), ruling
        )
    languages = languages_in(data.get("languages"), rules, bad)
    specialties: dict[str, tuple[str, ...]] = {}
    for key, listed in table_in(data, "specialties", bad).items():
        skill = canonical(key, tuple(action), "action skill on this sheet", bad)
        if not isinstance(listed, list) or not all(isinstance(x, str) for x in listed):
            raise bad(f"specialties of {skill}: a list of names")
        at_most(len(listed), MAX_SPECIALTIES, f"specialties of {skill}", bad)
        allowed = next(s.specialties for s in rules.action_skills if s.name == skill)
        specialties[skill] = tuple(
            canonical(x, allowed, f"{skill} specialty", bad)
            if allowed
            else short(x, f"a {skill} specialty", bad)
            for x in listed
        )
    quirks = data.get("quirks", [])
    if not isinstance(quirks, list) or not all(isinstance(q, str) for q in quirks):
        raise bad("quirks must be a list of short texts")
    at_most(len(quirks), MAX_QUIRKS, "quirks", bad)
    for quirk in quirks:
        short(quirk, "a quirk", bad)
    wounds = [wound_in(w, rules, bad) for w in as_list(data.get("wounds"), "wounds", bad)]
    advantages = advantages_in(data, rules, bad)
    rated = {"action": action, "background": {k: b.rating for k, b in background.items()},
             "languages": languages, "attributes": attributes,
             "advantages": advantages}  # fmt: skip
    return FS3Sheet(
        name, concept, attributes, action, background, languages, specialties, tuple(quirks),
        tuple(wounds), experience_in(data, rated, bad), advantages,
    )  # fmt: skip
