"""FS3 ability rolls, as pure functions over a ruleset and dice (opposed rolls and teamwork,
built on them, are contests.py).

Draw order (what a scripted source must supply): a roll draws its pool's dice in order; a
luck re-roll then draws a second pool.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace
from typing import Any, NamedTuple

from rollplay.dice import Dice, default_dice
from rollplay.errors import DiceError, RollplayError, RuleError
from rollplay.systems.fs3.judging import check_attribute, judge
from rollplay.systems.fs3.luck import LUCK_SPENDS, LuckSpend, allowed_luck
from rollplay.systems.fs3.pool import Pool, resolve
from rollplay.systems.fs3.ruleset import FS3Ruleset


@dataclass(frozen=True, slots=True)
class Modifier:
    """A change to the pool and why: ('taking-time', +2), ('luck', +3)."""

    reason: str
    value: int


@dataclass(frozen=True, slots=True)
class Check:
    """What to roll: a pool (a number of dice, or a roll string with ratings) and what
    modifies it. ``attribute`` is the linked attribute's rating, which FS3.2 needs to judge
    an embarrassing failure; a roll string fills it in itself.

    ``luck`` is a luck point spent on this roll: ``bonus`` (own, before), ``reroll`` (own,
    after: keep the better), ``boost``/``hinder`` (someone else's, before), ``hail-mary``
    (own: permission to roll what could not be rolled). ``luck_cancelled`` records that the
    point was cancelled by another spent against it (002 Luck).
    """

    pool: int | str | Pool
    attribute: int | None = None
    ratings: Mapping[str, int] | None = None
    modifiers: tuple[int | Modifier, ...] = ()
    situations: tuple[str, ...] = ()
    luck: LuckSpend | None = None
    luck_cancelled: bool = False
    name: str | None = None


class FS3Roll(NamedTuple):
    """A judged ability roll: every die, and what they add up to.

    ``pool`` is the number of dice rolled; ``requested`` the pool before the below-one-die
    ruling (they differ only when modifiers took the pool under 1). ``discarded`` is the
    other roll of a luck re-roll, the one not kept.

    A NamedTuple rather than a frozen dataclass: just as immutable, and building one is
    about ten times cheaper, which matters on the roll path (docs/performance.md).
    """

    dice: tuple[int, ...]
    successes: int
    ones: int
    level: str
    embarrassing: bool
    succeeded: bool
    pool: int
    requested: int
    attribute: int | None
    edition: str
    modifiers: tuple[Modifier, ...] = ()
    luck: str | None = None
    discarded: FS3Roll | None = None
    name: str | None = None
    expression: str | None = None
    parts: tuple[tuple[str, int], ...] = ()
    unlisted: str | None = None  # a skill not on the sheet, rolled at Everyman (000; R7)
    closest: str | None = None  # the listed name nearest to it
    unneeded_luck: str | None = None  # a Hail Mary asked for on a roll allowed anyway (R12)

    @property
    def hits(self) -> int:
        """The successes that count where a roll is weighed against another or a threshold (an
        attack, a defense, initiative, knockout): none on an Embarrassing Failure, which is a
        failure "even if you got some successes" (000 Success Level; rulings R2)."""
        return 0 if self.embarrassing else self.successes

    def to_dict(self) -> dict[str, Any]:
        """The stable JSON shape (docs/cli.md)."""
        return {
            "name": self.name,
            "edition": self.edition,
            "expression": self.expression,
            "parts": [{"label": label, "dice": dice} for label, dice in self.parts],
            "pool": self.pool,
            "requested": self.requested,
            "attribute": self.attribute,
            "dice": list(self.dice),
            "successes": self.successes,
            "ones": self.ones,
            "level": self.level,
            "embarrassing": self.embarrassing,
            "succeeded": self.succeeded,
            "modifiers": [{"reason": m.reason, "value": m.value} for m in self.modifiers],
            "luck": self.luck,
            "discarded": None if self.discarded is None else self.discarded.to_dict(),
            "unlisted": self.unlisted,
            "closest": self.closest,
            "unneeded_luck": self.unneeded_luck,
        }


class Effective(NamedTuple):
    """A check worked out: the pool before the below-one-die ruling, and its sources."""

    dice: int
    attribute: int | None
    modifiers: tuple[Modifier, ...]
    expression: str | None
    parts: tuple[tuple[str, int], ...]
    unlisted: str | None = None
    closest: str | None = None


def effective_pool(check: Check, ruleset: FS3Ruleset) -> Effective:
    """Apply the roll string, modifiers, situations and luck to a check."""
    pool = check.pool
    expression = None
    attribute = check.attribute
    parts: tuple[tuple[str, int], ...] = ()
    unlisted = closest = None
    if isinstance(pool, str):
        expression = pool
        pool = resolve(pool, ruleset, check.ratings, hail_mary=check.luck == "hail-mary")
    if isinstance(pool, Pool):
        parts = tuple((p.label, p.dice) for p in pool.parts)
        expression = expression or pool.text
        attribute = pool.attribute if attribute is None else attribute
        dice = pool.dice
        if pool.unlisted:
            unlisted, closest = pool.skill, pool.closest
    else:
        if isinstance(pool, bool) or not isinstance(pool, int):
            raise DiceError(f"a pool is a number of dice or a roll string, not {pool!r}")
        if pool < 0:
            raise DiceError(f"cannot roll a negative number of dice ({pool}); a pool is 0 or more")
        dice = pool
    if attribute is not None:
        check_attribute(attribute, ruleset)
    mods: list[Modifier] = [
        m if isinstance(m, Modifier) else Modifier("modifier", m) for m in check.modifiers
    ]
    mods.extend(Modifier(s.name, s.modifier) for s in map(ruleset.situation, check.situations))
    luck = _luck_modifier(check, ruleset)
    if luck is not None:
        mods.append(luck)
    total = dice + sum(m.value for m in mods)
    if total > ruleset.max_dice:
        raise DiceError(
            f"a pool of {total} dice is over the limit of {ruleset.max_dice} "
            f"(max_dice in the ruleset)"
        )
    return Effective(total, attribute, tuple(mods), expression, parts, unlisted, closest)


def _luck_modifier(check: Check, ruleset: FS3Ruleset) -> Modifier | None:
    spend = check.luck
    if spend is None:
        if check.luck_cancelled:
            raise RuleError("luck_cancelled needs a luck spend to cancel")
        return None
    if spend not in LUCK_SPENDS:
        raise RuleError(f"unknown luck spend {spend!r}; accepted: {', '.join(LUCK_SPENDS)}")
    allowed = allowed_luck(ruleset)
    if spend not in allowed:
        raise RuleError(
            f"{ruleset.name} has no luck spend {spend!r}; it allows: {', '.join(allowed)}"
        )
    if check.luck_cancelled:
        if not ruleset.luck_cancel:
            raise RuleError(f"{ruleset.name} does not let luck cancel luck")
        return Modifier(f"luck ({spend}, cancelled)", 0)
    if spend == "bonus":
        return Modifier("luck", ruleset.luck_bonus)
    if spend == "boost":
        return Modifier("luck (someone else's)", ruleset.luck_on_others)
    if spend == "hinder":
        return Modifier("luck (someone else's)", -ruleset.luck_on_others)
    return None  # reroll and hail-mary change no dice


def hail_mary_needed(check: Check, ruleset: FS3Ruleset) -> bool:
    """000 Hail Mary Rolls: luck buys a roll "even when one would not normally be allowed".
    The roll rollplay knows not to be allowed is a skill no layperson may attempt, unrated
    (000 Untrained Rolls); any other roll needs no Hail Mary (rulings R12)."""
    if not isinstance(check.pool, str):
        return False  # a number of dice: nothing to allow
    try:
        resolve(check.pool, ruleset, check.ratings)
    except RuleError:
        return True
    except RollplayError:
        return False  # not a roll at all: the roll itself says why
    return False


# -- rolling --------------------------------------------------------------------------


def roll_pool(
    dice_count: int,
    attribute: int | None,
    ruleset: FS3Ruleset,
    dice: Dice,
) -> FS3Roll:
    """The fast path: roll a plain pool with no modifiers (what NPCs and the API's
    ``roll(n)`` do)."""
    if attribute is not None:
        check_attribute(attribute, ruleset)
    if not 1 <= dice_count <= ruleset.max_dice:  # the below-one ruling, or the limit's error
        return roll_check(Check(dice_count, attribute), ruleset, dice)
    faces = dice.roll(ruleset.sides, dice_count)
    successes, ones, level, embarrassing = judge(faces, attribute, ruleset)
    # Every field, positionally, straight to tuple.__new__: a third cheaper than FS3Roll(...)
    # with its defaults (tests hold the two equal).
    return _new_tuple(
        FS3Roll,
        (
            faces,
            successes,
            ones,
            level,
            embarrassing,
            not embarrassing and successes > 0,
            dice_count,
            dice_count,
            attribute,
            ruleset.edition,
            (),
            None,
            None,
            None,
            None,
            (),
            None,
            None,
            None,
        ),
    )


_new_tuple = tuple.__new__


def roll_check(check: Check, ruleset: FS3Ruleset, dice: Dice | None = None) -> FS3Roll:
    """Roll one check: the pool, its modifiers and luck, judged by the ruleset. A Hail Mary
    on a roll that needs none is no spend: the roll is made as it is, and says so."""
    source = default_dice() if dice is None else dice
    if check.luck == "hail-mary" and not hail_mary_needed(check, ruleset):
        plain = roll_check(replace(check, luck=None, luck_cancelled=False), ruleset, source)
        return plain._replace(unneeded_luck="hail-mary")
    eff = effective_pool(check, ruleset)
    first = _roll_once(eff, check, ruleset, source)
    if check.luck != "reroll" or check.luck_cancelled:
        return first
    return _keep_better(first, _roll_once(eff, check, ruleset, source))


def reroll_after(first: FS3Roll, check: Check, ruleset: FS3Ruleset, dice: Dice) -> FS3Roll:
    """002 Luck: "After your own roll, spend a point to get a re-roll and choose the better
    of the two rolls": ``first`` is the roll ``check`` made, with no luck on it; the re-roll
    draws its pool after every die of it. Paying the point is the caller's."""
    if not ruleset.luck_reroll:
        raise RuleError(f"{ruleset.name} has no luck spend 'reroll'")
    if first.luck is not None or check.luck is not None:
        raise RuleError("only one luck point applies to a roll (002 Luck)")
    spent = replace(check, luck="reroll")
    second = _roll_once(effective_pool(check, ruleset), spent, ruleset, dice)
    return _keep_better(first._replace(luck="reroll"), second)


def _keep_better(first: FS3Roll, second: FS3Roll) -> FS3Roll:
    """002 Luck: "choose the better of the two rolls": the better level (an embarrassing
    failure is the worst), then more successes; on a tie the first roll stands (R13)."""
    if _rank(second) > _rank(first):
        first, second = second, first
    return first._replace(discarded=second)


def _rank(r: FS3Roll) -> tuple[bool, int]:
    return (not r.embarrassing, r.successes)


def _roll_once(eff: Effective, check: Check, ruleset: FS3Ruleset, source: Dice) -> FS3Roll:
    total, attribute, mods, expression, parts, unlisted, closest = eff
    if total >= 1 or ruleset.below_one_die == "roll-one":
        count = max(total, 1)
        faces = source.roll(ruleset.sides, count)
        successes, ones, level, embarrassing = judge(faces, attribute, ruleset)
    else:  # "fail": no dice, a plain failure
        count, faces, successes, ones = 0, (), 0, 0
        level, embarrassing = ruleset.failure_title, False
    return FS3Roll(
        dice=faces,
        successes=successes,
        ones=ones,
        level=level,
        embarrassing=embarrassing,
        succeeded=not embarrassing and successes > 0,
        pool=count,
        requested=total,
        attribute=attribute,
        edition=ruleset.edition,
        modifiers=mods,
        luck=check.luck,
        name=check.name,
        expression=expression,
        parts=parts,
        unlisted=unlisted,
        closest=closest,
    )
