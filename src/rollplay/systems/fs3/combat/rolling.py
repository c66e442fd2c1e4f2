"""Rolls in combat: the dice a combatant rolls for an ability, every modifier named, and luck
spent on a roll (002 Luck, Combat; 004 Ability Rolls, Other Modifiers).

Every combat roll is an ability roll like any other (``rolls.roll_check``): the ruleset's
below-one-die ruling, its embarrassing-failure rule judged by the roller's own linked
attribute (an NPC's by ``default_attribute``: rulings R3), and its luck spends.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import cast

from rollplay.dice import Dice
from rollplay.errors import RuleError
from rollplay.systems.fs3.combat.state import Action, Combatant
from rollplay.systems.fs3.luck import LuckSpend
from rollplay.systems.fs3.pool import Part, Pool, resolve
from rollplay.systems.fs3.rolls import Check, FS3Roll, Modifier, roll_check
from rollplay.systems.fs3.ruleset import FS3Ruleset


def ability_pool(c: Combatant, ability: str, fs3: FS3Ruleset) -> Pool:
    """An NPC's single rating (004), or the character's skill + linked attribute. A skill
    no layperson may attempt (000 Untrained Rolls), unrated, is a pool of 0: the ruleset's
    below-one-die ruling decides what is left (rulings C12)."""
    if c.rating is not None:
        tier = fs3.combat.tier_of(c.kind, c.tier) if fs3.combat.npc_tiers else None
        if tier is not None:  # rulings A26
            is_attribute = ability.casefold() in {a.casefold() for a in fs3.attributes}
            value = tier.rating(ability, is_attribute)
            return Pool(value, None, (Part(f"{c.name} ({tier.name}) {ability} {value}", value),))
        return Pool(c.rating, None, (Part(f"{c.name} rating {c.rating}", c.rating),))
    try:
        return resolve(ability, fs3, c.ratings)
    except RuleError:
        hail = resolve(ability, fs3, c.ratings, hail_mary=True)
        return Pool(0, hail.attribute, (Part(f"{ability}: untrained, no Everyman", 0),))


def named(*pairs: tuple[str, int]) -> tuple[Modifier, ...]:
    """The modifiers that apply, each with its reason (zeros left out)."""
    return tuple(Modifier(reason, value) for reason, value in pairs if value)


def roll(
    who: str,
    pool: Pool,
    modifiers: Iterable[Modifier],
    luck: str | None,
    *,
    fs3: FS3Ruleset,
    dice: Dice,
) -> FS3Roll:
    """One combat roll: the pool with its modifiers and, perhaps, a luck point's spend."""
    spend = cast("LuckSpend | None", luck)
    check = Check(pool, modifiers=tuple(modifiers), luck=spend, name=who)
    return roll_check(check, fs3, dice)


class LuckLedger:
    """002 Luck, Combat: a point set on an attack, defense or initiative roll waits for the
    first such roll of the person it is spent on, this turn; only one point applies to a
    roll. A spend whose payer has no point left by then is dropped, and the report says so."""

    def __init__(self, actions: dict[str, Action]) -> None:
        self.waiting: dict[tuple[str, str], tuple[str, str]] = {}
        for name, action in actions.items():
            if action.luck and action.luck != "knockout":
                key = (action.luck_on or name, action.luck)
                self.waiting.setdefault(key, (name, action.luck_spend))

    def take(self, roller: str, kind: str) -> tuple[str, str] | None:
        """(payer, spend) for ``roller``'s ``kind`` roll, once."""
        return self.waiting.pop((roller, kind), None)


def skill_rating(ability: str, fs3: FS3Ruleset, ratings: dict[str, int]) -> int:
    """The rating of the skill an ability names (of the attribute, if it names only one):
    what 004's "1/2 their medicine ability rating" halves."""
    from rollplay.systems.fs3.expression import parse
    from rollplay.systems.fs3.pool import Ratings

    names = parse(ability).names
    attributes = {a.casefold() for a in fs3.attributes}
    skills = [n for n in names if n.casefold() not in attributes]
    return Ratings(ratings).get((skills or list(names) or [""])[0]) or 0
