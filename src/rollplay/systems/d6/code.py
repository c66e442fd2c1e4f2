"""D6 die codes (003 Rolling Dice): a number of six-sided dice and pips, like ``4D+2``.

A code is a value with arithmetic: raising ``2D+2`` by one pip gives ``3D`` when three pips
make a die (``pips_per_die``, a ruleset field). Parsing keeps a code as written; arithmetic
normalises it, so pips stay from 0 to pips_per_die - 1.
"""

from __future__ import annotations

import re
from functools import lru_cache
from typing import NamedTuple

from rollplay.errors import RollplayError
from rollplay.systems.d6.limits import MAX_BONUS, MAX_BONUS_DICE, MAX_NAME, MAX_SPEC, clip


class CodeError(RollplayError):
    """A die code that does not parse, or one too large to roll."""


# ASCII digits only: a code is typed, and int() must see nothing stranger.
_CODE = re.compile(r"\s*([0-9]+)\s*[dD]\s*(?:([+\-\u2212])\s*([0-9]+))?\s*")
_BONUS = re.compile(
    r"\s*([+\-\u2212])\s*([0-9]{1,4})\s*([dD]?)\s*(?:([+\-\u2212])\s*([0-9]{1,4}))?\s*"
)
_ACCEPTED = "a die code like 4D, 4D+2 or 1D+1"


class DieCode(NamedTuple):
    """``dice`` six-sided dice plus ``pips`` added to their total."""

    dice: int
    pips: int = 0

    def __str__(self) -> str:
        if not self.pips:
            return f"{self.dice}D"
        return f"{self.dice}D{'+' if self.pips > 0 else '-'}{abs(self.pips)}"

    def in_pips(self, pips_per_die: int = 3) -> int:
        return self.dice * pips_per_die + self.pips

    @classmethod
    def from_pips(cls, pips: int, pips_per_die: int = 3) -> DieCode:
        dice, rest = divmod(pips, pips_per_die)
        return cls(dice, rest)

    def plus(self, other: DieCode | int, pips_per_die: int = 3) -> DieCode:
        """This code raised by another code or by a number of pips, normalised:
        ``DieCode(2, 2).plus(1) == DieCode(3, 0)``."""
        extra = other.in_pips(pips_per_die) if isinstance(other, DieCode) else other
        total = self.in_pips(pips_per_die) + extra
        if total < 0:
            raise CodeError(f"{self} lowered by {-extra} pips is below 0D")
        return DieCode.from_pips(total, pips_per_die)

    def doubled(self, pips_per_die: int = 3, pips: bool = True) -> DieCode:
        """003 Fate Points: "double the number of dice". With ``pips`` the whole code is
        doubled and pips that make dice become dice (3D+2 -> 6D+4 -> 7D+1); without, the
        dice alone (3D+2 -> 6D+2). Rulings D2, D12 (``fate_doubles_pips``)."""
        if not pips:
            return DieCode(self.dice * 2, self.pips)
        return DieCode.from_pips(2 * self.in_pips(pips_per_die), pips_per_die)


def parse_code(text: str, pips_per_die: int = 3, max_dice: int = 100) -> DieCode:
    """'4D+2' -> DieCode(4, 2). At least one die; pips from 0 to pips_per_die - 1."""
    if not isinstance(text, str) or len(text) > MAX_SPEC:
        # Refused before the cache and the pattern see it: a code is a few characters.
        raise CodeError(
            f"bad die code {_clip(text)}: write {_ACCEPTED} (at most {MAX_SPEC} characters)"
        )
    return _parse_code(text, pips_per_die, max_dice)


@lru_cache(maxsize=512)
def _parse_code(text: str, pips_per_die: int, max_dice: int) -> DieCode:
    match = _CODE.fullmatch(text)
    if match is None:
        raise CodeError(f"bad die code {_clip(text)}: write {_ACCEPTED}")
    if len(match[1]) > 6 or len(match[3] or "") > 6:
        raise CodeError(f"die code {_clip(text.strip())}: at most {max_dice}D")
    dice = int(match[1])
    pips = int(match[3] or 0) * (-1 if match[2] in ("-", "\u2212") else 1)
    if dice < 1:
        raise CodeError(f"bad die code {_clip(text.strip())}: a code rolls at least 1D")
    if dice > max_dice:
        raise CodeError(f"die code {text.strip()}: at most {max_dice}D")
    if not 0 <= pips < pips_per_die:
        written = DieCode(dice, pips)
        try:
            usual = f"; that is {DieCode(dice, 0).plus(pips, pips_per_die)}"
        except CodeError:
            usual = ""
        raise CodeError(
            f"die code {written}: pips run from +0 to +{pips_per_die - 1} "
            f"({pips_per_die} pips make a die{usual})"
        )
    return DieCode(dice, pips)


class Bonus(NamedTuple):
    """A bonus or penalty: dice (``+1D``, added as regular dice) and/or a number (``+2``,
    added to the total) (003 Rolling Dice). Bonuses come from outside the character's own
    code (equipment, preparing...), so a Fate Point does not double them."""

    dice: int = 0
    number: int = 0
    reason: str = ""

    def __str__(self) -> str:
        parts = []
        if self.dice:
            parts.append(f"{'+' if self.dice > 0 else '-'}{abs(self.dice)}D")
        if self.number or not parts:
            parts.append(f"{'+' if self.number >= 0 else '-'}{abs(self.number)}")
        return "".join(parts) + (f" {self.reason}" if self.reason else "")


_BONUS_ACCEPTED = (
    f"write dice or a number with a sign, like +1D, +2, -1D or +1D+1, and an optional reason "
    f"after a space (at most {MAX_NAME} characters)"
)


def parse_bonus(text: str) -> Bonus:
    """'+1D' -> Bonus(dice=1); '+2' -> Bonus(number=2); '-1D+1', '+2 scope' too."""
    if not isinstance(text, str) or len(text) > MAX_SPEC + 1 + MAX_NAME:
        raise CodeError(f"bad bonus {_clip(text)}: {_BONUS_ACCEPTED}")
    head, _, reason = text.strip().partition(" ")
    match = _BONUS.fullmatch(head) if head else None
    if match is None:
        raise CodeError(f"bad bonus {_clip(text)}: {_BONUS_ACCEPTED}")
    reason = " ".join(reason.split())
    if len(reason) > MAX_NAME:
        raise CodeError(f"bonus {_clip(text)}: a reason has at most {MAX_NAME} characters")
    sign, amount, is_dice, pip_sign, pips = match.groups()
    value = int(amount) * (-1 if sign in ("-", "\u2212") else 1)
    if not is_dice:
        if pips:
            raise CodeError(f"bad bonus {_clip(text.strip())}: a number bonus has one number")
        return checked_bonus(Bonus(0, value, reason))
    extra = int(pips or 0) * (-1 if pip_sign in ("-", "\u2212") else 1)
    return checked_bonus(Bonus(value, extra, reason))


def checked_bonus(bonus: Bonus) -> Bonus:
    """A bonus whose dice and number are in range (docs/d6.md "Limits")."""
    dice, number, reason = bonus
    if isinstance(dice, bool) or not isinstance(dice, int) or abs(dice) > MAX_BONUS_DICE:
        raise CodeError(f"bonus {bonus}: dice from -{MAX_BONUS_DICE}D to +{MAX_BONUS_DICE}D")
    if isinstance(number, bool) or not isinstance(number, int) or abs(number) > MAX_BONUS:
        raise CodeError(f"bonus {bonus}: a number from -{MAX_BONUS} to +{MAX_BONUS}")
    if not isinstance(reason, str) or len(reason) > MAX_NAME:
        raise CodeError(f"bonus reason {_clip(reason)}: text of at most {MAX_NAME} characters")
    return bonus


_clip = clip
