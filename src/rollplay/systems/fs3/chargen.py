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
    specialties: int = 0  # AresMUSH: past the first on a skill (rulings A5)
    advantages: int = 0  # AresMUSH advantages_cost per rating (rulings A4)

    @property
    def total(self) -> int:
        return (self.attributes + self.action + self.background + self.languages
                + self.specialties + self.advantages)  # fmt: skip


@dataclass(frozen=True)
class Created:
    """The skills a sheet was made with: each rating less the levels XP bought, and those XP
    bought whole (learned after creation) left out."""

    action: dict[str, int]
    background: dict[str, int]
    languages: dict[str, int]
    attributes: dict[str, int]
    advantages: dict[str, int]


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
        {k: v - sheet.bought("attributes", k) for k, v in sheet.attributes.items()},
        made("advantages", dict(sheet.advantages)),
    )


def above(ratings: dict[str, int], free: int) -> int:
    """Ratings past a free level, summed (AresMUSH counts attributes above 2, action
    skills above 1; rulings A5)."""
    return sum(max(0, r - free) for r in ratings.values())


def spent(sheet: FS3Sheet, rules: FS3Ruleset) -> Spent:
    """What each kind of ability costs at the game's prices, at creation."""
    c = rules.chargen
    made = created(sheet)
    background_ratings = max(0, sum(made.background.values()) - c.free_background_ratings)
    if c.scaled_cost is not None:  # 3.3: a cost per rating on the 0-3 scale (R26)
        background = background_ratings * c.scaled_cost
        language_ratings = max(0, sum(made.languages.values()) - c.free_language_ratings)
        languages = language_ratings * c.scaled_cost
    else:  # 002: background skills a point per rating, languages a flat cost each
        background = background_ratings * c.skill_cost
        languages = max(0, len(made.languages) - c.free_language_ratings) * c.language_cost
    specialties = sum(max(0, len(v) - c.free_specialties) for v in sheet.specialties.values())
    return Spent(
        above(made.attributes, c.free_attribute) * c.attribute_cost,
        above(made.action, c.free_action) * c.skill_cost,
        background,
        languages,
        specialties * c.specialty_cost,
        sum(made.advantages.values()) * c.advantage_cost if rules.use_advantages else 0,
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
    problems += _aresmush_limits(sheet, rules, points)
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
    problems.extend(ruling_problems(sheet, rules))
    return problems


def ruling_problems(sheet: FS3Sheet, rules: FS3Ruleset) -> list[str]:
    """Each background skill without the ruling attribute a game that has each character
    choose it asks for (002 Ruling Attribute); none where the game sets one for all."""
    if rules.background_attribute is not None:
        return []
    return [f"background skill {skill} needs a ruling attribute (002 Ruling Attribute)"
            for skill, b in sheet.background.items() if b.attribute is None]  # fmt: skip


def _aresmush_limits(sheet: FS3Sheet, rules: FS3Ruleset, points: Spent) -> list[str]:
    """The limits AresMUSH's chargen states (rulings A4-A11), each off by default."""
    c = rules.chargen
    problems = []
    made = created(sheet)
    if c.max_advantage_points is not None and points.advantages > c.max_advantage_points:
        problems.append(f"{points.advantages} points in advantages; at most "
                        f"{c.max_advantage_points} ({LIMITS})")  # fmt: skip
    for name, rating in made.attributes.items():
        if c.max_attribute is not None and rating > c.max_attribute:
            problems.append(f"{name} is {rating} at creation; at most {c.max_attribute} ({LIMITS})")
    for skill in rules.action_skills:
        rating = made.action.get(skill.name, 0)
        if c.max_skill is not None and rating > c.max_skill:
            problems.append(f"{skill.name} is {rating} at creation; at most {c.max_skill} "
                            f"({LIMITS})")  # fmt: skip
        if rating < c.min_action and not sheet.bought("action", skill.name):
            problems.append(f"{skill.name} must be at least {c.min_action} ({ABILITIES})")
    for caps, table, what in ((c.attributes_at_or_above, made.attributes, "attributes"),
                              (c.skills_at_or_above, made.action, "action skills")):  # fmt: skip
        for cap in caps:
            high = sorted(n for n, r in table.items() if r >= cap.rating)
            if len(high) > cap.count:
                problems.append(f"{len(high)} {what} at {cap.rating} or more ({', '.join(high)});"
                                f" at most {cap.count} ({LIMITS})")  # fmt: skip
    problems += starting_problems(sheet, rules)
    return problems


def unusual(sheet: FS3Sheet, rules: FS3Ruleset) -> list[str]:
    """The game's unusual skills the sheet holds (a background skill or language, an action
    skill above its least), for the Storyteller's look: AresMUSH's app review lists them
    and approves anyway, so they are not creation problems (rulings A11)."""
    c = rules.chargen
    held = {n.casefold() for n in (*sheet.background, *sheet.languages)}
    held |= {n.casefold() for n, r in sheet.action.items() if r > max(1, c.min_action)}
    return [skill for skill in c.unusual_skills if skill.casefold() in held]


def starting_problems(sheet: FS3Sheet, rules: FS3Ruleset) -> list[str]:
    """Every character's starting skills and specialties missing from the sheet (AresMUSH
    ``starting_skills`` for Everyone; a group's are the Storyteller's to check, since a
    rollplay sheet holds no demographic groups: rulings A10)."""
    problems = []
    ratings = {k.casefold(): v for k, v in sheet.ratings().items()}
    for start in rules.chargen.starting_skills:
        if start.group != "Everyone":
            continue
        if start.rating is not None and ratings.get(start.skill.casefold(), 0) < start.rating:
            problems.append(f"{start.skill} must be at least {start.rating}: every character "
                            f"starts with it (the game's starting skills)")  # fmt: skip
        held = {x.casefold() for x in sheet.specialties.get(start.skill, ())}
        for spec in start.specialties:
            if spec.casefold() not in held:
                problems.append(f"{start.skill} needs the specialty {spec}: every character "
                                f"starts with it (the game's starting skills)")  # fmt: skip
    return problems
