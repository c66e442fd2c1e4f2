"""FS3 character creation (002 Character Creation: Abilities, Ability Limits, Quirks): the
points a sheet spends, and every way it breaks the game's limits. The web's character form
shows the first as a running total and the second as its problems, from these same sums.

Levels bought with XP are 002 Experience's, not Character Creation's ("learn new Skills or
improve" them after creation): the sheet records them (``experience``) and these sums leave
them out, so a character who raised a skill stays within the creation budget (rulings R29).
Each problem names the section of 002 it breaks."""

from __future__ import annotations

from dataclasses import dataclass

from rollplay.systems.fs3.ruleset import FS3Ruleset
from rollplay.systems.fs3.sheet import FS3Sheet


@dataclass(frozen=True)
class Spent:
    """Ability points a sheet spends (002 Abilities), by kind."""

    attributes: int
    action: int
    background: int
    languages: int

    @property
    def total(self) -> int:
        return self.attributes + self.action + self.background + self.languages


@dataclass(frozen=True)
class Created:
    """The skills a sheet was made with: each rating less the levels XP bought, and those XP
    bought whole (learned after creation) left out."""

    action: dict[str, int]
    background: dict[str, int]
    languages: dict[str, int]


def created(sheet: FS3Sheet) -> Created:
    def made(kind: str, rated: dict[str, int]) -> dict[str, int]:
        out = {}
        for skill, rating in rated.items():
            bought = sheet.bought(kind, skill)
            if not bought or rating > bought:  # one XP learned whole is not a creation's
                out[skill] = rating - bought
        return out

    return Created(
        made("action", dict(sheet.action)),
        made("background", {k: b.rating for k, b in sheet.background.items()}),
        made("languages", dict(sheet.languages)),
    )


def spent(sheet: FS3Sheet, rules: FS3Ruleset) -> Spent:
    """What each kind of ability costs at the game's prices, at creation."""
    c = rules.chargen
    made = created(sheet)
    background_ratings = sum(made.background.values())
    if c.scaled_cost is not None:  # 3.3: a cost per rating on the 0-3 scale (R26)
        background = background_ratings * c.scaled_cost
        languages = sum(made.languages.values()) * c.scaled_cost
    else:  # 002: background skills a point per rating, languages a flat cost each
        background = background_ratings * c.skill_cost
        languages = len(made.languages) * c.language_cost
    return Spent(
        sum(sheet.attributes.values()) * c.attribute_cost,
        sum(made.action.values()) * c.skill_cost,
        background,
        languages,
    )


ABILITIES = "002 Abilities"
LIMITS = "002 Ability Limits"


def chargen_problems(sheet: FS3Sheet, rules: FS3Ruleset) -> list[str]:
    """Every way the sheet breaks the game's character-creation rules (002), at once, each
    naming the rule it breaks."""
    c = rules.chargen
    problems = []
    for attribute in rules.attributes:
        if sheet.attributes.get(attribute, 0) < c.min_attribute:
            problems.append(f"{attribute} must be at least {c.min_attribute} ({ABILITIES})")
    points = spent(sheet, rules)
    if points.total > c.ability_points:
        problems.append(
            f"{points.total} ability points spent (attributes {points.attributes}, action "
            f"{points.action}, background {points.background}, languages "
            f"{points.languages}); the game allows {c.ability_points} ({ABILITIES})"
        )
    if c.max_attribute_points is not None and points.attributes > c.max_attribute_points:
        problems.append(
            f"{points.attributes} points in attributes; at most {c.max_attribute_points} ({LIMITS})"
        )
    if c.max_action_points is not None and points.action > c.max_action_points:
        problems.append(
            f"{points.action} points in action skills; at most {c.max_action_points} ({LIMITS})"
        )
    made = created(sheet)
    rated = [*made.action.items(), *made.background.items()]
    high = [n for n, r in rated if r >= c.high_rating]
    if c.max_high is not None and len(high) > c.max_high:
        problems.append(
            f"{len(high)} skills at {c.high_rating} or more ({', '.join(high)}); "
            f"at most {c.max_high} ({LIMITS})"
        )
    # A minimum counts every background skill, a maximum those made at creation: a skill
    # learned with XP can neither break a limit the sheet was approved within.
    count = len(sheet.background)
    if count < c.min_background:
        problems.append(f"{count} background skills; at least {c.min_background} ({ABILITIES})")
    made_count = len(made.background)
    if c.max_background is not None and made_count > c.max_background:
        problems.append(f"{made_count} background skills; at most {c.max_background} ({LIMITS})")
    quirks = len(sheet.quirks)
    if quirks < c.min_quirks:
        problems.append(f"{quirks} quirks; at least {c.min_quirks} (002 Quirks)")
    if c.max_quirks is not None and quirks > c.max_quirks:
        problems.append(f"{quirks} quirks; at most {c.max_quirks} (002 Quirks)")
    if rules.background_attribute is None:
        for skill, b in sheet.background.items():
            if b.attribute is None:
                problems.append(
                    f"background skill {skill} needs a ruling attribute (002 Ruling Attribute)"
                )
    return problems
