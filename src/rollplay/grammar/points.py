"""Points: FS3 luck and experience (002), D6 Character Points after a roll (003).

luck/award NAME[=N][/REASON]       luck/spend [NAME=][REASON]
xp/award NAME=N[/REASON]           xp/raise [NAME=]SKILL[/KIND[,attribute=A]]
(NAME ``*``: every character of the table, in one award)
cp/after LOG_ID=N
"""

from __future__ import annotations

import re

from rollplay.grammar.errors import GrammarError, clip, pick
from rollplay.grammar.options import items
from rollplay.grammar.words import Context, name, number
from rollplay.table.commands import (
    AwardLuck,
    AwardTable,
    AwardXP,
    Command,
    PointsAfter,
    RaiseSkill,
    SpendLuck,
    skill_kind,
)

TABLE = "*"  # the whole table, where an award names a character
KINDS = ("action", "background", "language", "attribute", "advantage")  # the last two: A12
_XP = re.compile(r"[+-]?[0-9]{1,7}(?:\.[0-9]{1,3})?|[+-]?\.[0-9]{1,3}")


def luck(switch: str, args: str, ctx: Context) -> Command:
    ctx.only(("fs3",), f"luck/{switch}", "002 Luck")
    if switch == "spend":  # a player spends their own (luck/spend REASON), the ST anyone's
        who, equals, reason = args.partition("=")
        if not equals:
            return SpendLuck(ctx.game, None, args.strip())
        return SpendLuck(ctx.game, ctx.character(name(who, "whose luck")), reason.strip())
    left, _, reason = args.partition("/")
    who, equals, amount = left.partition("=")
    if not who.strip():
        raise GrammarError("luck/award NAME[=N][/REASON]: say who gets the luck", args)
    count = number(amount, "a luck award", low=1) if equals else 1
    if who.strip() == TABLE:
        return AwardTable(ctx.game, "luck", count, reason.strip())
    return AwardLuck(ctx.game, ctx.character(name(who, "who")), count, reason.strip())


def xp(switch: str, args: str, ctx: Context) -> Command:
    ctx.only(("fs3",), f"xp/{switch}", "002 Experience")
    if switch == "award":
        left, _, reason = args.partition("/")
        who, equals, amount = left.partition("=")
        if not (who.strip() and equals):
            raise GrammarError("xp/award NAME=N[/REASON]: say who and how much (2 or 2.5)", args)
        text = amount.strip()
        if not _XP.fullmatch(text):
            raise GrammarError(
                f"an XP award is a number in whole or half points, like 2 or 2.5; "
                f"not {clip(text)!r}",
                text,
            )
        if who.strip() == TABLE:
            return AwardTable(ctx.game, "xp", float(text), reason.strip())
        return AwardXP(ctx.game, ctx.character(name(who, "who")), float(text), reason.strip())
    left, slash, after = args.partition("/")
    who, equals, skill = left.partition("=") if "=" in left else ("", "", left)
    if not skill.strip():
        raise GrammarError("xp/raise [NAME=]SKILL[/KIND[,attribute=A]]: say which skill", args)
    kind, attribute = _raise_options(after) if slash else (None, None)
    # A ruling attribute is a background skill's (002 Ruling Attribute).
    chosen = kind or ("background" if attribute else "action")
    character = ctx.character(name(who, "whose skill")) if equals else None
    skill_name = name(skill, "the skill")
    if chosen == "action":
        ctx.ability(skill_name)
    return RaiseSkill(ctx.game, character, skill_name, skill_kind(chosen), attribute)


def _raise_options(text: str) -> tuple[str | None, str | None]:
    """After xp/raise's slash: the kind of skill (a bare word) and ``attribute=NAME``."""
    kind = attribute = None
    for key, value in items(text):
        if value is None:
            if kind is not None:
                raise GrammarError(f"xp/raise takes one kind of skill, not {kind} and {key}", key)
            kind = pick(key, KINDS, "kind of skill")
        elif pick(key, ("attribute",), "xp/raise option") and value:
            attribute = name(value, "the ruling attribute")
        else:
            raise GrammarError("attribute needs a value: attribute=NAME", key)
    return kind, attribute


def cp(switch: str, args: str, ctx: Context) -> Command:
    ctx.only(("d6",), "cp/after", "003 Character Points")
    entry, equals, count = args.partition("=")
    if not equals:
        raise GrammarError("cp/after LOG_ID=N: the roll's log number and the points", args)
    return PointsAfter(
        ctx.game,
        number(entry.strip().removeprefix("#"), "a log id", low=1, high=2**62),
        number(count, "Character Points", low=1, high=100),
    )
