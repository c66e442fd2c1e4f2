"""FS3 character creation (002 Character Creation: Abilities, Ability Limits, Quirks): the
points a sheet spends, and every way it breaks the game's limits. The web's character form
shows the first as a running total and the second as its problems, from these same sums."""

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


def spent(sheet: FS3Sheet, rules: FS3Ruleset) -> Spent:
    """What each kind of ability costs at the game's prices."""
    c = rules.chargen
    background_ratings = sum(b.rating for b in sheet.background.values())
    if c.scaled_cost is not None:  # 3.3: a cost per rating on the 0-3 scale (R26)
        background = background_ratings * c.scaled_cost
        languages = sum(sheet.languages.values()) * c.scaled_cost
    else:  # 002: background skills a point per rating, languages a flat cost each
        background = background_ratings * c.skill_cost
        languages = len(sheet.languages) * c.language_cost
    return Spent(
        sum(sheet.attributes.values()) * c.attribute_cost,
        sum(sheet.action.values()) * c.skill_cost,
        background,
        languages,
    )


def chargen_problems(sheet: FS3Sheet, rules: FS3Ruleset) -> list[str]:
    """Every way the sheet breaks the game's character-creation rules (002), at once."""
    c = rules.chargen
    problems = []
    for attribute in rules.attributes:
        if sheet.attributes.get(attribute, 0) < c.min_attribute:
            problems.append(f"{attribute} must be at least {c.min_attribute}")
    points = spent(sheet, rules)
    if points.total > c.ability_points:
        problems.append(
            f"{points.total} ability points spent (attributes {points.attributes}, action "
            f"{points.action}, background {points.background}, languages "
            f"{points.languages}); the game allows {c.ability_points}"
        )
    if c.max_attribute_points is not None and points.attributes > c.max_attribute_points:
        problems.append(
            f"{points.attributes} points in attributes; at most {c.max_attribute_points}"
        )
    if c.max_action_points is not None and points.action > c.max_action_points:
        problems.append(f"{points.action} points in action skills; at most {c.max_action_points}")
    rated = [*sheet.action.items(), *((n, b.rating) for n, b in sheet.background.items())]
    high = [n for n, r in rated if r >= c.high_rating]
    if c.max_high is not None and len(high) > c.max_high:
        problems.append(
            f"{len(high)} skills at {c.high_rating} or more ({', '.join(high)}); "
            f"at most {c.max_high}"
        )
    count = len(sheet.background)
    if count < c.min_background:
        problems.append(f"{count} background skills; at least {c.min_background}")
    if c.max_background is not None and count > c.max_background:
        problems.append(f"{count} background skills; at most {c.max_background}")
    quirks = len(sheet.quirks)
    if quirks < c.min_quirks:
        problems.append(f"{quirks} quirks; at least {c.min_quirks}")
    if c.max_quirks is not None and quirks > c.max_quirks:
        problems.append(f"{quirks} quirks; at most {c.max_quirks}")
    if rules.background_attribute is None:
        for skill, b in sheet.background.items():
            if b.attribute is None:
                problems.append(f"background skill {skill} needs a ruling attribute (002)")
    return problems
