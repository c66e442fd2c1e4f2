"""A D6 check from what a player or GM says about a roll: one plain options record
(``RollOptions``) that the command line, the Python facade and a table all fill in, turned
into a ``D6Check`` by ``make_check`` (a die code or an ability on a sheet) or ``sheet_check``
(a sheet and the points its character has now; it also says what the roll spends)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, cast

from rollplay.errors import RollplayError, RuleError
from rollplay.systems.d6.check import D6Check, Points, dice_counts
from rollplay.systems.d6.code import (
    Bonus,
    CodeError,
    DieCode,
    checked_bonus,
    parse_bonus,
    parse_code,
)
from rollplay.systems.d6.limits import (
    MAX_ACTIONS,
    MAX_DIFFICULTY,
    MAX_NAME,
    MAX_POINTS,
    MAX_TOTAL,
    bounded,
    short,
)
from rollplay.systems.d6.results import carried, damage_from, related_modifier
from rollplay.systems.d6.ruleset import WILD_ONE_OPTIONS, D6Ruleset, WildOne, parse_rush

if TYPE_CHECKING:
    from rollplay.systems.d6.character import D6Character


@dataclass(frozen=True)
class RollOptions:
    """Everything that can be said about one roll (docs/d6.md), as plain values.

    ``cp``: Character Points spent before the roll; ``fate``: spend a Fate Point;
    ``unskilled``: True for the ruleset's modifier, or a number; ``attribute``: the attribute
    an untrained skill falls under, when neither sheet nor ruleset says; ``prepare``:
    doublings of time; ``rush``: percent less time; ``related``: related rolls as (total,
    difficulty), or their modifiers; ``carry``: result points of an earlier roll;
    ``damage_from``: an attack's result points, on its damage roll; ``second_chance``: the
    raise of a second try's difficulty; ``actions``: actions this round; ``attack``: the
    roll is an attack (its damage bonus is shown).
    """

    difficulty: str | int | None = None
    bonuses: tuple[str | Bonus, ...] = ()
    cp: int = 0
    fate: bool = False
    gm_allows_both: bool = False
    wild_one: str | None = None
    unskilled: bool | int = False
    attribute: str | None = None
    prepare: int = 0
    rush: int | str = 0
    related: tuple[int | tuple[int, int], ...] = ()
    carry: int | None = None
    damage_from: int | None = None
    second_chance: int = 0
    actions: int = 1
    attack: bool = False
    name: str | None = None


def sheet_check(
    character: D6Character,
    ability: str,
    options: RollOptions,
    rules: D6Ruleset,
    held: Points | None = None,
    *,
    contest: bool = False,
) -> tuple[D6Check, Points]:
    """A check for ``ability`` on a character's sheet, and the points it spends. ``held`` is
    what the character has now (a table's columns); the sheet's numbers when None."""
    check = make_check(ability, options, rules, character=character, held=held, contest=contest)
    return check, Points(check.character_points, 1 if check.fate else 0)


def make_check(
    ability: str | DieCode,
    options: RollOptions,
    rules: D6Ruleset,
    *,
    character: D6Character | None = None,
    held: Points | None = None,
    contest: bool = False,
) -> D6Check:
    """A check from a die code, or a skill or attribute on ``character``; every option is
    checked here, before a die is rolled. ``contest``: an opposed roll, with no difficulty
    (its difficulty modifiers then count against the side's total; rulings D17)."""
    o = options
    name = None if o.name is None else short(o.name, "name", MAX_NAME).strip() or None
    unskilled = o.unskilled is not False
    if o.attribute is not None and not (unskilled and character is not None):
        raise RollplayError(
            "--attribute names the attribute an untrained skill on a sheet falls under: "
            "use it with --sheet and --unskilled"
        )
    own, skill, attribute = _what(ability, o, rules, character)
    if o.attribute is not None and attribute is None:
        raise RollplayError(
            f"--attribute is for a skill the sheet lacks, rolled untrained; {ability} is not one"
        )
    fate = _fate(o.fate)
    if character is not None:
        name = name or character.name
        held = held or Points(character.character_points, character.fate_points)
    if held is not None and fate and held.fate_points < 1:
        raise RuleError(f"{name or 'The character'} has no Fate Points to spend")
    bonuses = [_bonus(b) for b in o.bonuses]
    bonuses += _time_and_actions(o, rules)
    if o.carry is not None:
        bonuses.append(carried(o.carry, rules))
    if o.damage_from is not None:
        bonuses.append(damage_from(o.damage_from, rules))
    base = None if o.difficulty is None else rules.difficulty(o.difficulty)[0]
    mods = _difficulty_mods(o, rules)
    if base is None and mods and not contest:
        raise RollplayError(
            "unskilled use, rushing and a second chance raise a difficulty: give one too"
        )
    if o.wild_one is not None and o.wild_one not in WILD_ONE_OPTIONS:
        raise RollplayError(
            f"unknown Wild Die option {str(o.wild_one)[:40]!r}; accepted: "
            f"{', '.join(WILD_ONE_OPTIONS)}"
        )
    check = D6Check(
        own,
        tuple(bonuses),
        base,
        tuple(mods),
        bounded(o.cp, "Character Points spent", 0, MAX_POINTS),
        fate,
        cast("WildOne | None", o.wild_one),  # checked against WILD_ONE_OPTIONS above
        sum(_related(r, rules) for r in o.related),
        _flag(o.gm_allows_both, "gm_allows_both"),
        skill,
        name,
        None if held is None else held.character_points,
        _flag(o.attack, "attack"),
        attribute,
    )
    dice_counts(check, rules)  # the spends and the dice limit, before anything is rolled
    return check


def _what(
    ability: str | DieCode, o: RollOptions, rules: D6Ruleset, character: D6Character | None
) -> tuple[DieCode, str | None, str | None]:
    """The code rolled, the skill's name and, untrained, the attribute it is rolled from."""
    if isinstance(ability, DieCode):
        dice, pips = ability
        if not 1 <= dice <= rules.max_dice or not 0 <= pips < rules.pips_per_die:
            raise CodeError(
                f"die code {ability}: 1D to {rules.max_dice}D, pips +0 to +{rules.pips_per_die - 1}"
            )
        return ability, None, None
    text = short(ability, "what to roll", MAX_NAME)
    if character is None or text.strip()[:1].isdigit():
        return parse_code(text, rules.pips_per_die, rules.max_dice), None, None
    found = character.find(text)
    if o.unskilled is False:
        code, label = character.code_of(text)
        return code, label, None
    if found is None:
        skill, attribute, code = character.untrained(text, rules, o.attribute)
        return code, skill, attribute
    kind, label, code = found
    if kind == "skill":
        raise RuleError(
            f"{character.name} has {label} {code}: roll a skill with dice in it without "
            f"--unskilled (003 Untrained Skill Use is for a skill the character lacks)"
        )
    return code, label, None  # an attribute rolled for an untrained skill left unnamed


def _bonus(b: str | Bonus) -> Bonus:
    if isinstance(b, Bonus):
        return checked_bonus(b)
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


def _difficulty_mods(o: RollOptions, rules: D6Ruleset) -> list[tuple[str, int]]:
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


def _related(r: int | tuple[int, int] | Sequence[int], rules: D6Ruleset) -> int:
    if isinstance(r, int) and not isinstance(r, bool):
        return bounded(r, "a related skill's modifier", -MAX_TOTAL, MAX_TOTAL)
    if isinstance(r, Sequence) and not isinstance(r, str) and len(r) == 2:
        return related_modifier(r[0], r[1], rules)
    raise RollplayError(
        f"a related skill is (total, difficulty) or a modifier, not {str(r)[:40]!r}"
    )


def _fate(value: object) -> bool:
    """003 Fate Points: "A player may use only one Fate Point per roll per round"."""
    if value not in (True, False):  # True, False, 1 or 0
        raise RuleError(
            f"fate {str(value)[:40]!r}: a player may use only one Fate Point per roll per round "
            f"(003 Fate Points)"
        )
    return bool(value)


def _flag(value: object, what: str) -> bool:
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
    rush: int | str = 0,
    related: Sequence[int | tuple[int, int]] = (),
    gm_allows_both: bool = False,
    character: D6Character | None = None,
    name: str | None = None,
    attribute: str | None = None,
    carry: int | None = None,
    damage_from: int | None = None,
    second_chance: int = 0,
    actions: int = 1,
    attack: bool = False,
    contest: bool = False,
) -> D6Check:
    """``make_check`` with the options as keywords (``character_points`` is ``cp``)."""
    options = RollOptions(
        difficulty=difficulty,
        bonuses=tuple(bonuses),
        cp=character_points,
        fate=fate,
        gm_allows_both=gm_allows_both,
        wild_one=wild_one,
        unskilled=unskilled,
        attribute=attribute,
        prepare=prepare,
        rush=rush,
        related=tuple(related),
        carry=carry,
        damage_from=damage_from,
        second_chance=second_chance,
        actions=actions,
        attack=attack,
        name=name,
    )
    return make_check(code, options, rules, character=character, contest=contest)
