"""The range of every number and the length of every text a D6 roll takes (rulings D16,
docs/d6.md "Limits"). 003 sets none; these keep typos and hostile input from becoming rolls
or hanging a bot, and are far beyond anything a table needs. Each is checked where the value
comes in, so a bad one is refused in one line before any die is rolled."""

from __future__ import annotations

from typing import Any

from rollplay.errors import RollplayError

MAX_DIFFICULTY = 1000  # a difficulty, and each raise of one (unskilled, second chance)
MAX_TOTAL = 10_000  # a total or result points typed in (related rolls, carried, damage)
MAX_BONUS = 1000  # a number bonus, either way
MAX_BONUS_DICE = 100  # dice in one bonus, either way (the roll's max_dice applies too)
MAX_POINTS = 9999  # Character or Fate Points held or spent
MAX_ACTIONS = 20  # actions in one round (the multi-action penalty)
MAX_NAME = 100  # a character's, skill's or attribute's name; a bonus's reason
MAX_SPEC = 40  # a die code, bonus amount, difficulty, related pair or rush as text
MAX_ATTRIBUTES = 100  # on one sheet
MAX_SKILLS = 2000  # on one sheet


def bounded(value: Any, what: str, low: int, high: int) -> int:
    """A whole number from Python code (not a bool, float or string) in [low, high]."""
    if isinstance(value, bool) or not isinstance(value, int):
        raise RollplayError(
            f"{what} must be a whole number from {low} to {high}, not {clip(value)}"
        )
    if value < low == 0:
        raise RollplayError(f"{what} must be 0 or more (up to {high}), not {value}")
    if not low <= value <= high:
        raise RollplayError(f"{what} is {value}; accepted: {low} to {high}")
    return value


def short(text: Any, what: str, limit: int = MAX_SPEC) -> str:
    """Text of at most ``limit`` characters, refused before any parsing looks at it."""
    if not isinstance(text, str):
        raise RollplayError(f"{what} must be text, not {clip(text)}")
    if len(text) > limit:
        raise RollplayError(f"{what} {clip(text)}: at most {limit} characters")
    return text


def clip(value: Any, width: int = 40) -> str:
    """A value for an error message: its repr, cut to ``width`` characters."""
    s = repr(value)
    return s if len(s) <= width else s[: width - 1] + "\u2026"
