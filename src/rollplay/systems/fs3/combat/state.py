"""What a combat is made of: its combatants, the actions they set, a turn's report, and the
names they go by (002 Combat Turns; 004)."""

from __future__ import annotations

import math
import unicodedata
from dataclasses import asdict, dataclass, field, replace
from typing import Any

from rollplay.errors import RollplayError, suggest
from rollplay.systems.fs3.combat.attack import Wound
from rollplay.systems.fs3.combat.gear import CombatRules
from rollplay.systems.fs3.luck import HAIL_MARY
from rollplay.systems.fs3.luck import LUCK_SPENDS as ROLL_SPENDS

ACTIONS: tuple[str, ...] = (
    "attack", "aim", "suppress", "reload", "subdue", "escape", "rally", "treat", "pass",
)  # fmt: skip
NEEDS_TARGET = ("attack", "aim", "suppress", "subdue", "rally", "treat")
LUCK_ROLLS = ("attack", "defense", "initiative", "knockout")  # 002 Luck, Combat
# 002 Luck, Ability Rolls: how a point modifies a combat roll (a Hail Mary allows no roll here).
LUCK_SPENDS = tuple(k for k in ROLL_SPENDS if k != HAIL_MARY)
NAME_LIMIT = 100
MAX_DISTANCE = 1_000_000


@dataclass(frozen=True)
class Combatant:
    """One side's fighter: a character's ratings, or an NPC's single rating (004)."""

    name: str
    team: str = "A"
    ratings: dict[str, int] = field(default_factory=dict)
    rating: int | None = None  # an NPC rolls this for everything
    weapon: str = "Unarmed"
    armor: str = "None"
    stance: str = "Normal"
    ammo: int | None = None  # None: the weapon's full clip
    wounds: tuple[Wound, ...] = ()
    suppression: int = 0
    aim_target: str | None = None  # aimed last turn at this target
    luck: int = 0
    knocked_out: bool = False
    subdued_by: str | None = None
    kind: str = "Human"  # a combatant type from the rules: where its center of mass is
    crew: tuple[str, ...] = ()  # a vehicle's crew and passengers (004 Crew Hits)
    fresh: tuple[int, ...] = ()  # wounds (by index) taken in the turn last resolved
    knocked_out_turn: int | None = None  # the turn whose knockout roll took them out
    mending: tuple[int, ...] = ()  # a vehicle's repair points per wound, in fifths (004)
    tier: str | None = None  # an NPC's tier, rating each ability (rulings A26)

    @property
    def npc(self) -> bool:
        return self.rating is not None


@dataclass(frozen=True)
class Action:
    kind: str
    target: str | None = None
    called: str | None = None  # a called shot's hit location
    range: str = "short"
    luck: str | None = None  # the roll a luck point goes to: LUCK_ROLLS (002 Luck, Combat)
    stance: str | None = None  # free action
    weapon: str | None = None  # free action: draw or pick up
    burst: tuple[str, ...] = ()  # full-auto at these targets (004 Burst Fire), in order
    near: tuple[str, ...] = ()  # an explosive's bystanders: "NAME" (zone 1) or "NAME=DISTANCE"
    luck_spend: str = "bonus"  # LUCK_SPENDS: how the point modifies that roll
    luck_on: str | None = None  # whose roll, for a boost or hinder (someone else's)


@dataclass
class Report:
    turn: int
    initiative: list[dict[str, Any]] = field(default_factory=list)
    events: list[dict[str, Any]] = field(default_factory=list)
    knockouts: list[dict[str, Any]] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)

    def to_dict(self) -> dict[str, Any]:
        return {
            "turn": self.turn,
            "initiative": self.initiative,
            "events": self.events,
            "knockouts": self.knockouts,
            "notes": self.notes,
        }


def ammo_left(c: Combatant, rules: CombatRules) -> int:
    return c.ammo if c.ammo is not None else rules.weapon(c.weapon).ammo


# Characters the command line gives a meaning: NAME=DISTANCE (--near), PATIENT=DOCTOR
# (--doctor), COMBAT:VEHICLE=MECHANIC (--repair).
_RESERVED = "=:/"  # the command line's separators, and a path segment's


def check_name(text: str, what: str) -> str:
    """A combat's, combatant's or team's name: 1 to 100 characters, spaces tidied, and one the
    command line and a link can address (no leading '-', no '=', ':' or '/', no control
    characters)."""
    name = " ".join(str(text).split())
    if not 1 <= len(name) <= NAME_LIMIT:
        raise RollplayError(
            f"a {what} needs a name of 1 to {NAME_LIMIT} characters, not {len(name)}"
        )
    if name.startswith("-"):
        raise RollplayError(f"a {what}'s name cannot start with '-' (it reads as an option)")
    bad = [ch for ch in name if ch in _RESERVED or unicodedata.category(ch).startswith("C")]
    if bad:
        raise RollplayError(
            f"a {what}'s name cannot hold {bad[0]!r}: '=' and ':' separate names in "
            f"--near, --doctor and --repair, and control characters cannot be typed"
        )
    return name


def same_name(a: str, b: str) -> bool:
    return a.casefold() == b.casefold()


def parse_near(text: str) -> tuple[str, float | None]:
    """A bystander: 'NAME' (within double the blast radius: zone 1) or 'NAME=DISTANCE' (004
    Explosions: the zone comes from the distance against the blast radius)."""
    name, sep, rest = text.rpartition("=")
    if not sep:
        return text.strip(), None
    try:
        distance = float(rest.strip())
    except ValueError:
        raise RollplayError(
            f"bad bystander {_clip(text)!r}: write NAME or NAME=DISTANCE, a number from 0 to "
            f"{MAX_DISTANCE}"
        ) from None
    if not math.isfinite(distance) or not 0 <= distance <= MAX_DISTANCE:
        raise RollplayError(
            f"bystander {name.strip()!r}: distance {_clip(rest.strip())} is out of range; "
            f"accepted: 0 to {MAX_DISTANCE}"
        )
    return name.strip(), distance


def _clip(text: str, width: int = 40) -> str:
    return text if len(text) <= width else text[: width - 1] + "\u2026"


def combatant_to_json(c: Combatant) -> dict[str, Any]:
    data = asdict(c)
    data["wounds"] = [w.to_dict() for w in c.wounds]
    return data


def combatant_from_json(data: dict[str, Any]) -> Combatant:
    wounds = tuple(Wound.from_dict(w) for w in data.get("wounds", []))
    fixed = {k: tuple(data.get(k, ())) for k in ("crew", "fresh", "mending")}
    return Combatant(**{**data, "wounds": wounds, **fixed})


def find(fighters: list[Combatant], who: str, combat: str) -> Combatant:
    for f in fighters:
        if same_name(f.name, who):
            return f
    names = [f.name for f in fighters]
    raise RollplayError(
        f"{who!r} is not in {combat}{suggest(who, names)}; in it: {', '.join(names) or 'nobody'}"
    )


def canonical_action(action: Action, fighters: list[Combatant]) -> Action:
    """The action with every name it gives spelled as the combat spells it."""
    names = {f.name.casefold(): f.name for f in fighters}

    def fix(n: str | None) -> str | None:
        return None if n is None else names.get(n.strip().casefold(), n)

    def fix_near(entry: str) -> str:
        who, sep, distance = entry.rpartition("=")
        return f"{fix(who)}={distance.strip()}" if sep else str(fix(entry))

    return replace(
        action, target=fix(action.target), luck_on=fix(action.luck_on),
        burst=tuple(str(fix(t)) for t in action.burst), near=tuple(map(fix_near, action.near)),
    )  # fmt: skip


def mentions(action: dict[str, Any]) -> set[str]:
    names = {action.get("target"), action.get("luck_on"), *action.get("burst", ())}
    names |= {str(n).rpartition("=")[0] or str(n) for n in action.get("near", ())}
    return {n for n in names if n}


def new_npc(
    who: str, team: str, rating: int, kit: tuple[str, str, str], *, crew: tuple[str, ...],
    fighters: list[Combatant], characters: list[str],
) -> Combatant:  # fmt: skip
    """A new NPC (004: one rating, 1 to 30) with its weapon, armor and type: a name no
    character of the game has, and a vehicle's crew already in the combat."""
    if not 1 <= rating <= 30:
        raise RollplayError(f"an NPC's rating is 1 to 30, not {rating}")
    who = check_name(who, "combatant")
    clash = next((c for c in characters if same_name(c, who)), None)
    if clash:
        raise RollplayError(f"{clash} is a character of the game: an NPC needs another name "
                            f"(or join {clash} without --npc)")  # fmt: skip
    known = {f.name.casefold(): f.name for f in fighters}
    aboard = []
    for member in crew:
        if member.casefold() not in known:
            raise RollplayError(f"crew member {member!r} is not in the combat: they join first")
        aboard.append(known[member.casefold()])
    weapon, armor, kind = kit
    return Combatant(who, team, {}, rating, weapon, armor, kind=kind,
                     crew=tuple(dict.fromkeys(aboard)))  # fmt: skip
