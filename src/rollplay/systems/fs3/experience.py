"""FS3 experience (002 Experience): what a raise costs, how far a scale goes, and the limits
on raising, as pure functions over a sheet and a ruleset."""

from __future__ import annotations

import unicodedata
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from rollplay.errors import RollplayError, RuleError, suggest
from rollplay.systems.fs3.ruleset import FS3Ruleset
from rollplay.systems.fs3.sheet import AbilityKind, FS3Sheet
from rollplay.systems.fs3.sheet_fields import scaled_range

RAISABLE = ("action", "background", "language", "attribute", "advantage")


@dataclass(frozen=True)
class Raised:
    """A raise made: the new sheet data, the skill (as the game names it), its levels and
    its cost in half XP."""

    sheet: dict[str, Any]
    skill: str
    before: int
    after: int
    cost_halves: int
    ruling: str | None = None  # the ruling attribute it gave a background skill (R30)


def raise_with_xp(
    sheet: FS3Sheet,
    kind: str,
    skill: str,
    rules: FS3Ruleset,
    *,
    xp_halves: int,
    raises_since_award: int,
    attribute: str | None = None,
) -> Raised:
    """Raise ``skill`` one level with the character's XP, or refuse in one line: an unknown
    skill (with the nearest names), a scale's top, too little XP, or more raises since the
    last award than the game allows (``max_raises_between_awards``). ``attribute``: a new
    background skill's ruling attribute, where each character chooses it (002 Ruling
    Attribute; rulings R30)."""
    if kind not in RAISABLE:
        raise RollplayError(f"unknown kind of skill {kind!r}; accepted: {', '.join(RAISABLE)}")
    canonical = ability_name(skill, kind, sheet, rules)
    ruling = ruling_attribute(sheet, kind, canonical, rules, attribute)
    data, cost, current = raise_ability(sheet, kind, canonical, rules)  # type: ignore[arg-type]
    if ruling is not None:
        data["background"][canonical]["attribute"] = ruling
    past_creation(sheet, kind, canonical, rules)
    limit = rules.max_raises_between_awards
    if limit is not None and raises_since_award >= limit:
        raise RuleError(
            f"{sheet.name} has raised {raises_since_award} skill"
            f"{'s' if raises_since_award != 1 else ''} since the last XP award; "
            f"this game allows {limit} (002 Experience)"
        )
    if xp_halves < cost:
        raise RuleError(
            f"raising {canonical} from {current} costs {cost / 2:g} XP; "
            f"{sheet.name} has {xp_halves / 2:g}"
        )
    return Raised(data, canonical, current, current + 1, cost, ruling)


def ability_name(skill: str, kind: str, sheet: FS3Sheet, rules: FS3Ruleset) -> str:
    """A skill as the game spells it (any case), or an error naming the nearest."""
    if kind == "background":
        known = next((k for k in sheet.background if k.casefold() == skill.casefold()), None)
        return known or _new_background(skill)
    named = {"action": [a.name for a in rules.action_skills], "attribute": list(rules.attributes),
             "advantage": list(rules.advantages), "language": list(rules.languages)}  # fmt: skip
    names = named[kind]
    for n in names:
        if n.casefold() == skill.casefold():
            return n
    raise RollplayError(f"unknown {kind} skill {skill!r}{suggest(skill, names)}")


def ruling_attribute(
    sheet: FS3Sheet, kind: str, skill: str, rules: FS3Ruleset, given: str | None
) -> str | None:
    """The ruling attribute a raise gives a background skill (002 Ruling Attribute: "You
    choose the Ruling Attribute for Background skills"), or None to leave it as it is: one
    learned with XP where each character chooses it needs one, and a skill that has one
    keeps it. Named for anything else, it is refused rather than ignored."""
    if given is None:
        needed = rules.background_attribute is None and kind == "background"
        if needed and skill not in sheet.background:
            raise RuleError(
                f"{skill} is a new background skill: choose its ruling attribute, one of "
                f"{', '.join(rules.attributes)} (002 Ruling Attribute)"
            )
        return None
    if kind != "background":
        raise RollplayError(
            f"a ruling attribute is a background skill's to choose; {skill} is "
            f"{'an action skill, linked by the game' if kind == 'action' else 'a language'}"
        )
    if rules.background_attribute is not None:
        raise RuleError(
            f"{rules.name} links background skills to {rules.background_attribute} (000 "
            f"Linked Attributes); name another in the roll instead ({skill}+"
            f"{rules.attributes[0]})"
        )
    chosen = next((a for a in rules.attributes if a.casefold() == given.strip().casefold()), None)
    if chosen is None:
        raise RollplayError(
            f"unknown attribute {given!r}{suggest(given, rules.attributes)}; "
            f"{rules.name}'s attributes: {', '.join(rules.attributes)}"
        )
    entry = sheet.background.get(skill)
    if entry is not None and entry.attribute not in (None, chosen):
        raise RuleError(
            f"{skill}'s ruling attribute is {entry.attribute}, chosen when it was taken "
            f"(002 Ruling Attribute); a roll may name another ({skill}+{chosen})"
        )
    return chosen


def _new_background(skill: str) -> str:
    """A background skill learned with XP: a name a roll line can say (no '/', '=' or ','
    and no control characters; spaces tidied), since everyone's roll box offers it."""
    name = " ".join(skill.split())
    bad = [ch for ch in name if ch in "/=," or (unicodedata.category(ch).startswith(("C", "Z"))
           and ch != " ")]  # fmt: skip
    if not 1 <= len(name) <= 100 or bad or name.casefold() == "vs":
        raise RollplayError(f"a background skill needs a name of 1 to 100 characters without "
                            f"'/', '=', ',' or control characters, not {skill[:40]!r}")  # fmt: skip
    return name


def xp_cost(sheet: FS3Sheet, kind: AbilityKind, skill: str, rules: FS3Ruleset) -> tuple[int, int]:
    """002 Experience: the cost in half XP of raising ``skill`` one level, and its current
    level. Half points keep background skills' halved costs exact (rulings R20); skills on
    the 0-3 scale cost ``scaled_xp_costs`` (R26); every scale stops at its top."""
    if kind in ("attribute", "advantage", "quirk"):
        return _priced(sheet, kind, skill, rules)
    language_costs = rules.language_xp_costs or rules.scaled_xp_costs
    priced = language_costs if kind == "language" else rules.scaled_xp_costs
    scale = scaled_range(rules) if priced else None
    if kind == "language" and scale is None:  # 002: "a flat rate of 3XP" to learn one
        if skill in sheet.languages:
            raise RuleError(f"{sheet.name} already speaks {skill}")
        return rules.language_xp * 2, 0
    if kind == "action":
        current, top = sheet.action.get(skill, 0), min(rules.skill_range[1], len(rules.xp_costs))
    elif kind == "language":
        current = sheet.languages.get(skill, 0)
        top = min(scale[1], len(priced)) if scale else 1
    else:
        current = _background_rating(sheet, skill)
        top = (min(scale[1], len(priced)) if scale
               else min(rules.skill_range[1], len(rules.xp_costs)))  # fmt: skip
    if current >= top:
        raise RuleError(f"{skill} is at {current}, the highest its scale goes")
    if kind != "action" and scale is not None:
        return priced[current] * 2, current
    cost = rules.xp_costs[current] * 2
    if kind == "background":
        cost = -(-cost // rules.background_xp_divisor)
    return cost, current


def raise_ability(
    sheet: FS3Sheet, kind: AbilityKind, skill: str, rules: FS3Ruleset
) -> tuple[dict[str, Any], int, int]:
    """Raise ``skill`` one level (or learn a language): the new sheet data, the cost in half
    XP and the level it was at. Checking the character has the XP is the caller's."""
    cost, current = xp_cost(sheet, kind, skill, rules)
    data = sheet.to_mapping()
    if kind == "action":
        data["action"][skill] = current + 1
    elif kind == "attribute":
        data["attributes"][skill] = current + 1
    elif kind == "advantage":
        data.setdefault("advantages", {})[skill] = current + 1
    elif kind == "background":
        entry = data["background"].get(skill, {"rating": 0})
        data["background"][skill] = {**entry, "rating": current + 1}
    else:
        data["languages"][skill] = current + 1
    # 002 Experience, not Character Creation: the level is the XP's (rulings R29).
    table = {"language": "languages", "attribute": "attributes",
             "advantage": "advantages"}.get(kind, kind)  # fmt: skip
    bought = data.setdefault("experience", {}).setdefault(table, {})
    bought[skill] = bought.get(skill, 0) + 1
    return data, cost, current


def _priced(sheet: FS3Sheet, kind: str, name: str, rules: FS3Ruleset) -> tuple[int, int]:
    """An attribute or an advantage raised with XP, where the game prices them (AresMUSH's
    xp_costs; rulings A12); 002 Experience raises neither."""
    costs = rules.attribute_xp_costs if kind == "attribute" else rules.advantage_xp_costs
    if kind == "advantage" and not (rules.use_advantages and rules.advantage_xp):
        costs = ()
    if kind == "quirk" or not costs:
        raise RuleError(f"{kind}s cannot be raised with XP here (002 Experience)")
    if kind == "attribute":
        current = sheet.attributes.get(name, rules.attribute_range[0])
        top = min(rules.attribute_range[1], len(costs))
    else:
        current, top = sheet.advantages.get(name, 0), min(3, len(costs))
    if current >= top:
        raise RuleError(f"{name} is at {current}, the highest XP raises it")
    return costs[current] * 2, current


def past_creation(sheet: FS3Sheet, kind: str, name: str, rules: FS3Ruleset) -> None:
    """Refuse a raise that takes a kind of ability more levels past its creation pool than
    the game allows (AresMUSH's *_dots_beyond_chargen_max; rulings A13): the pool counted
    as at creation, over every level the sheet holds."""
    from rollplay.systems.fs3.chargen import above

    c = rules.chargen
    if kind == "attribute":
        dots, pool, cost = rules.attribute_xp_dots, c.max_attribute_points, c.attribute_cost
        after = {**sheet.attributes, name: sheet.attributes.get(name, 0) + 1}
        points = above(after, c.free_attribute) * cost
    elif kind == "action":
        dots, pool, cost = rules.action_xp_dots, c.max_action_points, c.skill_cost
        after = {**sheet.action, name: sheet.action.get(name, 0) + 1}
        points = above(after, c.free_action) * cost
    elif kind == "advantage":
        dots, pool, cost = rules.advantage_xp_dots, c.max_advantage_points, c.advantage_cost
        points = (sum(sheet.advantages.values()) + 1) * cost
    else:
        return
    if dots is None or pool is None:
        return
    if points > pool + dots * cost:
        raise RuleError(f"raising {name} takes {sheet.name}'s {kind} points to {points}; this "
                        f"game allows {dots} level{'s' if dots != 1 else ''} past the creation "
                        f"limit of {pool}")  # fmt: skip


def _background_rating(sheet: FS3Sheet, skill: str) -> int:
    entry = sheet.background.get(skill)
    return entry.rating if entry else 0


def raise_costs(sheet: FS3Sheet, rules: FS3Ruleset) -> dict[str, dict[str, float | None]]:
    """What raising each skill one level costs in XP (None: it cannot be raised, its scale's
    top): every action skill of the game, the sheet's background skills, and each language
    of the game (learning one the character lacks), for a sheet to offer its raises."""
    named = {
        "action": [a.name for a in rules.action_skills],
        "background": list(sheet.background),
        "language": list(rules.languages),
        **({"attribute": list(rules.attributes)} if rules.attribute_xp_costs else {}),
        **({"advantage": list(rules.advantages)} if rules.use_advantages and rules.advantage_xp
           else {}),
    }  # fmt: skip
    costs: dict[str, dict[str, float | None]] = {}
    for kind, names in named.items():
        costs[kind] = {}
        for name in names:
            try:
                costs[kind][name] = xp_cost(sheet, kind, name, rules)[0] / 2  # type: ignore[arg-type]
            except RuleError:
                costs[kind][name] = None
    return costs


def learning_cost(sheet: FS3Sheet, rules: FS3Ruleset) -> float:
    """What learning a background skill the sheet lacks costs in XP: its first level (002
    Experience; halved, or the 0-3 scale's own: rulings R20, R26)."""
    return xp_cost(sheet, "background", "", rules)[0] / 2  # no sheet holds a nameless skill


Bought = Mapping[str, Mapping[str, int]]  # a sheet's ``experience``: levels by table, skill


def xp_claimed(before: Bought, after: Bought) -> str | None:
    """The skill whose levels bought with XP a sheet says more of than it did (``before``
    empty: a new sheet), if any: a raise writes them (002 Experience), and a player's own
    edit that claimed more would let creation points be called XP (rulings R29); claiming
    fewer only counts more at creation."""
    for kind, table in after.items():
        for skill, levels in table.items():
            if levels > before.get(kind, {}).get(skill, 0):
                return skill
    return None
