"""Character Points spent after seeing a roll (003 Character Points: "before or after he
makes a roll - or both - but always before the gamemaster determines the result"), on a roll
already made, within what the character has left. Fate Points cannot follow a roll (003 Fate
Points: "Players may only spend Fate Points before making a roll")."""

from __future__ import annotations

from rollplay.dice import Dice, default_dice
from rollplay.errors import RollplayError, RuleError
from rollplay.systems.d6.check import D6Check, Points, check_points, dice_counts
from rollplay.systems.d6.limits import MAX_POINTS, bounded
from rollplay.systems.d6.outcome import D6Roll
from rollplay.systems.d6.results import bonus_points, damage_points
from rollplay.systems.d6.rolls import tosses
from rollplay.systems.d6.ruleset import D6Ruleset


def spend_after(
    result: D6Roll,
    cp: int,
    rules: D6Ruleset,
    *,
    remaining: int | None = None,
    fate: bool = False,
    dice: Dice | None = None,
) -> tuple[D6Roll, Points]:
    """``cp`` more Character Point dice on ``result``, each an extra Wild Die drawn after
    every die of the roll; the new roll and the points it used. ``remaining`` is what the
    character has left after the roll's own spends (None: no limit). ``fate`` is refused:
    a Fate Point is spent only before the roll."""
    check_after(result, cp, rules, remaining=remaining, fate=fate)
    source = dice or default_dice()
    extra = tuple(tosses(source, rules.explode_on) for _ in range(cp))
    total = result.total + sum(sum(d) for d in extra)
    better = result._replace(cp_dice=result.cp_dice + extra, total=total)
    if result.difficulty is not None:
        points = total - result.difficulty
        better = better._replace(
            bonus_points=bonus_points(points, rules), damage_bonus=damage_points(points, rules)
        )
    return better, Points(cp, 0)


def check_after(
    result: D6Roll,
    cp: int,
    rules: D6Ruleset,
    *,
    remaining: int | None = None,
    fate: bool = False,
) -> None:
    """Refuse, before any die is rolled, points after the roll that the rules do not allow."""
    if fate:
        raise RuleError(
            'a Fate Point is spent only before the roll (003 Fate Points: "Players may only '
            'spend Fate Points before making a roll")'
        )
    bounded(cp, "Character Points spent after the roll", 0, MAX_POINTS)
    if remaining is not None:
        bounded(remaining, "Character Points left", 0, MAX_POINTS)
        check_points(result.name, cp, remaining)
    if cp and result.fate and not (rules.cp_with_fate or result.gm_allows_both):
        raise RuleError(
            "Character Points and a Fate Point are not spent on the same roll unless the GM "
            "allows it (003 Improving a Roll)"
        )
    if result.dice_rolled + cp > rules.max_dice:
        raise RollplayError(
            f"the roll would need {result.dice_rolled + cp} dice; at most {rules.max_dice}"
        )


def plan_after(check: D6Check, cp: int, rules: D6Ruleset) -> None:
    """Refuse, before anything is rolled, ``cp`` points a player means to spend after seeing
    the roll of ``check``: the character's limit counts the roll's own spends."""
    bounded(cp, "Character Points spent after the roll", 0, MAX_POINTS)
    dice_counts(check._replace(character_points=check.character_points + cp), rules)


def add_character_points(
    result: D6Roll,
    check: D6Check | None,
    count: int,
    rules: D6Ruleset,
    dice: Dice | None = None,
) -> D6Roll:
    """``spend_after`` for a roll made from ``check``: the character's limit, when the check
    came from a sheet, counts what the roll already spent."""
    remaining = None
    if check is not None and check.cp_held is not None:
        remaining = check.cp_held - check.character_points
    return spend_after(result, count, rules, remaining=remaining, dice=dice)[0]
