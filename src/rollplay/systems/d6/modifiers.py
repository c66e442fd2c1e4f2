"""What a roll's options add up to: bonuses (003 Preparing, Result Points, the multi-action
penalty), difficulty modifiers (003 Untrained Skill Use, Rushing, Second Chances) and the
related-skill modifier (003 Related Skills), each checked as it comes in."""

from __future__ import annotations

from collections.abc import Sequence

from rollplay.errors import RollplayError, RuleError
from rollplay.systems.d6.code import Bonus, checked_bonus, parse_bonus
from rollplay.systems.d6.limits import MAX_ACTIONS, MAX_DIFFICULTY, MAX_TOTAL, bounded
from rollplay.systems.d6.results import carried, damage_from, related_modifier
from rollplay.systems.d6.roll_options import RollOptions
from rollplay.systems.d6.ruleset import D6Ruleset, parse_rush


def bonuses_of(o: RollOptions, rules: D6Ruleset) -> list[Bonus]:
    """Every bonus and penalty of the roll, named, in the order they were asked for."""
    bonuses = [_bonus(b) for b in _listed(o.bonuses, "bonuses")]
    bonuses += _time_and_actions(o, rules)
    if o.carry is not None:
        bonuses.append(carried(o.carry, rules))
    if o.damage_from is not None:
        bonuses.append(damage_from(o.damage_from, rules))
    return bonuses


def related_total(o: RollOptions, rules: D6Ruleset) -> int:
    return sum(_related(r, rules) for r in _listed(o.related, "related"))


def _listed(values: object, what: str) -> Sequence[object]:
    """A list of bonuses or related rolls; a bonus given alone is a list of one."""
    if isinstance(values, str | Bonus):
        return (values,)
    if not isinstance(values, list | tuple):
        raise RollplayError(f"{what} is a list, not {str(values)[:40]!r}")
    return values


def _bonus(b: object) -> Bonus:
    if isinstance(b, Bonus):
        return checked_bonus(b)
    if not isinstance(b, str):
        raise RollplayError(f"a bonus is text like +1D or +2, not {str(b)[:40]!r}")
    return parse_bonus(b)


def _time_and_actions(o: RollOptions, rules: D6Ruleset) -> list[Bonus]:
    """003 Preparing (+1D per doubling of time) and the multi-action penalty (rulings D15)."""
    out = []
    actions = bounded(o.actions, "actions this round", 1, MAX_ACTIONS)
    if o.prepare:
        if o.rush:
            raise RuleError(
                "preparing (taking more time) and rushing (taking less) on one roll: choose one "
                "(003 Preparing, Rushing)"
            )
        if actions > 1:
            raise RuleError(
                'preparing and more than one action: a preparing character "can do nothing '
                'else" (003 Preparing)'
            )
        out.append(preparing(o.prepare, rules))
    if actions > 1 and rules.multi_action_penalty:
        lost = (actions - 1) * rules.multi_action_penalty
        out.append(Bonus(-lost, 0, f"multi-action penalty ({actions} actions)"))
    return out


def difficulty_mods(o: RollOptions, rules: D6Ruleset) -> list[tuple[str, int]]:
    mods: list[tuple[str, int]] = []
    if o.unskilled is not False:
        size = (
            rules.unskilled_modifier
            if o.unskilled is True
            else bounded(o.unskilled, "unskilled modifier", 0, MAX_DIFFICULTY)
        )
        mods.append(("unskilled", size))
    if o.rush:
        percent = (
            parse_rush(o.rush) if isinstance(o.rush, str) else bounded(o.rush, "rushing", 0, 100)
        )
        mods.append((f"rushing ({percent}% less time)", rules.rush(percent)))
    if o.second_chance:
        raise_by = bounded(o.second_chance, "a second chance's raise", 1, MAX_DIFFICULTY)
        mods.append(("second chance", raise_by))
    return mods


def _related(r: object, rules: D6Ruleset) -> int:
    if isinstance(r, int) and not isinstance(r, bool):
        return bounded(r, "a related skill's modifier", -MAX_TOTAL, MAX_TOTAL)
    if isinstance(r, Sequence) and not isinstance(r, str) and len(r) == 2:
        return related_modifier(r[0], r[1], rules)
    raise RollplayError(
        f"a related skill is (total, difficulty) or a modifier, not {str(r)[:40]!r}"
    )


def fate_flag(value: object) -> bool:
    """003 Fate Points: "A player may use only one Fate Point per roll per round"."""
    if value not in (True, False):  # True, False, 1 or 0
        raise RuleError(
            f"fate {str(value)[:40]!r}: a player may use only one Fate Point per roll per round "
            f"(003 Fate Points)"
        )
    return bool(value)


def flag(value: object, what: str) -> bool:
    if not isinstance(value, bool):
        raise RollplayError(f"{what} is true or false, not {str(value)[:40]!r}")
    return value


def preparing(doublings: int, rules: D6Ruleset) -> Bonus:
    """003 Preparing: +1D per doubling of the time spent, at most +3D."""
    if (
        isinstance(doublings, bool)
        or not isinstance(doublings, int)
        or not 0 <= doublings <= rules.preparing_max
    ):
        raise RuleError(
            f"preparing {str(doublings)[:40]} doublings of time: accepted 0 to "
            f"{rules.preparing_max} (+1D each, at most +{rules.preparing_max}D; 003 Preparing)"
        )
    return Bonus(doublings, 0, f"preparing ({2**doublings}x the time)")
