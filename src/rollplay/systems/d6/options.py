"""A D6 check from what a player or GM says about a roll: one plain options record
(``RollOptions``, roll_options.py) that the command line, the Python facade and a table fill in,
turned into a ``D6Check`` by ``make_check`` (a die code or an ability on a sheet) or ``sheet_check``
(a sheet and the points its character has now; it also says what the roll spends)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, cast

from rollplay.errors import RollplayError, RuleError
from rollplay.systems.d6.check import D6Check, Points, dice_counts
from rollplay.systems.d6.code import CodeError, DieCode, parse_code
from rollplay.systems.d6.limits import MAX_NAME, MAX_POINTS, bounded, short
from rollplay.systems.d6.modifiers import (
    bonuses_of,
    difficulty_mods,
    fate_flag,
    flag,
    preparing,
    related_total,
)
from rollplay.systems.d6.roll_options import RollOptions
from rollplay.systems.d6.ruleset import WILD_ONE_OPTIONS, D6Ruleset, WildOne

__all__ = ["RollOptions", "make_check", "preparing", "sheet_check"]

if TYPE_CHECKING:
    from rollplay.systems.d6.character import D6Character


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
    fate = fate_flag(o.fate)
    if character is not None:
        name = name or character.name
        held = held or Points(character.character_points, character.fate_points)
    if held is not None and fate and held.fate_points < 1:
        raise RuleError(f"{name or 'The character'} has no Fate Points to spend")
    bonuses = bonuses_of(o, rules)
    base = None if o.difficulty is None else rules.difficulty(o.difficulty)[0]
    mods = difficulty_mods(o, rules)
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
        related_total(o, rules),
        flag(o.gm_allows_both, "gm_allows_both"),
        skill,
        name,
        None if held is None else held.character_points,
        flag(o.attack, "attack"),
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


def as_tuple(values: Any) -> Any:
    """A list as a tuple; anything else as it is, for make_check to judge."""
    return tuple(values) if isinstance(values, list | tuple) else values
