"""The built-in D6 System ruleset, from 003 (D6 System skill checks)."""

from __future__ import annotations

from rollplay.errors import RulesetError, suggest
from rollplay.systems.d6.ruleset import D6Ruleset, Difficulty, SkillGroup

# 003 Standard Difficulties. A bare name gives the top of its range, the number D6 games
# print for it (Moderate 15); Legendary, open-ended, continues the steps of five (rulings D5).
DIFFICULTIES = (
    Difficulty("automatic", 0, 0, 0, "almost anyone can do it; no need to roll"),
    Difficulty("very easy", 5, 1, 5, "nearly everyone can accomplish this"),
    Difficulty("easy", 10, 6, 10, "usually no trouble; an untrained character may struggle"),
    Difficulty("moderate", 15, 11, 15, "a fair chance that the average character fails"),
    Difficulty("difficult", 20, 16, 20, "the inexperienced need a lot of luck"),
    Difficulty("very difficult", 25, 21, 25, "the average character rarely succeeds"),
    Difficulty("heroic", 30, 26, 30, "nearly impossible"),
    Difficulty("legendary", 35, 31, None, "nearly impossible (31 or more)"),
)

# 003 Untrained Skill Use needs "the attribute under which that skill falls", but 003 lists
# no attributes or skills. An example list in the style of D6 Adventure, whose attribute
# names the example sheet uses; a game replaces it (rulings D14).
SKILLS = (
    SkillGroup(
        "Reflexes",
        ("Acrobatics", "Brawling", "Climbing", "Contortion", "Dodge", "Jumping",
         "Melee Combat", "Riding", "Sneak"),
    ),
    SkillGroup(
        "Coordination",
        ("Lockpicking", "Marksmanship", "Missile Weapons", "Pilotry", "Sleight of Hand",
         "Throwing"),
    ),
    SkillGroup("Physique", ("Lifting", "Running", "Stamina", "Swimming")),
    SkillGroup(
        "Knowledge",
        ("Business", "Demolitions", "Forgery", "Languages", "Medicine", "Navigation",
         "Scholar", "Security", "Tech"),
    ),
    SkillGroup(
        "Perception",
        ("Artist", "Gambling", "Hide", "Investigation", "Know-How", "Repair", "Search",
         "Streetwise", "Survival", "Tracking"),
    ),
    SkillGroup(
        "Presence",
        ("Animal Handling", "Bluff", "Charm", "Command", "Disguise", "Intimidation",
         "Persuasion", "Willpower"),
    ),
)  # fmt: skip

D6_SYSTEM = D6Ruleset(name="D6 System", edition="d6", difficulties=DIFFICULTIES, skills=SKILLS)

EDITIONS: dict[str, D6Ruleset] = {"d6": D6_SYSTEM}
DEFAULT_EDITION = "d6"


def preset(edition: str = DEFAULT_EDITION) -> D6Ruleset:
    exact = EDITIONS.get(edition)
    if exact is not None:
        return exact
    key = edition.strip().casefold()
    if key in EDITIONS:
        return EDITIONS[key]
    raise RulesetError(
        f"unknown D6 ruleset {edition!r}{suggest(edition, EDITIONS)}; known: {', '.join(EDITIONS)}"
    )
