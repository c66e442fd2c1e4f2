"""The settings of an FS3 ruleset moved in from AresMUSH (issue 38; docs/rulings.md A1-A19):
character creation's limits (``Chargen``, 002 Character Creation and AresMUSH's counting),
ability texts, starting skills, luck per scene, and the check that a ruleset's house
settings hang together. Each default is the texts' rule."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from rollplay.systems.fs3.ruleset import FS3Ruleset

# The settings moved in from AresMUSH (rulings A1-A19) judge no die: creation, XP, luck caps
# and texts. Left out of the ruleset's fingerprint (protocol.canonical_rules), so a game that
# sets none keeps the fingerprints the verifiers know.
HOUSE = {"table_only": True}


@dataclass(frozen=True)
class Described:
    """A text players read about an ability (``kind``: attribute, action, language,
    advantage, background: a background skill a game suggests) or a kind's blurb
    (``name`` empty): AresMUSH configs describe each (rulings A3)."""

    kind: str
    name: str
    text: str


@dataclass(frozen=True)
class AresSetting:
    """A setting of the AresMUSH config a game was imported from that rollplay does not
    use (a shortcut table, a cron, a weapon's description), kept as the file had it so the
    export writes it back (rulings A18): ``file``, its ``path`` from the file's top, and its
    ``value`` as YAML text."""

    file: str
    path: tuple[str | int, ...]
    value: str


@dataclass(frozen=True)
class Cap:
    """At most ``count`` abilities rated ``rating`` or more (AresMUSH's
    ``max_skills_at_or_above``; rulings A7)."""

    rating: int
    count: int


@dataclass(frozen=True)
class StartingSkill:
    """A skill every character of a group starts with, at least at ``rating`` (None: only
    the specialties), with these specialties (AresMUSH's ``starting_skills``; rulings A10).
    ``group`` "Everyone" is every character; any other names a demographic group (Race)
    whose ``value`` (Altara) the character must have."""

    skill: str
    rating: int | None = None
    specialties: tuple[str, ...] = ()
    group: str = "Everyone"
    value: str = ""


@dataclass(frozen=True)
class SceneLuck:
    """Luck a character earns per other participant of a scene, once they have shared more
    than ``after`` scenes with them (AresMUSH's ``luck_for_scene``; rulings A17)."""

    after: int
    luck: float


@dataclass(frozen=True)
class Chargen:
    """A game's character-creation limits (002 Character Creation: Abilities, Ability
    Limits, Quirks). ``None`` means no limit."""

    ability_points: int = 60
    attribute_cost: int = 1
    skill_cost: int = 1
    language_cost: int = 2
    # Skills on a 0-3 dice scale (3.3 background and language skills, 000) cost this many
    # points per rating instead of the 002 costs above; None: the 002 costs (rulings R26).
    scaled_cost: int | None = None
    min_attribute: int = 1
    max_attribute_points: int | None = None
    max_action_points: int | None = None
    high_rating: int = 7
    max_high: int | None = None
    min_background: int = 0
    max_background: int | None = None
    min_quirks: int = 0
    max_quirks: int | None = None
    # AresMUSH counts points only above a free rating (rulings A5): attributes above
    # ``free_attribute`` (2 there, at 2 points a dot), action skills above ``free_action``
    # (1); the first ``free_background_ratings`` background and ``free_language_ratings``
    # language ratings; specialties past ``free_specialties`` on a skill at
    # ``specialty_cost`` (0: specialties cost nothing, as in the texts).
    free_attribute: int = field(default=0, metadata=HOUSE)
    free_action: int = field(default=0, metadata=HOUSE)
    free_background_ratings: int = field(default=0, metadata=HOUSE)
    free_language_ratings: int = field(default=0, metadata=HOUSE)
    specialty_cost: int = field(default=0, metadata=HOUSE)
    free_specialties: int = field(default=1, metadata=HOUSE)
    # per advantage rating (AresMUSH advantages_cost)
    advantage_cost: int = field(default=2, metadata=HOUSE)
    max_advantage_points: int | None = field(default=None, metadata=HOUSE)
    # highest attribute at creation (max_attr_rating)
    max_attribute: int | None = field(default=None, metadata=HOUSE)
    # highest action skill at creation (max_skill_rating)
    max_skill: int | None = field(default=None, metadata=HOUSE)
    # lowest action skill at creation (1: no incapable skills)
    min_action: int = field(default=0, metadata=HOUSE)
    attributes_at_or_above: tuple[Cap, ...] = field(default=(), metadata=HOUSE)
    # action skills (rulings A7)
    skills_at_or_above: tuple[Cap, ...] = field(default=(), metadata=HOUSE)
    starting_skills: tuple[StartingSkill, ...] = field(default=(), metadata=HOUSE)
    # flagged for the Storyteller's look (A11)
    unusual_skills: tuple[str, ...] = field(default=(), metadata=HOUSE)


def house_problem(rules: FS3Ruleset) -> str | None:
    """What is wrong with a ruleset's settings moved in from AresMUSH, or None."""
    c = rules.chargen
    for table in ("attribute_xp_costs", "language_xp_costs", "advantage_xp_costs"):
        if any(cost < 0 for cost in getattr(rules, table)):
            return f"{table} cannot hold a negative cost"
    if c.advantage_cost < 1 or c.specialty_cost < 0 or c.free_specialties < 0:
        return "advantage_cost must be 1 or more; specialty costs cannot be negative"
    if rules.max_xp is not None and rules.max_xp < 0:
        return "max_xp cannot be negative"
    if rules.max_luck is not None and rules.max_luck < 1:
        return "max_luck must be 1 or more"
    if any(not 0 <= row.luck <= 100 or row.after < 0 for row in rules.luck_for_scene):
        return "luck_for_scene rows need 0 scenes or more and luck from 0 to 100"
    if rules.days_between_raises < 0:
        return "days_between_raises cannot be negative"
    names = [*rules.attributes, *(s.name for s in rules.action_skills), *rules.languages,
             *rules.advantages]  # fmt: skip
    seen: set[str] = set()
    for name in names:  # a roll could not tell two abilities of one name apart (A1)
        if name.casefold() in seen:
            return f"{name} is named twice among the abilities; each needs its own name"
        seen.add(name.casefold())
    return None
