"""D6 System skill checks (003) as pure functions over a ruleset and dice.

Draw order (what a scripted source must supply): the regular dice, all at once; then the
Wild Die's tosses, one at a time, for as long as it explodes; then each Character Point
die's tosses the same way. An opposed roll draws the initiator's roll, then the resister's.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, NamedTuple, cast

from rollplay.dice import Dice, default_dice
from rollplay.errors import RollplayError, RuleError
from rollplay.systems.d6.code import Bonus, DieCode, parse_bonus, parse_code
from rollplay.systems.d6.ruleset import WILD_ONE_OPTIONS, D6Ruleset, WildOne

if TYPE_CHECKING:
    from rollplay.systems.d6.character import D6Character

# A die that keeps exploding stops after this many tosses (rulings D8): at 1/6 a toss the
# chance of reaching it is below 1e-77.
MAX_TOSSES = 100


class D6Check(NamedTuple):
    """What to roll: the character's own code, outside bonuses, and the spends on it.

    ``difficulty`` is the base difficulty; ``difficulty_mods`` are (reason, increase) pairs
    (unskilled +5, rushing +10). ``related`` is a related-skill modifier to the total.
    ``wild_one`` chooses the Critical Failure option for this roll (the ruleset's if None).
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


class D6Roll(NamedTuple):
    """A judged skill check: every die, kept apart by kind, and the verdict."""

    code: str
    rolled: str
    dice: tuple[int, ...]
    wild: tuple[int, ...]
    cp_dice: tuple[tuple[int, ...], ...]
    cancelled: tuple[int, ...]
    pips: int
    bonus: int
    total: int
    difficulty: int | None
    critical_failure: bool
    complication: bool
    wild_one: str
    bonuses: tuple[Bonus, ...] = ()
    difficulty_mods: tuple[tuple[str, int], ...] = ()
    fate: bool = False
    related: int = 0
    ties_succeed: bool = True
    bonus_points: int | None = None
    damage_bonus: int | None = None
    skill: str | None = None
    name: str | None = None

    @property
    def success(self) -> bool | None:
        """Total meets (ties go to the initiator) or beats the difficulty; None without one."""
        if self.difficulty is None:
            return None
        return self.total > self.difficulty or (self.ties_succeed and self.total == self.difficulty)

    @property
    def result_points(self) -> int | None:
        """003 Result Points: the total minus the difficulty."""
        return None if self.difficulty is None else self.total - self.difficulty

    @property
    def character_points(self) -> int:
        return len(self.cp_dice)

    def to_dict(self) -> dict[str, Any]:
        return {
            "system": "d6",
            "name": self.name,
            "skill": self.skill,
            "code": self.code,
            "rolled": self.rolled,
            "dice": list(self.dice),
            "wild": list(self.wild),
            "cp_dice": [list(d) for d in self.cp_dice],
            "cancelled": list(self.cancelled),
            "pips": self.pips,
            "bonus": self.bonus,
            "bonuses": [
                {"dice": b.dice, "number": b.number, "reason": b.reason} for b in self.bonuses
            ],
            "related": self.related,
            "total": self.total,
            "difficulty": self.difficulty,
            "difficulty_modifiers": [{"reason": r, "value": v} for r, v in self.difficulty_mods],
            "success": self.success,
            "critical_failure": self.critical_failure,
            "complication": self.complication,
            "wild_one": self.wild_one,
            "result_points": self.result_points,
            "bonus_points": self.bonus_points,
            "damage_bonus": self.damage_bonus,
            "fate": self.fate,
            "character_points": self.character_points,
        }


def dice_counts(check: D6Check, rules: D6Ruleset) -> tuple[DieCode, int]:
    """The code actually rolled (doubled by a Fate Point) and how many regular dice go with
    the Wild Die; checks the spends (003 Improving a Roll) and the dice limit."""
    if check.character_points < 0:
        raise RollplayError(
            f"Character Points spent must be 0 or more, not {check.character_points}"
        )
    if check.fate and check.character_points and not (rules.cp_with_fate or check.gm_allows_both):
        raise RuleError(
            "Character Points and a Fate Point are not spent on the same roll unless the GM "
            "allows it (003 Improving a Roll)"
        )
    own = check.code.doubled() if check.fate else check.code
    dice = own.dice + sum(b.dice for b in check.bonuses)
    total_dice = max(dice, 1) + check.character_points
    if total_dice > rules.max_dice:
        raise RollplayError(f"the roll needs {total_dice} dice; at most {rules.max_dice}")
    return own, max(dice, 1) - 1  # the Wild Die is one of the dice (rulings D6)


def _tosses(dice: Dice, explode_on: int) -> tuple[int, ...]:
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
    wild = (first,) if first < rules.explode_on else (first, *_tosses(source, rules.explode_on))
    cp_dice = tuple(_tosses(source, rules.explode_on) for _ in range(check.character_points))
    return _judge(check, rules, own, (regular, wild, cp_dice))


def add_character_points(
    result: D6Roll, check: D6Check, count: int, rules: D6Ruleset, dice: Dice | None = None
) -> D6Roll:
    """003 Character Points: spent after the roll (but before the GM judges it), each one an
    extra Wild Die added to the roll already made."""
    more = check._replace(character_points=check.character_points + count)
    own, _ = dice_counts(more, rules)
    source = dice or default_dice()
    extra = tuple(_tosses(source, rules.explode_on) for _ in range(count))
    return _judge(more, rules, own, (result.dice, result.wild, result.cp_dice + extra))


def _judge(
    check: D6Check,
    rules: D6Ruleset,
    own: DieCode,
    faces: tuple[tuple[int, ...], tuple[int, ...], tuple[tuple[int, ...], ...]],
) -> D6Roll:
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
        bonus_pts = _ceil_div(points, rules.bonus_divisor) if points > 0 else 0
        damage = _ceil_div(points, rules.damage_divisor) if points > 0 else 0
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
    )


def _ceil_div(a: int, b: int) -> int:
    return -(-a // b)


def related_modifier(total: int, difficulty: int, rules: D6Ruleset) -> int:
    """003 Related Skills: (total - difficulty) / 2 rounded up, at least 1; added to the
    primary skill's total if the related roll succeeded, subtracted if it failed."""
    points = total - difficulty
    size = max(rules.related_minimum, _ceil_div(abs(points), rules.related_divisor))
    succeeded = points > 0 or (points == 0 and rules.ties_succeed)
    return size if succeeded else -size


class D6Opposed(NamedTuple):
    """003 Opposed Difficulties: the higher total wins; ties go to the initiator."""

    initiator: D6Roll
    resister: D6Roll

    @property
    def winner(self) -> str:
        return "initiator" if self.initiator.total >= self.resister.total else "resister"

    @property
    def margin(self) -> int:
        return abs(self.initiator.total - self.resister.total)

    def to_dict(self) -> dict[str, Any]:
        return {
            "system": "d6",
            "initiator": self.initiator.to_dict(),
            "resister": self.resister.to_dict(),
            "winner": self.winner,
            "margin": self.margin,
        }


def opposed(
    initiator: D6Check, resister: D6Check, rules: D6Ruleset, dice: Dice | None = None
) -> D6Opposed:
    source = dice or default_dice()
    plain = (initiator._replace(difficulty=None), resister._replace(difficulty=None))
    return D6Opposed(*(roll_check(c, rules, source) for c in plain))


def preparing(doublings: int, rules: D6Ruleset) -> Bonus:
    """003 Preparing: +1D per doubling of the time spent, at most +3D."""
    if not 0 <= doublings <= rules.preparing_max:
        raise RuleError(
            f"preparing {doublings} doublings of time: accepted 0 to {rules.preparing_max} "
            f"(+1D each, at most +{rules.preparing_max}D; 003 Preparing)"
        )
    return Bonus(doublings, 0, f"preparing ({2**doublings}x the time)")


def build_check(
    code: str | DieCode,
    rules: D6Ruleset,
    *,
    difficulty: str | int | None = None,
    bonuses: Sequence[str | Bonus] = (),
    character_points: int = 0,
    fate: bool = False,
    wild_one: str | None = None,
    unskilled: bool | int = False,
    prepare: int = 0,
    rush: int = 0,
    related: Sequence[int | tuple[int, int]] = (),
    gm_allows_both: bool = False,
    character: D6Character | None = None,
    name: str | None = None,
) -> D6Check:
    """A check from what a player or GM says: a code (or an ability on ``character``), a
    difficulty by name or number, bonuses like '+1D' or '+2 scope', and the spends."""
    skill = None
    if isinstance(code, DieCode):
        own = code
    elif _looks_like_code(code) or character is None:
        own = parse_code(code, rules.pips_per_die, rules.max_dice)
    else:
        own, skill = character.code_of(code)
        character.check_spend(character_points, fate)
        name = name or character.name
    extra = [b if isinstance(b, Bonus) else parse_bonus(b) for b in bonuses]
    if prepare:
        extra.append(preparing(prepare, rules))
    base = None
    mods: list[tuple[str, int]] = []
    if difficulty is not None:
        base, _ = rules.difficulty(difficulty)
        if unskilled is not False:
            size = rules.unskilled_modifier if unskilled is True else int(unskilled)
            mods.append(("unskilled", size))
        if rush:
            mods.append((f"rushing ({rush}% less time)", rules.rush(rush)))
    elif unskilled is not False or rush:
        raise RollplayError("unskilled use and rushing raise a difficulty: give one too")
    if wild_one is not None and wild_one not in WILD_ONE_OPTIONS:
        raise RollplayError(
            f"unknown Wild Die option {wild_one!r}; accepted: {', '.join(WILD_ONE_OPTIONS)}"
        )
    related_total = sum(
        r if isinstance(r, int) else related_modifier(r[0], r[1], rules) for r in related
    )
    return D6Check(
        own,
        tuple(extra),
        base,
        tuple(mods),
        character_points,
        fate,
        cast("WildOne | None", wild_one),  # checked against WILD_ONE_OPTIONS above
        related_total,
        gm_allows_both,
        skill,
        name,
    )


def _looks_like_code(text: str) -> bool:
    head = text.strip()[:1]
    return head.isdigit()
