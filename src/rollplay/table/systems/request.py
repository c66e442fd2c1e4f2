"""A roll as the table is asked for it: every option any system's roll takes, as plain
values, and the points a character holds. Each system uses its own options and refuses the
rest (``check_options``)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from rollplay.errors import RollplayError, whole
from rollplay.systems.d6.limits import MAX_DIFFICULTY


@dataclass(frozen=True)
class Points:
    """The points a character's columns hold (they change in play, so they are not in the
    sheet JSON)."""

    luck: int = 0
    character_points: int = 0
    fate_points: int = 0


@dataclass(frozen=True)
class Request:
    """A roll as a player or Storyteller asks for it at the table: the expression and every
    option any system's roll takes, as plain values (each system uses its own and refuses
    the others: ``check_options``). Field names are the system commands' own."""

    expression: str
    mods: tuple[str, ...] = ()
    difficulty: str | None = None  # GURPS task difficulty; D6 difficulty
    # FS3 (000, 002): situations by name, and a luck point (002 Luck).
    situations: tuple[str, ...] = ()
    luck: str | None = None
    # FS3.2 "boost" or "hinder": whose luck point pays for it (002 Luck: someone else's).
    luck_from: str | None = None
    # 002 Luck: the roller spends a point of their own to cancel that boost or hinder.
    luck_cancel: bool = False
    defense: bool = False  # GURPS
    sense: bool = False  # GURPS: a secret Sense roll (001 When the GM Rolls, 2)
    # D6 (003), as `rollplay d6 roll` takes them (rollplay.systems.d6.options.RollOptions).
    cp: int = 0
    fate: bool = False
    gm_allows_both: bool = False
    wild_one: str | None = None
    bonuses: tuple[str, ...] = ()
    unskilled: bool | int = False
    attribute: str | None = None
    prepare: int = 0
    rush: int | str = 0
    related: tuple[str, ...] = ()  # TOTAL:DIFFICULTY
    carry: int | None = None
    damage_from: int | None = None
    second_chance: int = 0
    actions: int = 1
    attack: bool = False

    def given(self) -> list[str]:
        """The options this request sets beyond its expression, by their field names."""
        blank = Request(self.expression)
        return [k for k in OPTION_NAMES if getattr(self, k) != getattr(blank, k)]


# Request fields and the options a user writes them as (the CLI's; the grammar's later).
OPTION_NAMES = {
    "mods": "--mod", "difficulty": "--difficulty", "situations": "--situation",
    "luck": "--luck", "luck_from": "--luck-from", "luck_cancel": "--luck-cancel",
    "defense": "--defense", "sense": "--sense", "cp": "--cp", "fate": "--fate",
    "gm_allows_both": "--gm-allows-both",
    "wild_one": "--wild-one", "bonuses": "--bonus", "unskilled": "--unskilled",
    "attribute": "--attribute", "prepare": "--prepare", "rush": "--rush",
    "related": "--related", "carry": "--carry", "damage_from": "--damage-from",
    "second_chance": "--second-chance", "actions": "--actions", "attack": "--attack",
}  # fmt: skip


def check_options(request: Request, system_name: str, accepted: tuple[str, ...]) -> None:
    """An option the game's system does not use is refused, never silently ignored (a CP
    spent on an FS3 roll would be lost)."""
    from rollplay.table.limits import MAX_EXPRESSION

    if len(request.expression) > MAX_EXPRESSION:
        raise RollplayError(
            f"what to roll is {len(request.expression):,} characters long; at most {MAX_EXPRESSION}"
        )
    stray = [k for k in request.given() if k not in accepted]
    if stray:
        said = ", ".join(OPTION_NAMES[k] for k in stray)
        takes = ", ".join(OPTION_NAMES[k] for k in accepted)
        raise RollplayError(
            f"{said} {'does' if len(stray) == 1 else 'do'} not apply to a {system_name} roll; "
            f"it takes {takes}"
        )


def no_points(request: Request, fields: tuple[str, ...]) -> None:
    """A roll with no sheet spends nothing: refuse the options that would."""
    given = [OPTION_NAMES[f] for f in fields if f in request.given()]
    if given:
        raise RollplayError(
            f"{', '.join(given)}: a roll with no sheet has no points to spend; roll the "
            f"character's sheet instead"
        )


def spent(before: Points, after: Points) -> dict[str, int]:
    """What a roll used up: {'luck': 1}, {'character_points': 2, 'fate_points': 1}."""
    return {
        k: getattr(before, k) - getattr(after, k)
        for k in ("luck", "character_points", "fate_points")
        if getattr(before, k) != getattr(after, k)
    }


def from_options(expression: str, kw: Mapping[str, Any], prefix: str = "") -> Request:
    """The Request one side's options make, as `rollplay roll` and a line of the command
    language name them (``prefix`` "vs_" for a contest's second side)."""

    def get(name: str, default: Any = None) -> Any:
        value = kw.get(prefix + name, default)
        return default if value is None else value

    return Request(
        expression,
        mods=tuple(get("mods", ())),
        difficulty=None if prefix else kw.get("difficulty"),
        situations=tuple(get("situations", ())),
        luck=get("luck"),
        luck_from=get("luck_from"),
        luck_cancel=bool(get("luck_cancel", False)),
        defense=False if prefix else bool(kw.get("defense")),
        sense=False if prefix else bool(kw.get("sense")),
        cp=get("cp", 0),
        fate=bool(get("fate", False)),
        gm_allows_both=bool(get("gm_allows_both", False)),
        wild_one=get("wild_one"),
        bonuses=tuple(get("bonuses", ())),
        unskilled=unskilled_value(get("unskilled")),
        attribute=get("attribute"),
        prepare=get("prepare", 0),
        rush=get("rush", 0),
        related=tuple(get("related", ())),
        carry=get("carry"),
        damage_from=None if prefix else kw.get("damage_from"),
        second_chance=get("second_chance", 0),
        actions=get("actions", 1),
        attack=False if prefix else bool(kw.get("attack")),
    )


def unskilled_value(given: str | None) -> bool | int:
    """--unskilled alone is the ruleset's modifier; --unskilled=N a number (003 Untrained)."""
    if given is None:
        return False
    if given == "default":
        return True
    return whole(given, "--unskilled", MAX_DIFFICULTY)
