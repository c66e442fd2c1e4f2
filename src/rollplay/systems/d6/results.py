"""What result points are worth (003 Result Points, Related Skills): a related skill's
modifier, a half carried to another roll, a fifth of an attack's added to its damage."""

from __future__ import annotations

from rollplay.errors import RollplayError, whole
from rollplay.systems.d6.code import Bonus
from rollplay.systems.d6.limits import MAX_DIFFICULTY, MAX_TOTAL, bounded, clip, short
from rollplay.systems.d6.ruleset import D6Ruleset


def ceil_div(a: int, b: int) -> int:
    return -(-a // b)


def bonus_points(points: int, rules: D6Ruleset) -> int:
    """003 Result Points: "one-half of the result points (rounded up) as a bonus to another
    skill roll or effect"; only a success has points to give (rulings D9)."""
    return ceil_div(points, rules.bonus_divisor) if points > 0 else 0


def damage_points(points: int, rules: D6Ruleset) -> int:
    """003 Result Points: "One-fifth of the result points from an attack roll can be included
    as bonus to damage. (Round fractions up.)" (rulings D9)."""
    return ceil_div(points, rules.damage_divisor) if points > 0 else 0


def related_modifier(total: int, difficulty: int, rules: D6Ruleset) -> int:
    """003 Related Skills: the result points divided by 2, rounded up, at least 1; "If the
    skill total was equal to or greater than the difficulty, the modifier is added",
    otherwise subtracted. Its own rule, whatever ``ties_succeed`` says (rulings D4). A
    failure's modifier is sized from its shortfall, rounded up: 3 short is -2 (rulings D13)."""
    total = bounded(total, "a related skill's total", -MAX_TOTAL, MAX_TOTAL)
    difficulty = bounded(difficulty, "a related skill's difficulty", 0, MAX_DIFFICULTY)
    points = total - difficulty
    size = max(rules.related_minimum, ceil_div(abs(points), rules.related_divisor))
    return size if points >= 0 else -size


def parse_related(text: str) -> tuple[int, int]:
    """'19:15' (a related skill's total and its difficulty) -> (19, 15)."""
    total, sep, difficulty = short(text, "--related").partition(":")
    if not sep:
        raise RollplayError(f"bad --related {clip(text)}: write TOTAL:DIFFICULTY, like 19:15")
    return (
        whole(total, "--related TOTAL", MAX_TOTAL),
        whole(difficulty, "--related DIFFICULTY", MAX_DIFFICULTY),
    )


def carried(points: int, rules: D6Ruleset) -> Bonus:
    """003 Result Points: ``points`` from an earlier roll, carried to this one as a bonus of
    half of them, rounded up."""
    points = _points(points, "result points carried")
    return Bonus(0, bonus_points(points, rules), f"carried result points ({points})")


def damage_from(points: int, rules: D6Ruleset) -> Bonus:
    """003 Result Points: an attack's ``points`` as a bonus to its damage roll: a fifth,
    rounded up."""
    points = _points(points, "an attack's result points")
    return Bonus(0, damage_points(points, rules), f"from the attack's {points} result points")


def _points(points: int, what: str) -> int:
    if isinstance(points, int) and not isinstance(points, bool) and points < 0:
        raise RollplayError(
            f"{what}: {points}; a roll that fell short has no result points to give "
            f"(003 Result Points: 0 to {MAX_TOTAL})"
        )
    return bounded(points, what, 0, MAX_TOTAL)
