"""The built-in FS3 editions, as data.

Numbers cite the rule texts in ../shared/rules/: 000 is the FS3.3 "Ability Rolls" page,
002 the FS3.2 Player's Guide, 004 the FS3 mechanics notes. Ability lists are examples a
game replaces with its own (the texts leave them to each game); judgement calls are in
docs/rulings.md.
"""

from __future__ import annotations

from rollplay.errors import RulesetError, suggest
from rollplay.systems.fs3.combat.editions import COMBAT_32, COMBAT_33
from rollplay.systems.fs3.house import Chargen
from rollplay.systems.fs3.ruleset import ActionSkill, Band, FS3Ruleset, Situation

_SITUATIONS = (
    Situation("defaulting", -3, "rolling a semi-related skill instead (000 Untrained Rolls)"),
    Situation("outside-specialty", -3, "using a skill outside your specialty (000 Specialties)"),
    Situation(
        "specialist-edge",
        3,
        "a specialised skill on a general task, e.g. Running vs Athletics (000)",
    ),
    Situation(
        "generalist",
        -3,
        "a general skill on a specialised task, e.g. Athletics vs Ice Hockey (000)",
    ),
    Situation("taking-time", 2, "carefully taking your time, no stress (000, 002)"),
)

FS3_3 = FS3Ruleset(
    name="FS3.3",
    edition="3.3",
    success_at=6,  # 000 Success Level: "any die that is a 6 or higher"
    levels=(
        Band(0, "Failure"),
        Band(1, "Success"),
        Band(3, "Good Success"),
        Band(5, "Great Success"),
        Band(7, "Amazing Success"),
    ),
    embarrassing="more-than-half-ones",  # 000: "more than half your dice are 1's,
    embarrassing_only_on_failure=False,  #       even if you got some successes"
    margins=(  # 000 Opposed Rolls
        Band(0, "Draw"),
        Band(1, "Marginal Victory"),
        Band(2, "Solid Victory"),
        Band(3, "Crushing Victory"),
    ),
    everyman_dice=1,  # 000: an unlisted ability rolls "its related attribute + 1 die"
    bare_attribute_everyman=True,  # 000 Linked Attributes: "the Everyman skill level of 1 plus"
    scaled_skill_dice=(1, 2, 4, 6),  # 000: background and language skills, ratings 0-3
    scaled_names=(  # 000 Ratings
        Band(0, "Everyman"),
        Band(1, "Fair / Beginner"),
        Band(2, "Good / Conversational"),
        Band(3, "Exceptional / Fluent"),
    ),
    background_attribute="Wits",  # 000 Linked Attributes
    luck_bonus=3,  # 000 Modifiers: "Spending a Luck point gives a +3 modifier"
    luck_on_others=0,
    luck_reroll=False,
    luck_cancel=False,
    attributes=("Brawn", "Reflexes", "Grit", "Wits", "Presence"),
    action_skills=(
        ActionSkill("Firearms", "Reflexes"),  # 000: "Firearms is linked to Reflexes"
        ActionSkill("Melee", "Brawn"),  # 000: "Melee to Brawn"
        ActionSkill("Athletics", "Brawn"),
        ActionSkill("Stealth", "Reflexes"),
        ActionSkill("Medicine", "Wits"),
        ActionSkill("Repair", "Wits"),
        ActionSkill("Persuasion", "Presence"),
        ActionSkill("Alertness", "Wits"),
        ActionSkill("Piloting", "Reflexes", everyman=False),  # 000: no Everyman jet pilots
        ActionSkill("Demolitions", "Wits", everyman=False),  # 000: ...nor bomb disposal
        ActionSkill("Technician", "Wits", everyman=False),  # 000: ...nor engine repair
    ),
    languages=("English", "Spanish", "Wookie"),
    situations=_SITUATIONS,
    skill_range=(0, 8),
    # 000 rates background and language skills 0-3 (1, 2, 4, 6 dice); 000 gives no costs, so
    # they cost what the dice they add cost as action ratings (rulings R26).
    chargen=Chargen(scaled_cost=2),
    scaled_xp_costs=(1, 3, 4),
    combat=COMBAT_33,
)

FS3_2 = FS3Ruleset(
    name="FS3.2",
    edition="3.2",
    success_at=7,  # 002 How to Roll, 004: "A die roll of 7 or higher is considered a Hit"
    levels=(
        Band(0, "Failure"),
        Band(1, "Success"),
        Band(2, "Good Success"),
        Band(4, "Great Success"),
        Band(6, "Amazing Success"),
    ),
    embarrassing="ones-reach-attribute",  # 002: "no Hits and the number of '1's is equal
    embarrassing_only_on_failure=True,  #       to or greater than your Attribute rating"
    margins=(  # 002, 004 Opposed Rolls
        Band(0, "Draw"),
        Band(1, "Marginal Victory"),
        Band(2, "Solid Victory"),
        Band(4, "Crushing Victory"),
    ),
    everyman_dice=0,  # 002 Defaulting: common knowledge rolls the attribute alone
    scaled_skill_dice=(),  # 002: action and background skills both rate 0-12, a die a point
    background_attribute=None,  # 002: each background skill's ruling attribute is chosen
    luck_bonus=5,  # 002 Luck: +5 to your own roll...
    luck_on_others=5,  # ...or +5/-5 to someone else's
    luck_reroll=True,  # ...or a re-roll, keeping the better
    luck_cancel=True,  # ...or cancel a luck point used against you
    attributes=("Academic", "Athletic", "Creative", "Reactive", "Social"),
    action_skills=(
        ActionSkill("Firearms", "Reactive"),  # 004: "Firearms (3) + Reactive (2)"
        ActionSkill("Melee", "Athletic"),
        ActionSkill("Medicine", "Academic"),
        ActionSkill("Repair", "Academic"),
        ActionSkill("Stealth", "Reactive"),
        ActionSkill("Piloting", "Reactive", everyman=False),
        ActionSkill("Demolitions", "Academic", everyman=False),
    ),
    languages=("English", "Spanish"),
    situations=(
        *_SITUATIONS,
        Situation("really-easy", 3, "task is really easy (002 Modifiers)"),
        Situation("really-hard", -3, "task is really hard (002 Modifiers)"),
    ),
    skill_range=(0, 12),
    combat=COMBAT_32,  # 002's abilities (rulings C11)
)

EDITIONS: dict[str, FS3Ruleset] = {"3.3": FS3_3, "3.2": FS3_2}
DEFAULT_EDITION = "3.3"


def preset(edition: str) -> FS3Ruleset:
    """A built-in edition by its number ('3.3', '3.2'; 'FS3.3' works too)."""
    exact = EDITIONS.get(edition)  # the usual case, checked first: it is on every roll
    if exact is not None:
        return exact
    key = edition.strip().upper().removeprefix("FS").strip()
    try:
        return EDITIONS[key]
    except KeyError:
        raise RulesetError(
            f"unknown FS3 edition {edition!r}{suggest(edition, EDITIONS)}; "
            f"known editions: {', '.join(EDITIONS)}"
        ) from None
