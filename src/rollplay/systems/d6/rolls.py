"""D6 System skill checks (003) as pure functions over a ruleset and dice.

Draw order (what a scripted source must supply): the regular dice, all at once; then the
Wild Die's tosses, one at a time, for as long as it explodes; then each Character Point
die's tosses the same way (those spent after the roll last). An opposed roll draws the
initiator's roll, then the resister's.
"""

from __future__ import annotations

from typing import Any, NamedTuple

from rollplay.dice import Dice, default_dice
from rollplay.systems.d6.check import D6Check, Points, dice_counts
from rollplay.systems.d6.code import DieCode
from rollplay.systems.d6.options import RollOptions, make_check, preparing, sheet_check
from rollplay.systems.d6.outcome import D6Roll
from rollplay.systems.d6.results import bonus_points, damage_points, related_modifier
from rollplay.systems.d6.ruleset import D6Ruleset

__all__ = [
    "D6Check",
    "D6Opposed",
    "D6Roll",
    "Points",
    "RollOptions",
    "dice_counts",
    "make_check",
    "opposed",
    "preparing",
    "related_modifier",
    "roll_check",
    "sheet_check",
]

# A die that keeps exploding stops after this many tosses (rulings D8): at 1/6 a toss the
# chance of reaching it is below 1e-77.
MAX_TOSSES = 100

Faces = tuple[tuple[int, ...], tuple[int, ...], tuple[tuple[int, ...], ...]]


def tosses(dice: Dice, explode_on: int) -> tuple[int, ...]:
    """One Wild Die (or Character Point die): rolled again as long as it shows ``explode_on``
    or more."""
    out: list[int] = []
    while len(out) < MAX_TOSSES:
        face = dice.roll(6, 1)[0]
        out.append(face)
        if face < explode_on:
            break
    return tuple(out)


def roll_check(check: D6Check, rules: D6Ruleset, dice: Dice | None = None) -> D6Roll:
    own, regular_count = dice_counts(check, rules)
    source = dice or default_dice()
    # The regular dice and the Wild Die's first toss are next to each other in the draw
    # order, so one call draws them all; the Wild Die goes on only if it exploded.
    faces = source.roll(6, regular_count + 1)
    regular, first = faces[:-1], faces[-1]
    wild = (first,) if first < rules.explode_on else (first, *tosses(source, rules.explode_on))
    cp_dice = tuple(tosses(source, rules.explode_on) for _ in range(check.character_points))
    return judge(check, rules, own, (regular, wild, cp_dice))


def judge(check: D6Check, rules: D6Ruleset, own: DieCode, faces: Faces) -> D6Roll:
    """Total and verdict from the faces: (regular dice, Wild Die tosses, CP dice tosses)."""
    regular, wild, cp_dice = faces
    option = check.wild_one or rules.wild_one
    critical = wild[0] == 1
    cancelled: tuple[int, ...] = ()
    dice_sum = sum(regular) + sum(wild)
    if critical and option == "cancel":
        # 003 Wild Die, option 1: the 1 and the highest other die are removed (rulings D1).
        cancelled = (1, max(regular)) if regular else (1,)
        dice_sum -= sum(cancelled)
    bonus = sum(b.number for b in check.bonuses)
    total = dice_sum + sum(sum(d) for d in cp_dice) + own.pips + bonus + check.related
    difficulty = points = bonus_pts = damage = None
    if check.difficulty is not None:
        difficulty = check.difficulty + sum(v for _, v in check.difficulty_mods)
        points = total - difficulty
        bonus_pts, damage = bonus_points(points, rules), damage_points(points, rules)
    return D6Roll(
        str(check.code),
        str(own),
        regular,
        wild,
        cp_dice,
        cancelled,
        own.pips,
        bonus,
        total,
        difficulty,
        critical,
        critical and option == "complication",
        option,
        check.bonuses,
        check.difficulty_mods,
        check.fate,
        check.related,
        rules.ties_succeed,
        bonus_pts,
        damage,
        check.skill,
        check.name,
        wild[0] >= rules.explode_on,  # 003 Wild Die: "this is called a Critical Success"
        check.attack,
        check.attribute,
        check.gm_allows_both,
    )


class D6Opposed(NamedTuple):
    """003 Opposed Difficulties: the higher total wins; ties go to the initiator.

    A side's difficulty modifiers (unskilled, rushing, a second chance) raise the total the
    other side must be beaten by, so each side's ``score`` is its total less its own
    modifiers (rulings D17); with none, the scores are the totals."""

    initiator: D6Roll
    resister: D6Roll
    damage_bonus: int | None = None

    @property
    def scores(self) -> tuple[int, int]:
        return (_score(self.initiator), _score(self.resister))

    @property
    def winner(self) -> str:
        first, second = self.scores
        return "initiator" if first >= second else "resister"

    @property
    def margin(self) -> int:
        first, second = self.scores
        return abs(first - second)

    def to_dict(self) -> dict[str, Any]:
        first, second = self.scores
        return {
            "system": "d6",
            "initiator": self.initiator.to_dict(),
            "resister": self.resister.to_dict(),
            "winner": self.winner,
            "margin": self.margin,
            "scores": {"initiator": first, "resister": second},
            "damage_bonus": self.damage_bonus,
        }


def _score(r: D6Roll) -> int:
    return r.total - sum(v for _, v in r.difficulty_mods)


def opposed(
    initiator: D6Check, resister: D6Check, rules: D6Ruleset, dice: Dice | None = None
) -> D6Opposed:
    """Both sides roll, the initiator first. An initiator's attack that wins adds a fifth of
    its margin, rounded up, to damage (003 Result Points: the margin is its result points)."""
    source = dice or default_dice()
    plain = (initiator._replace(difficulty=None), resister._replace(difficulty=None))
    first, second = (roll_check(c, rules, source) for c in plain)
    result = D6Opposed(first, second)
    if initiator.attack:
        won = result.winner == "initiator"
        result = result._replace(damage_bonus=damage_points(result.margin, rules) if won else 0)
    return result
