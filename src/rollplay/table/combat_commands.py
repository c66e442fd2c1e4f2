"""The table's FS3 combat commands (002 Combat, 004): typed values the tracker runs, as
commands.py's are (and re-exported from there)."""

from __future__ import annotations

from dataclasses import dataclass

# -- combat (FS3) -----------------------------------------------------------------------------
# ``combat`` None: the one combat under way in the game (or the one the actor's character is in).


@dataclass(frozen=True)
class CombatStart:
    game: str | None
    combat: str


@dataclass(frozen=True)
class CombatJoin:
    game: str | None
    combat: str | None
    who: str | None  # None: the actor's own character
    team: str = "A"
    rating: int | None = None  # an NPC's single rating (004)
    weapon: str = "Unarmed"
    armor: str = "None"
    kind: str = "Human"
    crew: tuple[str, ...] = ()


@dataclass(frozen=True)
class CombatLeave:
    game: str | None
    combat: str | None
    who: str | None


@dataclass(frozen=True)
class CombatStance:
    game: str | None
    combat: str | None
    who: str | None
    stance: str


@dataclass(frozen=True)
class CombatAction:
    """Set a combatant's action for this turn (002 Combat Turns): ``kind`` attack, aim,
    suppress, reload, subdue, escape, rally, treat or pass, with its details."""

    game: str | None
    combat: str | None
    who: str | None
    kind: str
    target: str | None = None
    called: str | None = None
    range: str = "short"
    luck: str | None = None
    luck_spend: str | None = None
    luck_on: str | None = None
    stance: str | None = None
    weapon: str | None = None
    burst: tuple[str, ...] = ()
    near: tuple[str, ...] = ()


@dataclass(frozen=True)
class NpcOrder:
    """One NPC's action in ``CombatOrders``: its kind and, for those that need one, a target."""

    who: str
    kind: str
    target: str | None = None


@dataclass(frozen=True)
class CombatOrders:
    """The Storyteller sets several NPCs' actions for this turn at once, all or none (W80)."""

    game: str | None
    combat: str | None
    orders: tuple[NpcOrder, ...]


@dataclass(frozen=True)
class CombatTurn:
    game: str | None
    combat: str | None


@dataclass(frozen=True)
class CombatStatus:
    game: str | None
    combat: str | None


@dataclass(frozen=True)
class CombatStop:
    game: str | None
    combat: str | None


@dataclass(frozen=True)
class CombatMoveWound:
    """002 Luck: move an injury just taken to another location."""

    game: str | None
    combat: str | None
    who: str | None
    wound: int
    location: str


@dataclass(frozen=True)
class CombatRecover:
    """002 Luck: recover from a knockout the last turn dealt."""

    game: str | None
    combat: str | None
    who: str | None
