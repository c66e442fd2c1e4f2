"""FS3's luck spends by name (002 Luck; 000 Hail Mary Rolls): the one list the rolls, the
combat tracker, the command language and the table's answers, forms and cards read, and
which of them an edition allows."""

from __future__ import annotations

from typing import Literal, get_args

from rollplay.systems.fs3.ruleset import FS3Ruleset

LuckSpend = Literal["bonus", "reroll", "boost", "hinder", "hail-mary"]
LUCK_SPENDS: tuple[str, ...] = get_args(LuckSpend)
ON_OTHERS = ("boost", "hinder")  # 002 Luck: a point spent on someone else's roll
# What a roller spends of their own luck on their own roll (002 Luck, 000 Hail Mary Rolls):
# the one list the table's answers, forms and cards read (table/systems/fs3.py).
OWN_LUCK: tuple[str, ...] = tuple(k for k in LUCK_SPENDS if k not in ON_OTHERS)
HAIL_MARY = "hail-mary"  # 000 Hail Mary Rolls: the spend that allows a roll not allowed


def allowed_luck(ruleset: FS3Ruleset) -> tuple[str, ...]:
    """The luck spends an edition allows, in LUCK_SPENDS order."""
    allowed = ["bonus"]
    if ruleset.luck_reroll:
        allowed.append("reroll")
    if ruleset.luck_on_others:
        allowed += ["boost", "hinder"]
    allowed.append("hail-mary")
    return tuple(allowed)
