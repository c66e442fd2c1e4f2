"""From a roll string and a character's ratings to a number of dice.

000 "What to Roll": Dice to Roll = Skill Rating + Linked Attribute +/- Modifiers. Action skills
link to the attribute the ruleset names; background and language skills to the ruleset's
``background_attribute`` (Wits in 3.3; each character chooses in 3.2). Background and
language ratings use the ruleset's scale (3.3: 0->1, 1->2, 2->4, 3->6 dice). A skill the
character does not have rolls at Everyman (``everyman_dice``), a name in none of the game's
lists as a background skill (000 Untrained Rolls: "a skill not listed on your character
sheet"), unless the game refuses those (``unlisted_skills``). A bare number is an NPC's single
rating (004). Rulings: docs/rulings.md, "FS3: what to roll".
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from functools import cached_property
from typing import TYPE_CHECKING, Literal

from rollplay.errors import AbilityError, RuleError, closest, slipped, suggest
from rollplay.names import ROLL
from rollplay.systems.fs3.expression import Expression, parse

if TYPE_CHECKING:  # the ruleset checks its combat abilities with resolve (rulings C11)
    from rollplay.systems.fs3.ruleset import ActionSkill, FS3Ruleset, UnlistedSkills

SkillKind = Literal["action", "background", "language"]


@dataclass(frozen=True)
class Part:
    """One contribution to a pool, as shown to players: ('Firearms 3', 3)."""

    label: str
    dice: int


@dataclass(frozen=True)
class Pool:
    """The dice a roll string asks for, with where each came from."""

    dice: int
    attribute: int | None
    parts: tuple[Part, ...]
    skill: str | None = None
    attribute_name: str | None = None
    everyman: bool = False
    # A skill in none of the game's lists and not rated: 000's "skill not listed on your
    # character sheet"; ``closest`` is the listed name nearest to it, in case of a typo (R7).
    unlisted: bool = False
    closest: str | None = None

    @property
    def text(self) -> str:
        """'Firearms 3 + Reflexes 2 - 1': where the dice come from."""
        shown = [self.parts[0].label] if self.parts else []
        for part in self.parts[1:]:
            if part.label == "modifier":
                shown.append(f"{'+' if part.dice >= 0 else '-'} {abs(part.dice)}")
            else:
                shown.append(f"+ {part.label}")
        return " ".join(shown)


class Ratings:
    """A character's ratings, looked up without regard to case."""

    def __init__(self, ratings: Mapping[str, int] | None = None) -> None:
        self._by_key = {name.casefold(): (name, value) for name, value in (ratings or {}).items()}

    def get(self, name: str) -> int | None:
        hit = self._by_key.get(name.casefold())
        return None if hit is None else hit[1]

    def names(self) -> list[str]:
        return [name for name, _ in self._by_key.values()]

    @cached_property
    def special(self) -> tuple[str, ...]:
        """The names a roll string reads whole only when told of them: those holding a
        sign or another character its unquoted names do not (rollplay/names.py ``ROLL``)."""
        names = self.names()
        if not _ODD.search("\x00".join(names)):  # one pass: most sheets have none
            return ()
        return tuple(n for n in names if not ROLL(n))


_ODD = ROLL.odd()  # a character no unquoted name holds, a first that is not a letter


def resolve(
    expression: str | Expression,
    ruleset: FS3Ruleset,
    ratings: Mapping[str, int] | Ratings | None = None,
    *,
    hail_mary: bool = False,
    unlisted: UnlistedSkills | None = None,
) -> Pool:
    """Work out the dice for a roll string; raise AbilityError/RuleError on what cannot be.
    ``unlisted`` overrides the ruleset's ``unlisted_skills``; ``ratings`` already folded
    (a ``Ratings``) is used as it is, so resolving every ability of a sheet stays linear."""
    rated = ratings if isinstance(ratings, Ratings) else Ratings(ratings)
    # A sheet's own names are read whole, a sign in them or not ("Zero-G Welding": W92).
    expr = parse(expression, rated.special) if isinstance(expression, str) else expression
    if not expr.names:
        return _npc_pool(expr)
    attributes = {a.casefold(): a for a in ruleset.attributes}
    attribute_names = [attributes[n.casefold()] for n in expr.names if n.casefold() in attributes]
    skill_names = [n for n in expr.names if n.casefold() not in attributes]
    if len(attribute_names) > 1 or len(skill_names) > 1:
        raise AbilityError(
            f"{expr.text!r} names {_listing(skill_names, attribute_names)}; "
            f"a roll names at most one skill and one attribute"
        )
    modifiers = tuple(Part("modifier", n) for n in expr.numbers)
    attr_name = attribute_names[0] if attribute_names else None
    if not skill_names:
        assert attr_name is not None
        rating = _attribute_rating(attr_name, rated, ruleset)
        dice = rating * ruleset.bare_attribute_multiplier
        # 000 Linked Attributes: "always Skill + Attribute", an attribute alone being the
        # Everyman skill plus it; 002's common knowledge rolls the attribute alone (R5).
        everyman = ruleset.everyman_dice if ruleset.bare_attribute_everyman else 0
        skill_part = (Part("Everyman", everyman),) if everyman else ()
        return Pool(
            dice=everyman + dice + sum(expr.numbers),
            attribute=rating,
            parts=(*skill_part, Part(f"{attr_name} {rating}", dice), *modifiers),
            attribute_name=attr_name,
            everyman=bool(everyman),
        )
    return _skill_pool(
        expr,
        skill_names[0],
        attr_name=attr_name,
        rated=rated,
        ruleset=ruleset,
        hail_mary=hail_mary,
        modifiers=modifiers,
        unlisted=unlisted or ruleset.unlisted_skills,
    )


def _npc_pool(expr: Expression) -> Pool:
    """An NPC's single rating (004): the first number is the pool, the rest modify it."""
    first, *rest = expr.numbers
    parts = (Part("rating", first), *(Part("modifier", n) for n in rest))
    return Pool(dice=sum(expr.numbers), attribute=None, parts=parts)


def _skill_pool(
    expr: Expression,
    skill: str,
    *,
    attr_name: str | None,
    rated: Ratings,
    ruleset: FS3Ruleset,
    hail_mary: bool,
    modifiers: tuple[Part, ...],
    unlisted: UnlistedSkills,
) -> Pool:
    kind, action = _classify(skill, rated, ruleset, unlisted)
    display = action.name if action else skill
    rating = rated.get(skill)
    is_unlisted = kind == "background" and rating is None
    if is_unlisted and ruleset.refuse_typos:
        _refuse_slip(skill, rated, ruleset)
    # 000 Untrained Rolls: no layperson may try this one, unlisted or rated 0 (Everyman).
    if action is not None and not action.everyman and not rating and not hail_mary:
        raise RuleError(
            f"{action.name} cannot be attempted at Everyman; a Storyteller may allow a "
            f"Hail Mary roll by spending luck"
        )
    if rating is None:
        skill_dice = _skill_dice(kind, 0, ruleset)
        skill_part = Part(f"{display} Everyman", skill_dice)
    elif kind == "language" and ruleset.unrated_languages:
        # 002 Skills: unrated; a known language rolls as common knowledge (rulings R9).
        skill_dice = 0
        skill_part = Part(f"{display} ({ruleset.language_known})", 0)
    else:
        _check_skill_rating(display, kind, rating, ruleset)
        skill_dice = _skill_dice(kind, rating, ruleset)
        skill_part = Part(f"{display} {rating}", skill_dice)
    if attr_name is None:
        attr_name = action.attribute if action else ruleset.background_attribute
        if attr_name is None:
            raise AbilityError(
                f"{display} is a {kind} skill with no default attribute in {ruleset.name}; "
                f"name its ruling attribute, e.g. {display}+{ruleset.attributes[0]}"
            )
    attr_rating = _attribute_rating(attr_name, rated, ruleset)
    return Pool(
        dice=skill_dice + attr_rating + sum(expr.numbers),
        attribute=attr_rating,
        parts=(skill_part, Part(f"{attr_name} {attr_rating}", attr_rating), *modifiers),
        skill=display,
        attribute_name=attr_name,
        everyman=rating is None,
        unlisted=is_unlisted,
        closest=closest(skill, _listed(rated, ruleset)) if is_unlisted else None,
    )


def _refuse_slip(skill: str, rated: Ratings, ruleset: FS3Ruleset) -> None:
    """A name one typing slip from a name the character can roll is that name mistyped, not
    a skill "not listed on your character sheet" (000): refused, so nothing is rolled at
    Everyman that cannot be taken back (rulings R28)."""
    meant = slipped(skill, _listed(rated, ruleset))
    if meant is not None:
        raise AbilityError(
            f"{skill} is not on the sheet nor in {ruleset.name}'s lists (did you mean "
            f"{meant}?); to roll {skill} as typed, at Everyman, rate it 0 on the sheet"
        )


def _classify(
    name: str, rated: Ratings, ruleset: FS3Ruleset, unlisted: UnlistedSkills
) -> tuple[SkillKind, ActionSkill | None]:
    key = name.casefold()
    for skill in ruleset.action_skills:
        if skill.name.casefold() == key:
            return "action", skill
    if any(lang.casefold() == key for lang in ruleset.languages):
        return "language", None
    if rated.get(name) is not None or unlisted == "everyman":
        return "background", None
    raise AbilityError(
        f"unknown ability {name!r}{suggest(name, _listed(rated, ruleset))}: not an attribute, "
        f"action skill or language of {ruleset.name}, and not among the ratings given; "
        f"{ruleset.name} refuses unlisted skills (unlisted_skills), so to roll one at "
        f"Everyman, rate it 0"
    )


def _listed(rated: Ratings, ruleset: FS3Ruleset) -> list[str]:
    """Every name a roll string may give: the game's lists and the ratings given."""
    return [
        *ruleset.attributes,
        *(s.name for s in ruleset.action_skills),
        *ruleset.languages,
        *rated.names(),
    ]


def _scaled(kind: SkillKind, ruleset: FS3Ruleset) -> bool:
    """Background and language skills use the ruleset's dice scale, where it has one."""
    return kind != "action" and bool(ruleset.scaled_skill_dice)


def _skill_dice(kind: SkillKind, rating: int, ruleset: FS3Ruleset) -> int:
    if _scaled(kind, ruleset):
        return ruleset.scaled_skill_dice[rating]
    return rating if rating > 0 else ruleset.everyman_dice


def _check_skill_rating(name: str, kind: SkillKind, rating: int, ruleset: FS3Ruleset) -> None:
    if _scaled(kind, ruleset):
        lo, hi = 0, len(ruleset.scaled_skill_dice) - 1
    else:
        lo, hi = ruleset.skill_range
    if not lo <= rating <= hi:
        raise AbilityError(
            f"{name} is rated {rating}, but {kind} skills in {ruleset.name} rate {lo} to {hi}"
        )


def _attribute_rating(name: str, rated: Ratings, ruleset: FS3Ruleset) -> int:
    rating = rated.get(name)
    lo, hi = ruleset.attribute_range
    if rating is None:
        raise AbilityError(
            f"no rating for the attribute {name}; attributes in {ruleset.name} rate {lo} to {hi}"
        )
    if not lo <= rating <= hi:
        raise AbilityError(f"{name} is rated {rating}, but attributes rate {lo} to {hi}")
    return rating


def _listing(skills: list[str], attributes: list[str]) -> str:
    said = []
    if skills:
        said.append(f"{len(skills)} skill{'s' if len(skills) > 1 else ''} ({', '.join(skills)})")
    if attributes:
        n = len(attributes)
        said.append(f"{n} attribute{'s' if n > 1 else ''} ({', '.join(attributes)})")
    return " and ".join(said)
