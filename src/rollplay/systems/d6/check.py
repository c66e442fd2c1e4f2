"""What a D6 skill check rolls (003), and the checks on it made before any die is rolled."""

from __future__ import annotations

from typing import NamedTuple

from rollplay.errors import RollplayError, RuleError
from rollplay.systems.d6.code import Bonus, DieCode
from rollplay.systems.d6.limits import MAX_POINTS, bounded
from rollplay.systems.d6.ruleset import D6Ruleset, WildOne


class Points(NamedTuple):
    """Character and Fate Points: what a character holds, or what a roll spends."""

    character_points: int = 0
    fate_points: int = 0


class D6Check(NamedTuple):
    """What to roll: the character's own code, outside bonuses, and the spends on it.

    ``difficulty`` is the base difficulty; ``difficulty_mods`` are (reason, increase) pairs
    (unskilled +5, rushing +10, a second chance). ``related`` is a related-skill modifier to
    the total. ``wild_one`` chooses the Critical Failure option for this roll (the ruleset's
    if None). ``cp_held`` is the Character Points the character has before this roll (None:
    no sheet, no limit). ``attribute`` names the attribute an untrained skill is rolled from.
    """

    code: DieCode
    bonuses: tuple[Bonus, ...] = ()
    difficulty: int | None = None
    difficulty_mods: tuple[tuple[str, int], ...] = ()
    character_points: int = 0
    fate: bool = False
    wild_one: WildOne | None = None
    related: int = 0
    gm_allows_both: bool = False
    skill: str | None = None
    name: str | None = None
    cp_held: int | None = None
    attack: bool = False
    attribute: str | None = None


def dice_counts(check: D6Check, rules: D6Ruleset) -> tuple[DieCode, int]:
    """The code actually rolled (doubled by a Fate Point) and how many regular dice go with
    the Wild Die; checks the spends (003 Improving a Roll) and the dice limit."""
    spent = bounded(check.character_points, "Character Points spent", 0, MAX_POINTS)
    check_points(check.name, spent, check.cp_held)
    if check.fate not in (True, False):
        raise RuleError(
            f"fate {check.fate!r}: a player may use only one Fate Point per roll per round "
            f"(003 Fate Points)"
        )
    if check.fate and spent and not (rules.cp_with_fate or check.gm_allows_both):
        raise RuleError(
            "Character Points and a Fate Point are not spent on the same roll unless the GM "
            "allows it (003 Improving a Roll)"
        )
    own = (
        check.code.doubled(rules.pips_per_die, rules.fate_doubles_pips)
        if check.fate
        else check.code
    )
    dice = own.dice + sum(b.dice for b in check.bonuses)
    total_dice = max(dice, 1) + spent
    if total_dice > rules.max_dice:
        raise RollplayError(f"the roll needs {total_dice} dice; at most {rules.max_dice}")
    return own, max(dice, 1) - 1  # the Wild Die is one of the dice (rulings D6)


def check_points(who: str | None, spending: int, held: int | None) -> None:
    """003 Improving a Roll: "She may not spend more Character or Fate Points than the
    character has listed on her sheet" (``held``: None when there is no sheet)."""
    if held is not None and spending > held:
        raise RuleError(
            f"{who or 'The character'} has {held} Character Point{'s' if held != 1 else ''}; "
            f"cannot spend {spending}"
        )
