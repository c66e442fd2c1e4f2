"""The web table's form parts that become commands: luck or points chosen beside the roll
box (put on the roll the line asks for), and the Storyteller's awards."""

from __future__ import annotations

import dataclasses
from typing import Annotated, Any

from fastapi import Form, Query
from pydantic import BaseModel, Field

from rollplay.errors import RollplayError
from rollplay.grammar.points import TABLE
from rollplay.systems.fs3.luck import OWN_LUCK
from rollplay.table import commands as c
from rollplay.table.info import Vocabulary


@dataclasses.dataclass(frozen=True)
class Spend:
    """Luck (FS3) or Character and Fate Points (D6) spent on the roll a line asks for."""

    luck: str = ""
    cp: int = 0
    fate: bool = False

    def on(self, command: Any) -> Any:
        """The command with these spent on its roller's roll (a contest's first side, a
        teamwork roll's leader); a choice the line already makes is kept, not doubled. The
        luck beside the roll box is the roller's own (FS3's list: systems/fs3/rolls.py); the
        service refuses what the game's system does not spend (luck in a D6 game)."""
        chosen = (("luck", self.luck), ("cp", self.cp), ("fate", self.fate))
        wanted: dict[str, Any] = {k: v for k, v in chosen if v}
        if not wanted:
            return command
        if self.luck and self.luck not in OWN_LUCK:
            raise RollplayError(f"unknown luck spend {self.luck!r}; accepted: "
                                f"{', '.join(OWN_LUCK)}")  # fmt: skip
        if isinstance(command, c.AnswerRequest):  # a requested roll is one's own (R31)
            return dataclasses.replace(command, **{
                k: v for k, v in wanted.items() if not getattr(command, k)})  # fmt: skip
        field = {c.Roll: "side", c.Opposed: "first", c.Teamwork: "leader"}.get(type(command))
        if field is None:
            raise RollplayError(f"luck and points are spent on a roll, not on "
                                f"{type(command).__name__}")  # fmt: skip
        side: c.Side = getattr(command, field)
        request = dataclasses.replace(side.request, **{
            k: v for k, v in wanted.items() if not getattr(side.request, k)})  # fmt: skip
        return dataclasses.replace(command, **{field: dataclasses.replace(side, request=request)})


def spend_form(luck: Annotated[str, Form(max_length=20)] = "",
               cp: Annotated[int, Form(ge=0, le=99)] = 0,
               fate: Annotated[bool, Form()] = False) -> Spend:  # fmt: skip
    return Spend(luck, cp, fate)


def spend_query(luck: Annotated[str, Query(max_length=20)] = "",
                cp: Annotated[int, Query(ge=0, le=99)] = 0,
                fate: Annotated[bool, Query()] = False) -> Spend:  # fmt: skip
    return Spend(luck, cp, fate)


class Award(BaseModel):
    """The Storyteller's award form."""

    character: str = Field(max_length=100)
    points: str = Field(max_length=10)
    amount: str = Field("1", max_length=10)
    reason: str = Field("", max_length=200)


def award_command(game: str, form: Award) -> c.AwardLuck | c.AwardXP | c.AwardTable:
    """A Storyteller's award from the form: luck in whole points, XP in whole or half; to
    one character, or (``*``) to the whole table as one command."""
    character, points, amount = form.character, form.points, form.amount
    reason = " ".join(form.reason.split())
    try:
        value = float(amount)
    except ValueError:
        value = float("nan")
    if points == "luck":
        if not value.is_integer() or value < 1:
            raise RollplayError(f"a luck award is a whole number of points, 1 or more; "
                                f"not {amount!r}")  # fmt: skip
        if character == TABLE:
            return c.AwardTable(game, "luck", int(value), reason)
        return c.AwardLuck(game, character, int(value), reason)
    if points == "xp":
        if not (value * 2).is_integer() or value <= 0:
            raise RollplayError(f"an XP award is a number in whole or half points, like 2 or "
                                f"2.5; not {amount!r}")  # fmt: skip
        if character == TABLE:
            return c.AwardTable(game, "xp", value, reason)
        return c.AwardXP(game, character, value, reason)
    raise RollplayError(f"unknown award {points!r}; accepted: luck, xp")


def npc_command(words: Vocabulary, name: str, what: str, visibility: str) -> c.NpcRoll:
    """The Storyteller's NPC roll from the form (``words``: the game's vocabulary): a name
    that is not one of the game's characters, and what the system rolls without a sheet."""
    from rollplay.grammar import parse

    name = " ".join(name.split())
    if any(n.casefold() == name.casefold() for n in words.characters):
        raise RollplayError(f"{name} is a character of this game: roll from the sheet "
                            f"(roll {name}/ABILITY), not as an NPC")  # fmt: skip
    if any(ch in name for ch in "/=,") or not name:
        raise RollplayError("an NPC needs a name without '/', '=' or ','")
    seen = c.visibility(visibility)
    rolled = parse(f"roll {what.strip()}", system=words.system, game=words.game)
    if not isinstance(rolled, c.NpcRoll) or (rolled.request.mods and words.system == "fs3"):
        raise RollplayError(
            f"{what.strip()[:40]!r} is not an NPC's roll: give a rating (FS3, "
            "like 5), a level (GURPS, like 12) or a die code (D6, like 3D+1)"
        )
    return dataclasses.replace(rolled, name=name, visibility=seen)
