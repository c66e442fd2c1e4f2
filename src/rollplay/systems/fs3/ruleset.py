"""The FS3 ruleset: every threshold, table and switch that differs between editions or
house rules. Code branches on these fields, never on an edition's name.

The two built-in editions are in ``presets.py``; a game's house-rules file overrides any
field (``houserules.py``). Field names are the keys of that file.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Literal

from rollplay.errors import RulesetError, suggest
from rollplay.systems.fs3.combat.abilities import unrollable
from rollplay.systems.fs3.combat.gear import CombatRules
from rollplay.systems.fs3.house import (
    HOUSE,
    AresSetting,
    Chargen,
    Described,
    SceneLuck,
    house_problem,
)

EmbarrassingRule = Literal["more-than-half-ones", "ones-reach-attribute"]
BelowOneDie = Literal["roll-one", "fail"]
UnlistedSkills = Literal["everyman", "refuse"]


@dataclass(frozen=True)
class Band:
    """A row of a 'count -> title' table: this title from ``at_least`` up to the next row."""

    at_least: int
    title: str


@dataclass(frozen=True)
class ActionSkill:
    """An action skill from the game's list, with its linked (ruling) attribute."""

    name: str
    attribute: str
    # False for skills no layperson can attempt (fly a jet, disarm a bomb): 000 "Untrained Rolls".
    everyman: bool = True
    # The specialties a game allows for this skill (000 Specialties); empty: any.
    specialties: tuple[str, ...] = ()


@dataclass(frozen=True)
class Situation:
    """A named, data-driven modifier (taking your time, outside a specialty...)."""

    name: str
    modifier: int
    description: str = ""


@dataclass(frozen=True)
class FS3Ruleset:
    """One edition of FS3, or a game's house-ruled variant of one."""

    # Pydantic reads this when it validates a house-rules file: unknown keys are errors.
    __pydantic_config__ = {"extra": "forbid"}  # noqa: RUF012

    name: str
    edition: str
    success_at: int
    levels: tuple[Band, ...]
    embarrassing: EmbarrassingRule
    embarrassing_only_on_failure: bool
    margins: tuple[Band, ...]
    everyman_dice: int
    scaled_skill_dice: tuple[int, ...]
    background_attribute: str | None
    luck_bonus: int
    luck_on_others: int
    luck_reroll: bool
    luck_cancel: bool
    attributes: tuple[str, ...]
    action_skills: tuple[ActionSkill, ...]
    languages: tuple[str, ...] = ()
    situations: tuple[Situation, ...] = ()
    sides: int = 8
    embarrassing_title: str = "Embarrassing Failure"
    default_attribute: int = 2
    bare_attribute_multiplier: int = 1
    # An attribute rolled alone adds the Everyman skill's dice (000 Linked Attributes) or not
    # (002 Defaulting: common knowledge rolls the attribute). Rulings R5.
    bare_attribute_everyman: bool = False
    assist_modifiers: tuple[int, ...] = (-1, 1, 2, 3, 4)
    max_assisters: int = 2
    assist_cap: int = 4
    below_one_die: BelowOneDie = "roll-one"
    # 000 Untrained Rolls: a skill "not listed on your character sheet" rolls at Everyman;
    # "refuse" makes a name in no list and not on the sheet an error, against typos (R7).
    unlisted_skills: UnlistedSkills = "everyman"
    # An unlisted name one typing slip from a name the character can roll (Pilotting) is
    # refused with that name, not rolled at Everyman (R28); false rolls it (R7). It refuses
    # rolls and never judges one, so it is not in the fingerprint (table_only).
    refuse_typos: bool = field(default=True, metadata={"table_only": True})
    # An Embarrassing Failure counts no hits in an opposed roll, as everywhere (R2); true
    # counts its successes there, since 000 judges opposed rolls by successes alone.
    opposed_counts_embarrassing: bool = False
    max_dice: int = 100
    attribute_range: tuple[int, int] = (1, 4)
    skill_range: tuple[int, int] = (0, 12)
    # 002 Character Creation, Experience and Luck.
    chargen: Chargen = Chargen()  # noqa: RUF009 (frozen: one shared default is safe)
    # 002 Combat; 004: gear, charts and every combat number (docs/combat.md).
    combat: CombatRules = field(default_factory=CombatRules, hash=False)
    xp_costs: tuple[int, ...] = (1, 2, 2, 4, 4, 4, 8, 8, 8, 12, 12, 12)
    background_xp_divisor: int = 2
    language_xp: int = 3
    # XP to raise a skill on the 0-3 scale (3.3 background and language skills) from each
    # current rating; empty: the 002 costs (background halved, a language learned flat).
    scaled_xp_costs: tuple[int, ...] = ()
    # 002 Experience: "how many skills can be raised at once" - raises between two awards.
    max_raises_between_awards: int | None = None
    starting_luck: int = 1
    # AresMUSH's settings (rulings A12-A17); each default is the texts' rule.
    # XP per current rating to raise an attribute / a language / an advantage one level;
    # empty: attributes and advantages are not raised with XP (002 Experience), languages
    # cost ``scaled_xp_costs`` (or 002's flat ``language_xp``).
    attribute_xp_costs: tuple[int, ...] = field(default=(), metadata=HOUSE)
    language_xp_costs: tuple[int, ...] = field(default=(), metadata=HOUSE)
    advantage_xp_costs: tuple[int, ...] = field(default=(), metadata=HOUSE)
    # advantages raised with XP (allow_advantages_xp)
    advantage_xp: bool = field(default=False, metadata=HOUSE)
    # How many levels XP may buy past the creation pools (AresMUSH's *_dots_beyond_chargen_
    # max); None: no limit (002).
    attribute_xp_dots: int | None = field(default=None, metadata=HOUSE)
    action_xp_dots: int | None = field(default=None, metadata=HOUSE)
    advantage_xp_dots: int | None = field(default=None, metadata=HOUSE)
    # the most XP a character may hold (max_xp_hoard; A14)
    max_xp: int | None = field(default=None, metadata=HOUSE)
    # days before the same ability is raised again (A15)
    days_between_raises: int = field(default=0, metadata=HOUSE)
    # the most luck a character may hold (A16)
    max_luck: int | None = field(default=None, metadata=HOUSE)
    luck_for_scene: tuple[SceneLuck, ...] = field(default=(), metadata=HOUSE)
    # Advantages (AresMUSH FS3 3: Rank, Resources...), rated 0-3, when a game uses them (A4).
    use_advantages: bool = field(default=False, metadata=HOUSE)
    advantages: tuple[str, ...] = field(default=(), metadata=HOUSE)
    descriptions: tuple[Described, ...] = field(default=(), metadata=HOUSE)
    # The AresMUSH settings rollplay does not use, kept for the export; a game imported
    # from AresMUSH gets back only what its config held, one made here AresMUSH's defaults
    # (rulings A18).
    aresmush: tuple[AresSetting, ...] = field(default=(), metadata=HOUSE)
    from_aresmush: bool = field(default=False, metadata=HOUSE)
    # Rating names (002 Attributes, Skills; 000 Ratings for the 0-3 scale).
    attribute_names: tuple[Band, ...] = (
        Band(1, "Poor"), Band(2, "Average"), Band(3, "Good"), Band(4, "Exceptional"),
    )  # fmt: skip
    skill_names: tuple[Band, ...] = (
        Band(0, "Untrained"), Band(1, "Novice"), Band(4, "Proficient"), Band(7, "Veteran"),
        Band(10, "Master"),
    )  # fmt: skip
    scaled_names: tuple[Band, ...] = ()
    # What a known language is where languages are unrated (no scaled_skill_dice): 002
    # Skills, "you are proficient in speaking, reading and writing that language" (R9).
    language_known: str = "proficient"
    # Derived lookups, built once in __post_init__ so a roll does no searching.
    level_of: tuple[str, ...] = field(default=(), init=False, repr=False, compare=False)
    success_faces: tuple[int, ...] = field(default=(), init=False, repr=False, compare=False)
    success_bytes: bytes = field(default=b"", init=False, repr=False, compare=False)
    majority_ones: bool = field(default=False, init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        self._validate()
        top = self.levels[-1].at_least
        derived = {
            "level_of": tuple(_band_title(self.levels, s) for s in range(top + 1)),
            "success_faces": tuple(range(self.success_at, self.sides + 1)),
            "success_bytes": bytes(range(self.success_at, self.sides + 1)),
            "majority_ones": self.embarrassing == "more-than-half-ones",
        }
        for key, value in derived.items():
            object.__setattr__(self, key, value)

    def _validate(self) -> None:
        def bad(what: str) -> RulesetError:
            return RulesetError(f"ruleset {self.name!r}: {what}")

        if not 2 <= self.sides <= 100:
            raise bad(f"sides must be from 2 to 100, not {self.sides}")
        if not 2 <= self.success_at <= self.sides:
            raise bad(
                f"success_at must be from 2 to {self.sides} (the die's faces), "
                f"not {self.success_at}"
            )
        for table, rows in (("levels", self.levels), ("margins", self.margins)):
            if not rows or rows[0].at_least != 0:
                raise bad(f"{table} must start with a row at_least 0")
            steps = [r.at_least for r in rows]
            if steps != sorted(set(steps)):
                raise bad(f"{table} must rise strictly: at_least {steps}")
        if len(self.assist_modifiers) != len(self.levels):
            raise bad(
                f"assist_modifiers needs one modifier per level ({len(self.levels)}: "
                f"{', '.join(b.title for b in self.levels)}), got {len(self.assist_modifiers)}"
            )
        if any(d < 0 for d in self.scaled_skill_dice) or self.everyman_dice < 0:
            raise bad("skill dice cannot be negative")
        if self.max_dice < 1 or self.max_dice > 10_000:
            raise bad(f"max_dice must be from 1 to 10000, not {self.max_dice}")
        if self.max_assisters < 0:
            raise bad("max_assisters cannot be negative")
        lo, hi = self.attribute_range
        if not 0 <= lo <= hi:
            raise bad(f"attribute_range {self.attribute_range} is not a range")
        if self.skill_range[0] > self.skill_range[1]:
            raise bad(f"skill_range {self.skill_range} is not a range")
        known = {a.casefold() for a in self.attributes}
        for skill in self.action_skills:
            if skill.attribute.casefold() not in known:
                raise bad(
                    f"action skill {skill.name} is linked to {skill.attribute}, "
                    f"which is not an attribute ({', '.join(self.attributes)})"
                )
        if not self.xp_costs or any(c < 0 for c in self.xp_costs):
            raise bad("xp_costs needs a cost (0 or more) for each current level")
        # Costs may stop short of the scale's top: XP raises no further than they go, as
        # AresMUSH's xp_costs do (rulings A12).
        if any(c < 0 for c in self.scaled_xp_costs):
            raise bad("scaled_xp_costs cannot hold a negative cost")
        if self.background_xp_divisor < 1:
            raise bad("background_xp_divisor must be 1 or more")
        if self.background_attribute and self.background_attribute.casefold() not in known:
            raise bad(f"background_attribute {self.background_attribute} is not an attribute")
        problem = house_problem(self)
        if problem:
            raise bad(problem)
        problem = unrollable(self)  # every combat and healing roll's ability (rulings C11)
        if problem:
            raise bad(problem)

    def description(self, kind: str, name: str) -> str:
        """What the game says of an ability (or a kind's blurb, ``name`` empty), or ""."""
        for d in self.descriptions:
            if d.kind == kind and d.name.casefold() == name.casefold():
                return d.text
        return ""

    # -- lookups used by the rules -------------------------------------------------

    @property
    def failure_title(self) -> str:
        return self.levels[0].title

    @property
    def unrated_languages(self) -> bool:
        """002 Skills: "Language Skills don't have a rating" where no 0-3 scale rates them."""
        return not self.scaled_skill_dice

    def level(self, successes: int) -> str:
        lookup = self.level_of
        return lookup[successes] if successes < len(lookup) else lookup[-1]

    def margin(self, net: int) -> str:
        return _band_title(self.margins, abs(net))

    def level_titles(self) -> tuple[str, ...]:
        """Every outcome title, worst first: the embarrassing failure, then the levels."""
        return (self.embarrassing_title, *(b.title for b in self.levels))

    def assist_modifier(self, level_title: str) -> int:
        if level_title == self.embarrassing_title:
            level_title = self.failure_title
        for band, mod in zip(self.levels, self.assist_modifiers, strict=True):
            if band.title == level_title:
                return mod
        raise RulesetError(f"no assist modifier for level {level_title!r}")

    def rating_name(self, kind: str, rating: int) -> str:
        """'Good', 'Novice', 'Conversational': what a rating of this kind of ability is called
        (a language where languages are unrated: ``language_known``)."""
        if kind == "language" and self.unrated_languages:
            return self.language_known
        scaled = kind in ("background", "language", "advantage") and self.scaled_names
        table = (
            self.attribute_names
            if kind == "attribute"
            else (self.scaled_names if scaled else self.skill_names)
        )
        return _band_title(table, rating) if table else str(rating)

    def situation(self, name: str) -> Situation:
        for s in self.situations:
            if s.name.casefold() == name.casefold():
                return s
        names = ", ".join(s.name for s in self.situations) or "none"
        raise RulesetError(
            f"unknown situation {name!r}{suggest(name, (s.name for s in self.situations))}; "
            f"{self.name} knows: {names}"
        )

    def as_mapping(self) -> dict[str, Any]:
        """The ruleset as plain data, the shape a house-rules file uses."""
        from rollplay.rulesfile import plain

        return plain(self)


def _band_title(bands: tuple[Band, ...], count: int) -> str:
    title = bands[0].title
    for band in bands:
        if count >= band.at_least:
            title = band.title
    return title
