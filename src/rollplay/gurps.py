"""GURPS success rolls for Python programs: ``from rollplay import gurps``.

    >>> from rollplay import gurps
    >>> from rollplay.dice import ScriptedDice
    >>> r = gurps.roll(9, mods=[-5, +10], dice=ScriptedDice([6, 5, 3]))
    >>> r.effective, r.total, r.success, r.margin
    (14, 14, True, 0)
    >>> gurps.odds(12).success
    Fraction(20, 27)

``skill`` is a number (a base skill, attribute or defense), or the name of an ability on a
``character`` (a skill, its best default, or an attribute). ``mods`` are numbers or
``"-5 working by touch"``-style strings; ``difficulty`` is a name from 001's table
(``"hard"``, ``"hard=-5"``). Rolling functions take ``dice`` (OS entropy when left out).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from rollplay import rulesfile
from rollplay.dice import Dice
from rollplay.errors import RollplayError
from rollplay.systems.gurps.character import Character, Level, SheetError
from rollplay.systems.gurps.character import from_mapping as _character_from_mapping
from rollplay.systems.gurps.odds import GURPSOdds, skill_odds
from rollplay.systems.gurps.presets import DEFAULT_EDITION, preset
from rollplay.systems.gurps.rolls import (
    SKILL_RANGE,
    Check,
    GURPSRoll,
    Modifier,
    ModifierLike,
    build_check,
    effective_skill,
    roll_check,
)
from rollplay.systems.gurps.ruleset import GURPSRuleset
from rollplay.systems.gurps.secret import Information, SecretRoll, roll_secret

__all__ = [
    "Character",
    "Check",
    "GURPSOdds",
    "GURPSRoll",
    "GURPSRuleset",
    "Information",
    "Level",
    "Modifier",
    "SecretRoll",
    "character",
    "check",
    "gcs_sheet",
    "load_gcs",
    "load_rules",
    "load_sheet",
    "odds",
    "odds_table",
    "roll",
    "ruleset",
    "secret_roll",
]


def ruleset(edition: str = DEFAULT_EDITION) -> GURPSRuleset:
    """The built-in ruleset ("4e")."""
    return preset(edition)


def load_rules(path: str | Path) -> GURPSRuleset:
    """A house-ruled ruleset from a TOML, YAML or JSON file (see docs/gurps.md)."""
    from rollplay.systems.rulesets import load

    return load("gurps", path=path)  # type: ignore[no-any-return]


def character(data: Mapping[str, Any], source: str = "sheet") -> Character:
    """A character from a sheet's plain data (docs/gurps.md)."""
    return _character_from_mapping(data, source)


def load_sheet(path: str | Path) -> Character:
    """A character from a sheet file (TOML, YAML or JSON; docs/gurps.md), or a GCS file
    (``.gcs``)."""
    if str(path).lower().endswith(".gcs"):
        return load_gcs(path)
    return character(rulesfile.read(path, "sheet", SheetError), str(path))


def gcs_sheet(path: str | Path) -> dict[str, Any]:
    """A GCS character file (JSON format versions 2 to 5) as a GURPS sheet's plain data; an
    unreadable or malformed file is one SheetError line."""
    from rollplay.systems.gurps.gcs import MAX_CHARACTERS, read_gcs

    p = Path(path)
    try:
        if p.stat().st_size > 4 * MAX_CHARACTERS:  # UTF-8 takes at most 4 bytes a character
            raise SheetError(f"{p}: too large for a GCS character file")
        text = p.read_text(encoding="utf-8-sig")
    except OSError as exc:
        raise SheetError(f"{p}: cannot read it ({exc.strerror})") from None
    except UnicodeDecodeError:
        raise SheetError(f"{p}: not UTF-8 text, so not a GCS character file") from None
    return read_gcs(text, str(p))


def load_gcs(path: str | Path) -> Character:
    """A character from a GCS file: skills by the names GCS shows (docs/gurps.md)."""
    return character(gcs_sheet(path), str(path))


def check(
    skill: int | str,
    mods: Sequence[ModifierLike] = (),
    *,
    difficulty: str | int | None = None,
    defense: bool = False,
    character: Character | None = None,
    ruleset: GURPSRuleset | None = None,
    name: str | None = None,
) -> Check:
    """What a roll is made against: the base level, where it came from, its modifiers."""
    return build_check(
        skill,
        mods,
        ruleset or preset(),
        difficulty=difficulty,
        defense=defense,
        character=character,
        name=name,
    )


def roll(
    skill: int | str,
    mods: Sequence[ModifierLike] = (),
    *,
    difficulty: str | int | None = None,
    defense: bool = False,
    character: Character | None = None,
    ruleset: GURPSRuleset | None = None,
    dice: Dice | None = None,
    name: str | None = None,
) -> GURPSRoll:
    """Roll 3d6 against the effective skill (001 Success Rolls)."""
    rules = ruleset or preset()
    c = check(
        skill,
        mods,
        difficulty=difficulty,
        defense=defense,
        character=character,
        ruleset=rules,
        name=name,
    )
    return roll_check(c, rules, dice)


def secret_roll(
    skill: int | str,
    mods: Sequence[ModifierLike] = (),
    *,
    difficulty: str | int | None = None,
    character: Character | None = None,
    ruleset: GURPSRuleset | None = None,
    dice: Dice | None = None,
    name: str | None = None,
    sense: bool = False,
) -> SecretRoll:
    """A roll the GM makes in secret (001 When the GM Rolls): ``player_view()`` is what the
    player may see, ``gm_view()`` the roll and the information it gives. ``sense`` marks a
    Sense roll, whose failure notices nothing rather than being lied to."""
    rules = ruleset or preset()
    c = check(skill, mods, difficulty=difficulty, character=character, ruleset=rules, name=name)
    return roll_secret(c, rules, dice, sense=sense)


def odds(
    skill: int | str,
    mods: Sequence[ModifierLike] = (),
    *,
    difficulty: str | int | None = None,
    defense: bool = False,
    character: Character | None = None,
    ruleset: GURPSRuleset | None = None,
) -> GURPSOdds:
    """Exact odds of success, critical success and critical failure, and the margins."""
    rules = ruleset or preset()
    c = check(
        skill,
        mods,
        difficulty=difficulty,
        defense=defense,
        character=character,
        ruleset=rules,
    )
    effective = effective_skill(c, rules)
    return skill_odds(effective, rules, defense)


def odds_table(
    lowest: int = 3, highest: int = 20, *, ruleset: GURPSRuleset | None = None
) -> list[GURPSOdds]:
    """Odds for every effective skill from ``lowest`` to ``highest``. Below the minimum (3)
    only defense rolls are allowed, so those rows are defense odds."""
    rules = ruleset or preset()
    if lowest > highest:
        raise RollplayError(f"odds table {lowest} to {highest}: the first must not be higher")
    for end in (lowest, highest):
        if not SKILL_RANGE[0] <= end <= SKILL_RANGE[1]:
            raise RollplayError(f"odds table: skills run {SKILL_RANGE[0]} to {SKILL_RANGE[1]}")
    return [
        skill_odds(s, rules, defense=s < rules.minimum_effective)
        for s in range(lowest, highest + 1)
    ]
